from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Game, Option
from games.dungeon.catalogue import ENEMIES, HERO, Fighter, loadout_problem, parse_loadout
from games.dungeon.chance import MAX_DICE
from games.dungeon.describe import describe_move
from games.dungeon.restore import restore
from games.dungeon.sides import Gear, Side
from games.dungeon.state import DungeonState


def _whole(low: int, high: int) -> Any:
    """A check for an optional whole number (Option skips type checks when the default
    is None, so the bounds are checked here too)."""

    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return f"must be a whole number from {low} to {high}, not {value!r}"
        return None

    return check


def _loadout(value: Any) -> str | None:
    if not isinstance(value, str):
        return f"a loadout is text, not {value!r}"
    return loadout_problem(value)


class Dungeon(Game):
    slug = "dungeon"
    title = "Dicey Dungeon"
    min_players = 2
    max_players = 2
    options_spec = {
        "enemy": Option("frog", "the enemy the Hero fights", choices=tuple(ENEMIES)),
        "hero_hp": Option(HERO.hp, "the Hero's maximum (and starting) HP", minimum=1, maximum=999),
        "hero_dice": Option(
            HERO.dice, "dice the Hero rolls each turn", minimum=1, maximum=MAX_DICE
        ),
        "hero_equipment": Option(
            HERO.loadout,
            "the Hero's cards, comma-separated (a trailing * makes one reusable)",
            check=loadout_problem,
        ),
        "enemy_hp": Option(
            None, "the enemy's HP (none: the enemy's own)", allow_none=True, check=_whole(1, 999)
        ),
        "enemy_dice": Option(
            None, "the enemy's dice (none: its own)", allow_none=True, check=_whole(1, MAX_DICE)
        ),
        "enemy_equipment": Option(
            None, "the enemy's cards (none: its own)", allow_none=True, check=_loadout
        ),
        "max_turns": Option(100, "turns (both sides') before a draw", minimum=1, maximum=1000),
    }

    def new_state(self, num_players: int = 2, options: Mapping[str, Any] | None = None):
        self.check_num_players(num_players)
        resolved = self.resolve_options(options)
        enemy = ENEMIES[resolved["enemy"]]
        hero = Fighter(
            HERO.name, resolved["hero_hp"], resolved["hero_dice"], resolved["hero_equipment"]
        )
        foe = Fighter(
            enemy.name,
            resolved["enemy_hp"] or enemy.hp,
            resolved["enemy_dice"] or enemy.dice,
            resolved["enemy_equipment"] or enemy.loadout,
        )
        return DungeonState(self, resolved, [_side(hero), _side(foe)])

    def from_position(self, view: Mapping[str, Any]) -> DungeonState:
        return restore(self, view)

    def describe_move(self, state: Any, move: Any) -> str:
        return describe_move(state, move)


def _side(fighter: Fighter) -> Side:
    gear = [Gear(item, reusable) for item, reusable in parse_loadout(fighter.loadout)]
    return Side(fighter.name, fighter.hp, fighter.dice, gear)
