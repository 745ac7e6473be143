"""Tournament pages: submit from the form, results, exports, presets, schedules."""

import csv
import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django_celery_beat.models import PeriodicTask

from webapp.tournaments import playing, schedules, services
from webapp.tournaments.models import Tournament
from webapp.tournaments.tasks import scheduled_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_fanout(monkeypatch):
    monkeypatch.setattr(services, "_start", lambda tournament_id: None)


@pytest.fixture
def alice(client):
    get_user_model().objects.create_user("alice", password="a-long-pass-123")
    client.login(username="alice", password="a-long-pass-123")


def form(**kw):
    data = {
        "game": "footsies",
        "entrants_json": json.dumps(
            [{"agent": "random"}, {"agent": "footsies-counter", "params": {}}]
        ),
        "format": "roundrobin",
        "games_per_pairing": "4",
        "seed": "form-1",
    }
    data.update(kw)
    return data


def test_guests_are_sent_to_log_in(client):
    response = client.post("/tournaments/new/", form())
    assert response.status_code == 302 and "/accounts/login/" in response.url
    assert Tournament.objects.count() == 0


def test_the_form_lists_agents_with_descriptions(client, alice):
    page = client.get("/tournaments/new/").content.decode()
    assert "footsies-counter" in page and "Simple-Minded" in page


def test_a_signed_in_person_submits_from_the_form(client, alice):
    response = client.post("/tournaments/new/", form())
    tournament = Tournament.objects.get()
    assert response.url == f"/tournaments/{tournament.pk}/"
    assert tournament.total_games == 4 and tournament.user.username == "alice"


@pytest.mark.parametrize(
    "changes",
    [
        {"entrants_json": "not json"},
        {"entrants_json": json.dumps([{"agent": "random"}, {"agent": "nope"}])},
        {"games_per_pairing": "many"},
        {"games_per_pairing": "99999"},
        {"format": "freeforall", "players": "9"},
        {"opt_blocks": "lots"},
    ],
)
def test_bad_forms_say_why_and_queue_nothing(client, alice, changes):
    response = client.post("/tournaments/new/", form(**changes), follow=True)
    assert list(response.context["messages"])
    assert Tournament.objects.count() == 0


def test_results_page_and_exports(client, alice, django_capture_on_commit_callbacks):
    client.post("/tournaments/new/", form())
    tournament = Tournament.objects.get()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    with django_capture_on_commit_callbacks(execute=True):
        playing.play_for(tournament.pk, 60)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    for part in ('id="standings"', 'id="heatmap"', 'id="by-seat"', "replay-link", "Wilson"):
        assert part in page
    rows = list(
        csv.reader(io.StringIO(client.get(f"/tournaments/{tournament.pk}.csv").content.decode()))
    )
    assert rows[0][:2] == ["rank", "entrant"] and len(rows) == 3
    data = client.get(f"/tournaments/{tournament.pk}.json").json()
    assert sum(r["games"] for r in data["standings"]) == 8 and len(data["games"]) == 4


def test_only_the_submitter_cancels(client, alice):
    client.post("/tournaments/new/", form())
    tournament = Tournament.objects.get()
    from django.test import Client

    other = Client()
    assert other.post(f"/tournaments/{tournament.pk}/cancel/").status_code == 403
    client.post(f"/tournaments/{tournament.pk}/cancel/")
    assert Tournament.objects.get().status == Tournament.Status.CANCELLED


def test_a_preset_runs_in_one_click(client, alice):
    client.post("/tournaments/presets/footsies-players/")
    tournament = Tournament.objects.get()
    assert tournament.preset == "footsies-players" and tournament.total_games > 0


def test_a_scheduled_tournament_runs_once_per_slot():
    spec = {"game": "footsies", "entrants": ["random", "footsies-counter"], "games_per_pairing": 2}
    schedules.install_tournament_schedule("test ladder", spec, 3600)
    task = PeriodicTask.objects.get(name="test ladder")
    assert task.expire_seconds and task.expire_seconds < 3600
    kwargs = json.loads(task.kwargs)
    assert scheduled_tournament(**kwargs).startswith("tournament")
    assert scheduled_tournament(**kwargs) == "already ran this period"
    assert Tournament.objects.count() == 1


def test_the_schedule_page_lists_the_next_run(client):
    schedules.install_defaults()
    page = client.get("/tournaments/scheduled/").content.decode()
    assert "Hourly Dice Wars ladder" in page


# ----- a refused form comes back as it was filled in ------------------------------------

ENTRANTS = [{"agent": "mcts", "params": {"iterations": "300"}}, {"agent": "octagon-greedy"}]


def refused(client) -> str:
    data = {
        "name": "Evening ladder",
        "game": "octagon",
        "entrants_json": json.dumps(ENTRANTS),
        "format": "duplicate",
        "games_per_pairing": "0",  # refused: at least one game
        "seed": "my-seed-7",
        "bot_move_s": "2.5",
        "opt_placements_per_turn": "2",
    }
    response = client.post("/tournaments/new/", data)
    assert response.status_code == 200 and Tournament.objects.count() == 0
    return response.content.decode()


def selected(page: str, name: str) -> str:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S).group(1)
    return re.search(r'<option value="([^"]*)"[^>]*selected', select).group(1)


def test_the_refusal_says_why(client, alice):
    page = refused(client)
    assert "games per pairing" in page.lower()


def test_every_field_comes_back_as_filled_in(client, alice):
    page = refused(client)
    assert re.search(r'<input name="name" value="Evening ladder"', page)
    assert selected(page, "game") == "octagon"
    assert selected(page, "format") == "duplicate"
    assert re.search(r'name="games_per_pairing" value="0"', page)
    assert re.search(r'<input name="seed" value="my-seed-7"', page)
    assert re.search(r'name="bot_move_s" value="2.5"', page)


def test_the_entrants_come_back_with_their_parameters(client, alice):
    page = refused(client)
    entered = re.search(
        r'<script id="entered-entrants" type="application/json">(.*?)</script>', page
    )
    assert json.loads(entered.group(1)) == ENTRANTS


def test_the_chosen_games_rules_come_back(client, alice):
    page = refused(client)
    octagon = re.search(r'data-game="octagon"><legend>.*?</fieldset>', page, re.S).group(0)
    assert re.search(r'name="opt_placements_per_turn" value="2"', octagon)
