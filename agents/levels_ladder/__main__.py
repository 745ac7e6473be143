"""``python -m agents.levels_ladder GAME``: measure a game's levels ladder and keep it.

Examples::

    python -m agents.levels_ladder dicewars --games 400 --seed ladder-1 --jobs 1
    # one step only (named by its upper level), the others kept from the file:
    python -m agents.levels_ladder buttonmen --only best --games 100 --seed ladder-1
    # more games for a step: a second seed, added to what the file has
    python -m agents.levels_ladder octagon --only best --games 200 --seed ladder-2 --add

It prints one line a step (or ``--json``) and writes ``agents/levels_ladder/GAME.json``
unless ``--dry-run``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace

from agents.levels import NAMES, levels
from agents.levels_ladder import (
    FORMATS,
    RULES,
    Ladder,
    Step,
    command_line,
    measure_step,
    merge,
    path,
    read,
    text,
    today,
    write,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m agents.levels_ladder",
        description="Play each level of a game against the level below it and keep the result.",
    )
    parser.add_argument("game", help="game slug, e.g. dicewars")
    parser.add_argument("--games", type=int, default=400, help="games a step (even)")
    parser.add_argument("--seed", default="ladder-1")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        choices=list(NAMES),
        metavar="LEVEL",
        help="measure only the step up to this level (repeatable); keep the others",
    )
    parser.add_argument(
        "--relabel",
        action="store_true",
        help="measure nothing: rewrite the file for today's levels from the steps it has",
    )
    parser.add_argument(
        "--add", action="store_true", help="add to the file's games for a step (another seed)"
    )
    parser.add_argument("--note", default="", help="a note kept with the measured steps")
    parser.add_argument("--dry-run", action="store_true", help="print, do not write the file")
    parser.add_argument("--json", action="store_true", help="print the ladder as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(args_list)
    found = levels(args.game)
    if len(found) < 2:
        print(f"{args.game} has fewer than two levels: nothing to measure", file=sys.stderr)
        return 2
    # Steps already measured are known by the two agents, so a level renamed or a step
    # added keeps the rest of the file.
    old = read(args.game)
    kept = {(s.lower_spec, s.upper_spec): s for s in old.steps} if old else {}
    command = command_line(args_list)
    steps: list[Step] = []
    for lower, upper in zip(found, found[1:], strict=False):
        had = kept.get((lower.spec, upper.spec))
        if had is not None:
            had = replace(had, lower=lower.name, upper=upper.name)
        if args.relabel or (args.only and upper.name not in args.only):
            if had is not None:  # a step not yet measured stays out (the site shows none)
                steps.append(had)
            continue
        step = measure_step(
            args.game, lower, upper, args.games, args.seed, args.jobs, command, args.note
        )
        if args.add and had is not None:
            step = merge(had, step)
        steps.append(step)
        print(text(step), file=sys.stderr, flush=True)
    relabelled = args.relabel and old is not None
    ladder = Ladder(
        game=args.game,
        steps=tuple(steps),
        command=old.command if relabelled else command,
        seed=old.seed if relabelled else args.seed,
        date=old.date if relabelled else today(),
        format=FORMATS.get(args.game, "roundrobin"),
        rules=RULES.get(args.game, {}),
    )
    if args.json:
        print(json.dumps(ladder.to_json()))
    else:
        for step in steps:
            print(text(step))
    if not args.dry_run:
        write(ladder)
        print(f"wrote {path(args.game)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
