"""Button Men playout speed by pairing: the fast loop (plain and X dice) against the
clean-state loop that plays tier-2 dice (other swing letters, option and twin dice).
Whole matches, first to 3, random moves, one core; wall-clock time per pairing.

    python bench/buttonmen_roster.py [--seconds 2]
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
    print(json.dumps({"matches_per_s": out}, indent=1))


if __name__ == "__main__":
    main()
