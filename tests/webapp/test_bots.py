"""Bot accounts, the bots page, the shell command, challenges from the lobby, bot
entrants of tournaments, forfeits and the leaderboard's badge (the database only; the
socket and the clocks are in test_bot_socket.py)."""

import os
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from webapp.bots.clock import TimeControl
from webapp.bots.models import Bot, BotSeat, token_digest
from webapp.leaderboards.models import Competitor
from webapp.leaderboards.rating import rate_finished_matches
from webapp.matches import services
from webapp.matches.models import Match
from webapp.tournaments import services as tournaments

from .bot_helpers import bot_match, make_bot, owner

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


def connected(bot: Bot) -> Bot:
    Bot.objects.filter(pk=bot.pk).update(channel="specific.test!1", seen_at=timezone.now())
    return Bot.objects.get(pk=bot.pk)


def test_it_keeps_only_the_tokens_digest_and_rotating_replaces_it():
    bot, token = make_bot("hashed")
    assert token.startswith("dab_") and token not in (bot.token_digest, bot.token_prefix)
    assert bot.token_digest == token_digest(token)
    assert Bot.find(token) == bot
    new = bot.rotate()
    assert Bot.find(token) is None and Bot.find(new) == bot
    bot.revoke()
    assert Bot.find(new) is None and bot.revoked
    assert Bot.find("") is None and Bot.find("dab_" + "x" * 300) is None


def test_it_refuses_bad_names_and_games():
    make_bot("taken")
    for name, games, message in [
        ("Taken", ["footsies"], "already"),
        ("x", ["footsies"], "2–40"),
        ("bad name", ["footsies"], "2–40"),
        ("fine", [], "at least one game"),
        ("fine", ["chess"], "unknown game"),
    ]:
        with pytest.raises(ValueError, match=message):
            make_bot(name, games)


def test_create_bot_prints_a_token_that_opens_the_socket():
    owner("grace")
    out = StringIO()
    call_command("create_bot", "grace", "shellbot", "--games", "footsies,dicewars", stdout=out)
    token = out.getvalue().strip()
    bot = Bot.find(token)
    assert bot.name == "shellbot" and bot.owner.username == "grace"
    assert bot.games == ["footsies", "dicewars"]
    with pytest.raises(CommandError, match="no user"):
        call_command("create_bot", "nobody", "other", "--games", "footsies")
    with pytest.raises(CommandError, match="unknown game"):
        call_command("create_bot", "grace", "other", "--games", "go")


def test_the_bots_page_makes_shows_the_token_once_rotates_and_revokes(client):
    user = owner("ada")
    assert client.get("/bots/").status_code == 302  # signed-in people only
    client.force_login(user)
    response = client.post(
        "/bots/",
        {"name": "pagebot", "games": ["octagon", "dungeon"], "accepts_challenges": "on"},
        follow=True,
    )
    page = response.content.decode()
    bot = Bot.objects.get(name="pagebot")
    token = page.split('id="token-pagebot">')[1].split("<")[0]
    assert Bot.find(token) == bot and bot.games == ["octagon", "dungeon"]
    assert 'href="/bots/api/"' in page
    again = client.get("/bots/").content.decode()
    assert token not in again and bot.token_prefix in again  # shown once
    client.post(f"/bots/{bot.pk}/rotate/")
    assert Bot.find(token) is None
    client.post(f"/bots/{bot.pk}/revoke/")
    assert Bot.objects.get(pk=bot.pk).revoked
    client.post(f"/bots/{bot.pk}/challenges/")
    assert not Bot.objects.get(pk=bot.pk).accepts_challenges
    # Someone else's bot, or an action that does not exist: nothing happens.
    client.force_login(owner("mallory"))
    assert client.post(f"/bots/{bot.pk}/revoke/").status_code == 404
    client.force_login(user)
    assert client.post(f"/bots/{bot.pk}/explode/").status_code == 404
    bad = client.post("/bots/", {"name": "pagebot", "games": ["octagon"]}, follow=True)
    assert "already a bot" in bad.content.decode()


def test_the_bot_api_page_renders_the_docs(client):
    page = client.get("/bots/api/").content.decode()
    assert "<h1" in page and "/ws/bot/" in page and "match_started" in page
    # The games' pages it links to open from there too.
    assert 'href="games/dicewars.md"' in page
    assert "Moves and chance outcomes" in client.get("/bots/api/games/dicewars.md").content.decode()
    assert client.get("/bots/api/../settings.md").status_code == 404


def test_people_challenge_a_connected_bot_from_the_lobby(client):
    bot, _ = make_bot("lobbybot", ["octagon"])
    lobby = "/play/octagon/"  # the game's lobby page
    assert "bot:lobbybot" not in client.get(lobby).content.decode()  # offline: not offered
    connected(bot)
    assert 'value="bot:lobbybot"' in client.get(lobby).content.decode()
    response = client.post(
        "/matches/new/", {"game": "octagon", "mode": "ai", "opponent": "bot:lobbybot"}
    )
    match = Match.objects.get()
    assert response.url == f"/matches/{match.pk}/"
    seat = BotSeat.objects.get(match=match)
    assert (seat.seat, seat.bot) == (1, bot)
    assert match.seats.get(index=1).name == "lobbybot"
    assert seat.move_ms == TimeControl.default().move_ms


