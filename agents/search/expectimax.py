"""The ``expectimax`` agent: runs the *-minimax search of :mod:`agents.search.star` one
decision deeper at a time, up to ``depth``, and plays the deepest pass that finished
before its node allowance (``Budget.iterations``, else ``nodes``) or its time ran out.
The transposition table carries over between passes, for move ordering.
"""

from __future__ import annotations

import random
from typing import Any

from agents.core import Agent, Budget, Decision, OutOfTime
from agents.search.allowance import Allowance
from agents.search.evaluation import evaluation_for
from agents.search.star import OutOfBudget, Search
from agents.search.thinking import TOP_MOVES, actor_of, node, rounded
from games.core import State


class ExpectimaxAgent(Agent):
    """Expectiminimax to ``depth`` decisions, exact over listed chance outcomes."""

    name = "expectimax"
    description = (
        "Expectiminimax: exact chance averages, Star1/Star2 pruning, a transposition "
        "table; leaves scored by the game's evaluation (the payoff at the end, else 0)."
    )
    params = {"depth": 2, "samples": 8, "nodes": 20000, "prune": True, "tt": True}
    limits = {"depth": (1, 30), "samples": (1, 256), "nodes": (1, 500_000)}
    budget_note = (
        "iterations = nodes searched (default 20000), deepening to depth=; seconds stops deepening"
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.depth < 1 or self.samples < 1 or self.nodes < 1:
            raise ValueError("agent 'expectimax': depth, samples and nodes must be at least 1")

    def act(self, state: State, seat: int, budget: Budget, rng: random.Random) -> Decision:
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return Decision(moves[0], {"algorithm": self.name, "forced": True}, {"nodes": 0})
        allowance = Allowance(budget, self.nodes)
        search = Search(
            seat,
            evaluation_for(state.game.slug),
            self.samples,
            self.prune,
            self.tt,
            allowance,
            rng.random(),
        )
        finished: tuple[int, Any, float, list, dict] | None = None
        for depth in range(1, self.depth + 1):
            think = node(None, actor_of(state))
            try:
                move, value = search.root(state, depth, think)
            except (OutOfBudget, OutOfTime):  # OutOfTime: an evaluation's solver ran out
                break
            finished = (depth, move, value, search.rows, think)
        if finished is None:
            # Not even one pass finished: the best root move met so far, else any.
            rows = search.rows
            move = max(rows, key=lambda r: r["value"])["_move"] if rows else rng.choice(moves)
            finished = (0, move, None, rows, node(None, actor_of(state)))
        depth, move, value, rows, think = finished
        thinking = {
            "algorithm": self.name,
            "seat": seat,
            "depth": depth,
            "value": rounded(value),
            "nodes": search.nodes,
            "tt_hits": search.tt_hits,
            "cutoffs": search.cutoffs,
            "moves": [
                {"move": r["move"], "value": rounded(r["value"]), "exact": r["exact"]}
                for r in sorted(rows, key=lambda r: r["value"], reverse=True)[:TOP_MOVES]
            ],
            "tree": think,
        }
        stats = {"nodes": search.nodes, "seconds_searching": round(allowance.elapsed(), 6)}
        return Decision(move, thinking, stats)
