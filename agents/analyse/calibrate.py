"""Fit the scale of a game's leaf (:mod:`agents.analyse.leaf`) to real outcomes.

``python -m agents.analyse.calibrate GAME [--games N] [--seed S] [--players P] --json``
plays N matches of the game's playout policy against itself, takes every decision
position of them with the seats' evaluations and who won in the end, and finds the
scale that maximises the likelihood of those winners (a one-dimensional search on the
log loss, which is convex in the scale). It prints the scale and how well it fits:
log loss and Brier score against the even guess. ``policy.LEAF_SCALE`` stores the
figures of the run docs/analysis.md quotes.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

import games
from agents.analyse.leaf import EvaluationLeaf, softmax
from agents.analyse.policy import playout_spec
from agents.analyse.values import win_shares
from agents.match import play_match
from games.core import CHANCE, TERMINAL

Sample = tuple[list[float], tuple[float, ...]]  # (evaluations per seat, final win shares)


def samples(slug: str, games_: int, seed: int, players: int | None = None) -> list[Sample]:
    """Every decision position of ``games_`` self-play matches of the playout policy."""
    game = games.get(slug)
    n = players or game.min_players
    spec = playout_spec(slug)
    if spec.startswith(slug) and "-" in spec and spec not in _registered():
        raise ValueError(f"{slug}'s playout policy {spec!r} is not an agent; nothing to fit")
    leaf = EvaluationLeaf(slug, 1.0)
    found: list[Sample] = []
    for i in range(games_):
        result = play_match(slug, [spec] * n, seed=f"calibrate:{seed}:{i}")
        shares = win_shares(result.state.returns())
        state = game.new_state(n, result.record.get("options"))
        for item in result.record["history"]:
            if state.current() not in (CHANCE, TERMINAL):
                found.append((leaf.evaluations(state), shares))
            actor, move = state.parse_event(item)
            state = state.apply_event(actor, move)
    return found


def _registered() -> set[str]:
    from agents.core import AGENTS

    return set(AGENTS)


def log_loss(data: list[Sample], scale: float) -> float:
    total = 0.0
    for evaluations, shares in data:
        p = softmax(evaluations, scale)
        total -= sum(s * math.log(max(q, 1e-12)) for s, q in zip(shares, p, strict=True))
    return total / len(data)


def brier(data: list[Sample], scale: float) -> float:
    total = 0.0
    for evaluations, shares in data:
        p = softmax(evaluations, scale)
        total += sum((s - q) ** 2 for s, q in zip(shares, p, strict=True))
    return total / len(data)


def fit(data: list[Sample], low: float = 0.0, high: float = 50.0) -> float:
    """The scale with the least log loss (golden-section search; the loss is convex)."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = log_loss(data, c), log_loss(data, d)
    while b - a > 1e-3:
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = log_loss(data, c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = log_loss(data, d)
    return round((a + b) / 2, 3)


def calibrate(slug: str, games_: int, seed: int, players: int | None = None) -> dict[str, Any]:
    data = samples(slug, games_, seed, players)
    if not data:
        raise ValueError(f"no decision positions in {games_} games of {slug}")
    scale = fit(data)
    return {
        "game": slug,
        "policy": playout_spec(slug),
        "games": games_,
        "seed": seed,
        "positions": len(data),
        "scale": scale,
        "log_loss": round(log_loss(data, scale), 4),
        "log_loss_even": round(log_loss(data, 0.0), 4),
        "brier": round(brier(data, scale), 4),
        "brier_even": round(brier(data, 0.0), 4),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agents.analyse.calibrate", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        result = calibrate(args.game, args.games, args.seed, args.players)
    except (KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
