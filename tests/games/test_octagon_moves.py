"""The move text grammar "row,column,kind,DIR" and refusing bad moves."""

import json

import pytest

from games.core import IllegalMove
from games.octagon import GAME


def test_it_writes_a_move_as_row_column_kind_and_first_arrow():
    assert GAME.new_state(2).move_to_str((4, 2, 1, 1)) == "4,2,1,NE"


def test_it_reads_back_every_legal_move_from_its_text():
    state = GAME.new_state(2)
    for move in state.legal_moves(0):
        assert state.str_to_move(state.move_to_str(move)) == move


def test_it_names_a_2_piece_by_either_of_its_arrows():
    state = GAME.new_state(2)
    assert state.str_to_move("3,4,2,S") == state.str_to_move("3,4,2,N") == (3, 4, 2, 0)


def test_it_names_a_4_piece_by_any_of_its_arrows():
    state = GAME.new_state(2)
    assert state.str_to_move("3,4,4,W") == (3, 4, 4, 0)
    assert state.str_to_move("3,4,4,SW") == (3, 4, 4, 1)


def test_it_lets_the_8_piece_leave_out_its_direction():
    assert GAME.new_state(2).str_to_move("3,4,8") == (3, 4, 8, 0)


def test_it_ignores_spaces_and_letter_case():
    assert GAME.new_state(2).str_to_move(" 3, 4 ,1,sw ") == (3, 4, 1, 5)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "pass",
        "3,4",
        "3,4,1",
        "a,b,1,N",
        "-1,3,1,N",
        "3,4,3,N",
        "3,4,1,UP",
        "3,4,1,N,5",
        "²,4,1,N",
        "0,0,1,N",  # a cut corner
        "4,4,1,N",  # the hole
        "9,3,1,N",  # off the 9x9 square
    ],
)
def test_it_refuses_bad_move_text(text):
    with pytest.raises(IllegalMove):
        GAME.new_state(2).str_to_move(text)


def test_it_says_what_is_wrong_with_bad_move_text():
    with pytest.raises(IllegalMove, match="not a cell of this board"):
        GAME.new_state(2).str_to_move("4,4,1,N")


def test_it_refuses_a_move_to_an_occupied_cell_and_changes_nothing():
    state = GAME.new_state(2).apply((3, 3, 1, 0))
    before = json.dumps(state.observation(None))
    with pytest.raises(IllegalMove, match="already holds a piece"):
        state.apply((3, 3, 1, 2))
    assert json.dumps(state.observation(None)) == before


@pytest.mark.parametrize(
    "move",
    [(3, 3, 2, 4), (3, 3, 4, 2), (3, 3, 8, 1), (3, 3, 1, 8), (3, 3, 3, 0), (True, 3, 1, 0)],
)
def test_it_refuses_a_move_tuple_outside_the_pieces_orientations(move):
    with pytest.raises(IllegalMove):
        GAME.new_state(2).apply(move)


def test_it_refuses_a_move_off_the_board():
    with pytest.raises(IllegalMove, match="not a cell"):
        GAME.new_state(2).apply((0, 0, 1, 0))
