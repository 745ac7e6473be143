"""Solved Footsies rule sets shipped with the code, so no player solves at move time.

    python -m agents.equilibrium.tables      # rewrites footsies_tables.json

``agents.equilibrium.footsies.solve`` answers from this file for the rule sets in
``SHIPPED`` (the defaults and the write-ups' variants), and solves any other rule set
once per process. A test checks the file against a fresh solve, so it cannot drift
from the solver.
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

PATH = Path(__file__).with_name("footsies_tables.json")

#: The rule sets solved ahead: the defaults, the write-ups' two other readings of
#: running out of blocks (docs/games/footsies.md), and the lobby's best of five.
SHIPPED: tuple[dict[str, Any], ...] = (
    {},
    {"block_exhaustion": "loss"},
    {"block_exhaustion": "unlimited"},
    # The lobby's default match (webapp.matches.lobby: first to 3 of 5 rounds): solving
    # it takes seconds, more than a live move may spend.
    {"rounds": 5},
)


def frozen(options: dict[str, Any]) -> tuple:
    """Checked options as a hashable key (how ``solve`` caches them)."""
    return tuple(sorted(options.items()))


def to_json(solution) -> dict[str, Any]:
    return {
        "options": solution.options,
        "sweeps": solution.sweeps,
        "positions": [
            {
                "key": list(key),
                "value": solution.values[key],
                "mix": solution.mixes[key].tolist(),
                "unique": solution.unique[key],
                "matrix": solution.matrices[key].tolist(),
            }
            for key in solution.values
        ],
    }


def from_json(data: dict[str, Any]):
    from agents.equilibrium.footsies import Solution

    solution = Solution(dict(data["options"]), sweeps=data["sweeps"])
    for row in data["positions"]:
        key = tuple(row["key"])
        solution.values[key] = row["value"]
        solution.mixes[key] = np.array(row["mix"])
        solution.unique[key] = row["unique"]
        solution.matrices[key] = np.array(row["matrix"])
    return solution


@lru_cache(maxsize=1)
def shipped() -> dict[tuple, Any]:
    """Every shipped solution by its frozen options (read once per process)."""
    if not PATH.exists():
        return {}
    tables = json.loads(PATH.read_text())
    return {frozen(t["options"]): from_json(t) for t in tables}


def write(path: Path = PATH) -> None:
    from agents.equilibrium.footsies import solve_now
    from games.footsies import GAME

    tables = [to_json(solve_now(GAME.resolve_options(options))) for options in SHIPPED]
    # Floats print with repr, so the file reads back to the very same numbers.
    path.write_text(json.dumps(tables, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    write()
    print(f"wrote {PATH}", file=sys.stderr)
