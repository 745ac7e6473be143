"""Win probabilities and how sure we are of them.

A win probability is one number per seat that adds up to 1: a seat that wins alone
gets the whole point, seats tied for first place share it (a two-player draw is half
each). An :class:`Estimate` carries those numbers and, when they come from sampling,
a 95 % half-width per seat; exact values have none.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: 1.96 standard errors: a 95 % interval under the normal approximation.
Z95 = 1.96


def win_shares(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's share of the win at the end: 1 for a sole winner, 1/k for each of
    k seats tied on the best payoff (everyone tied: an even split)."""
    best = max(returns)
    top = [r == best for r in returns]
    share = 1.0 / sum(top)
    return tuple(share if t else 0.0 for t in top)


@dataclass(frozen=True)
class Estimate:
    """Win probability per seat; ``half`` is the 95 % half-width per seat (None: exact);
    ``n`` the playouts behind it (0 when exact)."""

    mean: tuple[float, ...]
    half: tuple[float, ...] | None = None
    n: int = 0

    @property
    def exact(self) -> bool:
        return self.half is None

    @classmethod
    def of_returns(cls, returns: Sequence[float]) -> Estimate:
        return cls(win_shares(returns))

    @classmethod
    def of_samples(cls, sums: Sequence[float], squares: Sequence[float], n: int) -> Estimate:
        """From per-seat sums and sums of squares of ``n`` playouts' win shares."""
        mean = tuple(s / n for s in sums)
        if n < 2:
            return cls(mean, tuple(1.0 for _ in mean), n)
        half = []
        for m, sq in zip(mean, squares, strict=True):
            variance = max(0.0, (sq - n * m * m) / (n - 1))
            half.append(Z95 * math.sqrt(variance / n))
        return cls(mean, tuple(half), n)

    def interval(self) -> list[list[float]] | None:
        """[low, high] per seat, clipped to [0, 1]; None when exact."""
        if self.half is None:
            return None
        return [
            [max(0.0, m - h), min(1.0, m + h)] for m, h in zip(self.mean, self.half, strict=True)
        ]


def mixture(parts: Sequence[tuple[float, Estimate]]) -> Estimate:
    """The expectation of estimates weighted by exact probabilities (a chance node whose
    outcomes are listed). Half-widths add in quadrature, as for independent samples."""
    seats = len(parts[0][1].mean)
    mean = tuple(sum(p * e.mean[s] for p, e in parts) for s in range(seats))
    if all(e.exact for _, e in parts):
        return Estimate(mean)
    half = tuple(
        math.sqrt(sum((p * (e.half[s] if e.half else 0.0)) ** 2 for p, e in parts))
        for s in range(seats)
    )
    return Estimate(mean, half, min(e.n for _, e in parts if not e.exact))
