"""How strong each fighter is under a simple policy, beside the published grid's fighters.

    python -m agents.buttonmen.profile --policy random --games 30 --seed 1 \\
        --grid games.jsonl --json

Every ordered pair of the 12 fighters plays ``--games`` matches (first to 2), both seats
on one policy with swing sizes drawn uniformly: ``random`` (uniform legal moves, the
engine's fast path) or ``greedy`` (highest point conversion, :mod:`.greedy`). A
fighter's strength is its share of the games it played. Printed beside it: the
fighters' strength in the write-up's MC-vs-EM table (wins as MC plus wins as EM, of 72)
and, with ``--grid``, in a reproduction's games file (``reproduce --out``), with the
Pearson correlation of each pair of profiles. A fighter profile is a fingerprint of how
the games were played: it says which policy a table's games resemble.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from scipy.stats import pearsonr

from agents.buttonmen import published
from agents.buttonmen.greedy import greedy_playout
from games.buttonmen import GAME, NAMES
from games.buttonmen.fast import playout

POLICIES = {"random": playout, "greedy": greedy_playout}


def strength(policy: str, games: int, seed: int | str) -> dict[str, float]:
    """Each fighter's share of wins over every ordered pair, ``games`` matches each."""
    play = POLICIES[policy]
    rng = random.Random(f"{seed}:{policy}")
    wins = dict.fromkeys(NAMES, 0)
    for a in NAMES:
        for b in NAMES:
            start = GAME.new_state(2, {"fighters": [a, b], "rounds_to_win": 2})
            for _ in range(games):
                winner = play(start, rng)
                if winner is not None:
                    wins[(a, b)[winner]] += 1
    played = 2 * len(NAMES) * games
    return {name: wins[name] / played for name in NAMES}


def published_strength() -> dict[str, float]:
    """Wins as MC plus wins as EM, of the 72 games each fighter played in 3 runs."""
    per = published.GAMES_PER_SIDE * len(published.RUNS) * 2
    return {
        name: (sum(published.BY_FIGHTER[name]["mc"]) + sum(published.BY_FIGHTER[name]["em"])) / per
        for name in NAMES
    }


def grid_strength(path: Path) -> dict[str, float]:
    """The same figure from a reproduction's games file."""
    games = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    won = dict.fromkeys(NAMES, 0)
    played = dict.fromkeys(NAMES, 0)
    for g in games:
        for side in ("mc", "em"):
            name = g[f"{side}_fighter"]
            played[name] += 1
            won[name] += g["winner"] == side
    return {name: won[name] / played[name] if played[name] else 0.0 for name in NAMES}


def correlation(a: dict[str, float], b: dict[str, float]) -> float:
    return round(float(pearsonr([a[n] for n in NAMES], [b[n] for n in NAMES])[0]), 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.buttonmen.profile", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--policy", choices=sorted(POLICIES), default="random")
    parser.add_argument("--games", type=int, default=30, help="matches per ordered pair")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--grid", type=Path, help="a reproduction's games file (--out)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    profiles: dict[str, dict[str, float]] = {
        args.policy: strength(args.policy, args.games, args.seed),
        "published": published_strength(),
    }
    if args.grid:
        profiles["grid"] = grid_strength(args.grid)
    names = list(profiles)
    report: dict[str, Any] = {
        "policy": args.policy,
        "games_per_pair": args.games,
        "seed": args.seed,
        "strength": {k: {n: round(v[n], 3) for n in NAMES} for k, v in profiles.items()},
        "pearson": {
            f"{a}~{b}": correlation(profiles[a], profiles[b])
            for i, a in enumerate(names)
            for b in names[i + 1 :]
        },
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print("| fighter | " + " | ".join(names) + " |")
        print("|---" * (len(names) + 1) + "|")
        for n in NAMES:
            print(f"| {n} | " + " | ".join(f"{profiles[k][n]:.2f}" for k in names) + " |")
        print()
        for pair, r in report["pearson"].items():
            print(f"Pearson r {pair}: {r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
