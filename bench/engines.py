"""Engine speed: random against random, whole games from new_state (setup included),
one core. Prints one JSON object, per game: the fast path's games_per_s (the documented
in-place path that search and bulk simulation use), the clean path's clean_games_per_s
(copy-on-apply, the contract), and the goal from the project's issue.

    python bench/engines.py --json [--seconds 2] [--game dicewars]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402

#: The issue's goals for the fast path (games/s), and Dice Wars' extra figures.
GOALS = {
    "footsies": {"games_per_s": 150_000},
    "buttonmen": {"games_per_s": 4_000},
    "dicewars": {"games_per_s": 400, "map_ms": 2.0, "us_per_action": 8.0},
    "octagon": {"games_per_s": 1_000},
    "dungeon": {"games_per_s": 2_000},
}
#: Figures where smaller is better.
LOWER_IS_BETTER = {"map_ms", "us_per_action"}


def goals_met(slug: str, figures: dict) -> dict[str, bool]:
    met = {}
    for key, goal in GOALS.get(slug, {}).items():
        if key in figures:
            value = figures[key]
            met[key] = value <= goal if key in LOWER_IS_BETTER else value >= goal
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game (default 2)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--json", action="store_true", help="print JSON (the default)")
    args = parser.parse_args()
    out: dict = {}
    for game in games.all():
        if args.game and game.slug not in args.game:
            continue
        name = f"games.{game.slug}.bench"
        if importlib.util.find_spec(name) is None:
            out[game.slug] = {"error": "no bench module"}
            continue
        figures = importlib.import_module(name).measure(args.seconds)
        figures["goal"] = GOALS.get(game.slug, {})
        figures["goal_met"] = goals_met(game.slug, figures)
        out[game.slug] = figures
    out["machine"] = {"python": platform.python_version(), "processor": platform.machine()}
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
