"""Footsies: a simultaneous duel of Attack, Block, Grab and Dragon Punch (docs/games/footsies.md)."""

from games.footsies.describe import describe_move
from games.footsies.game import Footsies
from games.footsies.rules import ATTACK, BLOCK, DRAGON_PUNCH, GRAB, MOVES
from games.footsies.state import FootsiesState

GAME = Footsies()

__all__ = [
    "ATTACK",
    "BLOCK",
    "DRAGON_PUNCH",
    "GAME",
    "GRAB",
    "MOVES",
    "Footsies",
    "FootsiesState",
    "describe_move",
]
