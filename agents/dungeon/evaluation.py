"""How expectimax judges a battle position: the difference of the two sides' health as
shares of their maximum, on the payoff scale (the side that reaches 0 loses)."""

from __future__ import annotations

from games.core import TERMINAL


def evaluate(state, seat: int) -> float:
    if state.current() == TERMINAL:
        return state.returns()[seat]
    sides = state.observation(None)["sides"]

    def health(side: dict) -> float:
        return max(0, side["hp"]) / max(1, side["max_hp"])

    return max(-1.0, min(1.0, health(sides[seat]) - health(sides[1 - seat])))
