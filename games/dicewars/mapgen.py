"""Map generation (docs/games/dicewars.md): grow 29-31 territories on the hex grid.

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


#: owner[] holds a territory number, FREE, or for a free cell on the edge of the growing
#: territory FREE minus the number of its sides inside that territory (-2 .. -7): the
#: count absorption needs is kept up to date as the territory grows.
FREE = -1
#: owner[] at or below this: a free cell with ENCLOSED_SIDES sides inside, to absorb.
ENCLOSED = FREE - ENCLOSED_SIDES


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
        borders |= _absorb(owner, t, cells, edge)
        borders &= ~(1 << t)
        hexes.append(cells)
        adjacent.append(borders)
        while borders:
            low = borders & -borders
            borders ^= low
            adjacent[low.bit_length() - 1] |= 1 << t
        for cell in edge:
            if owner[cell] < FREE:
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

    Returns its cells, the free cells on its edge (marked in ``owner`` with their sides
    inside) and the territories it touches (a mask that may include ``t`` itself). When
    stuck (no free cell on the edge) fewer than ``target`` cells come back."""
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
            if other < 0:
                if other == FREE:
                    extend(n)
                owner[n] = other - 1  # one more side inside
            else:
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
    outside); each one taken may enclose the next, so this runs until nothing changes.
    New edge cells join ``edge``. Returns the territories the absorbed hexes touch."""
    borders = 0
    pending = [cell for cell in edge if owner[cell] <= ENCLOSED]
    while pending:
        cell = pending.pop()
        if owner[cell] >= FREE:
            continue  # already absorbed
        owner[cell] = t
        cells.append(cell)
        for n in NEIGHBOURS[cell]:
            other = owner[n]
            if other < 0:
                if other == FREE:
                    edge.append(n)
                other -= 1
                owner[n] = other
                if other == ENCLOSED:  # just reached enough sides inside
                    pending.append(n)
            else:
                borders |= 1 << other
    return borders
