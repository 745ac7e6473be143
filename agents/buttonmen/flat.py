"""``buttonmen-flat``: the write-up's Monte Carlo with far more matches (the strongest Button Men player before ``buttonmen-best``).

``buttonmen-mc`` scores each move by 50 matches played to the end at random, and each
swing size by 50 greedy matches. Its choices are noisy: with 50 matches a move's win
rate has a standard error of about 7 points, and many moves differ by less. This player
scores each move by ``playouts`` matches (default 800) and each swing size by
``swing_playouts`` greedy matches (default 200), on the engine's fast path. It was
``buttonmen-best`` until the present ``buttonmen-best`` came; ``buttonmen-best`` (:mod:`agents.buttonmen.best`)
now beats it.

Its play is fixed by the seed and the counts: a decision plays at most ``most`` matches
in all (default 6,000), so a position with many moves gives each one
``most // moves`` of them (at least 25) instead of ``playouts``; that keeps every
decision under 1 s on one core without looking at the clock. (Before that it
stopped at 0.8 s of wall time instead, so the same seed gave other games on a busier
machine.) ``Budget.seconds`` (live play) is still a hard limit, a safety cap that the
counts do not reach on a normal machine; ``seconds`` (0 by default: none) adds a limit
of its own.

``rollout=greedy`` plays the rollouts with both sides on the write-up's *highest point
conversion* rule (:mod:`agents.buttonmen.greedy`) instead of at random. It did no better
at equal matches and costs twice the time, so random stays the default
(docs/results/buttonmen.md).
"""

from __future__ import annotations

import random
from typing import Any

from agents.buttonmen.greedy import conversion_pick
from agents.buttonmen.mc import ButtonMenMonteCarlo
from agents.buttonmen.swing import flat_sweep, monte_carlo_swing
from agents.core import Agent, Budget, Decision
from agents.search.allowance import Allowance
from games.buttonmen import ButtonMenState
from games.buttonmen.fast import playout
from games.buttonmen.state import AUXILIARY, SWING_PHASE

#: Rollout policies: both seats on the conversion rule, or uniformly random (MC's).
ROLLOUTS = {"greedy": conversion_pick, "random": None}
#: However many moves there are, each gets at least this many matches.
FEWEST = 25


def with_own_limit(budget: Budget, seconds: float) -> Budget:
    """``budget`` with an agent's own time limit (0: none) added, the shorter winning."""
    if not seconds:
        return budget
    limit = seconds if budget.seconds is None else min(budget.seconds, seconds)
    return Budget(budget.iterations, limit)


class ButtonMenFlat(ButtonMenMonteCarlo):
    name = "buttonmen-flat"
    description = (
        "The write-up's Monte Carlo with 16 times the matches: 800 random matches after "
        "each move (6,000 at most a decision), 200 greedy matches per swing size."
    )
    games = ("buttonmen",)
    params = {
        "playouts": 800,
        "swing_playouts": 200,
        "most": 6000,
        "rollout": "random",
        "seconds": 0.0,
    }
    limits = {
        "playouts": (1, 10_000),
        "swing_playouts": (1, 10_000),
        "most": (1, 100_000),
        "seconds": (0.0, 60.0),
    }
    budget_note = (
        "iterations = matches per candidate move (default 800, at most 6,000 a decision "
        "in all); fixed by the seed and the counts, the budget's seconds a safety cap"
    )

    #: Settings that must be at least 1, and settings naming a rollout policy.
    counts: tuple[str, ...] = ("playouts", "swing_playouts", "most")
    policies: tuple[str, ...] = ("rollout",)
    #: The names a policy setting may take.
    rollouts: tuple[str, ...] = tuple(ROLLOUTS)

    def __init__(self, **params: Any) -> None:
        Agent.__init__(self, **params)  # not MC's: its checks name MC's own settings
        if (
            any(getattr(self, key) < 1 for key in self.counts)
            or any(getattr(self, key) not in self.rollouts for key in self.policies)
            or self.seconds < 0
        ):
            raise ValueError(
                f"agent {self.name!r}: {', '.join(self.counts)} >= 1; "
                f"{', '.join(self.policies)} one of {', '.join(self.rollouts)}; seconds >= 0"
            )
        self.swing = "greedy"

    def act(self, state: ButtonMenState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        budget = with_own_limit(budget, self.seconds)
        moves = state.legal_moves(seat)
        if state.phase in (SWING_PHASE, AUXILIARY):  # Auxiliary dice: chosen as a swing
            allowance = Allowance(budget, self.swing_playouts)
            move, rows = monte_carlo_swing(state, seat, allowance, rng)
            return self._decision(state, seat, move, rows, "swing", allowance)
        if len(moves) == 1:
            thinking = {"algorithm": self.name, "seat": seat, "forced": True}
            return Decision(moves[0], thinking, {"playouts": 0})
        per_move = budget.iterations if budget.iterations is not None else self.playouts
        per_move = min(per_move, max(FEWEST, self.most // len(moves)))
        allowance = Allowance(Budget(per_move, budget.seconds), per_move)
        children = [state.apply(m) for m in moves]
        policy = ROLLOUTS[self.rollout]
        move, rows = flat_sweep(
            state,
            seat,
            moves,
            lambda i: playout(children[i], rng, pick_attack=policy),
            allowance,
            rng,
        )
        decision = self._decision(state, seat, move, rows, "move", allowance)
        decision.thinking["policy"] = (
            "conversion rule" if self.rollout == "greedy" else "uniform random"
        )
        return decision
