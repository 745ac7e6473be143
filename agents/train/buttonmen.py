"""Make Button Men's swing book: ``python -m agents.train buttonmen``.

    python -m agents.train buttonmen --playouts 1000 --seed book1 --jobs 2 \\
        --out agents/buttonmen/swing_book.json

For every pair of the grid's 12 fighters (each unordered pair once, a fighter against
itself too: the other order is the same table seen from the other seat), every pair of
swing sizes is valued by ``--playouts`` round playouts
(:func:`agents.buttonmen.book.table`). The cells are stored in per mille, with the
command, seed and counts that made them. Fixed by ``--seed`` and the counts; ``--jobs``
only spreads the pairs over processes.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from agents.buttonmen.book import BOOK_FILE, BOOK_OPTIONS, BOOK_VERSION, table
from agents.train.progress import Progress
from games.buttonmen import NAMES


def _pair_table(pair: tuple[str, str], playouts: int, seed: str) -> list[list[int]]:
    rates = table(pair[0], pair[1], playouts, seed)
    return [[round(1000 * v) for v in row] for row in rates]


def build(
    fighters: list[str], playouts: int, seed: str, jobs: int = 1, quiet: bool = False
) -> dict:
    """The book for every unordered pair of ``fighters``."""
    pairs = [(a, b) for i, a in enumerate(fighters) for b in fighters[i:]]
    n = len(pairs)
    with Progress(n, "fighter pairs", quiet=quiet) as bar:
        if jobs <= 1:
            tables = []
            for pair in pairs:
                tables.append(_pair_table(pair, playouts, seed))
                bar.advance()
        else:
            with ProcessPoolExecutor(jobs) as pool:
                tables = []
                for t in pool.map(_pair_table, pairs, [playouts] * n, [seed] * n):
                    tables.append(t)
                    bar.advance()
    return {
        "version": BOOK_VERSION,
        "made_by": (
            f"python -m agents.train buttonmen --playouts {playouts} --seed {seed} "
            f"--fighters {' '.join(fighters)}"
        ),
        "playouts": playouts,
        "seed": seed,
        "model": "round playouts, conversion rule on half the moves, else uniform random",
        "options": BOOK_OPTIONS,
        "units": "per mille: the first-named fighter's (seat 0's) round-win chance, rows its sizes",
        "pairs": {f"{a}|{b}": t for (a, b), t in zip(pairs, tables, strict=True)},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agents.train buttonmen")
    parser.add_argument("--playouts", type=int, default=1000, help="round playouts a cell")
    parser.add_argument("--seed", default="book1")
    parser.add_argument("--fighters", nargs="+", default=list(NAMES))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=BOOK_FILE)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    unknown = [f for f in args.fighters if f not in NAMES]
    if unknown or args.playouts < 1:
        parser.error(f"fighters from {', '.join(NAMES)}; playouts ≥ 1 (unknown: {unknown})")
    book = build(args.fighters, args.playouts, args.seed, args.jobs, args.quiet)
    # One table a line: a small diff when the book is made again.
    lines = [f'  "{k}": {json.dumps(v, separators=(",", ":"))}' for k, v in book["pairs"].items()]
    head = json.dumps({k: v for k, v in book.items() if k != "pairs"}, indent=1)[:-2]
    args.out.write_text(head + ',\n "pairs": {\n' + ",\n".join(lines) + "\n }\n}\n")
    print(json.dumps({"out": str(args.out), "pairs": len(book["pairs"])}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
