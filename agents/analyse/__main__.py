"""``python -m agents.analyse RECORD.json --json [--agent SPEC] [--budget-s S]``.

RECORD is ``State.to_record()`` as a JSON file, or a match page's download; ``-``
reads standard input. Without ``--json`` a short table is printed for people.
"""

from __future__ import annotations

import argparse
import json
import sys

from agents.analyse.analysis import DEFAULT_BUDGET_S, MAX_PLAYOUTS, analyse
from agents.analyse.records import BadRecord


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agents.analyse", description=__doc__)
    parser.add_argument("record", help="a match record (JSON file), or - for standard input")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument("--agent", help="one agent spec for the judge and the playouts")
    parser.add_argument(
        "--budget-s",
        type=float,
        default=DEFAULT_BUDGET_S,
        help=f"seconds the analysis may take (default {DEFAULT_BUDGET_S:g}; 0: no limit, "
        "exactly --playouts per position)",
    )
    parser.add_argument(
        "--playouts",
        type=int,
        default=MAX_PLAYOUTS,
        help=f"playouts per position at most (default {MAX_PLAYOUTS})",
    )
    args = parser.parse_args(argv)
    try:
        if args.record == "-":
            data = json.load(sys.stdin)
        else:
            with open(args.record, encoding="utf-8") as f:
                data = json.load(f)
    except (OSError, ValueError) as exc:
        print(f"error: cannot read {args.record}: {exc}", file=sys.stderr)
        return 2
    try:
        result = analyse(
            data,
            agent=args.agent,
            budget_s=args.budget_s or None,
            playouts=args.playouts,
        )
    except (BadRecord, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(result, sys.stdout)
        print()
    else:
        print(summary(result))
    return 0


def summary(result: dict) -> str:
    """A few lines for people: the method, each seat's luck and accuracy, the labels."""
    lines = [f"{result['game']}: {result['method']['kind']}"]
    for seat, name in enumerate(result["seats"]):
        acc = result["accuracy"][seat]
        lines.append(
            f"  {name}: luck {result['luck'][seat]:+.1f} points of win chance, accuracy "
            f"{'-' if acc is None else f'{acc:.1f} %'}"
        )
    for row in result["plies"]:
        for d in row["decisions"]:
            if d["label"]:
                lines.append(
                    f"  ply {row['ply']}: {result['seats'][d['seat']]} {d['label']} "
                    f"({d['loss']:.1f} points of win chance lost): played {d['move']}, best {d['best_move']}"
                )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
