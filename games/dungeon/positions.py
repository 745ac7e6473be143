"""Hand-made positions, for puzzles, "analyse from here" and rule tests.

``position_view`` gives the JSON view of a fresh battle with chosen cards, already in a
chosen side's action step with chosen dice; edit any field of it (HP, shield, poison,
pending stacks, countdowns, markings) and pass it to ``GAME.from_position``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.dungeon.catalogue import ENEMIES, HERO


def position_view(
    hero: str = HERO.loadout,
    enemy: str | None = None,
    dice: Sequence[int] = (),
    seat: int = 0,
    foe: str = "frog",
    **options: Any,
) -> dict[str, Any]:
    """A view with ``seat`` to act on ``dice`` (no dice: its roll is due).

    ``hero``/``enemy`` are loadouts (``enemy`` None: the foe's own); ``options`` go to
    the game as they are (``max_turns``, ``hero_hp``...).
    """
    from games.dungeon import GAME

    chosen = {
        "enemy": foe,
        "hero_equipment": hero,
        "enemy_equipment": enemy or ENEMIES[foe].loadout,
        **options,
    }
    view = GAME.new_state(2, chosen).observation(None)
    view["to_move"] = seat
    view["turn"] = 1 + seat
    view["phase"] = "act" if dice else "roll"
    view["dice"] = [{"value": v, "burning": False, "used": False} for v in dice]
    view["last"] = None
    return view


def position(**kwargs: Any):
    """``GAME.from_position(position_view(**kwargs))``."""
    from games.dungeon import GAME

    return GAME.from_position(position_view(**kwargs))
