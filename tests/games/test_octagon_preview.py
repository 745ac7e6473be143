"""The agents' helpers: simulating a placement and describing a move."""

import json

import pytest

from games.core import IllegalMove
from games.octagon import GAME, describe_move, simulate_placement


def _position(*pieces, **options):
    view = {
        "options": options,
        "pieces": [
            {"cell": [r, c], "owner": o, "kind": k, "orientation": d} for r, c, o, k, d in pieces
        ],
    }
    return GAME.from_position(view)


def test_it_reports_each_displaced_piece_with_owner_origin_and_destination():
    state = _position((4, 2, 1, 1, "N"), (2, 2, 1, 1, "N"), (1, 2, 0, 1, "N"))
    displaced = simulate_placement(state, state.str_to_move("3,2,2,N"))
    assert [(p.owner, p.origin, p.to, p.fate) for p in displaced] == [
        (0, (1, 2), None, "edge"),  # N: cannons through (2,2) to seat 0's own piece
        (1, (4, 2), (5, 2), "moved"),  # S
    ]


def test_it_reports_a_piece_pushed_into_the_hole():
    state = _position((3, 4, 1, 1, "N"))
    [piece] = simulate_placement(state, state.str_to_move("2,4,1,S"))
    assert piece.fate == "hole" and piece.killed


def test_it_leaves_the_state_unchanged_when_simulating():
    state = _position((5, 2, 1, 1, "N"), (0, 3, 1, 1, "N"))
    before = (json.dumps(state.observation(None)), state.to_record())
    simulate_placement(state, state.str_to_move("1,3,8"))
    assert (json.dumps(state.observation(None)), state.to_record()) == before


def test_it_matches_what_the_placement_then_does():
    state = _position((5, 2, 1, 1, "N"), (4, 3, 1, 2, "E"), (6, 4, 0, 1, "N"), (6, 3, 1, 1, "N"))
    move = state.str_to_move("5,3,8")
    predicted = [
        [list(p.origin), list(p.to) if p.to else None] for p in simulate_placement(state, move)
    ]
    done = state.apply(move).observation(None)["last"]["displaced"]
    assert len(predicted) == 3 and predicted == [[d["from"], d["to"]] for d in done]


def test_it_refuses_to_simulate_an_illegal_move():
    state = _position((3, 3, 1, 1, "N"))
    with pytest.raises(IllegalMove):
        simulate_placement(state, (3, 3, 1, 0))


def test_it_describes_a_move_in_a_sentence():
    state = _position((0, 3, 1, 1, "N"))
    text = describe_move(state, state.str_to_move("1,3,1,N"))
    assert text.startswith("Seat 0 places a 1-piece (N) at (1,3)")
    assert "seat 1's piece at (0,3) off the board" in text


def test_it_says_when_nothing_moves():
    assert describe_move(GAME.new_state(2), (3, 3, 4, 1)).endswith("nothing moves.")
