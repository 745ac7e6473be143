"""How far to trust the analysis's win chances: predicted against what happened.

Self-play matches are played (seeded), the analysis's estimate is taken at every
position of them, exactly as an analysis finds it, and each seat's predicted chance is
set against its share of the result (1 a win, 0 a loss, 1/k for a k-way tie). The
predictions are binned in deciles; per decile the number of predictions, their mean,
the observed rate with its 95 % Wilson interval, and the gap in points. The Brier score
(the mean squared error of the prediction, 0.25 for always saying 50 %) sums it up.

Every seat's prediction counts (``--seat S``: one seat's only). With both seats of a
two-seat game the table is symmetric, and a prediction of exactly 50 % is always
observed at 50 % (the two seats' results add up to 1): that decile says nothing, and
one seat's table shows whether 50 % was right.

Positions of one match are not independent (they share its result), so a decile's
interval is wider than its count suggests; the match count is printed beside it.

The playout counts are fixed (no time budget), so a run is the same on any machine:
each game's default is about what an analysis gets within its default 8 s on one free
core (docs/analysis.md, "Speed").
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from typing import Any

import agents
from agents.analyse import footsies
from agents.analyse.analysis import EXACT, salt_of
from agents.analyse.calmap import CalibrationMap
from agents.analyse.policy import playout_spec, power_for
from agents.analyse.records import replay
from agents.analyse.sampled import win_chances
from agents.analyse.values import Z95, win_shares
from agents.core import Agent, Budget, Decision
from agents.match import play_match
from games.core import State

#: Who plays the calibration matches, every seat: each game's strongest agent where it
#: plays fast enough for dozens of matches here, else the analysis's playout policy.
PLAYERS: dict[str, str] = {
    "footsies": "footsies-best",
    # -best plays the same match from a seed too, but about three times slower: hundreds
    # of matches are what a map needs.
    "buttonmen": "buttonmen-em",
    "octagon": "octagon-best",
    "dicewars": "dicewars-ste4",
    "dungeon": "dungeon-best",
}

#: Random moves at the start of every match (per seat decision, seeded): the strongest
#: Octagon agents play the same game from every seed, and a calibration needs many.
OPENING: dict[str, int] = {"octagon": 4}

#: Playouts per position, about what the default 8 s analysis gets (docs/analysis.md).
PLAYOUTS: dict[str, int] = {"buttonmen": 256, "octagon": 16, "dicewars": 16, "dungeon": 128}

#: Agents' own budget in the calibration matches: iterations, never seconds, so the
#: matches are the same on every machine.
MATCH_BUDGET = Budget()


class Opening(Agent):
    """Plays uniformly at random for the match's first ``moves`` plies, then ``inner``:
    many different games from agents that would otherwise repeat one."""

    name = "opening"
    description = "random opening moves, then another agent"

    def __init__(self, inner: Agent, moves: int) -> None:
        super().__init__()
        self.inner = inner
        self.moves = moves

    def plays(self, game_slug: str) -> bool:
        return self.inner.plays(game_slug)

    def act(self, state: State, seat: int, budget: Budget, rng: random.Random) -> Decision:
        if state.ply < self.moves:
            return Decision(rng.choice(state.legal_moves(seat)))
        return self.inner.act(state, seat, budget, rng)


@dataclass
class Point:
    predicted: float
    outcome: float
    match: int


def points(
    slug: str,
    matches: int,
    seed: int,
    player: str | None = None,
    playouts: int | None = None,
    opening: int | None = None,
    progress: Any = None,
    power: float | None = None,
    seat: int | None = None,
    policy: str | None = None,
) -> list[Point]:
    """Every seat's predicted chance at every position of ``matches`` self-play matches."""
    spec = player or PLAYERS.get(slug, "random")
    moves = OPENING.get(slug, 0) if opening is None else opening
    policy = policy or playout_spec(slug)
    n_playouts = playouts or PLAYOUTS.get(slug, 16)
    found: list[Point] = []
    for i in range(matches):
        seats = [Opening(agents.get(spec), moves) for _ in range(2)]
        result = play_match(slug, seats, seed=f"reliability:{seed}:{i}", budget=MATCH_BUDGET)
        replayed = replay(result.record)
        shares = win_shares(result.state.returns())
        if slug in EXACT:
            estimates = [footsies.value(s) for s in replayed.states[:-1]]
        else:
            estimates = win_chances(replayed, policy, salt_of(replayed), n_playouts, power)[:-1]
        for estimate in estimates:
            for s, p in enumerate(estimate.mean):
                if seat is None or s == seat:
                    found.append(Point(p, shares[s], i))
        if progress is not None:
            progress(i + 1, matches)
    return found


