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
from typing import Protocol


class Recalibration(Protocol):
    """What :meth:`Estimate.mapped` needs of a calibration map (``calmap.CalibrationMap``)."""

    def applies(self, seats: int) -> bool: ...

    def apply(self, smoothed: Sequence[float]) -> tuple[float, ...]: ...

    def half(self, q: float, h: float) -> float: ...


#: 1.96 standard errors: a 95 % interval under the normal approximation.
Z95 = 1.96


def win_shares(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's share of the win at the end: 1 for a sole winner, 1/k for each of
    k seats tied on the best payoff (everyone tied: an even split)."""
    best = max(returns)
    top = [r == best for r in returns]
    share = 1.0 / sum(top)
    return tuple(share if t else 0.0 for t in top)


def half_width(total: float, squares: float, n: int, low: float, high: float) -> float:
    """The 95 % half-width of the mean of ``n`` samples in [low, high] (their sum and sum
    of squares), with two pseudo-samples added, one at each end (as Agresti and Coull
    add two successes and two failures to a binomial count). Without them two equal
    playouts would claim a zero-width interval; with them a few playouts stay unsure
    and many are hardly changed."""
    m = n + 2
    mean = (total + low + high) / m
    variance = max(0.0, (squares + low * low + high * high - m * mean * mean) / (m - 1))
    return Z95 * math.sqrt(variance / m)


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
        half = tuple(half_width(s, sq, n, 0.0, 1.0) for s, sq in zip(sums, squares, strict=True))
        return cls(mean, half, n)

    def tempered(self, power: float) -> Estimate:
        """The estimate recalibrated (:func:`temper`), its half-widths carried through the
        map's slope (the delta method). Exact values are left alone."""
        if self.half is None or self.n < 1:
            return self
        mean = temper(self.mean, self.n, power)
        half = tuple(
            h * slope(q, m, power)
            for h, q, m in zip(self.half, smoothed(self.mean, self.n), mean, strict=True)
        )
        return Estimate(mean, half, self.n)

    def mapped(self, cmap: Recalibration) -> Estimate:
        """The estimate through a game's calibration map (``calmap``), applied to the
        smoothed mean as :meth:`tempered` applies a power; its half-widths carried
        through the map's rise over each interval. Exact values, and seat counts the
        map was not fitted for, are left at power 1."""
        if self.half is None or self.n < 1:
            return self
        if not cmap.applies(len(self.mean)):
            return self.tempered(1.0)
        q = smoothed(self.mean, self.n)
        mean = cmap.apply(q)
        half = tuple(cmap.half(x, h) for x, h in zip(q, self.half, strict=True))
        return Estimate(mean, half, self.n)

    def interval(self) -> list[list[float]] | None:
        """[low, high] per seat, clipped to [0, 1]; None when exact."""
        if self.half is None:
            return None
        return [
            [max(0.0, m - h), min(1.0, m + h)] for m, h in zip(self.mean, self.half, strict=True)
        ]


def smoothed(mean: Sequence[float], n: int) -> tuple[float, ...]:
    """The mean of ``n`` playouts with one more playout shared evenly among the seats:
    never exactly 0 or 1, so a handful of equal results is not taken for certainty."""
    k = len(mean)
    return tuple((m * n + 1.0 / k) / (n + 1) for m in mean)


def temper(mean: Sequence[float], n: int, power: float) -> tuple[float, ...]:
    """Win probabilities from a sampled mean, recalibrated: ``p_i ∝ q_i ** power`` with
    ``q`` the smoothed mean. For two seats this is ``logistic(power · logit q)``: a
    power below 1 pulls an overconfident estimate toward the even guess, above 1
    pushes an underconfident one away from it. Each game's power is fitted to real
    outcomes by ``python -m agents.analyse.calibrate`` (``policy.POWER``)."""
    q = smoothed(mean, n)
    weights = [x**power for x in q]
    total = sum(weights)
    return tuple(w / total for w in weights)


def slope(q: float, p: float, power: float) -> float:
    """d p / d q of :func:`temper` for two seats, at smoothed ``q`` mapped to ``p``."""
    return power * p * (1.0 - p) / (q * (1.0 - q))


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
