"""The three boards, their stocks and turn counts, and the safety table (docs/games/octagon.md)."""

import pytest

from games.octagon import GAME, position_weights, safety_table

# From docs/games/octagon.md's preset table: (turns T, side S, cut C, playable cells, 2-, 4-, 8-pieces).
PRESETS = {
    "small": (20, 7, 2, 36, 2, 1, 1),
    "standard": (30, 9, 3, 56, 3, 2, 2),
    "large": (70, 13, 4, 128, 6, 4, 3),
}


def _view(preset):
    return GAME.new_state(2, {"preset": preset}).observation(None)


@pytest.mark.parametrize("preset", PRESETS)
def test_it_has_the_playable_cell_count_of_each_preset(preset):
    view = _view(preset)
    cells = sum(row.count(True) for row in view["playable"])
    assert cells == PRESETS[preset][3] == view["cell_count"]


@pytest.mark.parametrize("preset", PRESETS)
def test_it_cuts_the_corners_by_the_staircase_rule(preset):
    _, size, cut, *_ = PRESETS[preset]
    view = _view(preset)
    assert view["size"] == size
    for r in range(size):
        for c in range(size):
            if (r, c) == (size // 2, size // 2):
                continue
            kept = min(r, size - 1 - r) + min(c, size - 1 - c) >= cut
            assert view["playable"][r][c] == kept, (r, c)


@pytest.mark.parametrize("preset", PRESETS)
def test_it_makes_the_centre_cell_the_hole(preset):
    size = PRESETS[preset][1]
    view = _view(preset)
    assert view["hole"] == [size // 2, size // 2]
    assert view["playable"][size // 2][size // 2] is False


def test_it_plays_the_standard_preset_by_default():
    assert GAME.new_state(2).observation(None)["preset"] == "standard"


@pytest.mark.parametrize("preset", PRESETS)
def test_it_gives_each_player_the_presets_stock_of_limited_pieces(preset):
    _, _, _, _, twos, fours, eights = PRESETS[preset]
    stocks = _view(preset)["stocks"]
    assert stocks == [{"2": twos, "4": fours, "8": eights}] * 2


@pytest.mark.parametrize("preset", PRESETS)
def test_it_lasts_the_presets_number_of_placements(preset):
    view = _view(preset)
    assert view["turns"] == PRESETS[preset][0]
    assert view["placements_left"] == PRESETS[preset][0]


def test_it_lets_the_turns_option_override_the_presets_count():
    assert GAME.new_state(2, {"turns": 12}).observation(None)["turns"] == 12


@pytest.mark.parametrize("bad", [0, -4, 501, "30", 2.5, True])
def test_it_refuses_a_bad_turns_option(bad):
    with pytest.raises(ValueError, match="turns"):
        GAME.new_state(2, {"turns": bad})


def test_it_refuses_an_unknown_preset():
    with pytest.raises(ValueError, match="preset"):
        GAME.new_state(2, {"preset": "huge"})


@pytest.mark.parametrize("preset", PRESETS)
def test_it_rates_cell_safety_within_the_range_games_md_gives(preset):
    values = safety_table(preset).values()
    assert 15 <= min(values) and max(values) <= 24


def test_it_has_a_safety_value_for_every_playable_cell_and_no_other():
    view = _view("standard")
    table = safety_table("standard")
    playable = {(r, c) for r, row in enumerate(view["playable"]) for c, ok in enumerate(row) if ok}
    assert set(table) == playable


def test_it_counts_the_hole_as_an_edge_for_safety():
    # (3,4) sits just above the hole: S reaches it at once (1), every other direction
    # runs at least 3 cells on the standard board (3 each).
    assert safety_table("standard")[(3, 4)] == 7 * 3 + 1


def test_it_sums_capped_steps_to_the_first_non_playable_cell():
    # (0,3) on the standard board: N, NE, NW and W leave the board at once (1 each);
    # E meets the cut corner at (0,6) after 3 steps; S, SE, SW run 3+ steps (capped at 3).
    assert safety_table("standard")[(0, 3)] == 1 + 1 + 3 + 3 + 3 + 3 + 1 + 1


def test_it_gives_the_least_safe_cells_position_weight_zero():
    weights = position_weights("standard")
    safety = safety_table("standard")
    low = min(safety.values())
    assert min(weights.values()) == 0
    assert all(weights[c] == safety[c] - low for c in safety)