def test_a_challenge_is_refused_when_the_bot_is_away_or_unwilling(client):
    bot, _ = make_bot("shy", ["octagon"])
    form = {"game": "octagon", "mode": "ai", "opponent": "bot:shy"}
    assert "not connected" in client.post("/matches/new/", form, follow=True).content.decode()
    connected(bot)
    Bot.objects.filter(pk=bot.pk).update(accepts_challenges=False)
    assert "does not accept" in client.post("/matches/new/", form, follow=True).content.decode()
    form["opponent"] = "bot:nobody"
    assert "no bot" in client.post("/matches/new/", form, follow=True).content.decode()
    assert not Match.objects.exists()


def test_the_bot_clock_starts_with_its_turn():
    bot, _ = make_bot("clocked", ["octagon"])
    match = bot_match(bot, "octagon", move_s=2, bank_s=3)
    seat = BotSeat.objects.get(match=match)
    assert seat.turn_ply == match.ply and seat.deadline > timezone.now()
    assert (seat.deadline - seat.turn_started_at) == timedelta(seconds=5)


@pytest.mark.parametrize(
    ("clock", "message"),
    [
        ({"move_s": 0}, "move_s"),
        ({"move_s": "fast"}, "move_s"),
        ({"bank_s": -1}, "bank_s"),
        ({"wait_s": 10**9}, "wait_s"),
        ({"hurry": 1}, "time control"),
    ],
)
def test_a_tournament_refuses_a_bad_bot_clock(clock, message):
    make_bot("timed", ["footsies"])
    plan = tournaments.TournamentPlan(
        game="footsies", entrants=["bot:timed", "random"], bot_clock=clock
    )
    with pytest.raises(tournaments.Invalid, match=message):
        tournaments.create_tournament(plan)


def test_a_tournament_takes_bots_that_play_the_game_and_accept_challenges():
    make_bot("footsier", ["footsies"])
    unwilling, _ = make_bot("unwilling", ["footsies"])
    Bot.objects.filter(pk=unwilling.pk).update(accepts_challenges=False)
    for entrants, message in [
        (["bot:nobody", "random"], "no bot"),
        (["bot:footsier", "random"], None),
        (["bot:unwilling", "random"], "does not accept"),
    ]:
        plan = tournaments.TournamentPlan(game="footsies", entrants=entrants, games_per_pairing=2)
        if message:
            with pytest.raises(tournaments.Invalid, match=message):
                tournaments.create_tournament(plan)
        else:
            tournament = tournaments.create_tournament(plan)
            assert list(tournament.entries.values_list("agent_spec", flat=True)) == entrants
            assert tournament.bot_clock.wait_s > 0
    plan = tournaments.TournamentPlan(game="octagon", entrants=["bot:footsier", "random"])
    with pytest.raises(tournaments.Invalid, match="does not play"):
        tournaments.create_tournament(plan)
    names = [a["name"] for a in tournaments.agent_choices("footsies")]
    assert "bot:footsier" in names and "bot:unwilling" not in names and "random" in names


def test_a_forfeit_ranks_the_forfeiters_last_and_ratings_badge_the_bot(client):
    bot, _ = make_bot("loser", ["octagon"])
    # A tournament's game: a bot against an AI counts there (not as a demonstration).
    match = bot_match(bot, "octagon", created_by="tournament:0")
    services.do_forfeit(services.lock_match(match.pk), [0], "loser forfeits")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["ranks"] == [2, 1] and match.result["winners"] == [1]
    rate_finished_matches()
    competitor = Competitor.objects.get(game="octagon", kind=Competitor.Kind.BOT)
    assert competitor.name == "loser" and competitor.key == f"bot:{bot.pk}"
    board = client.get("/leaderboards/octagon/").content.decode()
    assert "bot-badge" in board and "by ada" in board
    page = client.get(f"/leaderboards/octagon/{competitor.pk}/").content.decode()
    assert "An outside bot by ada" in page


def test_when_every_seat_forfeits_nobody_wins():
    a, _ = make_bot("one", ["octagon"])
    match = bot_match(a, "octagon")
    services.do_forfeit(services.lock_match(match.pk), [0, 1], "nobody came")
    match.refresh_from_db()
    assert match.result["ranks"] == [2, 2] and match.result["winners"] == []


def test_the_api_lists_bots_as_entrants(client):
    make_bot("listed", ["footsies"])
    make_bot("elsewhere", ["octagon"])
    names = [b["name"] for b in client.get("/api/bots?game=footsies").json()]
    assert names == ["bot:listed"]
    every = {b["name"]: b for b in client.get("/api/bots").json()}
    assert set(every) == {"bot:listed", "bot:elsewhere"}
    assert every["bot:listed"]["online"] is False and "by ada" in every["bot:listed"]["description"]
    assert client.get("/api/bots?game=chess").status_code == 422  # not a game (the document's enum)


def test_connections_per_minute_are_counted_per_bot_across_processes(settings, frozen_minute):
    from webapp.bots.ratelimit import connect_allowed

    settings.DICEARENA_BOT_CONNECTS_PER_MIN = 2
    bot_id = 10**9 + int.from_bytes(os.urandom(3), "big")  # a fresh counter
    assert [connect_allowed(bot_id) for _ in range(3)] == [True, True, False]
    assert connect_allowed(bot_id + 1)  # another bot's own count
