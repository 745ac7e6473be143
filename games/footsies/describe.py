"""Footsies in people's words."""

from __future__ import annotations

from games.footsies.rules import NAMES, resolve
from games.footsies.state import FootsiesState


def describe_move(state: FootsiesState, move) -> str:
    """A sentence for people: both choices and what they did."""
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
