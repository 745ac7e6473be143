"""Piece kinds, rotations and the arrows they push along (docs/games/octagon.md)."""

import pytest

from games.octagon import DIRECTIONS, GAME, arrows


@pytest.mark.parametrize("kind, count", [(1, 8), (2, 4), (4, 2), (8, 1)])
def test_it_offers_each_kind_in_its_number_of_orientations(kind, count):
    state = GAME.new_state(2)
    at_one_cell = [m for m in state.legal_moves(0) if m[:3] == (3, 3, kind)]
    assert len(at_one_cell) == count


@pytest.mark.parametrize("kind", [1, 2, 4, 8])
def test_it_spaces_a_pieces_arrows_evenly(kind):
    for orientation in range(8 // kind):
        directions = arrows(kind, orientation)
        gaps = {
            (b - a - 1) % 8 + 1
            for a, b in zip(directions, directions[1:] + directions[:1], strict=True)
        }
        assert len(directions) == kind and gaps == {8 // kind}


def test_it_gives_a_2_piece_two_opposite_arrows():
    assert [DIRECTIONS[d] for d in arrows(2, 1)] == ["NE", "SW"]


def test_it_gives_the_two_4_piece_orientations_plus_and_cross():
    assert [DIRECTIONS[d] for d in arrows(4, 0)] == ["N", "E", "S", "W"]
    assert [DIRECTIONS[d] for d in arrows(4, 1)] == ["NE", "SE", "SW", "NW"]


def test_it_points_a_1_piece_its_own_way():
    assert [arrows(1, o) for o in range(8)] == [(o,) for o in range(8)]


def test_it_shows_each_placed_pieces_kind_orientation_and_arrows():
    after = GAME.new_state(2).apply((3, 3, 2, 3))
    assert after.observation(None)["pieces"] == [
        {"cell": [3, 3], "owner": 0, "kind": 2, "orientation": "SE", "arrows": ["SE", "NW"]}
    ]
