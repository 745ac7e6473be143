"""The two sides of a battle and the equipment cards in front of them.

Plain mutable records with ``__slots__``: the engine changes them in place on the fast
path, and ``copy()`` is what ``State.clone`` costs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.dungeon.catalogue import Item

HERO, ENEMY = 0, 1


class Gear:
    """One equipment card in play: the item, its slots' dice and this turn's markings."""

    __slots__ = ("item", "reusable", "slots", "held", "left", "uses", "shocked", "weakened")

    def __init__(self, item: Item, reusable: bool = False) -> None:
        self.item = item
        self.reusable = reusable
        #: Die values waiting in the slots of multi-slot equipment (0: empty). Single-slot
        #: equipment fires at once, so its slot never holds a die.
        self.slots = [0] * len(item.slots)
        self.held = 0  # how many slots hold a die, so turn ends skip empty cards cheaply
        #: What a countdown still needs; it persists across turns (0 for other items).
        self.left = item.countdown
        self.uses = 0  # activations this turn
        self.shocked = False
        self.weakened = False

    @property
    def usable(self) -> bool:
        """May take a die now: not shocked, and a use left (or reusable)."""
        return not self.shocked and (self.reusable or self.uses == 0)

    @property
    def uses_left(self) -> int | None:
        """Activations left this turn; None for reusable equipment (no limit)."""
        return None if self.reusable else max(0, 1 - self.uses)

    def copy(self) -> Gear:
        other = Gear.__new__(Gear)
        other.item = self.item
        other.reusable = self.reusable
        other.slots = self.slots[:]
        other.held = self.held
        other.left = self.left
        other.uses = self.uses
        other.shocked = self.shocked
        other.weakened = self.weakened
        return other


class Side:
    """Hero or Enemy: hit points, dice per turn, statuses and equipment."""

    __slots__ = (
        "name",
        "hp",
        "max_hp",
        "dice",
        "shield",
        "poison",
        "burn",
        "shock",
        "weaken",
        "gear",
    )

    def __init__(self, name: str, max_hp: int, dice: int, gear: list[Gear]) -> None:
        self.name = name
        self.hp = max_hp
        self.max_hp = max_hp
        self.dice = dice  # dice rolled at the start of each of its turns
        self.shield = 0
        self.poison = 0
        # Pending stacks: inflicted by the other side, resolved at this side's next roll.
        self.burn = 0
        self.shock = 0
        self.weaken = 0
        self.gear = gear

    def copy(self) -> Side:
        other = Side.__new__(Side)
        other.name = self.name
        other.hp = self.hp
        other.max_hp = self.max_hp
        other.dice = self.dice
        other.shield = self.shield
        other.poison = self.poison
        other.burn = self.burn
        other.shock = self.shock
        other.weaken = self.weaken
        other.gear = [g.copy() for g in self.gear]
        return other
