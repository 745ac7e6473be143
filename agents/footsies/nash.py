"""The equilibrium player: the exact minimax mix of the position it is in.

The write-up dropped its Nash player, believing no equilibrium exists; one does (every
finite zero-sum game has a value), and ``agents.equilibrium`` computes it for every
position and option set. This agent looks its position up and draws from that mix, so
no opponent can expect more than the game's value against it (0 from the start).

It never solves at move time for the shipped rule sets (``agents.equilibrium.tables``:
the defaults and the write-ups' variants). Another rule set is solved within the
decision's deadline and kept for the process; if the solve does not fit, the move is
drawn from the shipped equilibrium's mix at the nearest standard position, and the
thinking says so.
"""

from __future__ import annotations

import random

from agents.core import Agent, Budget, Decision, OutOfTime
from agents.core.deadline import Deadline, within
from agents.equilibrium.footsies import Solution, describe, solve
from agents.equilibrium.tables import frozen
from games.footsies import MOVES
from games.footsies.state import FootsiesState

#: Rule sets whose solve ran out of time, with the seconds it was given: tried again
#: only with at least twice that.
_UNSOLVED: dict[tuple, float] = {}


def solution_for(state: FootsiesState) -> Solution:
    """The solved game for this state's options (shipped, or solved once per process).
    May raise ``OutOfTime`` under a deadline (``agents.core.deadline``)."""
    return solve(state.options, max_blocks=max(state.blocks))


def live_solution(state: FootsiesState, deadline: Deadline) -> Solution | None:
    """The solved game if it is shipped, cached, or can be solved before ``deadline``;
    None if not (remembered, so later moves do not spend their time on it again)."""
    key = (frozen(state.options), max(state.blocks))
    left = deadline.remaining()
    given = _UNSOLVED.get(key)
    if given is not None and left is not None and left < 2 * given:
        return None
    try:
        with within(left):  # the solver looks at the clock of the scope it runs in
            return solution_for(state)
    except OutOfTime:
        _UNSOLVED[key] = left if left is not None else 0.0
        return None


def standard_mix(state: FootsiesState, seat: int) -> dict[str, float]:
    """The shipped default equilibrium's mix at the nearest standard position: blocks
    and streaks clipped to the default rules' range, turn and score left out. A stand-in
    when this rule set cannot be solved in time, not an equilibrium of it."""
    default = solve()
    top_blocks, top_streak = default.options["blocks"], default.options["attacks_to_win"] - 1

    def clip(value: int, top: int) -> int:
        return min(max(value, 0), top)

    own, other = seat, 1 - seat
    key = (
        clip(state.blocks[own], top_blocks),
        clip(state.blocks[other], top_blocks),
        clip(state.streak[own], top_streak),
        clip(state.streak[other], top_streak),
        None,
        0,
        0,
        0,
    )
    return {m: float(p) for m, p in zip(MOVES, default.mixes[key], strict=True)}


class NashAgent(Agent):
    name = "footsies-nash"
    description = (
        "Plays the exact equilibrium mix of the position (LP per position, value "
        "iteration over the cycles): nothing can beat it on average."
    )
    games = ("footsies",)
    budget_note = (
        "instant under the standard rules and the write-ups' variants (solved ahead); "
        "other rules are solved once per process, within the time budget"
    )
    #: Its choice depends on the position alone (``mix`` is its whole policy).
    stationary = True

    def mix(self, state: FootsiesState, seat: int) -> dict[str, float]:
        return solution_for(state).mix(state, seat)

    def act(self, state: FootsiesState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        solution = live_solution(state, Deadline.of(budget))
        if solution is None:
            mix = standard_mix(state, seat)
            move = rng.choices(MOVES, weights=[mix[m] for m in MOVES])[0]
            thinking = {
                "algorithm": self.name,
                "solved": False,
                "note": "these rules could not be solved within the time budget: the "
                "standard rules' equilibrium mix at the nearest position",
                "mix": {m: round(p, 6) for m, p in mix.items()},
            }
            return Decision(move=move, thinking=thinking)
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
