"""The paper's map style (option ``map_style="paper"``): maps built the way the
write-up's own server builds them (dturecek/dicewars), which are sparser than ours.

Measured on 2,000 maps each: about 3.2 neighbours a territory against 4.0 for the
default style (docs/results/dicewars.md). The rules, restated from how that generator
behaves (the code is not copied):

- 29 + U{0,1,2} territories on the same 32 x 28 hex grid. Every hex is *free*, *near*
  (free, touching a used hex) or *used*.
- The first territory starts on a uniformly random hex. Each later one starts on a
  uniformly random free hex off the outer ring that touches a near hex: two hexes away
  from the used ones, so territories start apart and leave gaps.
- A territory grows to U{12..18} hexes. It grows from its first hex until that hex is
  surrounded, then each step from a uniformly random own hex that still has a neighbour
  that is not used, into a uniformly random such neighbour. If no own hex has one, the
  territory is dropped, but its hexes stay used (holes in the map), and it starts over
  elsewhere.
- Then it fills gaps: for each of its hexes in turn (hexes it takes are visited too) it
  scans the neighbours in a fixed order (E, SE, SW, W, NW, NE), stops at the first that
  is not near, and takes the first near one with at most 2 of its 6 sides outside the
  territory (off-board sides count as outside): at most one hex per own hex.
- Territories are adjacent when hexes of theirs share an edge.

About a fifth of such maps fall apart into pieces no attack can join, where a game can
never end by conquest. The original does not say what it did with them; here a map that
is not connected is drawn again from the same ``random.Random``, so a seed still gives
one map.
"""

from __future__ import annotations

import random

from games.dicewars.board import Board
from games.dicewars.hexgrid import CELLS, COLUMNS, ROWS
from games.dicewars.regions import largest_region

MIN_TERRITORIES = 29
EXTRA_TERRITORIES = 3  # 29 + U{0,1,2}
MIN_SIZE, MAX_SIZE = 12, 18
#: A near hex is taken in the fill when at most this many of its sides lie outside.
OUTSIDE_SIDES = 2

FREE, NEAR, USED = 0, 1, 2


def _ordered_neighbours(cell: int) -> tuple[int | None, ...]:
    # The six sides in the original's fixed order, in doubled coordinates
    # (+2, 0), (+1, +1), (-1, +1), (-2, 0), (-1, -1), (+1, -1); None off the board.
    row, column = divmod(cell, COLUMNS)
    x = 2 * column + (row & 1)
    found: list[int | None] = []
    for dx, dy in ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)):
        r = row + dy
        nx = x + dx - (r & 1)
        if 0 <= r < ROWS and nx % 2 == 0 and 0 <= nx // 2 < COLUMNS:
            found.append(r * COLUMNS + nx // 2)
        else:
            found.append(None)
    return tuple(found)


#: Every cell's six sides in order, None where a side is off the board.
SIDES: tuple[tuple[int | None, ...], ...] = tuple(_ordered_neighbours(c) for c in range(CELLS))
#: Every cell's on-board neighbours.
ON_BOARD: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in sides if n is not None) for sides in SIDES
)
#: Where a later territory may start: every hex but the outer ring.
INNER = bytes(
    1 if 0 < c // COLUMNS < ROWS - 1 and 0 < c % COLUMNS < COLUMNS - 1 else 0 for c in range(CELLS)
)


def generate_paper_map(rng: random.Random) -> Board:
    """A connected map in the paper's style; redraws (same rng) until it is connected."""
    while True:
        board = _attempt(rng)
        if largest_region(board.everything, board.adjacent) == board.size:
            return board


def _attempt(rng: random.Random) -> Board:
    draw = rng.random
    state = bytearray(CELLS)
    near: list[int] = []  # every hex ever marked near (some are used by now)
    count = MIN_TERRITORIES + int(draw() * EXTRA_TERRITORIES)
    territories: list[list[int]] = []
    for _ in range(count):
        size = MIN_SIZE + int(draw() * (MAX_SIZE - MIN_SIZE + 1))
        while True:
            start = _start(draw, state, near, first=not territories)
            if start is None:  # nowhere left to start: the map keeps what it has
                break
            cells = _grow(draw, state, near, start, size)
            if cells is not None:
                _fill(state, near, cells)
                territories.append(cells)
                break
        if start is None:
            break
    return _board(territories)


def _use(state: bytearray, near: list[int], cell: int) -> None:
    state[cell] = USED
    for n in ON_BOARD[cell]:
        if state[n] == FREE:
            state[n] = NEAR
            near.append(n)


def _start(draw, state: bytearray, near: list[int], first: bool) -> int | None:
    if first:
        cell = int(draw() * CELLS)
    else:
        # Free inner hexes touching a near one, in cell order (the draw is uniform).
        places = sorted(
            {
                n
                for c in near
                if state[c] == NEAR
                for n in ON_BOARD[c]
                if state[n] == FREE and INNER[n]
            }
        )
        if not places:
            return None
        cell = places[int(draw() * len(places))]
    _use(state, near, cell)
    return cell


def _grow(draw, state: bytearray, near: list[int], start: int, size: int) -> list[int] | None:
    """The territory's cells, or None if it got stuck (its cells stay used)."""
    cells = [start]
    growing = [start]  # own hexes that may still have a neighbour that is not used
    at = start
    while len(cells) < size:
        if at != start or at not in growing:
            at = growing[int(draw() * len(growing))]
        open_sides = [n for n in ON_BOARD[at] if state[n] != USED]
        if open_sides:
            cell = open_sides[int(draw() * len(open_sides))]
            _use(state, near, cell)
            cells.append(cell)
            growing.append(cell)
            continue
        growing.remove(at)
        if not growing:
            return None
    return cells


def _fill(state: bytearray, near: list[int], cells: list[int]) -> None:
    inside = set(cells)
    for cell in cells:  # cells taken here are visited too, as in the original
        for n in SIDES[cell]:
            if n is None or state[n] != NEAR:
                break
            outside = sum(1 for m in SIDES[n] if m is None or m not in inside)
            if outside <= OUTSIDE_SIDES:
                _use(state, near, n)
                cells.append(n)
                inside.add(n)
                break


def _board(territories: list[list[int]]) -> Board:
    where = {cell: t for t, cells in enumerate(territories) for cell in cells}
    adjacent = [0] * len(territories)
    for t, cells in enumerate(territories):
        for cell in cells:
            for n in ON_BOARD[cell]:
                other = where.get(n)
                if other is not None and other != t:
                    adjacent[t] |= 1 << other
    return Board(territories, adjacent)
