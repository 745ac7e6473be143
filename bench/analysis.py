"""Analysis speed: a full analysis (``agents.analyse``, default budget and policies) of
typical matches of every game, one core. A typical match is the game's strongest agent
against itself; several are played from fixed seeds and the figures of the median one
(by its analysis time) are printed with every match's, as one JSON object per game:
events, seconds (wall and CPU), playouts per position, positions sampled, and the mean
95 % half-width of the win probabilities (in points), against the goal of 10 s.

    python bench/analysis.py --json [--matches 5] [--game dicewars] [--budget-s 8]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from agents.analyse import DEFAULT_BUDGET_S, analyse  # noqa: E402
from agents.analyse.policy import judge_spec  # noqa: E402
from agents.match import play_match  # noqa: E402

GOAL_S = 10.0


def one(slug: str, seed: int, budget_s: float) -> dict:
    spec = judge_spec(slug)
    game = games.get(slug)
    played = play_match(slug, [spec] * game.min_players, seed=f"bench-analysis:{seed}")
    wall, cpu = time.perf_counter(), time.process_time()
    result = analyse(played.record, budget_s=budget_s)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    halves = [
        (hi - lo) / 2
        for row in result["plies"]
        if row["win_prob_ci"]
        for lo, hi in row["win_prob_ci"]
    ]
    method = result["method"]
    return {
        "seed": seed,
        "agents": played.specs,
        "events": len(played.record["history"]),
        "seconds": round(wall, 2),
        "cpu_seconds": round(cpu, 2),
        "method": method["kind"],
        "playouts": method.get("playouts"),
        "positions_sampled": method.get("positions_sampled"),
        "mean_half_width_points": round(100 * statistics.mean(halves), 2) if halves else 0.0,
        "labels": sum(sum(c.values()) for c in result["labels"]),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5, help="matches per game (default 5)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--budget-s", type=float, default=DEFAULT_BUDGET_S)
    parser.add_argument("--json", action="store_true", help="print JSON (the default)")
    args = parser.parse_args()
    out: dict = {}
    for game in games.all():
        if args.game and game.slug not in args.game:
            continue
        runs = [one(game.slug, seed, args.budget_s) for seed in range(args.matches)]
        ordered = sorted(runs, key=lambda r: r["seconds"])
        median = ordered[len(ordered) // 2]
        out[game.slug] = {
            "median": median,
            "median_seconds": median["seconds"],
            "goal_s": GOAL_S,
            "goal_met": median["seconds"] <= GOAL_S,
            "matches": runs,
        }
    out["budget_s"] = args.budget_s
    out["machine"] = {"python": platform.python_version(), "processor": platform.machine()}
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
