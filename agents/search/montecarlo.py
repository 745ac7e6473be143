"""Flat Monte Carlo, the Button Men write-up's winner: for every legal move, play random
games to the end and keep the move that won most often."""

from __future__ import annotations

import random
from typing import Any

from agents.core import Agent, Budget, Decision
from agents.search.allowance import Allowance
from agents.search.playout import after_own_move, playout
from agents.search.thinking import TOP_MOVES, TREE_CHILDREN, actor_of, node, rounded
from games.core import State


class MonteCarloAgent(Agent):
    """Plays ``playouts`` random games after each legal move; most wins, ties at random.

    At a simultaneous node the other seats' blind choices are drawn uniformly at random
    for every playout: the agent has no model of its opponents. With a time budget the
    moves take turns, one playout each, so they stay evenly sampled when time runs out.
    """

    name = "montecarlo"
    description = "Flat Monte Carlo: random playouts after each legal move; plays the most wins."
    params = {"playouts": 50}
    limits = {"playouts": (1, 10_000)}
    budget_note = "iterations = playouts per legal move (default 50); seconds stops early"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.playouts < 1:
            raise ValueError("agent 'montecarlo': playouts must be at least 1")

    def act(self, state: State, seat: int, budget: Budget, rng: random.Random) -> Decision:
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return Decision(moves[0], {"algorithm": self.name, "forced": True}, {"playouts": 0})
        allowance = Allowance(budget, self.playouts)
        wins = [0] * len(moves)
        played = [0] * len(moves)
        totals = [0.0] * len(moves)
        while allowance.used < allowance.limit and not allowance.out_of_time():
            for i, move in enumerate(moves):
                returns = playout(after_own_move(state, seat, move, rng), rng)
                played[i] += 1
                totals[i] += returns[seat]
                # A win is a payoff above every other seat's: sole first place.
                wins[i] += all(returns[seat] > r for s, r in enumerate(returns) if s != seat)
                if allowance.out_of_time():
                    break
            allowance.spend()
        # Compare rates, not counts: a time budget may stop a round part way.
        rate = [w / n if n else -1.0 for w, n in zip(wins, played, strict=True)]
        best = max(rate)
        pick = rng.choice([i for i, r in enumerate(rate) if r == best])
        return Decision(
            moves[pick],
            self._thinking(state, seat, moves, wins, played, totals),
            {"playouts": sum(played), "seconds_searching": round(allowance.elapsed(), 6)},
        )

    def _thinking(
        self,
        state: State,
        seat: int,
        moves: list,
        wins: list[int],
        played: list[int],
        totals: list[float],
    ) -> dict[str, Any]:
        rows = [
            {
                "move": state.move_to_str(move),
                "playouts": n,
                "wins": w,
                "mean": rounded(t / n) if n else None,
            }
            for move, w, n, t in zip(moves, wins, played, totals, strict=True)
        ]
        rows.sort(key=lambda r: r["wins"] / r["playouts"] if r["playouts"] else -1.0, reverse=True)
        tree = node(None, actor_of(state), visits=sum(played))
        tree["children"] = [
            node(r["move"], "leaf", value=r["mean"], visits=r["playouts"])
            for r in rows[:TREE_CHILDREN]
        ]
        return {
            "algorithm": self.name,
            "seat": seat,
            "legal_moves": len(moves),
            "playouts_per_move": max(played),
            "moves": rows[:TOP_MOVES],
            "tree": tree,
        }
