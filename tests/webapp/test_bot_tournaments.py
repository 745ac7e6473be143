"""Tournaments with outside bots on the real stack: reference clients as real processes,
the ASGI server, a real Celery worker."""

import json
import urllib.request

import pytest

from webapp.bots.tasks import sweep
from webapp.leaderboards.models import Competitor
from webapp.tournaments import services, standings
from webapp.tournaments.models import Tournament, TournamentGame

from .bot_helpers import make_bot, reference_client, wait_online
from .helpers import wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]

#: How long a tournament waits for the offline bot: long enough that a loaded machine
#: still sweeps within it, short enough to wait out.
WAIT_S = 8


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=20) as response:
        return response.status, response.read().decode()


def test_two_reference_bots_play_a_twenty_game_tournament(web_server, celery_worker):
    alpha, alpha_token = make_bot("alpha", ["footsies"])
    beta, beta_token = make_bot("beta", ["footsies"])
    clients = [
        reference_client(web_server, alpha_token, "footsies-counter", matches=20),
        reference_client(web_server, beta_token, "random", matches=20),
    ]
    try:
        wait_online(alpha)
        wait_online(beta)
        tournament = services.create_tournament(
            services.TournamentPlan(
                game="footsies",
                entrants=["bot:alpha", "bot:beta"],
                games_per_pairing=20,
                seed="bots-1",
                bot_clock={"move_s": 5, "bank_s": 10},
            )
        )
        wait_for(lambda: Tournament.objects.get(pk=tournament.pk).is_over, timeout=240)
        outputs = [c.communicate(timeout=60) for c in clients]
    finally:
        for client in clients:
            client.kill()
    for client, (out, err) in zip(clients, outputs, strict=True):
        assert client.returncode == 0, err[-2000:]
        assert json.loads(out.strip().splitlines()[-1])["matches"] == 20
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.games_done == tournament.total_games == 20
    games = list(tournament.games.select_related("match"))
    assert all(g.status == TournamentGame.Status.DONE and g.match.is_over for g in games)
    # Both seat orders were played, each game a live match with its own secret seed.
    assert {tuple(g.seating) for g in games} == {(0, 1), (1, 0)}
    assert len({g.match.seed for g in games}) == 20
    assert all(g.match.bot_seats.count() == 2 for g in games)
    assert not [g for g in games if "forfeit" in g.match.result]

    status, body = get(f"{web_server}/api/tournaments/{tournament.pk}")
    standings = json.loads(body)["standings"]
    assert {row["spec"] for row in standings} == {"bot:alpha", "bot:beta"}
    assert all(row["games"] == 20 for row in standings)
    assert sum(row["wins"] + row["draws"] for row in standings) >= 20
    status, page = get(f"{web_server}/tournaments/{tournament.pk}/")
    assert status == 200 and "bot:alpha" in page and "bot:beta" in page
    status, replay = get(f"{web_server}/matches/{games[0].match_id}/replay/")
    assert status == 200
    # Rated like everyone else, with a bot badge and the owner on the leaderboard.
    rated = Competitor.objects.filter(game="footsies", kind=Competitor.Kind.BOT)
    assert {c.name for c in rated} == {"alpha", "beta"}
    status, board = get(f"{web_server}/leaderboards/footsies/")
    assert "bot-badge" in board and "by ada" in board


def test_a_tournament_waits_for_an_offline_bot_then_counts_its_games_lost(celery_worker):
    make_bot("absent", ["footsies"])
    tournament = services.create_tournament(
        services.TournamentPlan(
            game="footsies",
            entrants=["bot:absent", "random"],
            games_per_pairing=4,
            seed="bots-2",
            bot_clock={"move_s": 1, "bank_s": 1, "wait_s": WAIT_S},
        )
    )
    # Within the wait, its games wait for it.
    wait_for(lambda: Tournament.objects.get(pk=tournament.pk).status == "running", timeout=30)
    sweep()
    tournament.refresh_from_db()
    assert tournament.games_done == 0
    # The worker may be looking at a game that very moment (a bot's game is tried, then
    # handed back while its bot is away): what must hold is that all four wait for it.
    pending = tournament.games.filter(status=TournamentGame.Status.PENDING)
    wait_for(lambda: pending.count() == 4, timeout=30)
    assert Tournament.objects.get(pk=tournament.pk).games_done == 0

    # After it, the sweep (beat's, here by hand) counts them lost.
    def over_after_a_sweep() -> bool:
        sweep()
        return Tournament.objects.get(pk=tournament.pk).is_over

    wait_for(over_after_a_sweep, timeout=90, every=0.5)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    for game in tournament.games.select_related("match"):
        absent_seat = game.seating.index(0)
        result = game.match.result
        assert result["forfeit"] == [absent_seat]
        assert result["ranks"][absent_seat] == 2
    rows = {row["spec"]: row for row in standings.compute(tournament)["standings"]}
    assert rows["bot:absent"]["losses"] == 4 and rows["random"]["wins"] == 4
