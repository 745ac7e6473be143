"""Button Men: two fighters' dice capture each other, round after round (docs/games/buttonmen.md).

``GAME`` is the engine; ``describe_move`` words a move for people; ``attack_list`` and
``round_scores`` are the helpers agents use; ``games.buttonmen.fast`` is the fast path
for bulk random play and ``ButtonMenState.push``/``pop`` the in-place path for search.
"""

from games.buttonmen.describe import describe_move
from games.buttonmen.fighters import FIGHTERS, NAMES, SWING_SIZES
from games.buttonmen.game import ButtonMen
from games.buttonmen.helpers import Attack, attack_list, round_scores
from games.buttonmen.state import ButtonMenState

GAME = ButtonMen()

__all__ = [
    "FIGHTERS",
    "GAME",
    "NAMES",
    "SWING_SIZES",
    "Attack",
    "ButtonMen",
    "ButtonMenState",
    "attack_list",
    "describe_move",
    "round_scores",
]
