"""The octagonal board of each preset and its precomputed tables (docs/games/octagon.md).

A square of side S with each corner cut by a staircase of C cells, and the centre cell
removed as the hole. Cells are numbered row-major over the whole square
(``index = row * S + column``) so row-major order is also index order; the tables below
are built once per preset and shared by every state, which is what makes the fast path
fast: a push looks up its next cell instead of computing and bounds-checking it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.octagon.pieces import DELTAS, LIMITED_KINDS

#: ``step`` values that are not a cell: the push would leave the board here.
OFF_EDGE = -1
INTO_HOLE = -2

#: How far the safety measure looks along each direction (the weighted greedy AI, docs/games/octagon.md).
SAFETY_REACH = 3


@dataclass(frozen=True)
class Preset:
    name: str
    turns: int  # T: single placements by either player
    size: int  # S
    cut: int  # C
    stock: dict[int, int]  # limited pieces per player, by kind


PRESETS: dict[str, Preset] = {
    "small": Preset("small", 20, 7, 2, {2: 2, 4: 1, 8: 1}),
    "standard": Preset("standard", 30, 9, 3, {2: 3, 4: 2, 8: 2}),
    "large": Preset("large", 70, 13, 4, {2: 6, 4: 4, 8: 3}),
}
DEFAULT_PRESET = "standard"


def is_playable(size: int, cut: int, row: int, column: int) -> bool:
    """The staircase rule plus the hole, for one cell of the square."""
    if not (0 <= row < size and 0 <= column < size):
        return False
    if min(row, size - 1 - row) + min(column, size - 1 - column) < cut:
        return False
    return (row, column) != (size // 2, size // 2)


@dataclass(frozen=True, eq=False)
class Board:
    """The fixed geometry of one preset; never changes during a game."""

    preset: Preset
    size: int
    hole: int
    playable: tuple[bool, ...]  # per index of the square
    cells: tuple[int, ...]  # the playable indices, row-major
    #: ``step[d][i]``: the index one step from cell i in direction d, or OFF_EDGE/INTO_HOLE.
    step: tuple[tuple[int, ...], ...]
    #: ``safety[i]`` for playable i (0 elsewhere); see :func:`safety`.
    safety: tuple[int, ...]

    def index(self, row: int, column: int) -> int:
        return row * self.size + column

    def row_col(self, index: int) -> tuple[int, int]:
        return divmod(index, self.size)

    def holds(self, row: int, column: int) -> bool:
        """Whether (row, column) is a playable cell of this board."""
        return (
            0 <= row < self.size
            and 0 <= column < self.size
            and self.playable[row * self.size + column]
        )


@cache
def board_for(preset_name: str) -> Board:
    """The shared geometry of a preset (built once per process)."""
    preset = PRESETS[preset_name]
    size, cut = preset.size, preset.cut
    hole = (size // 2) * size + size // 2
    playable = tuple(is_playable(size, cut, i // size, i % size) for i in range(size * size))
    step = []
    for dr, dc in DELTAS:
        row_of_steps = []
        for i in range(size * size):
            r, c = divmod(i, size)
            nr, nc = r + dr, c + dc
            if (nr, nc) == (size // 2, size // 2):
                row_of_steps.append(INTO_HOLE)
            elif is_playable(size, cut, nr, nc):
                row_of_steps.append(nr * size + nc)
            else:
                row_of_steps.append(OFF_EDGE)
        step.append(tuple(row_of_steps))
    cells = tuple(i for i in range(size * size) if playable[i])
    safety = tuple(_safety(i, step) if playable[i] else 0 for i in range(size * size))
    return Board(preset, size, hole, playable, cells, tuple(step), safety)


def _safety(cell: int, step: list[tuple[int, ...]]) -> int:
    total = 0
    for line in step:
        here, steps = cell, 1
        # Steps to the first non-playable cell (edge, cut corner or hole), capped.
        while steps < SAFETY_REACH and line[here] >= 0:
            here = line[here]
            steps += 1
        total += steps
    return total


def safety_table(preset: str = DEFAULT_PRESET) -> dict[tuple[int, int], int]:
    """docs/games/octagon.md's cell safety for every playable cell of a preset, keyed by (row, column).

    safety(c) = sum over the 8 directions of min(steps to the first non-playable cell, 3):
    a cell beside the edge or the hole counts 1 in that direction, an open one 3.
    """
    board = board_for(preset)
    return {board.row_col(i): board.safety[i] for i in board.cells}


def position_weights(preset: str = DEFAULT_PRESET) -> dict[tuple[int, int], int]:
    """pos(c) = safety(c) - the lowest safety on the board (the greedy agent's term)."""
    table = safety_table(preset)
    low = min(table.values())
    return {cell: value - low for cell, value in table.items()}


def starting_stock(preset: str) -> dict[int, int]:
    """Limited pieces each player starts with, by kind."""
    stock = PRESETS[preset].stock
    return {kind: stock[kind] for kind in LIMITED_KINDS}
