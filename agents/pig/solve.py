"""Pig solved: the optimal policy by value iteration, as Neller and Presser did it.

``P(i, j, k)`` is the chance that the player to move wins with score ``i``, the other
player's score ``j`` and turn total ``k``; with ``g`` the goal (``i + k >= g`` has won)::

    roll(i, j, k) = (1 - P(j, i, 0)) / 6 + sum over r = 2..6 of P(i, j, k + r) / 6
    hold(i, j, k) = 1 - P(j, i + k, 0)          (k > 0: holding needs a turn total)
    P(i, j, k)    = max(roll, hold)

Holding moves to a higher score sum, a 1 swaps the seats at the same sum, so the
positions are solved one score sum at a time, highest first. Within a sum the only
unknowns are the two turn-start values ``P(i, j, 0)`` and ``P(j, i, 0)``, each an
increasing piecewise-linear function of the other: their fixed point is found by the
secant method kept inside a bracket (bisection as the fallback), to 1e-13, which is the
value iteration's limit reached directly. Goal 100 takes about two seconds in pure
Python; ``table(goal)`` caches each goal's table for the process.

The turn cap of the engine (``max_turns``) is ignored: it is never reached in play.
"""

from __future__ import annotations

from functools import cache

#: Convergence of the turn-start values.
TOLERANCE = 1e-13


class Table:
    """The solved values of one goal: ``start[i][j]`` is ``P(i, j, 0)``."""

    def __init__(self, goal: int, start: list[list[float]]) -> None:
        self.goal = goal
        self.start = start
        self._rows: dict[tuple[int, int], list[float]] = {}

    def row(self, i: int, j: int) -> list[float]:
        """``P(i, j, k)`` for every turn total ``k`` with ``i + k < goal`` (kept once made)."""
        found = self._rows.get((i, j))
        if found is None:
            lose = 1.0 - self.start[j][i]
            found = self._rows[i, j] = _row(i, self.goal, lose, _holds(self.start, i, j, self.goal))
        return found

    def value(self, i: int, j: int, k: int) -> float:
        """The mover's chance to win at (i, j, k), playing optimally from here."""
        if i + k >= self.goal:
            return 1.0
        if j >= self.goal:
            return 0.0
        return self.row(i, j)[k]

    def values(self, i: int, j: int, k: int) -> dict[str, float]:
        """The mover's winning chance after each move at (i, j, k); ``hold`` only where
        it is legal (k > 0)."""
        goal = self.goal
        row = self.row(i, j)
        after = [row[k + r] if i + k + r < goal else 1.0 for r in range(2, 7)]
        found = {"roll": ((1.0 - self.start[j][i]) + sum(after)) / 6}
        if k > 0:
            found["hold"] = 1.0 - self.start[j][i + k] if i + k < goal else 1.0
        return found

    def rolls(self, i: int, j: int, k: int) -> bool:
        """The optimal move at (i, j, k): roll (True) or hold (False)."""
        if k == 0:
            return True
        found = self.values(i, j, k)
        return found["roll"] > found["hold"]

    def roll_value(self, i: int, j: int, k: int) -> float:
        """The mover's chance once "roll" is chosen, before the die (a chance node)."""
        return self.values(i, j, k)["roll"]


def _holds(start: list[list[float]], i: int, j: int, goal: int) -> list[float]:
    # Holding on nothing is not a move (-1 is below every value); 1 - P(j, i + k, 0).
    other = start[j]
    return [-1.0] + [1.0 - other[i + k] for k in range(1, goal - i)]


def _row(i: int, goal: int, lose: float, holds: list[float]) -> list[float]:
    """P(i, j, k) for k = 0 .. goal - i - 1, given 1 - P(j, i, 0) (``lose``: what a 1
    leaves the mover) and the hold values."""
    top = goal - i - 1
    p = [0.0] * (top + 1) + [1.0] * 6
    for k in range(top, -1, -1):
        roll = (lose + p[k + 2] + p[k + 3] + p[k + 4] + p[k + 5] + p[k + 6]) / 6
        hold = holds[k]
        p[k] = hold if hold > roll else roll
    return p[: top + 1]


def _first(i: int, goal: int, lose: float, holds: list[float]) -> float:
    """``_row(...)[0]`` without keeping the row."""
    top = goal - i - 1
    p = [0.0] * (top + 1) + [1.0] * 6
    for k in range(top, 0, -1):
        roll = (lose + p[k + 2] + p[k + 3] + p[k + 4] + p[k + 5] + p[k + 6]) / 6
        hold = holds[k]
        p[k] = hold if hold > roll else roll
    return (lose + p[2] + p[3] + p[4] + p[5] + p[6]) / 6


def _fixed_point(h, guess: float) -> float:
    """The root of the decreasing ``h`` on [0, 1]: secant steps inside a bracket."""
    lo, hi = 0.0, 1.0
    x0, h0 = guess, h(guess)
    if abs(h0) < TOLERANCE:
        return x0
    if h0 > 0:
        lo = x0
    else:
        hi = x0
    x1 = x0 + h0  # one plain value-iteration step
    x1 = min(max(x1, lo), hi)
    for _ in range(200):
        h1 = h(x1)
        if abs(h1) < TOLERANCE:
            return x1
        if h1 > 0:
            lo = max(lo, x1)
        else:
            hi = min(hi, x1)
        step = h1 * (x1 - x0) / (h1 - h0) if h1 != h0 else None
        x0, h0 = x1, h1
        x1 = x1 - step if step is not None else (lo + hi) / 2
        if not lo < x1 < hi:
            x1 = (lo + hi) / 2
        if hi - lo < TOLERANCE:
            return (lo + hi) / 2
    return x1


@cache
def table(goal: int) -> Table:
    """The solved table of ``goal`` (computed once per goal per process)."""
    if not isinstance(goal, int) or goal < 2:
        raise ValueError(f"a goal of Pig is a whole number of at least 2, not {goal!r}")
    start = [[0.0] * goal for _ in range(goal)]
    for total in range(2 * goal - 2, -1, -1):
        for i in range(max(0, total - goal + 1), total // 2 + 1):
            j = total - i
            holds_i = _holds(start, i, j, goal)
            if i == j:
                x = _fixed_point(lambda y, i=i, h=holds_i: _first(i, goal, 1.0 - y, h) - y, 0.5)
                start[i][i] = x
                continue
            holds_j = _holds(start, j, i, goal)

            def h(x: float, i=i, j=j, holds_i=holds_i, holds_j=holds_j) -> float:
                # x = P(j, i, 0) -> P(i, j, 0) -> P(j, i, 0) again
                y = _first(i, goal, 1.0 - x, holds_i)
                return _first(j, goal, 1.0 - y, holds_j) - x

            x = _fixed_point(h, 0.5)
            start[j][i] = x
            start[i][j] = _first(i, goal, 1.0 - x, holds_i)
    return Table(goal, start)


def opening(goal: int = 100) -> float:
    """The first player's chance under optimal play (0.5306 for goal 100)."""
    return table(goal).start[0][0]
