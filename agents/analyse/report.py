"""Labels, luck and accuracy from the plies, and the JSON an analysis prints.

- **Labels**: a decision that lost at least 5 / 10 / 20 points of win probability
  against the best move found is an inaccuracy / a mistake / a blunder. A sampled
  loss is labelled only when its 95 % interval (of the paired difference) stays
  above zero, so noise alone never calls a move a mistake.
- **Luck** (GNU Backgammon's definition): at every chance event, each seat's win
  probability after the roll minus its expected win probability over all rolls at
  that node (the win probability before it); summed per seat, in points.
- **Accuracy**: per decision lichess's curve of the loss,
  ``103.1668 * exp(-0.04354 * loss) - 3.1669`` clipped to 0..100 (0 points lost is
  100 %), averaged over the seat's decisions that had a choice.
"""

from __future__ import annotations

import math
from typing import Any

from agents.analyse.plies import Choice, Ply
from agents.analyse.values import Estimate
from games.core import CHANCE, SIMULTANEOUS, actor_name

#: (label, the loss in points from which it applies), worst first.
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 20.0),
    ("mistake", 10.0),
    ("inaccuracy", 5.0),
)

DIGITS = 6


def label(choice: Choice) -> str | None:
    if choice.forced:
        return None
    loss = round(choice.loss, 2)  # judged as shown
    if choice.loss_half is not None and loss <= choice.loss_half:
        return None  # not surely worse than the best move found
    for name, points in THRESHOLDS:
        if loss >= points:
            return name
    return None


def move_accuracy(loss: float) -> float:
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * loss) - 3.1669))


def _probs(values: tuple[float, ...]) -> list[float]:
    return [round(v, DIGITS) for v in values]


def _choice_json(c: Choice) -> dict[str, Any]:
    return {
        "seat": c.seat,
        "move": c.move,
        "best_move": c.best_move,
        "best_text": c.best_text,
        "win_prob_played": round(c.played, DIGITS),
        "best_win_prob": round(c.best, DIGITS),
        "loss": round(c.loss, 2),
        "loss_half": None if c.loss_half is None else round(c.loss_half, 2),
        "label": label(c),
        "forced": c.forced,
    }


def build(
    game: str,
    seats: list[str],
    plies: list[Ply],
    final: Estimate,
    method: dict[str, Any],
) -> dict[str, Any]:
    """The analysis as JSON (docs/analysis.md describes every field)."""
    n = len(seats)
    luck = [0.0] * n
    losses: list[list[float]] = [[] for _ in range(n)]
    out_plies = []
    for i, ply in enumerate(plies):
        after = plies[i + 1].before if i + 1 < len(plies) else final
        row: dict[str, Any] = {
            "ply": ply.ply,
            "actor": ply.actor,
            "actor_name": actor_name(ply.actor),
            "move": ply.move,
            "text": ply.text,
            "win_prob": _probs(ply.before.mean),
            "win_prob_ci": _interval(ply.before),
            "exact": ply.before.exact,
        }
        decisions = [_choice_json(c) for c in ply.choices]
        row["decisions"] = decisions
        for c in ply.choices:
            if not c.forced:
                losses[c.seat].append(c.loss)
        if ply.actor == SIMULTANEOUS:
            for key in ("best_move", "best_win_prob", "loss", "label", "forced"):
                row[key] = {str(d["seat"]): d[key] for d in decisions}
        elif decisions:
            for key in ("best_move", "best_text", "best_win_prob", "loss", "label", "forced"):
                row[key] = decisions[0][key]
        else:
            for key in ("best_move", "best_win_prob", "loss", "label"):
                row[key] = None
        if ply.actor == CHANCE:
            swing = [100.0 * (a - b) for a, b in zip(after.mean, ply.before.mean, strict=True)]
            row["luck"] = [round(x, 2) for x in swing]
            luck = [total + x for total, x in zip(luck, swing, strict=True)]
        else:
            row["luck"] = None
        out_plies.append(row)
    return {
        "game": game,
        "seats": seats,
        "method": method,
        "thresholds": {name: points for name, points in THRESHOLDS},
        "plies": out_plies,
        "final": {"win_prob": _probs(final.mean), "win_prob_ci": _interval(final)},
        "luck": [round(x, 1) for x in luck],
        "accuracy": [
            round(sum(map(move_accuracy, seat)) / len(seat), 1) if seat else None for seat in losses
        ],
        "labels": _counts(out_plies, n),
    }


def _interval(estimate: Estimate) -> list[list[float]] | None:
    found = estimate.interval()
    if found is None:
        return None
    return [[round(lo, 4), round(hi, 4)] for lo, hi in found]


def _counts(plies: list[dict[str, Any]], n: int) -> list[dict[str, int]]:
    """Per seat, how many inaccuracies, mistakes and blunders."""
    counts = [{name: 0 for name, _ in THRESHOLDS} for _ in range(n)]
    for row in plies:
        for d in row["decisions"]:
            if d["label"]:
                counts[d["seat"]][d["label"]] += 1
    return counts
