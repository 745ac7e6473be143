"""Calibration maps: a game's sampled win chance turned into the chance it really is.

A few playouts of a fast policy are a biased forecast (The Octagon Theory's greedy
playouts are overconfident about games between stronger players; Dice Wars's truncated
playouts are too cautious in the middle game). A map fitted to self-play outcomes
corrects the bias: ``map(q)`` is how often positions the playouts put at ``q`` were won.

The map is an isotonic (monotone) regression of outcomes on predictions, over equal-count
groups of predictions, with linear interpolation between its knots: non-decreasing
everywhere, strictly increasing between its first and last knot, so a better position
never gets a smaller chance. Two-seat data are mirrored before fitting (seat 1's
prediction is 1 - seat 0's), which makes the map nearly symmetric (its equal-count
groups need not be); as applied to two seats' chances (each mapped, then scaled to add
up to 1) it is exactly symmetric and still monotone.

Each game's map is a small versioned JSON file (``maps/<game>.json``) that keeps the
commands that gathered its data and fitted it; ``python -m agents.analyse.calibrate GAME
--fit-map --from POINTS.json ...`` writes it. It applies only to the playout policy, the
playout count and the number of seats it was fitted for (docs/analysis.md).
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Where the shipped maps are kept, one ``<game>.json`` a game.
DIR = Path(__file__).parent / "maps"

#: The file format's version; a reader refuses another.
VERSION = 1

#: A map never says a sampled position is settled: its values stay inside these bounds
#: (a finished game's exact value is never mapped).
FLOOR, CEILING = 0.01, 0.99

#: Equal-count groups of predictions the isotonic fit starts from (its knots are at most
#: this many, so the file stays small and each knot stands on many positions).
GROUPS = 20


@dataclass(frozen=True)
class CalibrationMap:
    """``map(q)``: the recalibrated chance of a smoothed sampled chance ``q``."""

    game: str
    policy: str
    playouts: int
    seats: int
    knots: tuple[tuple[float, float], ...]
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        xs = [x for x, _ in self.knots]
        ys = [y for _, y in self.knots]
        if not self.knots:
            raise ValueError("a calibration map needs at least one knot")
        if any(b <= a for a, b in zip(xs, xs[1:], strict=False)):
            raise ValueError("a calibration map's knots must be strictly increasing in x")
        if any(b < a for a, b in zip(ys, ys[1:], strict=False)):
            raise ValueError("a calibration map must be monotone (non-decreasing)")
        if not all(0.0 <= v <= 1.0 for v in xs + ys):
            raise ValueError("a calibration map's knots must lie in [0, 1]")

    def __call__(self, q: float) -> float:
        xs = [x for x, _ in self.knots]
        i = bisect_right(xs, q)
        if i == 0:
            return self.knots[0][1]
        if i == len(xs):
            return self.knots[-1][1]
        (x0, y0), (x1, y1) = self.knots[i - 1], self.knots[i]
        return y0 + (y1 - y0) * (q - x0) / (x1 - x0)

    def applies(self, seats: int) -> bool:
        return seats == self.seats

    def apply(self, smoothed: Sequence[float]) -> tuple[float, ...]:
        """Every seat's chance mapped, then scaled to add up to 1 (for two seats and a
        symmetric map they already do)."""
        mapped = [self(q) for q in smoothed]
        total = sum(mapped)
        return tuple(m / total for m in mapped)

    def half(self, q: float, h: float) -> float:
        """A half-width ``h`` around ``q`` carried through the map: half the map's rise
        over ``[q - h, q + h]`` (a secant, so a kink or a flat stretch is not mistaken
        for certainty or blown up)."""
        return (self(min(1.0, q + h)) - self(max(0.0, q - h))) / 2

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "game": self.game,
            "playout_policy": self.policy,
            "playouts": self.playouts,
            "seats": self.seats,
            **self.meta,
            "knots": [[round(x, 4), round(y, 4)] for x, y in self.knots],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CalibrationMap:
        if data.get("version") != VERSION:
            raise ValueError(f"calibration map version {data.get('version')!r}, not {VERSION}")
        known = {"version", "game", "playout_policy", "playouts", "seats", "knots"}
        return cls(
            game=str(data["game"]),
            policy=str(data["playout_policy"]),
            playouts=int(data["playouts"]),
            seats=int(data["seats"]),
            knots=tuple((float(x), float(y)) for x, y in data["knots"]),
            meta={k: v for k, v in data.items() if k not in known},
        )


def path(game: str) -> Path:
    return DIR / f"{game}.json"


def load(game: str) -> CalibrationMap | None:
    """The game's shipped map, or None when it has none."""
    file = path(game)
    if not file.exists():
        return None
    return CalibrationMap.from_json(json.loads(file.read_text()))


def write(cmap: CalibrationMap) -> Path:
    file = path(cmap.game)
    file.parent.mkdir(exist_ok=True)
    file.write_text(json.dumps(cmap.to_json(), indent=1) + "\n")
    return file


def fit_knots(
    found: Sequence[tuple[float, float]], groups: int = GROUPS, mirror: bool = True
) -> tuple[tuple[float, float], ...]:
    """Isotonic knots for (prediction, outcome) pairs: equal-count groups of the sorted
    predictions (equal predictions never split), pooled where their outcomes go down
    (pool adjacent violators), each knot at its pool's mean prediction and outcome."""
    data = list(found)
    if mirror:
        data += [(1.0 - q, 1.0 - y) for q, y in found]
    if not data:
        raise ValueError("no predictions to fit a calibration map to")
    data.sort()
    size = max(1, len(data) // groups)
    # [sum of x, sum of y, count] per group, closed only where the prediction changes.
    pools: list[list[float]] = []
    current = [0.0, 0.0, 0.0]
    for k, (q, y) in enumerate(data):
        current[0] += q
        current[1] += y
        current[2] += 1
        last = k == len(data) - 1
        if last or (current[2] >= size and data[k + 1][0] != q):
            pools.append(current)
            current = [0.0, 0.0, 0.0]
    merged: list[list[float]] = []
    for pool in pools:
        merged.append(pool)
        while len(merged) > 1 and merged[-2][1] / merged[-2][2] >= merged[-1][1] / merged[-1][2]:
            top = merged.pop()
            for i in range(3):
                merged[-1][i] += top[i]
    knots = []
    for sx, sy, n in merged:
        knots.append((sx / n, min(CEILING, max(FLOOR, sy / n))))
    return tuple(knots)
