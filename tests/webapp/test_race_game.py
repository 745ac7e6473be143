"""The test-only race (tests/racegame) on the site: installed through its manifest's
slots alone, it fills every slot, starts from the lobby, is played to the end by a
person against an agent through the same write path as the real games, shows its
pages (match, replay, rules), and runs as a tournament whose standings agree with the
headless arena."""

import pytest

from agents.arena import run_arena
from tests import racegame
from tests.racegame.install import install_site
from webapp.accounts.identity import Identity
from webapp.matches import autoplay, services
from webapp.matches.positions import load_state
from webapp.tournaments import playing, standings
from webapp.tournaments import services as tournament_services
from webapp.tournaments.models import Tournament

from . import test_every_game_pages as every_game
from .test_manifests import check_manifest

pytestmark = pytest.mark.django_db

RACE = racegame.SLUG
ME = Identity("guest:race-runner", "Runner")


@pytest.fixture(autouse=True)
def race(monkeypatch, settings):
    install_site(monkeypatch, settings)
    # No worker here: agents' moves are played in this process (autoplay).
    monkeypatch.setattr(services, "schedule_ai", lambda match_id: None)
    monkeypatch.setattr(services, "_queue_after_commit", lambda match, due: None)
    monkeypatch.setattr(tournament_services, "_start", lambda tournament_id: None)


def test_the_race_fills_every_slot_of_its_manifest():
    check_manifest(RACE)


def test_the_race_has_the_pages_every_game_has(client):
    every_game.test_a_finished_match_of_every_game_shows_replays_and_verifies(client, RACE)
    every_game.test_the_lobby_starts_every_game_against_an_agent(client, RACE)
    rules = client.get(f"/games/{RACE}/")
    assert rules.status_code == 200 and b"step" in rules.content


def test_a_person_runs_the_race_against_an_agent(client):
    plan = services.MatchPlan(
        game=RACE, seats=[services.SeatPlan(identity=ME), services.SeatPlan(agent_spec="random")]
    )
    match = services.create_match(plan, schedule=False)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "js/games/race.js" in page  # its renderer
    assert "<b>step</b> or <b>roll</b>" in page  # its keyboard help
    for _ in range(200):
        match = autoplay.play_out(match.pk)  # the agent's turns and the die
        if match.is_over:
            break
        state = load_state(match)
        move = "roll" if state.positions[0] < state.positions[1] else "step"
        services.submit_move(match.pk, 0, match.ply, move, identity=ME, schedule=False)
    match.refresh_from_db()
    assert match.is_over and sorted(match.result["ranks"]) == [1, 2]


def test_the_race_runs_as_a_tournament_like_the_arena(django_capture_on_commit_callbacks):
    entrants = ["random", "expectimax"]
    plan = tournament_services.TournamentPlan(
        game=RACE, entrants=entrants, games_per_pairing=6, seed="race-1"
    )
    tournament = tournament_services.create_tournament(plan)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    with django_capture_on_commit_callbacks(execute=True):
        playing.play_for(tournament.pk, 60)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.games_done == 6
    ours = {r["spec"]: (r["wins"], r["losses"]) for r in standings.compute(tournament)["standings"]}
    arena = run_arena(RACE, entrants, games_per_pairing=6, seed="race-1")
    assert ours == {a["spec"]: (a["wins"], a["losses"]) for a in arena["agents"]}
