"""The equilibrium player: the exact minimax mix of the position it is in.

The write-up dropped its Nash player, believing no equilibrium exists; one does (every
finite zero-sum game has a value), and ``agents.equilibrium`` computes it for every
position and option set. This agent looks its position up and draws from that mix, so
no opponent can expect more than the game's value against it (0 from the start).
"""

from __future__ import annotations

import random

from agents.core import Agent, Budget, Decision
from agents.equilibrium.footsies import Solution, describe, solve
from games.footsies import MOVES
from games.footsies.state import FootsiesState


def solution_for(state: FootsiesState) -> Solution:
    """The solved game for this state's options (cached per option set)."""
    return solve(state.options, max_blocks=max(state.blocks))


class NashAgent(Agent):
    name = "footsies-nash"
    description = (
        "Plays the exact equilibrium mix of the position (LP per position, value "
        "iteration over the cycles): nothing can beat it on average."
    )
    games = ("footsies",)
    budget_note = (
        "instant, except the first decision of a process under new options, which "
        "solves the game (about a second)"
    )
    #: Its choice depends on the position alone (``mix`` is its whole policy).
    stationary = True

    def mix(self, state: FootsiesState, seat: int) -> dict[str, float]:
        return solution_for(state).mix(state, seat)

    def act(self, state: FootsiesState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        solution = solution_for(state)
        mix = solution.mix(state, seat)
        move = rng.choices(MOVES, weights=[mix[m] for m in MOVES])[0]
        key = solution.seat_key(state, seat)
        earned = solution.payoffs(state, seat)
        return Decision(
            move=move,
            thinking={
                "algorithm": self.name,
                "position": describe(key, solution.options),
                "value": round(solution.values[key], 6),
                "unique": solution.unique[key],
                "mix": {m: round(p, 6) for m, p in mix.items()},
                # What each option earns against the opponent's equilibrium mix: the
                # options played all earn the value, the others no more.
                "moves": [
                    {"move": m, "value": round(earned[m], 6), "p": round(mix[m], 6)} for m in MOVES
                ],
            },
        )
