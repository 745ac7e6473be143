"""Pig, the classic dice race (docs/games/pig.md): roll as often as you dare, a 1 loses
the turn's points, hold to bank them; the first to the goal (100) wins."""

from games.pig.game import GAME, Pig
from games.pig.state import FACES, HOLD, MOVES, ROLL, PigState

__all__ = ["FACES", "GAME", "HOLD", "MOVES", "ROLL", "Pig", "PigState"]
