"""The observation: everything a browser needs to draw the position, as JSON."""

from __future__ import annotations

import json

import pytest

from games.dicewars import END_TURN, GAME
from games.dicewars.hexgrid import CELLS
from tests.games.test_dicewars_positions import ROW, played, started, state_of


@pytest.fixture(scope="module")
def midgame():
    return played(started(31, 3), 60, seed=4)


def test_it_names_the_game_the_seat_and_the_result(midgame):
    obs = midgame.observation(1)
    assert (obs["game"], obs["seat"], obs["over"], obs["winner"]) == ("dicewars", 1, False, None)
    assert midgame.observation()["seat"] is None


def test_it_shows_every_territory_with_owner_dice_hexes_and_neighbours(midgame):
    obs = midgame.observation()
    board = midgame.board
    size = obs["map"]["territories"]
    assert size == board.size
    assert obs["owners"] == midgame.owner and obs["dice"] == midgame.dice
    assert obs["map"]["neighbours"] == [list(n) for n in board.neighbours]
    cells = [[int(c) for c in text.split()] for text in obs["map"]["hexes"]]
    assert cells == [sorted(h) for h in board.hexes]
    assert all(0 <= c < CELLS for c in sum(cells, []))
    assert (obs["map"]["columns"], obs["map"]["rows"]) == (32, 28)


def test_it_shows_players_reserves_scores_order_and_turn(midgame):
    obs = midgame.observation()
    assert obs["reserves"] == midgame.reserve
    assert obs["order"] == midgame.order
    assert obs["turn"] == midgame.turn
    assert obs["current"] == midgame.mover
    assert obs["territory_counts"] == [midgame.owner.count(s) for s in range(3)]
    assert len(obs["scores"]) == 3 and len(obs["alive"]) == 3


def test_it_shows_every_seat_the_same_facts(midgame):
    views = [midgame.observation(seat) for seat in (None, 0, 1, 2)]
    for view in views:
        view.pop("seat")
    assert all(view == views[0] for view in views)


def test_it_is_plain_json(midgame):
    obs = midgame.observation(0)
    assert json.loads(json.dumps(obs)) == obs


def test_it_describes_the_previous_event_for_people():
    state = state_of(ROW, [0, 0, 1, 1, 0, 1], [1, 3, 2, 1, 1, 1]).apply((1, 2))
    assert state.observation()["last"]["text"] == "Red attacks territory 2 from territory 1"
    state = state.apply(((6, 5, 4), (1, 2)))
    assert state.observation()["last"]["text"] == (
        "Red rolls 6+5+4 = 15 from territory 1 against Blue's 1+2 = 3: takes territory 2"
    )
    state = state.apply(END_TURN)
    assert state.observation()["last"]["text"] == "Red ends the turn"


def test_it_keeps_the_last_battle_after_other_events():
    state = state_of(ROW, [0, 0, 1, 1, 0, 1], [1, 3, 2, 1, 1, 1]).apply((1, 2))
    state = state.apply(((1, 1, 1), (6, 6))).apply(END_TURN)
    assert state.observation()["last"]["event"] == "end_turn"
    assert state.observation()["last_battle"]["defender_dice"] == [6, 6]


def test_it_shows_the_pool_while_reinforcing():
    state = state_of(ROW, [0, 0, 1, 1, 0, 1], [1] * 6, reserves=[2, 0]).apply(END_TURN)
    assert state.observation()["pool"] == 4


def test_it_shows_the_map_before_the_setup_as_empty():
    obs = GAME.new_state(2).observation()
    assert (obs["phase"], obs["map"], obs["owners"], obs["current"]) == ("setup", None, [], None)
