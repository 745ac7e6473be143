"""Setting up a game from one map seed (docs/games/dicewars.md).

The whole setup (map, play order, dealing, starting dice) is one chance event: its
outcome is a 32-bit seed, and this module expands it deterministically, so a record
holds one number for the setup and anyone can regenerate the same board.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.dicewars.board import Board
from games.dicewars.mapgen import generate_map
from games.dicewars.mapgen_paper import generate_paper_map

MAX_DICE = 8
#: Starting dice: DICE_PER_TERRITORY per territory, minus U{0..DICE_HELD_BACK}.
DICE_PER_TERRITORY = 3
DICE_HELD_BACK = 5


@dataclass(frozen=True)
class Setup:
    board: Board
    order: list[int]  # seats in play order
    owner: list[int]  # per territory
    dice: list[int]  # per territory


#: The ``map_style`` option: how a map is drawn from the seed (the reading in docs/games/dicewars.md by
#: default; "paper": the sparser maps of the write-up's own server, mapgen_paper.py).
MAP_STYLES = {"grown": generate_map, "paper": generate_paper_map}


def set_up(seed: int, num_players: int, map_style: str = "grown") -> Setup:
    rng = random.Random(seed)
    draw = rng.random
    board = MAP_STYLES[map_style](rng)
    order = list(range(num_players))
    rng.shuffle(order)
    owner = deal(draw, board.size, order)
    dice = starting_dice(draw, owner, order)
    return Setup(board, order, owner, dice)


def deal(draw, size: int, order: list[int]) -> list[int]:
    """Territories go one at a time to the players in reverse play order, each taking
    a random unassigned one; with an uneven count the last players to move get more."""
    owner = [-1] * size
    free = list(range(size))
    dealing = order[::-1]
    turn = 0
    while free:
        i = int(draw() * len(free))
        owner[free[i]] = dealing[turn % len(dealing)]
        free[i] = free[-1]
        free.pop()
        turn += 1
    return owner


def starting_dice(draw, owner: list[int], order: list[int]) -> list[int]:
    """3 dice a territory minus U{0..5} in all; players in reverse play order each take
    round(what is left / players left), one die on every territory of theirs, then the
    rest one at a time on random territories of theirs below 8."""
    dice = [1] * len(owner)
    total = DICE_PER_TERRITORY * len(owner) - int(draw() * (DICE_HELD_BACK + 1))
    for done, seat in enumerate(reversed(order)):
        share = round(total / (len(order) - done))
        total -= share
        mine = [t for t, o in enumerate(owner) if o == seat]
        rest = share - len(mine)
        while rest > 0 and mine:
            i = int(draw() * len(mine))
            t = mine[i]
            dice[t] += 1
            rest -= 1
            if dice[t] == MAX_DICE:
                mine[i] = mine[-1]
                mine.pop()
    return dice
