"""Map generation (docs/games/dicewars.md): 29-31 connected territories grown on a 32 x 28
hex grid, nearly enclosed hexes absorbed, adjacency by shared edges."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.dicewars.board import Board
from games.dicewars.hexgrid import CELLS, COLUMNS, NEIGHBOURS, ROWS, doubled
from games.dicewars.mapgen import generate_map
from games.dicewars.setup import MAP_STYLES

SEEDS = range(40)


@pytest.fixture(scope="module")
def maps() -> list[Board]:
    return [generate_map(random.Random(seed)) for seed in SEEDS]


@pytest.fixture(scope="module", params=sorted(MAP_STYLES))
def any_style_maps(request) -> list[Board]:
    """Maps of every ``map_style``, for what holds of them all."""
    return [MAP_STYLES[request.param](random.Random(seed)) for seed in SEEDS]


def _where(board: Board) -> dict[int, int]:
    return {cell: t for t, cells in enumerate(board.hexes) for cell in cells}


def test_it_cuts_maps_from_a_32_by_28_grid():
    assert (COLUMNS, ROWS, CELLS) == (32, 28, 896)
    xs = {doubled(cell)[0] for cell in range(CELLS)}
    ys = {doubled(cell)[1] for cell in range(CELLS)}
    assert (min(xs), max(xs), min(ys), max(ys)) == (-32, 31, -14, 13)


def test_it_gives_each_hex_the_six_hexes_across_its_edges():
    # In doubled coordinates the sides lead to (x±2, y) and (x±1, y±1).
    steps = {(2, 0), (-2, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)}
    by_xy = {doubled(cell): cell for cell in range(CELLS)}
    for cell in range(CELLS):
        x, y = doubled(cell)
        expected = {by_xy[(x + dx, y + dy)] for dx, dy in steps if (x + dx, y + dy) in by_xy}
        assert set(NEIGHBOURS[cell]) == expected


def test_it_generates_29_to_31_territories(maps):
    assert {board.size for board in maps} == {29, 30, 31}


def test_it_never_puts_a_hex_in_two_territories(any_style_maps):
    for board in any_style_maps:
        cells = [cell for cells in board.hexes for cell in cells]
        assert len(cells) == len(set(cells))
        assert all(0 <= cell < CELLS for cell in cells)


def test_it_grows_territories_to_target_sizes_of_12_to_18_hexes(maps):
    sizes = Counter(len(cells) for board in maps for cells in board.hexes)
    # Absorption only adds hexes, so every size from 12 to 18 shows up and none below.
    assert min(sizes) == 12
    assert all(sizes[size] for size in range(12, 19))


def test_it_keeps_every_territory_in_one_piece(any_style_maps):
    for board in any_style_maps:
        for cells in board.hexes:
            inside = set(cells)
            reached = {cells[0]}
            todo = [cells[0]]
            while todo:
                for n in NEIGHBOURS[todo.pop()]:
                    if n in inside and n not in reached:
                        reached.add(n)
                        todo.append(n)
            assert reached == inside


def test_it_makes_territories_adjacent_exactly_when_hexes_share_an_edge(any_style_maps):
    for board in any_style_maps:
        where = _where(board)
        expected = [set() for _ in range(board.size)]
        for cell, t in where.items():
            for n in NEIGHBOURS[cell]:
                if n in where and where[n] != t:
                    expected[t].add(where[n])
        assert [set(n) for n in board.neighbours] == expected


def test_it_connects_every_map(maps):
    for board in maps:
        reached = {0}
        todo = [0]
        while todo:
            for n in board.neighbours[todo.pop()]:
                if n not in reached:
                    reached.add(n)
                    todo.append(n)
        assert len(reached) == board.size


def test_it_absorbs_every_free_hex_a_territory_nearly_encloses(maps):
    # "at most 2 of their 6 sides outside it": no free hex may keep 4 sides in one.
    for board in maps:
        where = _where(board)
        for cell in range(CELLS):
            if cell in where:
                continue
            sides = Counter(where[n] for n in NEIGHBOURS[cell] if n in where)
            assert max(sides.values(), default=0) <= 3


def test_it_absorbs_some_hexes(maps):
    # Without absorption no territory could exceed its target of 18 hexes.
    assert max(len(cells) for board in maps for cells in board.hexes) > 18


def test_it_expands_one_seed_to_one_map():
    a, b = generate_map(random.Random(99)), generate_map(random.Random(99))
    assert a.hexes == b.hexes and a.adjacent == b.adjacent
    assert generate_map(random.Random(100)).hexes != a.hexes
