"""The observation JSON a browser draws from, and setting a position up from it."""

import json
import random

import pytest

from games.core import IllegalMove
from games.octagon import GAME


def _position(*pieces, **options):
    view = {
        "options": options,
        "pieces": [
            {"cell": [r, c], "owner": o, "kind": k, "orientation": d} for r, c, o, k, d in pieces
        ],
    }
    return GAME.from_position(view)


def _played(seed, placements):
    state, rng = GAME.new_state(2), random.Random(seed)
    for _ in range(placements):
        state = state.apply(rng.choice(state.legal_moves(state.current())))
    return state


def test_it_names_the_game_the_seat_and_the_state_of_play():
    view = GAME.new_state(2).observation(1)
    assert (view["game"], view["seat"], view["over"], view["winner"]) == ("octagon", 1, False, None)
    assert view["to_move"] == 0 and view["last"] is None


def test_it_shows_every_seat_the_same_open_position():
    state = _played(3, 9)
    views = [state.observation(seat) for seat in (None, 0, 1)]
    for view in views:
        view.pop("seat")
    assert views[0] == views[1] == views[2]


def test_it_survives_a_json_round_trip():
    view = _played(4, 12).observation(None)
    assert json.loads(json.dumps(view)) == view


def test_it_describes_the_last_placement_and_each_displaced_piece():
    state = _position((0, 3, 1, 1, "N"))
    last = state.apply(state.str_to_move("1,4,2,SE")).observation(None)["last"]
    assert last["seat"] == 0 and last["move"] == "1,4,2,SE"
    assert last["placed"]["arrows"] == ["SE", "NW"]
    killed = {"owner": 1, "kind": 1, "orientation": "N", "from": [0, 3], "to": None}
    killed.update(fate="edge", direction="NW", toward=[-1, 2])
    assert last["displaced"] == [killed]


def test_it_gives_the_destination_of_a_moved_piece():
    state = _position((5, 2, 1, 1, "N"))
    last = state.apply(state.str_to_move("6,2,1,N")).observation(None)["last"]
    assert (last["displaced"][0]["from"], last["displaced"][0]["to"]) == ([5, 2], [4, 2])


def test_it_counts_the_pieces_each_seat_lost_in_the_last_placement():
    state = _position((2, 2, 1, 1, "N"), (1, 2, 0, 1, "N"), (0, 3, 1, 1, "N"))
    last = state.apply(state.str_to_move("1,3,8")).observation(None)["last"]
    assert last["lost"] == [0, 1]


def test_it_tells_people_what_the_last_placement_did():
    state = _position((0, 3, 1, 1, "N"))
    text = state.apply(state.str_to_move("1,3,1,N")).observation(None)["last"]["text"]
    assert "(0,3)" in text and "off the board" in text


def test_it_announces_the_winner_at_the_end():
    state = _position((3, 3, 1, 1, "N"), (5, 5, 1, 1, "N"), turns=1)
    view = state.apply((0, 3, 1, 0)).observation(None)
    assert view["over"] and view["winner"] == 1 and view["to_move"] is None
    assert view["result"] == "seat 1 wins, 2-1"


def test_it_sets_up_the_same_position_from_its_view():
    state = _played(5, 11)
    again = GAME.from_position(json.loads(json.dumps(state.observation(None))))
    assert again.observation(None) == state.observation(None)


def test_it_continues_a_set_up_position_like_the_original():
    state = _played(6, 10)
    again = GAME.from_position(state.observation(None))
    move = state.legal_moves(state.current())[17]
    assert again.apply(move).observation(None) == state.apply(move).observation(None)


def test_it_derives_whose_turn_it_is_from_the_placements_made():
    view = GAME.new_state(2).observation(None)
    view["placements_made"] = 3
    assert GAME.from_position(view).current() == 1


@pytest.mark.parametrize(
    "change",
    [
        {"pieces": [{"cell": [0, 0], "owner": 0, "kind": 1, "orientation": "N"}]},
        {"pieces": [{"cell": [4, 4], "owner": 0, "kind": 1, "orientation": "N"}]},
        {"pieces": [{"cell": [3, 3], "owner": 2, "kind": 1, "orientation": "N"}]},
        {"pieces": [{"cell": [3, 3], "owner": 0, "kind": 3, "orientation": "N"}]},
        {"pieces": [{"cell": [3, 3], "owner": 0, "kind": 2, "orientation": "S"}]},
        {"pieces": [{"cell": [3, 3], "owner": 0, "kind": 1, "orientation": "N"}] * 2},
        {"pieces": ["3,3"]},
        {"stocks": [{"2": -1}, {}]},
        {"stocks": [{}]},
        {"placements_made": 31},
        {"options": {"preset": "huge"}},
        {"last": "yes"},
    ],
)
def test_it_refuses_a_view_that_is_not_a_position(change):
    view = GAME.new_state(2).observation(None)
    view.update(change)
    with pytest.raises(IllegalMove):
        GAME.from_position(view)
