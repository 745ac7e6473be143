"""Swiss tournaments on the site: rounds made as the one before ends, standings by points,
the same games as the arena from the same seed, from the form and the API."""

import json

import pytest

from agents.arena import run_arena
from webapp.tournaments import playing, services, standings
from webapp.tournaments.models import Tournament, TournamentGame

from .tournament_helpers import in_process, play_to_the_end  # noqa: F401 - in_process: autouse

pytestmark = pytest.mark.django_db

FIELD = ["random", "footsies-counter", "footsies-nash", "footsies-bayesian", "random:"]


def test_a_swiss_plays_its_rounds_one_after_another_and_ranks_by_points(
    django_capture_on_commit_callbacks,
):
    plan = services.TournamentPlan(
        game="footsies", entrants=FIELD, format="swiss", rounds=3, games_per_pairing=2, seed="sw"
    )
    t = services.create_tournament(plan)
    # Only the first round exists at first: the next depends on its results.
    assert t.rounds == 3 and t.total_games == 3 * 2 * 2
    assert set(t.games.values_list("round", flat=True)) == {1} and t.games.count() == 4
    rounds = play_to_the_end(t, django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED, t.error
    assert rounds[-1] == 3 and t.games_done == t.total_games
    per_round = {r: t.games.filter(round=r).count() for r in (1, 2, 3)}
    assert per_round == {1: 4, 2: 4, 3: 4}
    assert not t.games.exclude(status=TournamentGame.Status.DONE).exists()
    results = standings.compute(t)
    rows = results["standings"]
    assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)
    assert sum(r["byes"] for r in rows) == 3 and sum(r["points"] for r in rows) == 3 * 3
    # The site and the arena pair the same rounds from the same seed and agree.
    arena = run_arena("footsies", FIELD, "swiss", 2, seed="sw", rounds=3)
    assert [(r["entry"], r["points"]) for r in rows] == [
        (r["entry"], r["points"]) for r in arena["standings"]
    ]


def test_a_swiss_round_is_made_once_however_often_finish_is_called(
    django_capture_on_commit_callbacks,
):
    plan = services.TournamentPlan(
        game="footsies", entrants=FIELD[:4], format="swiss", rounds=2, games_per_pairing=1, seed="x"
    )
    t = services.create_tournament(plan)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.RUNNING)
    with django_capture_on_commit_callbacks(execute=True):
        playing.play_for(t.pk, 60)
    for _ in range(3):  # the sweep, a second worker, a re-delivered task
        playing.finish(t.pk)
    assert t.games.filter(round=2).count() == 2


def test_the_form_and_the_api_take_swiss_with_its_rounds(client, django_user_model):
    user = django_user_model.objects.create_user("sam", password="pw-12345-long")
    client.force_login(user)
    entrants = json.dumps([{"agent": a.split(":")[0], "params": {}} for a in FIELD[:4]])
    response = client.post(
        "/tournaments/new/",
        {
            "game": "footsies",
            "format": "swiss",
            "rounds": "2",
            "games_per_pairing": "2",
            "entrants_json": entrants,
        },
    )
    assert response.status_code == 302, response.content[:500]
    made = Tournament.objects.get()
    assert (made.format, made.rounds, made.total_games) == ("swiss", 2, 2 * 2 * 2)
    page = client.get(f"/tournaments/{made.pk}/").content.decode()
    assert "round 1 of 2" in page and "Buchholz" in page
    api = client.post(
        "/api/tournaments",
        {"game": "footsies", "format": "swiss", "rounds": 9, "entrants": [{"agent": "random"}] * 4},
        content_type="application/json",
    )
    assert api.status_code == 400 and "rounds" in api.json()["error"]
