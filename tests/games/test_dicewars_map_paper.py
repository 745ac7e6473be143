"""The paper's map style (option map_style="paper"): the write-up's own server's maps,
sparser than ours (about 3.2 neighbours a territory against 4.0), always connected."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games import get
from games.dicewars.board import Board
from games.dicewars.hexgrid import CELLS, NEIGHBOURS
from games.dicewars.mapgen import generate_map
from games.dicewars.mapgen_paper import SIDES, generate_paper_map
from games.dicewars.regions import largest_region
from games.testing import check_game

SEEDS = range(60)


@pytest.fixture(scope="module")
def maps() -> list[Board]:
    return [generate_paper_map(random.Random(seed)) for seed in SEEDS]


def _neighbours_per_territory(boards: list[Board]) -> float:
    return sum(sum(map(len, b.neighbours)) / b.size for b in boards) / len(boards)


def test_it_lists_each_hexs_six_sides_in_a_fixed_order_east_first():
    # Row 2 is even, so its SE and SW neighbours are columns c and c-1 of row 3.
    cell = 2 * 32 + 5
    assert SIDES[cell] == (cell + 1, cell + 32, cell + 31, cell - 1, cell - 33, cell - 32)
    assert {n for n in SIDES[cell]} == set(NEIGHBOURS[cell])
    assert SIDES[0][3:] == (None, None, None)  # nothing west of or above the corner


def test_it_draws_sparser_maps_than_the_default_style(maps):
    grown = [generate_map(random.Random(seed)) for seed in SEEDS]
    assert 3.0 < _neighbours_per_territory(maps) < 3.5
    assert _neighbours_per_territory(grown) > 3.8


# One piece per territory, no hex twice, adjacency by shared edges: test_dicewars_map.py
# checks those for every map style.


def test_it_generates_29_to_31_territories_of_at_least_12_hexes(maps):
    assert {board.size for board in maps} == {29, 30, 31}
    assert min(len(cells) for board in maps for cells in board.hexes) >= 12


def test_it_leaves_gaps_between_territories(maps):
    # The default style absorbs nearly enclosed hexes; this one leaves many free hexes
    # with 4 or more sides in one territory.
    enclosed = 0
    for board in maps:
        where = {cell: t for t, cells in enumerate(board.hexes) for cell in cells}
        for cell in range(CELLS):
            if cell not in where:
                sides = Counter(where[n] for n in NEIGHBOURS[cell] if n in where)
                enclosed += max(sides.values(), default=0) >= 4
    assert enclosed > 0


def test_it_connects_every_map_it_returns(maps):
    assert all(largest_region(b.everything, b.adjacent) == b.size for b in maps)


def test_it_redraws_a_map_that_falls_apart(monkeypatch):
    # Holes left by dropped territories can cut a map in two (rare with these rules);
    # such a map is drawn again from the same rng.
    from games.dicewars import mapgen_paper

    apart = Board.from_neighbours([[1], [0], [3], [2]])
    whole = Board.from_neighbours([[1], [0, 2], [1]])
    drawn = iter([apart, apart, whole])
    monkeypatch.setattr(mapgen_paper, "_attempt", lambda rng: next(drawn))
    assert generate_paper_map(random.Random(0)) is whole


def test_it_expands_one_seed_to_one_map():
    a, b = generate_paper_map(random.Random(7)), generate_paper_map(random.Random(7))
    assert a.hexes == b.hexes and a.adjacent == b.adjacent
    assert generate_paper_map(random.Random(8)).hexes != a.hexes


def test_it_is_a_game_option_that_keeps_the_default_maps():
    game = get("dicewars")
    assert game.default_options["map_style"] == "grown"
    seed_event = ("map", 12345)
    grown = game.new_state(2).apply(seed_event)
    paper = game.new_state(2, {"map_style": "paper"}).apply(seed_event)
    assert paper.board.hexes != grown.board.hexes
    assert paper.board.hexes == generate_paper_map(random.Random(12345)).hexes


def test_it_refuses_an_unknown_map_style():
    with pytest.raises(ValueError, match="map_style"):
        get("dicewars").new_state(2, {"map_style": "square"})


@pytest.mark.parametrize("players", [2, 5])
def test_it_plays_whole_games_on_paper_maps(players):
    for seed in range(3):
        check_game(get("dicewars"), seed, players, {"map_style": "paper"})
