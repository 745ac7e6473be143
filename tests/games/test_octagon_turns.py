"""Turn order, the turn count T, stocks, the end and the score (docs/games/octagon.md)."""

import random

import pytest

from games.core import TERMINAL, IllegalMove
from games.octagon import GAME


def _position(*pieces, made=0, stocks=None, **options):
    view = {
        "options": options,
        "placements_made": made,
        "pieces": [
            {"cell": [r, c], "owner": o, "kind": k, "orientation": d} for r, c, o, k, d in pieces
        ],
    }
    if stocks is not None:
        view["stocks"] = stocks
    return GAME.from_position(view)


def _seats(state, placements, rng):
    """Who placed each of the next ``placements`` pieces, placing at random."""
    seats = []
    for _ in range(placements):
        seats.append(state.current())
        state = state.apply(rng.choice(state.legal_moves(state.current())))
    return seats


def _cells(preset):
    view = GAME.new_state(2, {"preset": preset}).observation(None)
    return [(r, c) for r, row in enumerate(view["playable"]) for c, ok in enumerate(row) if ok]


def test_it_lets_seat_0_place_first_by_default():
    assert GAME.new_state(2).current() == 0


def test_it_alternates_single_placements():
    assert _seats(GAME.new_state(2), 6, random.Random(1)) == [0, 1, 0, 1, 0, 1]


def test_it_lets_the_first_player_option_choose_who_starts():
    assert _seats(GAME.new_state(2, {"first_player": 1}), 4, random.Random(1)) == [1, 0, 1, 0]


def test_it_gives_each_turn_placements_per_turn_placements():
    state = GAME.new_state(2, {"placements_per_turn": 2})
    assert _seats(state, 6, random.Random(1)) == [0, 0, 1, 1, 0, 0]


@pytest.mark.parametrize("preset, turns", [("small", 20), ("standard", 30), ("large", 70)])
def test_it_ends_after_t_placements_by_either_player(preset, turns):
    state = GAME.new_state(2, {"preset": preset})
    rng = random.Random(7)
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_moves(state.current())))
    assert state.ply == turns


def test_it_counts_placements_made_and_left():
    state = GAME.new_state(2).apply((3, 3, 1, 0)).apply((5, 5, 1, 0))
    view = state.observation(None)
    assert (view["placements_made"], view["placements_left"]) == (2, 28)
    assert view["placements_left_by_seat"] == [14, 14]


def test_it_spends_a_limited_piece_from_the_players_stock():
    view = GAME.new_state(2).apply((3, 3, 8, 0)).observation(None)
    assert view["stocks"] == [{"2": 3, "4": 2, "8": 1}, {"2": 3, "4": 2, "8": 2}]


def test_it_offers_no_piece_whose_stock_is_spent():
    state = _position(stocks=[{"2": 0, "4": 1, "8": 0}, {"2": 3, "4": 2, "8": 2}])
    assert {move[2] for move in state.legal_moves(0)} == {1, 4}


def test_it_refuses_a_piece_whose_stock_is_spent():
    state = _position(stocks=[{"2": 3, "4": 2, "8": 0}, {"2": 3, "4": 2, "8": 2}])
    with pytest.raises(IllegalMove, match="no 8-pieces left"):
        state.apply((3, 3, 8, 0))


def test_it_never_runs_out_of_1_pieces():
    state = _position(stocks=[{"2": 0, "4": 0, "8": 0}] * 2, turns=100)
    for _ in range(40):
        state = state.apply(next(m for m in state.legal_moves(state.current()) if m[2] == 1))
    assert state.legal_moves(state.current())


def test_it_refuses_a_move_out_of_turn_order_by_seat():
    assert GAME.new_state(2).legal_moves(1) == []


def test_it_offers_no_pass_while_a_cell_is_empty():
    state = GAME.new_state(2)
    assert all(len(move) == 4 for move in state.legal_moves(0))
    with pytest.raises(IllegalMove):
        state.str_to_move("pass")


def test_it_ends_the_game_when_no_empty_cell_is_left():
    full = [(r, c, (r + c) % 2, 1, "N") for r, c in _cells("small")]
    state = _position(*full, preset="small")
    assert state.current() == TERMINAL and state.legal_moves(0) == []


def test_it_ends_the_game_when_a_placement_fills_the_board():
    cells = _cells("small")
    pieces = [(r, c, 1, 1, "N") for r, c in cells[1:]]
    state = _position(*pieces, preset="small")
    # Pointing N from the top row pushes nothing, so the board is then full.
    after = state.apply((cells[0][0], cells[0][1], 1, 0))
    assert after.is_terminal() and after.observation(None)["placements_left"] > 0


def test_it_scores_each_players_own_pieces_on_the_board():
    state = _position((3, 3, 0, 1, "N"), (5, 5, 1, 1, "N"), (5, 6, 1, 1, "N"))
    assert state.observation(None)["scores"] == [1, 2]


def test_it_lets_the_player_with_more_pieces_win():
    state = _position((3, 3, 1, 1, "N"), (5, 5, 0, 1, "N"), made=29)  # seat 1 places
    after = state.apply((0, 3, 1, 0))
    assert after.returns() == (-1.0, 1.0) and after.observation(None)["winner"] == 1


def test_it_calls_equal_scores_a_draw():
    state = _position((3, 3, 0, 1, "N"), made=29)  # placement 29 is seat 1's
    after = state.apply((7, 3, 1, 0))
    assert after.returns() == (0.0, 0.0) and after.outcome().is_draw


def test_it_returns_zeros_before_the_end():
    assert GAME.new_state(2).apply((3, 3, 1, 0)).returns() == (0.0, 0.0)
