"""What each item does when it fires (the effect column of docs/games/dungeon.md's catalogue).

Every effect takes the state, the firing side, its opponent, ``v`` (the die value, or
the slot sum on multi-slot equipment; countdowns ignore it) and ``weak`` (1 if the
equipment is weakened this turn, else 0). Weaken lowers an item's first amount by one,
never below 0 — the damage, shield, heal, poison or weaken it gives; riders such as the
Hammer's shock or the Fireball's burn keep their size, and the Spanner and the Lockpick,
which only change dice, are not affected.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games.dungeon import combat
from games.dungeon.sides import Side

if TYPE_CHECKING:
    from games.dungeon.state import DungeonState

Effect = Callable[["DungeonState", Side, Side, int, int], None]


def sword(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    combat.damage(opp, v - weak)


def big_sword(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    combat.damage(opp, v + 2 - weak)


def shield(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    combat.add_shield(me, v - weak)


def hammer(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    combat.damage(opp, v - weak)
    if v == 6:
        combat.shock(opp, 1)


def pea_shooter(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    combat.damage(opp, 3 - weak)


def spanner(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    # Two dice become one when they fit on a die, else a 6 and what is left over.
    if v <= 6:
        state.add_dice(v)
    else:
        state.add_dice(6, v - 6)


def lockpick(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    state.start_split(v)  # where the cut falls is a chance event of its own


def poison_4(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    combat.poison(opp, 4 - weak)


def fireball(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    combat.damage(opp, v - weak)
    combat.burn(opp, 1)


def toxic_ooze(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    combat.damage(opp, v - weak)
    if v == 6:
        combat.poison(opp, 2)


def enfeeble(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    combat.weaken(opp, 1 - weak)


def bandage(state: DungeonState, me: Side, opp: Side, v: int, weak: int) -> None:
    combat.heal(me, v - weak)
