"""A refused tournament form comes back as the person filled it in, as the lobby does
(issue 15): name, game, entrants with their parameters, format, games per pairing, seed,
the rules and the bots' clock."""

import json
import re

import pytest
from django.contrib.auth import get_user_model

from webapp.tournaments import services
from webapp.tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_fanout(monkeypatch):
    monkeypatch.setattr(services, "_start", lambda tournament_id: None)


@pytest.fixture
def alice(client):
    get_user_model().objects.create_user("alice", password="a-long-pass-123")
    client.login(username="alice", password="a-long-pass-123")


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
