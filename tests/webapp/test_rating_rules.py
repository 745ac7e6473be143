"""What moves an agent's rating: rated games on the lobby's rules, against a person or in a
tournament (the levels ladders); never a visitor's "Watch AI against AI". The levels start
where their head-to-head ladder puts them, so the ratings beside them agree with it."""

import math

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from openskill.models import PlackettLuce

import games
from agents.levels import levels
from webapp.accounts.identity import Identity
from webapp.leaderboards.models import Competitor, RatedMatch, RatingChange
from webapp.leaderboards.rating import rate_finished_matches
from webapp.matches import levels as lobby_levels
from webapp.matches import lobby, services
from webapp.matches.models import Match

from .helpers import lobby_rules, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def ratings() -> dict[tuple[str, str], tuple[float, float, int]]:
    return {(c.game, c.key): (c.mu, c.sigma, c.games) for c in Competitor.objects.all()}


def lobby_form(game: str, **fields) -> dict:
    """What a person's browser sends from the lobby: every rules option as the lobby
    first shows it, and the fields given."""
    data = {"game": game}
    for f in lobby.option_fields(games.get(game)):
        if f.kind == "bool":
            if f.value:
                data[f"opt_{f.name}"] = "on"
        else:
            data[f"opt_{f.name}"] = "" if f.value is None else str(f.value)
    data.update(fields)
    return data


def signed_in(client, name: str = "carol") -> Identity:
    user = get_user_model().objects.create_user(name, password="x-long-pass-123")
    client.force_login(user)
    return Identity(key=f"user:{user.pk}", name=name, user_id=user.pk)


def play_out_footsies(match: Match, me: Identity, seat: int = 0) -> Match:
    """Block every exchange until the match is over (the AI answers as it will)."""
    for _ in range(200):
        match.refresh_from_db()
        if match.is_over:
            return match
        try:
            services.submit_move(match.pk, seat, match.ply, "B", identity=me)
        except services.Rejected as exc:
            # Chosen already this turn: the AI's answer (its worker) is awaited.
            assert exc.code in {"already_chosen", "stale"}, exc
            wait_for(lambda: Match.objects.get(pk=match.pk).ply > match.ply or match.is_over)
    raise AssertionError("the match did not end")


def test_it_leaves_agent_ratings_alone_after_a_visitors_watch_ai_match(
    client, celery_worker, settings
):
    before = ratings()
    settings.DICEARENA_DEFAULT_PACE = 0.01  # stored on the match: the worker plays fast
    response = client.post(
        "/matches/new/",
        lobby_form("footsies", mode="watch", agent0="level:easy", agent1="level:beginner"),
    )
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.options["rounds"] == lobby_rules("footsies")["rounds"]  # people's rules
    wait_for(lambda: RatedMatch.objects.filter(match=match).exists(), timeout=120)
    assert RatedMatch.objects.get(match=match).rated is False
    assert not RatingChange.objects.filter(match=match).exists()
    assert ratings() == before


def test_a_signed_in_persons_match_against_a_level_on_the_lobbys_rules_moves_both(
    client, celery_worker
):
    call_command("seed_ratings")
    me = signed_in(client)
    beginner = levels("footsies")[0]
    agent = Competitor.objects.get(game="footsies", key=f"agent:{beginner.spec}")
    response = client.post(
        "/matches/new/",
        lobby_form("footsies", mode="ai", seat="0", agent1=beginner.value),
    )
    assert response.status_code == 302
    match = play_out_footsies(Match.objects.get(), me)
    assert match.status == Match.Status.FINISHED
    wait_for(lambda: RatedMatch.objects.filter(match=match).exists())
    assert RatedMatch.objects.get(match=match).rated is True
    after = Competitor.objects.get(pk=agent.pk)
    person = Competitor.objects.get(game="footsies", key=me.key)
    assert (after.games, person.games) == (agent.games + 1, 1)
    assert after.mu != agent.mu and person.mu != 25.0
    # A level stands on hundreds of ladder games: one game moves it far less than it
    # moves a newcomer, whoever won.
    agent_change, person_change = (
        abs(c.rating - c.rating_before)
        for c in (
            RatingChange.objects.get(match=match, competitor=after),
            RatingChange.objects.get(match=match, competitor=person),
        )
    )
    assert agent_change * 5 < person_change


def test_a_match_against_an_ai_on_other_rules_is_not_rated_for_anyone(client, celery_worker):
    me = signed_in(client)
    before = ratings()
    one_round = lobby_form("footsies", mode="ai", seat="0", agent1="level:beginner")
    one_round["opt_rounds"] = "1"
    client.post("/matches/new/", one_round)
    match = play_out_footsies(Match.objects.get(), me)
    assert match.options["rounds"] == 1
    wait_for(lambda: RatedMatch.objects.filter(match=match).exists())
    assert RatedMatch.objects.get(match=match).rated is False
    assert ratings() == before


