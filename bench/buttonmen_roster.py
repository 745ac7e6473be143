"""Button Men playout speed by pairing: the fast loop (plain and X dice) against the
clean-state loop that plays tier-2 dice (other swing letters, option and twin dice).
Whole matches, first to 3, random moves, one core; wall-clock time per pairing.

    python bench/buttonmen_roster.py [--seconds 2] [--decisions]

``--decisions`` also times one default ``buttonmen-best`` decision per pairing: the
opening swing choice of seat 0, then its first move of round 1 (seeded, one each).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.buttonmen import GAME  # noqa: E402
from games.buttonmen.fast import playout  # noqa: E402

PAIRINGS = (
    ("Avis", "Hammer"),  # Soldiers: the fast loop
    ("Dirgo", "Avis"),  # tier 1
    ("Buck Godot", "Lady Luck"),  # twin and option dice
    ("Mike Young", "Avis"),  # X and Y swing
    ("Jolene", "Avis"),  # Z swing
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--decisions", action="store_true")
    args = parser.parse_args()
    out = {}
    for pair in PAIRINGS:
        state = GAME.new_state(2, {"fighters": list(pair)})
        rng = random.Random(1)
        games, start = 0, time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            playout(state, rng)
            games += 1
        out[" - ".join(pair)] = round(games / (time.perf_counter() - start))
    report: dict = {"matches_per_s": out}
    if args.decisions:
        report["best_decision_s"] = {" - ".join(p): decision_seconds(p) for p in PAIRINGS}
    print(json.dumps(report, indent=1))


def decision_seconds(pair: tuple[str, str]) -> dict[str, float]:
    """Seconds of one default buttonmen-best swing choice and one move of round 1."""
    from agents.core import Budget, get
    from games.core import CHANCE

    best = get("buttonmen-best")
    state = GAME.new_state(2, {"fighters": list(pair)})
    start = time.perf_counter()
    swing = best.act(state, 0, Budget(), random.Random(1)).move
    swing_s = time.perf_counter() - start
    theirs = state.legal_moves(1) if 1 in state.choosers else []
    joint = {0: swing, **({1: theirs[len(theirs) // 2]} if theirs else {})}
    state = state.apply_joint(joint) if len(joint) > 1 else state.apply(swing)
    rng = random.Random(2)
    while state.current() == CHANCE:
        state = state.apply(state.sample_chance(rng))
    start = time.perf_counter()
    best.act(state, state.current(), Budget(), random.Random(1))
    return {"swing": round(swing_s, 2), "move": round(time.perf_counter() - start, 2)}


if __name__ == "__main__":
    main()
