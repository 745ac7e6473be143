"""How much a search may still do: a count (reproducible) and maybe a clock (live play)."""

from __future__ import annotations

import time

from agents.core import Budget

#: The part of ``Budget.seconds`` a search uses, leaving the rest for building the
#: thinking and returning before the runner's deadline.
TIME_SHARE = 0.8


class Allowance:
    """``limit`` units of work (``Budget.iterations`` or the agent's own default),
    cut short when the time share of ``Budget.seconds`` has passed."""

    def __init__(self, budget: Budget, default: int) -> None:
        limit = budget.iterations if budget.iterations is not None else default
        self.limit = max(1, int(limit))
        self.started = time.perf_counter()
        self.deadline = (
            None if budget.seconds is None else self.started + budget.seconds * TIME_SHARE
        )
        self.used = 0

    def spend(self, units: int = 1) -> None:
        self.used += units

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def exhausted(self) -> bool:
        return self.used >= self.limit or self.out_of_time()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started
