"""``buttonmen-mc``: the write-up's Monte Carlo player (docs/games/buttonmen.md, "Agents").

A move: for every legal move, ``playouts`` matches played to the end from the position
after it, both seats moving uniformly at random (later swing reselections uniform on
4..20), on the engine's fast path (``games.buttonmen.fast.playout``); the move with the
most wins is played, ties at random. A swing size: :func:`monte_carlo_swing`
(``swing=greedy``, the write-up's), or ``swing=uniform`` for experiments.
"""

from __future__ import annotations

import random
from typing import Any

from agents.buttonmen.swing import flat_sweep, monte_carlo_swing, uniform_swing
from agents.core import Agent, Budget, Decision
from agents.search.allowance import Allowance
from agents.search.thinking import TOP_MOVES
from games.buttonmen import ButtonMenState
from games.buttonmen.fast import playout
from games.buttonmen.state import AUXILIARY, SWING_PHASE


class ButtonMenMonteCarlo(Agent):
    name = "buttonmen-mc"
    description = (
        "The write-up's Monte Carlo: 50 random matches after each move, most wins; "
        "swing size by 50 greedy matches per size 4..20."
    )
    games = ("buttonmen",)
    params = {"playouts": 50, "swing": "greedy"}
    limits = {"playouts": (1, 10_000)}
    budget_note = (
        "iterations = playouts per candidate move or swing size (default 50); seconds stops early"
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.playouts < 1:
            raise ValueError("agent 'buttonmen-mc': playouts must be at least 1")
        if self.swing not in ("greedy", "uniform"):
            raise ValueError("agent 'buttonmen-mc': swing is greedy or uniform")

    def act(self, state: ButtonMenState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        moves = state.legal_moves(seat)
        allowance = Allowance(budget, self.playouts)
        if state.phase in (SWING_PHASE, AUXILIARY):  # Auxiliary dice: chosen as a swing
            if self.swing == "uniform":
                move, _ = uniform_swing(state, seat, rng)
                thinking = {"algorithm": self.name, "seat": seat, "choice": "swing"}
                thinking["policy"] = "uniform"
                return Decision(move, thinking, {"playouts": 0})
            move, rows = monte_carlo_swing(state, seat, allowance, rng)
            return self._decision(state, seat, move, rows, "swing", allowance)
        if len(moves) == 1:
            thinking = {"algorithm": self.name, "seat": seat, "forced": True}
            return Decision(moves[0], thinking, {"playouts": 0})
        move, rows = self._playouts(state, seat, moves, allowance, rng)
        return self._decision(state, seat, move, rows, "move", allowance)

    def _playouts(
        self,
        state: ButtonMenState,
        seat: int,
        moves: list,
        allowance: Allowance,
        rng: random.Random,
    ) -> tuple[Any, list[dict[str, Any]]]:
        # fast.playout leaves its start untouched, so one child per move serves every
        # playout of that move.
        children = [state.apply(m) for m in moves]
        return flat_sweep(state, seat, moves, lambda i: playout(children[i], rng), allowance, rng)

    def _decision(
        self,
        state: ButtonMenState,
        seat: int,
        move: Any,
        rows: list[dict[str, Any]],
        choice: str,
        allowance: Allowance,
    ) -> Decision:
        # A move the time limit left unplayed has no value and goes last.
        ranked = sorted(
            rows, key=lambda r: -2.0 if r["value"] is None else r["value"], reverse=True
        )
        limit = len(ranked) if choice == "swing" else TOP_MOVES  # 17 sizes: show them all
        thinking = {
            "algorithm": self.name,
            "seat": seat,
            "choice": choice,
            "policy": "greedy conversion" if choice == "swing" else "uniform random",
            "candidates": len(rows),
            "playouts_per_candidate": max(r["visits"] for r in rows),
            "picked": state.move_to_str(move),
            "moves": ranked[:limit],
        }
        stats = {
            "playouts": sum(r["visits"] for r in rows),
            "seconds_searching": round(allowance.elapsed(), 6),
        }
        return Decision(move, thinking, stats)
