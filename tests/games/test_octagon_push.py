"""Pushes, kills and cannoning in each chain mode (docs/games/octagon.md, "Push resolution").

Positions are set up on the standard board (9x9, hole at (4,4)) with GAME.from_position;
seat 0 places first. Pieces are (row, column, owner, kind, orientation).
"""

import pytest

from games.octagon import GAME


def _position(*pieces, **options):
    view = {
        "options": options,
        "pieces": [
            {"cell": [r, c], "owner": o, "kind": k, "orientation": d} for r, c, o, k, d in pieces
        ],
    }
    return GAME.from_position(view)


def _place(state, text):
    return state.apply(state.str_to_move(text))


def _owners(state):
    """(row, column) -> owner of every piece on the board."""
    return {tuple(p["cell"]): p["owner"] for p in state.observation(None)["pieces"]}


def test_it_pushes_an_adjacent_opponent_piece_one_cell_along_the_arrow():
    after = _place(_position((2, 2, 1, 1, "N")), "3,2,1,N")
    assert _owners(after) == {(1, 2): 1, (3, 2): 0}


def test_it_pushes_only_along_the_pieces_arrows():
    after = _place(_position((3, 3, 1, 1, "N")), "3,2,1,N")
    assert _owners(after)[(3, 3)] == 1


def test_it_never_pushes_a_piece_that_is_not_adjacent():
    after = _place(_position((1, 2, 1, 1, "N")), "3,2,1,N")
    assert _owners(after)[(1, 2)] == 1


def test_it_never_pushes_an_own_adjacent_piece():
    after = _place(_position((2, 2, 0, 1, "N"), (1, 2, 1, 1, "N")), "3,2,1,N")
    assert _owners(after) == {(1, 2): 1, (2, 2): 0, (3, 2): 0}


def test_it_kills_a_piece_pushed_off_the_edge():
    after = _place(_position((0, 3, 1, 1, "N")), "1,3,1,N")
    assert (0, 3) not in _owners(after)
    assert after.observation(None)["scores"] == [1, 0]


def test_it_kills_a_piece_pushed_off_a_cut_corner():
    # (0,2) is cut away on the standard board, so (1,2) pushed N dies.
    after = _place(_position((1, 2, 1, 1, "N")), "2,2,1,N")
    assert _owners(after) == {(2, 2): 0}


def test_it_kills_a_piece_pushed_into_the_hole():
    after = _place(_position((3, 4, 1, 1, "N")), "2,4,1,S")
    assert _owners(after) == {(2, 4): 0}
    assert after.observation(None)["last"]["displaced"][0]["fate"] == "hole"


@pytest.mark.parametrize("chain_mode", ["cradle", "shift", "block"])
def test_it_moves_a_lone_pushed_piece_in_every_chain_mode(chain_mode):
    after = _place(_position((5, 2, 1, 1, "N"), chain_mode=chain_mode), "6,2,1,N")
    assert _owners(after) == {(4, 2): 1, (6, 2): 0}


def test_it_plays_cradle_by_default():
    assert GAME.new_state(2).options["chain_mode"] == "cradle"


def test_it_cannons_to_the_last_piece_of_the_line_in_cradle_mode():
    state = _position((5, 2, 1, 1, "N"), (4, 2, 1, 1, "N"))
    after = _place(state, "6,2,1,N")
    assert _owners(after) == {(6, 2): 0, (5, 2): 1, (3, 2): 1}


def test_it_kills_the_last_piece_of_a_line_at_the_edge_in_cradle_mode():
    after = _place(_position((2, 2, 1, 1, "N"), (1, 2, 1, 1, "N")), "3,2,1,N")
    assert _owners(after) == {(3, 2): 0, (2, 2): 1}


def test_it_cannons_through_own_pieces_in_the_line():
    state = _position((5, 2, 1, 1, "N"), (4, 2, 0, 1, "N"), (3, 2, 1, 1, "N"))
    after = _place(state, "6,2,1,N")
    assert _owners(after) == {(6, 2): 0, (5, 2): 1, (4, 2): 0, (2, 2): 1}


