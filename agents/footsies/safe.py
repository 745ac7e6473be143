"""Safe exploitation: stake only what the opponent has given away, plus a fixed risk.

The theory (Ganzfried and Sandholm, "Safe Opponent Exploitation", 2015; the same idea
as "risk what you've won"): let ``V(s)`` be the equilibrium value of position ``s`` for
our seat and ``M_s`` the exchange's matrix there (row: our move, column: theirs; a cell
is the match's result if the exchange ends it, else ``V`` of the position it leads to).
If at ``s_t`` we draw our move from ``mix_t`` and the opponent plays ``a_t``, the match
result ``R`` telescopes:

    R = V(s_0) + sum_t (mix_t . M_t[:, a_t] - V(s_t)) + sum_t (V(s_t+1) - mix_t . M_t[:, a_t])

The last sum has mean 0 whatever the opponent does: it chose ``a_t`` without seeing our
draw, and ``mix_t . M_t[:, a_t]`` is the expectation of ``V(s_t+1)`` over that draw
(the match is finite, so the sum of these martingale steps has mean 0). The middle sum
is the *gift*: what the opponent's moves gave away against the mixes we played. So

    E[R] = V(s_0) + E[sum of gifts].

We keep a ledger ``k_t = risk + gifts so far`` (``Ledger``), and at every exchange play
a mix whose worst case over the opponent's four moves is at least ``V(s_t) - k_t``
(``safe_mix``). Then each gift is at least ``-k_t``, so ``k`` never goes below 0, the
sum of gifts never below ``-risk`` on any path, and

    E[R] >= V(s_0) - risk   against every opponent, learning or not.

So ``risk`` bounds the exploitability of the whole player, whatever it predicts. The
equilibrium mix itself has gifts >= 0 (it guarantees ``V``), so playing it never costs
budget, and an opponent's move outside the equilibrium (an Attack at the start, say)
adds to the budget even while we play the equilibrium.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

#: Constraints met to within this are met (the tables carry rounding of ~1e-15).
SLACK = 1e-12
#: Objective values this close are equal (then the safer mix is preferred).
TIE = 1e-12

Matrix = Sequence[Sequence[float]]


def worst_case(mix: Sequence[float], matrix: Matrix) -> float:
    """What ``mix`` is sure of: its least expected value over the opponent's moves."""
    n = len(matrix)
    return min(sum(mix[i] * matrix[i][j] for i in range(n)) for j in range(len(matrix[0])))


def against(mix: Sequence[float], matrix: Matrix, opponent: Sequence[float]) -> float:
    """The expected value of ``mix`` against the ``opponent``'s mix."""
    return sum(
        mix[i] * matrix[i][j] * opponent[j]
        for i in range(len(matrix))
        for j in range(len(matrix[0]))
        if mix[i] and opponent[j]
    )


def _solve(rows: list[list[float]], rhs: list[float]) -> list[float] | None:
    """Gaussian elimination with partial pivoting, in plain floats (the same result on
    every machine); None when singular."""
    n = len(rows)
    a = [row[:] + [b] for row, b in zip(rows, rhs, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                if f:
                    a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def safe_mix(
    matrix: Matrix, floor: float, opponent: Sequence[float]
) -> tuple[list[float], float] | None:
    """The mix that does best against ``opponent`` among those sure of ``floor``.

    A linear programme in the four probabilities: maximise ``mix . M . opponent``
    subject to ``mix . M[:, j] >= floor`` for every opponent move ``j``, ``mix >= 0``,
    ``sum(mix) = 1``. Its optimum is at a vertex, where three of the eight inequalities
    hold with equality; every such vertex is tried (56 small systems, solved in plain
    floats, so the answer is the same on any machine). Of equally good vertices, the one
    with the best worst case (the least risk) is kept. None when no mix is sure of
    ``floor`` (it is above the position's value).
    """
    n, m = len(matrix), len(matrix[0])
    # Each inequality as (coefficients on the mix, right-hand side): the mix's value
    # against opponent move j, then each probability.
    inequalities = [([matrix[i][j] for i in range(n)], floor) for j in range(m)]
    inequalities += [([1.0 if i == k else 0.0 for i in range(n)], 0.0) for k in range(n)]
    ones = [1.0] * n
    best: tuple[float, float, list[float]] | None = None
    for tight in combinations(range(len(inequalities)), n - 1):
        rows = [inequalities[t][0] for t in tight] + [ones]
        rhs = [inequalities[t][1] for t in tight] + [1.0]
        mix = _solve(rows, rhs)
        if mix is None or min(mix) < -SLACK:
            continue
        mix = [max(p, 0.0) for p in mix]
        total = sum(mix)
        mix = [p / total for p in mix]
        sure = worst_case(mix, matrix)
        if sure < floor - SLACK:
            continue
        value = against(mix, matrix, opponent)
        if (
            best is None
            or value > best[0] + TIE
            or (value > best[0] - TIE and sure > best[1] + TIE)
        ):
            best = (value, sure, mix)
    return None if best is None else (best[2], best[0])


class Ledger:
    """The budget: ``risk`` plus every gift so far (see the module docstring)."""

    def __init__(self, risk: float) -> None:
        self.risk = risk
        self.gifts = 0.0

    @property
    def budget(self) -> float:
        return self.risk + self.gifts

    def add(self, mix: Sequence[float], matrix: Matrix, value: float, played: int) -> float:
        """Book the exchange where we drew from ``mix`` and the opponent played column
        ``played``, at a position of value ``value``; returns the gift."""
        gift = sum(mix[i] * matrix[i][played] for i in range(len(matrix))) - value
        self.gifts += gift
        return gift


def kelly_mix(
    matrix: Matrix,
    value: float,
    budget: float,
    opponent: Sequence[float],
    equilibrium: Sequence[float],
) -> tuple[list[float], float]:
    """How far to lean: on the way from the equilibrium mix to the mix that does best
    against ``opponent`` with the whole ``budget`` at stake, the point that maximises
    the expected logarithm of the budget after the exchange (Kelly's criterion).

    The budget is what pays for every later exchange's lean, so it is grown rather
    than bet whole: a sure prediction leans nearly all the way, a weak one a little,
    and a prediction that gives every move some chance never stakes all of it.
    Returns the mix and its expected gain against ``opponent``.
    """
    base = against(equilibrium, matrix, opponent)
    if budget <= 0:
        return list(equilibrium), base
    found = safe_mix(matrix, value - budget, opponent)
    if found is None or found[1] <= base + TIE:
        return list(equilibrium), base
    far = found[0]
    n, m = len(matrix), len(matrix[0])
    start = [sum(equilibrium[i] * matrix[i][j] for i in range(n)) - value for j in range(m)]
    end = [sum(far[i] * matrix[i][j] for i in range(n)) - value for j in range(m)]
    steps = [end[j] - start[j] for j in range(m)]

    def slope(lean: float) -> float:
        # The derivative of sum_j p_j log(budget + gift_j(lean)): decreasing in lean.
        total = 0.0
        for j in range(m):
            if opponent[j] and steps[j]:
                left = budget + start[j] + lean * steps[j]
                if left <= 0:
                    return -math.inf
                total += opponent[j] * steps[j] / left
        return total

    low, high = 0.0, 1.0
    if slope(high) >= 0:
        low = high
    else:
        for _ in range(60):  # bisection: the same floats, so the same lean, everywhere
            middle = (low + high) / 2
            if slope(middle) > 0:
                low = middle
            else:
                high = middle
    mix = [(1 - low) * equilibrium[i] + low * far[i] for i in range(n)]
    return mix, against(mix, matrix, opponent)
