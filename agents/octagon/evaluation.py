"""How expectimax judges an Octagon position: the piece lead (the final score) as a
share of the pieces on the board, on the payoff scale."""

from __future__ import annotations

from games.core import TERMINAL


def evaluate(state, seat: int) -> float:
    if state.current() == TERMINAL:
        return state.returns()[seat]
    scores = state.observation(None)["scores"]
    total = sum(scores)
    if not total:
        return 0.0
    return (scores[seat] - scores[1 - seat]) / total
