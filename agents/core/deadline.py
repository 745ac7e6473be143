"""The hard deadline of one decision: every agent stops thinking when it passes.

``Budget.seconds`` is a promise each agent keeps inside its own loops: a search asks
``deadline.passed()`` as it goes and answers with the best it has found. The runner
also opens a scope around ``act`` (:func:`within`), so whatever an agent calls — a
model of the opponent built from a nested spec, a solver — sees the same deadline
through :meth:`Deadline.of` even when it was handed a budget without seconds. (Trio's
cancel scopes work the same way: the innermost, earliest deadline wins.)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from agents.core.budget import Budget

#: The moment (``time.perf_counter()``) the decision under way must be answered by.
_AMBIENT: ContextVar[float | None] = ContextVar("agents_deadline", default=None)


class Deadline:
    """A moment on the ``perf_counter`` clock, or none (``at is None``: no time limit)."""

    __slots__ = ("at",)

    def __init__(self, at: float | None = None) -> None:
        self.at = at

    @classmethod
    def of(cls, budget: Budget | None = None, share: float = 1.0) -> Deadline:
        """The earlier of ``share`` of the budget's seconds from now and the deadline
        of the decision under way (the runner's scope)."""
        at = _AMBIENT.get()
        if budget is not None and budget.seconds is not None:
            own = time.perf_counter() + max(0.0, budget.seconds) * share
            at = own if at is None else min(at, own)
        return cls(at)

    def passed(self) -> bool:
        return self.at is not None and time.perf_counter() >= self.at

    def remaining(self) -> float | None:
        """Seconds left (never below 0), or None without a limit."""
        return None if self.at is None else max(0.0, self.at - time.perf_counter())

    def budget(self, iterations: int | None = None) -> Budget:
        """A budget for work done on this decision's behalf (a nested agent's act):
        the time that is left, and ``iterations`` if given."""
        return Budget(iterations=iterations, seconds=self.remaining())

    def __repr__(self) -> str:
        left = self.remaining()
        return "<Deadline none>" if left is None else f"<Deadline in {left:.3f}s>"


@contextmanager
def within(seconds: float | None) -> Iterator[Deadline]:
    """Run the block under a deadline ``seconds`` from now (None: no new limit); an
    earlier deadline already in force stays in force."""
    deadline = Deadline.of(Budget(seconds=seconds))
    token = _AMBIENT.set(deadline.at)
    try:
        yield deadline
    finally:
        _AMBIENT.reset(token)


class OutOfTime(Exception):  # noqa: N818 - the name says what happened
    """Raised by work that the deadline stopped before it finished (a solver, a model
    of the opponent); the agent that asked for it answers with what it has instead."""


def check_time() -> None:
    """Raise :class:`OutOfTime` if the deadline of the decision under way has passed."""
    if time_up():
        raise OutOfTime("the decision's deadline passed")


def time_up() -> bool:
    """Whether the deadline of the decision under way has passed (for code that was
    handed no budget, such as a solver an agent calls)."""
    at = _AMBIENT.get()
    return at is not None and time.perf_counter() >= at
