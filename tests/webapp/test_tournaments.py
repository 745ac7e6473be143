"""Tournaments: submit, play idempotently, standings, limits."""

import pytest

from agents.arena import run_arena
from webapp.leaderboards.models import Competitor, RatedMatch
from webapp.matches.models import Match
from webapp.tournaments import playing, services, standings
from webapp.tournaments.models import Tournament, TournamentGame

from .helpers import lobby_rules

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_fanout(monkeypatch):
    # These tests play games in-process; the worker tests cover the fan-out.
    monkeypatch.setattr(services, "_start", lambda tournament_id: None)


def plan(**kw):
    base = dict(
        game="footsies", entrants=["random", "footsies-counter"], games_per_pairing=6, seed="s1"
    )
    base.update(kw)
    return services.TournamentPlan(**base)


def running(tournament):
    """As start_tournament leaves it, without queueing any task."""
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    tournament.refresh_from_db()
    return tournament


def play_batch(tournament, size):
    """Claim, play and store one batch in this process, as a worker would."""
    specs = playing.entrant_specs(tournament)
    games = playing.claim(tournament.pk, "test#1", size)
    outcomes = [(g, playing.play_one(tournament, specs, g, lambda: None)) for g in games]
    return outcomes, playing.store(tournament, specs, outcomes)


@pytest.fixture
def play_all(django_capture_on_commit_callbacks):
    def play(tournament):
        # Run what follows each commit (progress, ratings, finishing) as it would live.
        with django_capture_on_commit_callbacks(execute=True):
            playing.play_for(running(tournament).pk, 60)

    return play


def test_it_schedules_every_game_with_its_own_slot():
    t = services.create_tournament(plan(entrants=["random", "footsies-counter", "random:"]))
    assert t.total_games == 3 * 6 == t.games.count()
    assert t.status == Tournament.Status.QUEUED
    slots = set(t.games.values_list("pairing", "number"))
    assert len(slots) == t.total_games


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"entrants": ["random", "no-such-bot"]}, "unknown agent"),
        ({"entrants": ["random", "random:depth=2"]}, "no parameter"),
        ({"entrants": ["random", "mcts:iterations=1000000000"]}, "above its limit of 100000"),
        ({"entrants": ["random", "expectimax:nodes=1000000000"]}, "above its limit of 500000"),
        ({"entrants": ["random", "footsies-counter"], "game": "octagon"}, "does not play"),
        ({"format": "freeforall", "players": 9}, "players"),
        ({"format": "roundrobin", "players": 4}, "two-player"),
        ({"games_per_pairing": 0}, "at least 1"),
        ({"games_per_pairing": 100_000}, "maximum"),
        ({"format": "duplicate", "games_per_pairing": 3}, "even"),
        ({"options": {"blocks": "three"}}, "blocks"),
        ({"format": "elimination"}, "unknown format"),
        ({"format": "swiss", "rounds": 2}, "1 to 1 rounds"),
        ({"format": "roundrobin", "rounds": 3}, "one round"),
    ],
)
def test_it_refuses_bad_submissions_and_queues_nothing(changes, words):
    with pytest.raises(services.Invalid, match=words):
        services.create_tournament(plan(**changes))
    assert Tournament.objects.count() == 0


def test_a_game_played_twice_is_stored_once():
    t = running(services.create_tournament(plan(games_per_pairing=2)))
    outcomes, stored = play_batch(t, 1)
    assert stored == 1
    # A second worker that played the same game (thought dead, say) stores nothing.
    assert playing.store(t, playing.entrant_specs(t), outcomes) == 0
    game = TournamentGame.objects.get(pk=outcomes[0][0].pk)
    assert game.status == TournamentGame.Status.DONE and game.match is not None
    assert Match.objects.filter(created_by=f"tournament:{t.pk}").count() == 1
    t.refresh_from_db()
    assert t.games_done == 1


def test_it_finishes_and_agrees_with_the_arena_from_the_same_seed(play_all):
    t = services.create_tournament(plan(games_per_pairing=8))
    play_all(t)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and t.games_done == 8
    results = standings.compute(t)
    arena = run_arena("footsies", ["random", "footsies-counter"], games_per_pairing=8, seed="s1")
    ours = {r["spec"]: (r["wins"], r["draws"], r["losses"]) for r in results["standings"]}
    theirs = {a["spec"]: (a["wins"], a["draws"], a["losses"]) for a in arena["agents"]}
    assert ours == theirs
    assert sum(r["games"] for r in standings.seat_totals(results)) == 16


def test_tournament_games_are_rated_and_replayable(play_all):
    import games

    # On the lobby's rules (first to 3 of 5 rounds): the games agents are rated on.
    t = services.create_tournament(plan(games_per_pairing=4, options=lobby_rules("footsies")))
    play_all(t)
    assert RatedMatch.objects.filter(rated=True).count() == 4
    assert {c.key for c in Competitor.objects.all()} == {"agent:random", "agent:footsies-counter"}
    match = t.games.first().match
    record = {
        "game": match.game,
        "options": match.options,
        "num_players": match.num_players,
        "history": [e.as_record_item() for e in match.events.all()],
    }
    assert games.replay(record).outcome().ranks == tuple(match.result["ranks"])


