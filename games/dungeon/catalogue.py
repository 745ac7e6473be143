"""The equipment catalogue and the fighters (docs/games/dungeon.md).

Items are keyed by a slug (``big-sword``) that loadout options and views use; people see
the name. A loadout is a comma-separated list of slugs or names; a trailing ``*`` makes
that card reusable (no once-per-turn limit).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.dungeon import effects
from games.dungeon.slots import SlotRule, parse_rule

#: A side carries at most this many cards, so shock and weaken targets stay few.
MAX_EQUIPMENT = 6


@dataclass(frozen=True)
class Item:
    key: str
    name: str
    slots: tuple[SlotRule, ...]
    #: The effect on the card, as people read it (v: the die value or the slot sum).
    text: str
    fire: effects.Effect

    @property
    def countdown(self) -> int:
        """The countdown's start value, or 0 for an item without a countdown."""
        return self.slots[0].n if self.slots[0].is_countdown else 0


def _item(key: str, name: str, slots: str, text: str, fire: effects.Effect) -> Item:
    return Item(key, name, tuple(parse_rule(s) for s in slots.split("+")), text, fire)


ITEMS: dict[str, Item] = {
    item.key: item
    for item in (
        _item("sword", "Sword", "ANY", "damage v", effects.sword),
        _item("big-sword", "Big Sword", "ANY", "damage v + 2", effects.big_sword),
        _item("small-shield", "Small Shield", "MAX3", "shield v", effects.shield),
        _item("wooden-shield", "Wooden Shield", "MAX4", "shield v", effects.shield),
        _item("hammer", "Hammer", "ANY", "damage v; on a 6 also 1 shock", effects.hammer),
        _item("pea-shooter", "Pea Shooter", "COUNTDOWN 6", "damage 3", effects.pea_shooter),
        _item(
            "spanner",
            "Spanner",
            "ANY+ANY",
            "two dice become one (a 6 and the rest above 6)",
            effects.spanner,
        ),
        _item("lockpick", "Lockpick", "MIN2", "split the die in two", effects.lockpick),
        _item("poison-spell", "Poison Spell", "EXACT3", "poison 4", effects.poison_4),
        _item("poison-slingshot", "Poison Slingshot", "COUNTDOWN 12", "poison 4", effects.poison_4),
        _item("fireball", "Fireball", "EVEN", "damage v, burn 1", effects.fireball),
        _item(
            "toxic-ooze", "Toxic Ooze", "ANY", "damage v; on a 6 also poison 2", effects.toxic_ooze
        ),
        _item("enfeeble", "Enfeeble", "MAX2", "weaken 1", effects.enfeeble),
        _item("bandage", "Bandage", "MAX4", "heal v", effects.bandage),
    )
}


@dataclass(frozen=True)
class Fighter:
    name: str
    hp: int
    dice: int
    loadout: str


HERO = Fighter("Hero", 24, 3, "sword,wooden-shield,lockpick")
ENEMIES: dict[str, Fighter] = {
    "frog": Fighter("Frog", 12, 2, "big-sword,small-shield"),
    "handyman": Fighter("Handyman", 20, 3, "spanner,hammer,pea-shooter"),
}


def item_key(text: str) -> str:
    """``"Big Sword"``, ``"big_sword"`` and ``"big-sword"`` all name the Big Sword."""
    return "-".join(text.strip().lower().replace("_", " ").replace("-", " ").split())


def parse_loadout(text: str) -> list[tuple[Item, bool]]:
    """A loadout string → (item, reusable) per card, in order; ValueError names a bad one."""
    if not isinstance(text, str):
        raise ValueError(f"a loadout is text, not {text!r}")
    cards: list[tuple[Item, bool]] = []
    for part in text.split(","):
        part = part.strip()
        reusable = part.endswith("*")
        key = item_key(part.rstrip("*"))
        if key not in ITEMS:
            known = ", ".join(ITEMS)
            raise ValueError(f"no equipment called {part!r} (known: {known})")
        cards.append((ITEMS[key], reusable))
    if len(cards) > MAX_EQUIPMENT:
        raise ValueError(f"at most {MAX_EQUIPMENT} equipment cards, not {len(cards)}")
    return cards


def loadout_problem(text: str) -> str | None:
    """For ``Option.check``: an error text, or None when the loadout is good."""
    try:
        parse_loadout(text)
    except ValueError as exc:
        return str(exc)
    return None
