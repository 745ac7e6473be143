"""Runs an agent under its budget. An agent that raises, overruns its time or returns an
illegal move does not crash the match: a random legal move is played instead, and the
decision says so (Kaggle Environments keeps such failures as a status, so do we).

The time budget is a hard deadline. The agent sees it inside its own loops (the
runner opens a :func:`~agents.core.deadline.within` scope around ``act``), and an agent
that ignores it is interrupted ``GRACE_S`` later by the process's watchdog, so no spec
can hold a worker longer than its budget plus the grace.
"""

from __future__ import annotations

import random
import time
import traceback

from agents.core.agent import Agent
from agents.core.budget import Budget, Decision
from agents.core.deadline import within
from agents.core.watchdog import WATCHDOG, AgentTimeout
from games.core import State

#: Time an agent may take beyond its budget's seconds before it is interrupted and its
#: move refused.
GRACE_S = 0.5


def _is_legal(state: State, seat: int, move) -> bool:
    return any(move == m and type(move) is type(m) for m in state.legal_moves(seat))


def _act(agent: Agent, state: State, seat: int, budget: Budget, rng: random.Random):
    """``agent.act`` under the deadline; AgentTimeout when the watchdog had to stop it."""
    if budget.seconds is None:
        return agent.act(state, seat, budget, rng)
    with within(budget.seconds) as deadline:
        token = WATCHDOG.watch(deadline.at + GRACE_S)
        try:
            return agent.act(state, seat, budget, rng)
        finally:
            if WATCHDOG.release(token):
                raise AgentTimeout


def decide(agent: Agent, state: State, seat: int, budget: Budget, rng: random.Random) -> Decision:
    """The agent's decision, or a flagged random legal move if it failed."""
    started = time.perf_counter()
    failure: dict | None = None
    decision: Decision | None = None
    try:
        decision = _act(agent, state.clone(), seat, budget, rng)
    except AgentTimeout:
        failure = {"fallback": "timeout", "error": f"interrupted after {budget.seconds}s"}
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