def test_a_cancelled_tournament_plays_no_more_games():
    t = running(services.create_tournament(plan(games_per_pairing=4)))
    services.cancel(t.pk)
    assert playing.play_for(t.pk, 60) == 0
    with pytest.raises(services.Invalid):
        services.cancel(t.pk)


def test_the_fighter_grid_gives_each_fighter_twelve_games_a_side_per_run(play_all):
    from collections import Counter

    t = services.create_tournament(
        plan(game="buttonmen", entrants=["random", "random:"], games_per_pairing=1, grid="fighters")
    )
    assert t.total_games == 144
    as_first_entrant = Counter()
    for game in t.games.all():
        entrant_seat = game.seating.index(0)
        as_first_entrant[game.options["fighters"][entrant_seat]] += 1
    assert set(as_first_entrant.values()) == {12}
    (claimed, _), *_ = play_batch(running(t), 1)[0]
    game = TournamentGame.objects.get(pk=claimed.pk)
    assert game.stats["fighters"] == game.options["fighters"]


def test_a_grid_is_only_for_button_men_with_two_entrants():
    with pytest.raises(services.Invalid):
        services.create_tournament(plan(grid="fighters"))
    with pytest.raises(services.Invalid):
        services.create_tournament(
            plan(game="buttonmen", entrants=["random", "random:", "random: "], grid="fighters")
        )


def test_a_batch_rates_its_games_as_if_one_at_a_time(play_all):
    from openskill.models import PlackettLuce

    t = services.create_tournament(plan(games_per_pairing=40, options=lobby_rules("footsies")))
    play_all(t)
    model, ratings = PlackettLuce(), {}
    # Where each started: a level (random is the Beginner) from its ladder, else 1500.
    start = {
        c.key.removeprefix("agent:"): model.rating(mu=c.seed_mu, sigma=c.seed_sigma)
        for c in Competitor.objects.filter(seed_mu__isnull=False)
    }
    for rated in RatedMatch.objects.order_by("seq").select_related("match"):
        specs = [s.agent_spec for s in rated.match.seats.order_by("index")]
        before = [ratings.get(s, start.get(s, model.rating())) for s in specs]
        after = model.rate([[r] for r in before], ranks=rated.match.result["ranks"])
        ratings.update({s: r for s, (r,) in zip(specs, after, strict=True)})
    for competitor in Competitor.objects.all():
        expected = ratings[competitor.key.removeprefix("agent:")]
        assert competitor.games == 40
        assert (competitor.mu, competitor.sigma) == pytest.approx((expected.mu, expected.sigma))


def test_a_game_past_the_per_game_limit_is_abandoned_not_played_for_ever(
    settings, django_capture_on_commit_callbacks, client
):
    settings.DICEARENA_TOURNAMENT_GAME_S = 0  # every game is past its limit at once
    t = running(services.create_tournament(plan(games_per_pairing=2)))
    with django_capture_on_commit_callbacks(execute=True):
        playing.play_for(t.pk, 60)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and t.games_done == 2
    assert "2 of 2 games were abandoned" in t.error
    for game in t.games.all():
        assert game.status == TournamentGame.Status.ABANDONED and game.match is None
        assert "longer than the 0 s" in game.stats["abandoned"]
    assert standings.compute(t)["standings"][0]["games"] == 0
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "2 of 2 games were abandoned" in page and "abandoned: longer than the 0 s" in page


def test_a_cancellation_stops_a_game_in_play_and_hands_it_back(monkeypatch):
    t = running(services.create_tournament(plan(games_per_pairing=2)))
    specs = playing.entrant_specs(t)
    (game,) = playing.claim(t.pk, "test#1", 1)
    services.cancel(t.pk)
    monkeypatch.setattr(playing, "BEAT_S", 0.0)  # beat after the first event
    beat = playing.Beat(t.pk, [game.pk], "test#1")
    with pytest.raises(playing.Stopped):
        playing.play_one(t, specs, game, beat)
    assert playing.release(t.pk, "test#1") == 1
    game = TournamentGame.objects.get(pk=game.pk)
    assert game.status == TournamentGame.Status.PENDING and game.match is None


def test_every_move_of_a_tournament_game_has_the_live_budget(settings):
    settings.DICEARENA_AI_BUDGET_SECONDS = 0.001  # cuts any search short
    t = running(services.create_tournament(plan(entrants=["mcts", "random"], games_per_pairing=2)))
    (game,) = playing.claim(t.pk, "test#1", 1)
    result = playing.play_one(t, playing.entrant_specs(t), game, lambda: None)
    seat = game.seating.index(0)  # the mcts entrant's seat
    decisions = result.decisions(seat)
    # mcts runs 1,000 iterations by default; the time budget stops it long before.
    assert decisions and all(d.stats["iterations"] < 1000 for d in decisions)