def test_each_levels_starting_rating_is_where_the_rater_expects_its_measured_score():
    call_command("seed_ratings")
    beta = PlackettLuce().beta
    for game in games.all():
        ladder = lobby_levels.LADDERS.get(game.slug)
        found = levels(game.slug)
        rows = {c.key: c for c in Competitor.objects.filter(game=game.slug, seed_mu__isnull=False)}
        if ladder is None:
            assert not rows
            continue
        for lower, upper in zip(found, found[1:], strict=False):
            step = ladder.step(lower, upper)
            low, high = rows[f"agent:{lower.spec}"], rows[f"agent:{upper.spec}"]
            assert (low.seed_games, high.seed_games) >= (step.games, step.games)
            c = math.sqrt(2 * beta**2 + low.sigma**2 + high.sigma**2)
            expected = 1 / (1 + math.exp(-(high.mu - low.mu) / c))
            measured = (step.wins + step.draws / 2) / step.games
            assert expected == pytest.approx(measured, abs=0.01), (game.slug, upper.name)
            # Settled: hundreds of games behind it, no "?".
            assert not high.provisional and not low.provisional


def test_the_lobbys_level_ratings_are_ordered_like_its_head_to_head(client):
    call_command("seed_ratings")
    for game in games.all():
        lobby_levels.forget(game.slug)
        rows = {row.level.name: row for row in lobby_levels.rows(game.slug)}
        steps = lobby_levels.ladder_rows(game.slug)
        assert steps, game.slug
        page = client.get(f"/play/{game.slug}/").content.decode()
        for step in steps:
            upper, lower = rows[step.upper.name], rows[step.lower.name]
            assert (upper.rating > lower.rating) == (step.step.win_rate > 0.5), step.text
            assert upper.rating_label in page and lower.rating_label in page


def test_a_rebuild_drops_what_an_earlier_version_rated_and_starts_levels_from_the_ladder():
    # An earlier version rated a visitor's AI-against-AI match: its rows are as it left them.
    plan = services.MatchPlan(
        game="footsies",
        seats=[
            services.SeatPlan(agent_spec="random"),
            services.SeatPlan(agent_spec="footsies-mcts"),
        ],
        created_by="guest:visitor",
    )
    from webapp.matches import autoplay

    match = autoplay.play_out(services.create_match(plan, schedule=False).pk)
    RatedMatch.objects.filter(match=match).delete()
    RatingChange.objects.filter(match=match).delete()
    old = [
        Competitor.objects.update_or_create(
            game="footsies",
            key=f"agent:{spec}",
            defaults={"kind": "agent", "name": spec, "mu": mu, "sigma": 6.0, "games": 1},
        )[0]
        for spec, mu in (("random", 29.0), ("footsies-mcts", 21.0))
    ]
    RatedMatch.objects.create(match=match, seq=1, rated=True)
    for seat, who in enumerate(old):
        RatingChange.objects.create(
            competitor=who, match=match, seq=1, seat=seat, rank=seat + 1, mu=who.mu,
            sigma=6.0, mu_before=25.0, sigma_before=25 / 3,
        )  # fmt: skip
    call_command("rebuild_ratings")
    from webapp.leaderboards import seeds

    assert RatedMatch.objects.get(match=match).rated is False
    assert not RatingChange.objects.filter(match=match).exists()
    wanted = seeds.seeds()
    for who in old:
        who.refresh_from_db()
        seed = wanted[("footsies", who.key)]
        assert (who.games, who.mu, who.sigma) == (0, seed.mu, seed.sigma)
    beginner, easy = old
    assert beginner.rating < easy.rating


def test_why_a_match_is_not_rated():
    from webapp.leaderboards.counting import NotRated, why_not
    from webapp.leaderboards.rating import finished

    def made(seats, created_by="", options=None, rated=True):
        plan = services.MatchPlan(
            game="footsies",
            seats=seats,
            options=lobby_rules("footsies") if options is None else options,
            created_by=created_by,
            rated=rated,
        )
        match = services.create_match(plan, schedule=False)
        Match.objects.filter(pk=match.pk).update(
            status=Match.Status.FINISHED, result={"ranks": [1, 2]}
        )
        return why_not(finished([match.pk])[0])

    user = get_user_model().objects.create_user("dora", password="x-long-pass-123")
    dora = services.SeatPlan(identity=Identity(f"user:{user.pk}", "dora", user.pk))
    guest = services.SeatPlan(identity=Identity("guest:g", "g"))
    ai = services.SeatPlan(agent_spec="random")
    other = services.SeatPlan(agent_spec="footsies-mcts")
    assert made([dora, ai]) is None
    assert made([ai, other], created_by="tournament:1") is None
    assert made([ai, other], created_by=f"user:{user.pk}") == NotRated.DEMONSTRATION
    assert made([ai, other], created_by="demo") == NotRated.DEMONSTRATION
    assert made([dora, ai], options={"rounds": 1}) == NotRated.RULES
    assert made([ai, other], created_by="tournament:1", options={}) == NotRated.RULES
    assert made([guest, ai]) == NotRated.GUEST
    assert made([ai, ai], created_by="tournament:1") == NotRated.TWO_SEATS
    assert made([dora, ai], rated=False) == NotRated.CASUAL
    rate_finished_matches()
