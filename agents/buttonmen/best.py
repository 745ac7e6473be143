"""``buttonmen-best``: the write-up's Monte Carlo with far more matches, within 1 s.

``buttonmen-mc`` scores each move by 50 matches played to the end at random, and each
swing size by 50 greedy matches. Its choices are noisy: with 50 matches a move's win
rate has a standard error of about 7 points, and many moves differ by less. This player scores each
move by ``playouts`` matches (default 800) and each swing size by ``swing_playouts``
greedy matches (default 200), on the engine's fast path.

``rollout=greedy`` plays the rollouts with both sides on the write-up's *highest point
conversion* rule (:mod:`agents.buttonmen.greedy`) instead of at random. It did no better
at equal matches and costs twice the time, so random stays the default
(docs/results/buttonmen.md).

``Budget.seconds`` is a hard limit, and so is the agent's own ``seconds`` (1 by default;
0 for none), whichever is shorter. Moves take turns, one match each, and the search stops
when 80 % of the time has passed (``agents.search.allowance``), keeping the rates it has.
"""

from __future__ import annotations

import random
from typing import Any

from agents.buttonmen.greedy import conversion_pick
from agents.buttonmen.mc import ButtonMenMonteCarlo
from agents.buttonmen.swing import flat_sweep, monte_carlo_swing
from agents.core import Budget, Decision
from agents.search.allowance import Allowance
from games.buttonmen import ButtonMenState
from games.buttonmen.fast import playout
from games.buttonmen.state import SWING_PHASE

#: Rollout policies: both seats on the conversion rule, or uniformly random (MC's).
ROLLOUTS = {"greedy": conversion_pick, "random": None}


class ButtonMenBest(ButtonMenMonteCarlo):
    name = "buttonmen-best"
    description = (
        "The write-up's Monte Carlo with 16 times the matches: 800 random matches after "
        "each move, 200 greedy matches per swing size; at most 1 s a decision."
    )
    games = ("buttonmen",)
    params = {"playouts": 800, "swing_playouts": 200, "rollout": "random", "seconds": 1.0}
    limits = {"playouts": (1, 10_000), "swing_playouts": (1, 10_000), "seconds": (0.0, 60.0)}
    budget_note = (
        "iterations = matches per candidate move (default 800); at most 1 s a decision "
        "(seconds=…), or the budget if shorter"
    )

    def __init__(self, **params: Any) -> None:
        self.config = {**self.params, **params}
        for key, value in self.config.items():
            setattr(self, key, value)
        if (
            self.playouts < 1
            or self.swing_playouts < 1
            or self.rollout not in ROLLOUTS
            or self.seconds < 0
        ):
            raise ValueError(
                "agent 'buttonmen-best': playouts and swing_playouts >= 1, rollout greedy "
                "or random, seconds >= 0"
            )
        self.swing = "greedy"

    def act(self, state: ButtonMenState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        if self.seconds:
            # Its own live limit (1 s by default), whatever the budget: the default
            # playouts fit it on most moves, and the widest ones are cut to it.
            limit = self.seconds if budget.seconds is None else min(budget.seconds, self.seconds)
            budget = Budget(budget.iterations, limit)
        moves = state.legal_moves(seat)
        if state.phase == SWING_PHASE:
            allowance = Allowance(budget, self.swing_playouts)
            move, rows = monte_carlo_swing(state, seat, allowance, rng)
            return self._decision(state, seat, move, rows, "swing", allowance)
        if len(moves) == 1:
            thinking = {"algorithm": self.name, "seat": seat, "forced": True}
            return Decision(moves[0], thinking, {"playouts": 0})
        allowance = Allowance(budget, self.playouts)
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
