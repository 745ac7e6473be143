"""Map generation (GAMES.md section 4): grow 29-31 territories on the hex grid.

Every step draws from the one ``random.Random`` it is given, so a map seed always
expands to the same map. Cells are ints and the tables are tuples: a map takes about a
millisecond, which matters because bulk simulation generates one per game.
"""

from __future__ import annotations

import random

from games.dicewars.board import Board
from games.dicewars.hexgrid import CELLS, NEIGHBOURS

MIN_TERRITORIES = 29
EXTRA_TERRITORIES = 3  # 29 + U{0,1,2}
MIN_SIZE, MAX_SIZE = 12, 18  # target hexes before absorption
#: A territory needs this many of its hex's six sides inside it to absorb a free hex.
ENCLOSED_SIDES = 4
#: A start hex can sit in a pocket too small to grow in; after this many fresh starts a
#: territory keeps the size it reached, so generation always ends (never seen to happen).
RESTARTS = 200


#: owner[] marks: a free cell, and a free cell already on the growing territory's edge.
FREE, EDGE = -1, -2


def generate_map(rng: random.Random) -> Board:
    draw = rng.random
    owner = [FREE] * CELLS
    # Free cells that touch used ones: the places a new territory may start. Entries go
    # stale when a territory takes them; they are dropped when drawn.
    touching: list[int] = []
    listed = bytearray(CELLS)
    hexes: list[list[int]] = []
    adjacent: list[int] = []
    count = MIN_TERRITORIES + int(draw() * EXTRA_TERRITORIES)
    for t in range(count):
        target = MIN_SIZE + int(draw() * (MAX_SIZE - MIN_SIZE + 1))
        for _ in range(RESTARTS):
            start = _start_cell(draw, touching, owner) if t else int(draw() * CELLS)
            cells, edge, borders = _grow(draw, owner, t, start, target)
            if len(cells) == target:
                break
            for cell in cells:  # stuck in a pocket: give the hexes back and start over
                owner[cell] = FREE
            for cell in edge:
                owner[cell] = FREE
        borders |= _absorb(owner, t, cells, edge)
        borders &= ~(1 << t)
        hexes.append(cells)
        adjacent.append(borders)
        while borders:
            low = borders & -borders
            borders ^= low
            adjacent[low.bit_length() - 1] |= 1 << t
        for cell in edge:
            if owner[cell] == EDGE:
                owner[cell] = FREE
                if not listed[cell]:
                    listed[cell] = 1
                    touching.append(cell)
    return Board(hexes, adjacent)


def _start_cell(draw, touching: list[int], owner: list[int]) -> int:
    while True:
        i = int(draw() * len(touching))
        cell = touching[i]
        if owner[cell] == FREE:
            return cell
        touching[i] = touching[-1]
        touching.pop()


def _grow(draw, owner: list[int], t: int, start: int, target: int):
    """Grow territory ``t`` from ``start`` by random free hexes along its edge.

    Returns its cells, the free cells on its edge (marked EDGE in ``owner``) and the
    territories it touches (a mask that may include ``t`` itself)."""
    owner[start] = t
    cells = [start]
    frontier: list[int] = []
    extend = frontier.append
    borders = 0
    cell = start
    size = 1
    while True:
        for n in NEIGHBOURS[cell]:
            other = owner[n]
            if other == FREE:
                owner[n] = EDGE
                extend(n)
            elif other >= 0:
                borders |= 1 << other
        if size == target or not frontier:
            return cells, frontier, borders
        i = int(draw() * len(frontier))
        cell = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        owner[cell] = t
        cells.append(cell)
        size += 1


def _absorb(owner: list[int], t: int, cells: list[int], edge: list[int]) -> int:
    """Take the free hexes territory ``t`` nearly encloses (off-board sides count as
    outside); each one taken may enclose the next, so the check runs until nothing
    changes. New edge cells join ``edge``. Returns the territories the absorbed hexes
    touch."""
    borders = 0
    pending = edge[:]
    while pending:
        cell = pending.pop()
        if owner[cell] != EDGE:
            continue
        around = NEIGHBOURS[cell]
        if [owner[n] for n in around].count(t) < ENCLOSED_SIDES:
            continue
        owner[cell] = t
        cells.append(cell)
        for n in around:
            other = owner[n]
            if other == FREE:
                owner[n] = EDGE
                edge.append(n)
                pending.append(n)
            elif other == EDGE:
                pending.append(n)  # one more side inside: look again
            elif other >= 0:
                borders |= 1 << other
    return borders
