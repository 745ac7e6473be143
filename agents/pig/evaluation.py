"""Pig's evaluation for expectimax and the analysis: the solved game's winning chance
(solve.py) on the payoff scale, the payoff itself at the end."""

from __future__ import annotations

from agents.pig.solve import table
from games.core import CHANCE, TERMINAL, State


def win_chance(state: State, seat: int) -> float:
    """``seat``'s chance to win from here under optimal play by both (the turn cap aside)."""
    solved = table(state.options["goal"])
    mover = state.turn
    mine, theirs, total = state.scores[mover], state.scores[1 - mover], state.turn_total
    if state.current() == CHANCE:
        chance = solved.roll_value(mine, theirs, total)
    else:
        chance = solved.value(mine, theirs, total)
    return chance if seat == mover else 1.0 - chance


def evaluate(state: State, seat: int) -> float:
    if state.current() == TERMINAL:
        return state.returns()[seat]
    return max(-1.0, min(1.0, 2.0 * win_chance(state, seat) - 1.0))
