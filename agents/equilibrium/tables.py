"""Solved Footsies rule sets shipped with the code, so no player solves at move time.

    python -m agents.equilibrium.tables      # rewrites footsies_tables/*.json.gz

``agents.equilibrium.footsies.solve`` answers from these files for the rule sets in
``SHIPPED`` (the defaults, the write-ups' variants and the lobby's), and solves any other
rule set once per process. A test checks each file against a fresh solve, so it cannot
drift from the solver.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

#: One gzipped file per rule set, each read when a player first needs it: a turn cap
#: makes the turn part of every position, and the lobby's capped table (35,000
#: positions, 11 MB of JSON, 0.2 MB gzipped) takes a second or two to read, which a
#: player of another rule set should not wait for.
DIR = Path(__file__).with_name("footsies_tables")

#: The rule sets solved ahead: the defaults, the write-ups' two other readings of
#: running out of blocks (docs/games/footsies.md), and the lobby's best of five.
SHIPPED: tuple[dict[str, Any], ...] = (
    {},
    {"block_exhaustion": "loss"},
    {"block_exhaustion": "unlimited"},
    # The lobby's match before it had a turn cap (first to 3 of 5 rounds), still one
    # clear field away in the lobby: solving it takes seconds, more than a live move may
    # spend.
    {"rounds": 5},
    # The lobby's default match (webapp.matches.lobby): first to 3 of 5 rounds of at
    # most 20 turns each; solving it takes a minute.
    {"rounds": 5, "max_turns": 20},
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


def path_for(options: dict[str, Any], folder: Path = DIR) -> Path:
    """A shipped rule set's file, named by the options it changes: ``rounds=5.json.gz``."""
    name = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
    return folder / f"{name}.json.gz"


class Shelf(Mapping):
    """The shipped solutions by frozen options; each is read from its file on first use
    and kept for the process."""

    def __init__(self, folder: Path = DIR) -> None:
        from games.footsies import GAME

        self._paths = {
            frozen(GAME.resolve_options(options)): path_for(options, folder)
            for options in SHIPPED
            if path_for(options, folder).exists()
        }
        self._read: dict[tuple, Any] = {}

    def __getitem__(self, key: tuple) -> Any:
        if key not in self._read:
            data = json.loads(gzip.decompress(self._paths[key].read_bytes()))
            self._read[key] = from_json(data)
        return self._read[key]

    def __contains__(self, key: object) -> bool:
        return key in self._paths

    def __iter__(self) -> Iterator[tuple]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)


@lru_cache(maxsize=1)
def shipped() -> Shelf:
    """Every shipped solution by its frozen options (each read once per process)."""
    return Shelf()


def write(folder: Path = DIR) -> None:
    from agents.equilibrium.footsies import solve_now
    from games.footsies import GAME

    folder.mkdir(exist_ok=True)
    for options in SHIPPED:
        table = to_json(solve_now(GAME.resolve_options(options)))
        # Floats print with repr, so the file reads back to the very same numbers.
        text = json.dumps(table, separators=(",", ":")) + "\n"
        # mtime 0: the same table gives the same bytes, so a rewrite shows no change.
        path_for(options, folder).write_bytes(gzip.compress(text.encode(), 9, mtime=0))


if __name__ == "__main__":
    write()
    print(f"wrote {DIR}", file=sys.stderr)
