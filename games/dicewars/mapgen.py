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


def generate_map(rng: random.Random) -> Board:
    draw = rng.random
    owner = [-1] * CELLS
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
            cells, frontier, borders = _grow(draw, owner, t, start, target)
            if len(cells) == target:
                break
            for cell in cells:  # stuck in a pocket: give the hexes back and start over
                owner[cell] = -1
        borders |= _absorb(owner, t, cells, frontier)
        hexes.append(cells)
        adjacent.append(borders)
        for other in range(t):
            if borders >> other & 1:
                adjacent[other] |= 1 << t
        for cell in cells:
            for n in NEIGHBOURS[cell]:
                if owner[n] < 0 and not listed[n]:
                    listed[n] = 1
                    touching.append(n)
    return Board(hexes, adjacent)


def _start_cell(draw, touching: list[int], owner: list[int]) -> int:
    while True:
        i = int(draw() * len(touching))
        cell = touching[i]
        if owner[cell] < 0:
            return cell
        touching[i] = touching[-1]
        touching.pop()


def _grow(draw, owner: list[int], t: int, start: int, target: int):
    """Grow territory ``t`` from ``start`` by random free hexes along its edge."""
    owner[start] = t
    cells = [start]
    frontier: list[int] = []
    seen = {start}
    borders = 0
    while True:
        for n in NEIGHBOURS[cells[-1]]:
            other = owner[n]
            if other < 0:
                if n not in seen:
                    seen.add(n)
                    frontier.append(n)
            elif other != t:
                borders |= 1 << other
        if len(cells) == target or not frontier:
            return cells, frontier, borders
        i = int(draw() * len(frontier))
        cell = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        owner[cell] = t
        cells.append(cell)


def _absorb(owner: list[int], t: int, cells: list[int], frontier: list[int]) -> int:
    """Take the free hexes territory ``t`` nearly encloses (off-board sides count as
    outside); each one taken may enclose the next, so the check runs until nothing
    changes. Returns the territories the absorbed hexes border."""
    borders = 0
    pending = frontier[:]
    while pending:
        cell = pending.pop()
        if owner[cell] >= 0:
            continue
        around = NEIGHBOURS[cell]
        inside = 0
        for n in around:
            if owner[n] == t:
                inside += 1
        if inside < ENCLOSED_SIDES:
            continue
        owner[cell] = t
        cells.append(cell)
        for n in around:
            other = owner[n]
            if other < 0:
                pending.append(n)
            elif other != t:
                borders |= 1 << other
    return borders
