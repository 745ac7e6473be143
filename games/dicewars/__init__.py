"""Dice Wars: conquer every territory of a random hex map (docs/games/dicewars.md).

Helpers for agents: ``legal_attacks``, ``largest_region``, ``regions``,
``win_probability`` and ``describe_move``; the fast path is ``DiceWarsState.push``/``pop`` and ``simulate``.
"""

from games.dicewars.battle import win_probability
from games.dicewars.game import DiceWars
from games.dicewars.helpers import largest_region, legal_attacks, regions
from games.dicewars.moves import END_TURN
from games.dicewars.narration import describe_move
from games.dicewars.state import DiceWarsState

GAME = DiceWars()

__all__ = [
    "END_TURN",
    "GAME",
    "DiceWars",
    "DiceWarsState",
    "describe_move",
    "largest_region",
    "legal_attacks",
    "regions",
    "win_probability",
]
