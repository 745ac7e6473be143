"""Runs an agent under its budget. An agent that raises, overruns its time or returns an
illegal move does not crash the match: a random legal move is played instead, and the
decision says so (Kaggle Environments keeps such failures as a status, so do we)."""

from __future__ import annotations

import random
import time
import traceback

from agents.core.agent import Agent
from agents.core.budget import Budget, Decision
from games.core import State

#: Time an agent may take beyond its budget's seconds before its move is refused.
GRACE_S = 0.5


def _is_legal(state: State, seat: int, move) -> bool:
    return any(move == m and type(move) is type(m) for m in state.legal_moves(seat))


def decide(agent: Agent, state: State, seat: int, budget: Budget, rng: random.Random) -> Decision:
    """The agent's decision, or a flagged random legal move if it failed."""
    started = time.perf_counter()
    failure: dict | None = None
    decision: Decision | None = None
    try:
        decision = agent.act(state.clone(), seat, budget, rng)
    except Exception as exc:  # any failure of the agent's own code
        failure = {
            "fallback": "error",
            "error": f"{type(exc).__name__}: {exc}",
            "trace": traceback.format_exc(limit=3)[-1500:],
        }
    elapsed = time.perf_counter() - started
    if decision is not None and not isinstance(decision, Decision):
        failure, decision = {"fallback": "error", "error": "act() did not return a Decision"}, None
    if decision is not None and not _is_legal(state, seat, decision.move):
        failure, decision = (
            {"fallback": "illegal", "error": f"illegal move {decision.move!r}"},
            None,
        )
    if decision is not None and budget.seconds is not None and elapsed > budget.seconds + GRACE_S:
        failure = {"fallback": "timeout", "error": f"took {elapsed:.2f}s of {budget.seconds}s"}
        decision = None
    if decision is None:
        decision = Decision(move=rng.choice(state.legal_moves(seat)), thinking=None)
        decision.stats.update(failure or {})
    decision.stats.setdefault("seconds", round(elapsed, 6))
    return decision
