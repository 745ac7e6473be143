"""How expectimax judges a Footsies position: its exact value under equilibrium play
(the solved game), from the seat's side. Solving takes about a second, once per option
set; after that it is a table look-up."""

from __future__ import annotations

from games.core import TERMINAL
from games.footsies.state import FootsiesState


def evaluate(state: FootsiesState, seat: int) -> float:
    if state.current() == TERMINAL:
        return state.returns()[seat]
    from agents.footsies.nash import solution_for

    value = solution_for(state).values[solution_for(state).key(state)]
    return value if seat == 0 else -value