def test_it_moves_the_movers_own_piece_when_it_ends_the_line():
    after = _place(_position((5, 2, 1, 1, "N"), (4, 2, 0, 1, "N")), "6,2,1,N")
    assert _owners(after) == {(6, 2): 0, (5, 2): 1, (3, 2): 0}


def test_it_kills_the_movers_own_piece_when_it_ends_the_line_at_the_edge():
    after = _place(_position((2, 2, 1, 1, "N"), (1, 2, 0, 1, "N")), "3,2,1,N")
    assert _owners(after) == {(3, 2): 0, (2, 2): 1}
    assert after.observation(None)["scores"] == [1, 1]


def test_it_moves_the_whole_line_in_shift_mode():
    state = _position((5, 2, 1, 1, "N"), (4, 2, 0, 1, "N"), chain_mode="shift")
    after = _place(state, "6,2,1,N")
    assert _owners(after) == {(6, 2): 0, (4, 2): 1, (3, 2): 0}


def test_it_kills_the_far_piece_and_shifts_the_rest_at_the_edge_in_shift_mode():
    state = _position((2, 2, 1, 1, "N"), (1, 2, 1, 1, "N"), chain_mode="shift")
    after = _place(state, "3,2,1,N")
    assert _owners(after) == {(3, 2): 0, (1, 2): 1}


def test_it_stops_at_any_piece_behind_in_block_mode():
    state = _position((5, 2, 1, 1, "N"), (4, 2, 1, 1, "N"), chain_mode="block")
    after = _place(state, "6,2,1,N")
    assert _owners(after) == {(6, 2): 0, (5, 2): 1, (4, 2): 1}


def test_it_still_kills_at_the_edge_in_block_mode():
    after = _place(_position((0, 3, 1, 1, "N"), chain_mode="block"), "1,3,1,N")
    assert _owners(after) == {(1, 3): 0}


# (row, column) offsets of the 8 neighbours, clockwise from N.
AROUND = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]


def _surrounded(at):
    return [(at[0] + dr, at[1] + dc, 1, 1, "N") for dr, dc in AROUND]


def test_it_pushes_all_eight_neighbours_with_an_8_piece():
    after = _place(_position(*_surrounded((6, 3))), "6,3,8,N")
    owners = _owners(after)
    assert all((6 + dr, 3 + dc) not in owners for dr, dc in AROUND)


def test_it_pushes_both_ways_with_a_2_piece():
    after = _place(_position(*_surrounded((6, 3))), "6,3,2,E")  # E and W
    moved = {tuple(d["from"]) for d in after.observation(None)["last"]["displaced"]}
    assert moved == {(6, 4), (6, 2)}


def test_it_pushes_the_orthogonals_with_a_plus_4_piece():
    after = _place(_position(*_surrounded((6, 3))), "6,3,4,N")
    moved = {tuple(d["from"]) for d in after.observation(None)["last"]["displaced"]}
    assert moved == {(5, 3), (6, 4), (7, 3), (6, 2)}


def test_it_pushes_the_diagonals_with_an_x_4_piece():
    after = _place(_position(*_surrounded((6, 3))), "6,3,4,NE")
    moved = {tuple(d["from"]) for d in after.observation(None)["last"]["displaced"]}
    assert moved == {(5, 4), (7, 4), (7, 2), (5, 2)}


def test_it_resolves_directions_clockwise_from_north():
    after = _place(_position(*_surrounded((6, 3))), "6,3,8,N")
    order = [d["direction"] for d in after.observation(None)["last"]["displaced"]]
    assert order == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def test_it_leaves_pieces_already_on_the_board_inert():
    # Seat 1's 8-piece at (2,2) does nothing when seat 0 places beside it.
    after = _place(_position((2, 2, 1, 8, "N")), "2,3,1,E")
    assert _owners(after) == {(2, 2): 1, (2, 3): 0}
