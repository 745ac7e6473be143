"""How much a search may still do: a count (reproducible) and maybe a clock (live play)."""

from __future__ import annotations

import time

from agents.core import Budget
from agents.core.deadline import Deadline

#: The part of ``Budget.seconds`` a search uses, leaving the rest for building the
#: thinking and returning before the runner's deadline.
TIME_SHARE = 0.8


class Allowance:
    """``limit`` units of work (``Budget.iterations`` or the agent's own default),
    cut short when the time share of ``Budget.seconds`` has passed, or the deadline of
    the decision under way (``agents.core.deadline``), whichever comes first."""

    def __init__(self, budget: Budget, default: int, deadline: Deadline | None = None) -> None:
        limit = budget.iterations if budget.iterations is not None else default
        self.limit = max(1, int(limit))
        self.started = time.perf_counter()
        self.deadline = deadline if deadline is not None else Deadline.of(budget, TIME_SHARE)
        self.used = 0

    @classmethod
    def until(cls, deadline: Deadline) -> Allowance:
        """No limit on the count, only ``deadline`` (a helper search inside a decision)."""
        return cls(Budget(iterations=1 << 62), 1, deadline)

    def spend(self, units: int = 1) -> None:
        self.used += units

    def out_of_time(self) -> bool:
        return self.deadline.passed()

    def exhausted(self) -> bool:
        return self.used >= self.limit or self.deadline.passed()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started
