"""The engine contract shared by every game (game.py, state.py; README.md's Layout).

A game is immutable rules (:class:`Game`); a position is a :class:`State`.
Seats are 0, 1, ...; the other actors are the constants below.
"""

from games.core.errors import IllegalMove
from games.core.game import Game, Option
from games.core.outcome import Outcome
from games.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State, actor_name
from games.core.words import SOMEONE, describe_event, describe_text_move, for_seat, with_names

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "SOMEONE",
    "TERMINAL",
    "Game",
    "IllegalMove",
    "Option",
    "Outcome",
    "State",
    "actor_name",
    "describe_event",
    "describe_text_move",
    "for_seat",
    "with_names",
]
