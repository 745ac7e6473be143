"""The hex grid Dice Wars maps are cut from (docs/games/dicewars.md).

32 columns by 28 rows of pointy-top hexes, odd rows shifted half a hex to the right.
A hex is one integer, its *cell* ``row * COLUMNS + column``, so tables are plain tuples
and a map is cheap to generate. docs/games/dicewars.md names hexes in doubled coordinates
(x -32..30 on even rows, -31..31 on odd rows; y -14..13); :func:`doubled` converts.
"""

from __future__ import annotations

COLUMNS = 32
ROWS = 28
CELLS = COLUMNS * ROWS
SIDES = 6


def doubled(cell: int) -> tuple[int, int]:
    """The doubled coordinates (x, y) of a cell, as docs/games/dicewars.md writes them."""
    row, column = divmod(cell, COLUMNS)
    return 2 * column - 32 + (row & 1), row - 14


def _neighbours(cell: int) -> tuple[int, ...]:
    # In doubled coordinates the six sides lead to (x±2, y) and (x±1, y±1); with odd
    # rows shifted right that is columns (c-1, c) above/below an even row and (c, c+1)
    # above/below an odd one.
    row, column = divmod(cell, COLUMNS)
    shift = row & 1
    steps = [(0, -1), (0, 1)]
    for dr in (-1, 1):
        steps += [(dr, shift - 1), (dr, shift)]
    found = []
    for dr, dc in steps:
        r, c = row + dr, column + dc
        if 0 <= r < ROWS and 0 <= c < COLUMNS:
            found.append(r * COLUMNS + c)
    return tuple(sorted(found))


#: The on-board neighbours of every cell (fewer than six along the edge).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(cell) for cell in range(CELLS))
