"""A Dicey-Dungeons-style dice battle: the Hero against one enemy (docs/games/dungeon.md)."""

from games.dungeon.catalogue import ENEMIES, HERO, ITEMS
from games.dungeon.describe import describe_move
from games.dungeon.game import Dungeon
from games.dungeon.state import DungeonState

GAME = Dungeon()

__all__ = ["ENEMIES", "GAME", "HERO", "ITEMS", "Dungeon", "DungeonState", "describe_move"]