def wilson(successes: float, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval for a share whose successes may be fractional (a shared
    win counts a part), which ``agents.stats.wilson_interval``'s whole-game counts cannot
    take."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def table(found: list[Point]) -> list[dict[str, Any]]:
    """The reliability table: one row per decile of predicted chance that has any."""
    rows = []
    for d in range(10):
        low, high = d / 10, (d + 1) / 10
        inside = [p for p in found if low <= p.predicted < high or (d == 9 and p.predicted == 1.0)]
        if not inside:
            continue
        n = len(inside)
        predicted = sum(p.predicted for p in inside) / n
        observed = sum(p.outcome for p in inside) / n
        lo, hi = wilson(observed * n, n)
        rows.append(
            {
                "decile": f"{low:.1f}-{high:.1f}",
                "positions": n,
                "matches": len({p.match for p in inside}),
                "predicted": round(predicted, 3),
                "observed": round(observed, 3),
                "observed_ci": [round(lo, 3), round(hi, 3)],
                "gap": round(100 * (observed - predicted), 1),
            }
        )
    return rows


def brier(found: list[Point]) -> float:
    return sum((p.predicted - p.outcome) ** 2 for p in found) / len(found)


def _softplus(x: float) -> float:
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def fit_power(found: list[Point], low: float = 0.05, high: float = 5.0) -> float:
    """The power that, applied on top of these predictions, gives the least log loss.
    Two seats: predictions are logit-scaled by the power (``values.temper``)."""

    # In logit space, so exact 0 and 1 (a finished game) cannot overflow the logarithm.
    logits = []
    for p in found:
        q = min(max(p.predicted, 1e-6), 1 - 1e-6)
        logits.append((math.log(q / (1 - q)), p.outcome))

    def loss(a: float) -> float:
        total = 0.0
        for z, y in logits:
            # -log sigmoid(a z) for a win, -log sigmoid(-a z) for a loss, stably.
            total += y * _softplus(-a * z) + (1 - y) * _softplus(a * z)
        return total / len(logits)

    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = loss(c), loss(d)
    while b - a > 1e-3:
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = loss(c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = loss(d)
    return round((a + b) / 2, 3)


def tempered(found: list[Point], power: float) -> list[Point]:
    """Predictions made at power 1 as they are at ``power`` (two seats:
    ``values.temper`` of the same smoothed mean)."""
    out = []
    for p in found:
        q = min(max(p.predicted, 1e-12), 1 - 1e-12)
        out.append(Point(q**power / (q**power + (1 - q) ** power), p.outcome, p.match))
    return out


def summary(found: list[Point]) -> dict[str, Any]:
    rows = table(found)
    return {
        "predictions": len(found),
        "brier": round(brier(found), 4),
        "brier_even": round(sum((0.5 - p.outcome) ** 2 for p in found) / len(found), 4),
        "worst_gap": max((abs(r["gap"]) for r in rows if r["positions"] >= 100), default=None),
        "deciles": rows,
    }


def reliability(
    slug: str,
    matches: int,
    seed: int,
    player: str | None = None,
    playouts: int | None = None,
    opening: int | None = None,
    raw: bool = False,
    fit: bool = False,
    progress: Any = None,
    seat: int | None = None,
    points_file: str | None = None,
    policy: str | None = None,
) -> dict[str, Any]:
    """The reliability of the analysis's estimate over ``matches`` self-play matches.

    ``fit``: the estimate is taken at power 1 (smoothing only); a power is fitted on
    the first half of the matches and the table printed for the second half (held
    out), both at power 1 (``before``) and at the fitted power (the main table)."""
    # Another playout policy than the game's (a candidate) is measured at power 1.
    policy = policy or playout_spec(slug)
    base = power_for(slug, policy) if policy == playout_spec(slug) else 1.0
    # A calibration map is applied afterwards, to predictions taken at power 1, so one
    # run shows the table both without the map and with it.
    cmap = base if isinstance(base, CalibrationMap) and not (raw or fit) else None
    if isinstance(base, CalibrationMap) or (fit and slug not in EXACT):
        base = 1.0
    found = points(
        slug,
        matches,
        seed,
        player,
        playouts,
        opening,
        progress,
        None if raw else base,
        seat,
        policy,
    )
    if not found:
        raise ValueError(f"no positions in {matches} matches of {slug}")
    if points_file:
        # Every prediction as predicted, with its outcome and match: a map is fitted on
        # these (``calibrate --fit-map``) without playing the matches again.
        data = {
            "game": slug,
            "playout_policy": policy,
            "playouts": playouts or PLAYOUTS.get(slug, 16),
            "matches": matches,
            "seed": seed,
            "points": [[p.predicted, p.outcome, p.match] for p in found],
        }
        with open(points_file, "w") as out:
            json.dump(data, out)
    result: dict[str, Any] = {
        "game": slug,
        "player": player or PLAYERS.get(slug, "random"),
        "opening_random_moves": OPENING.get(slug, 0) if opening is None else opening,
        "estimate": "exact"
        if slug in EXACT
        else {
            "playout_policy": policy,
            "playouts": playouts or PLAYOUTS.get(slug, 16),
            "power": None if raw else base,
            "map": None if cmap is None else _map_label(cmap),
        },
        "matches": matches,
        "seed": seed,
        "seats": "all" if seat is None else seat,
    }
    if fit and slug not in EXACT:
        half = matches // 2
        tuning = [p for p in found if p.match < half]
        held = [p for p in found if p.match >= half]
        power = fit_power(tuning)
        result["fitted_power"] = power
        result["tuning_matches"] = f"0-{half - 1}"
        result["held_out_matches"] = f"{half}-{matches - 1}"
        result["before"] = summary(held)
        result.update(summary(tempered(held, power)))
    elif cmap is not None:
        result["before"] = summary(found)
        result.update(summary(mapped(found, cmap)))
    else:
        result.update(summary(found))
    return result


def mapped(found: list[Point], cmap: CalibrationMap) -> list[Point]:
    """Predictions made at power 1 as the analysis shows them through ``cmap`` (two
    seats: each seat's mapped chance over the two seats' together, as
    ``CalibrationMap.apply`` gives them)."""
    out = []
    for p in found:
        a, b = cmap(p.predicted), cmap(1.0 - p.predicted)
        out.append(Point(a / (a + b), p.outcome, p.match))
    return out


def _map_label(cmap: CalibrationMap) -> str:
    return f"calmap {cmap.game}: {len(cmap.knots)} knots, fitted at {cmap.playouts} playouts"
