"""Footsies: a simultaneous duel of Attack, Block, Grab and Dragon Punch (GAMES.md §2)."""

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


def describe_move(state: FootsiesState, move) -> str:
    """A sentence for people: both choices and what they did."""
    from games.footsies.rules import NAMES, resolve

    if isinstance(move, tuple) and len(move) == 2 and all(isinstance(m, tuple) for m in move):
        moves = (move[0][1], move[1][1])
        *_, words = resolve(
            moves,
            (state.blocks[0], state.blocks[1]),
            (state.streak[0], state.streak[1]),
            state.options["block_exhaustion"],
            state.options["attacks_to_win"],
        )
        return f"{NAMES[moves[0]]} vs {NAMES[moves[1]]}: {words}"
    return NAMES.get(move, str(move))
