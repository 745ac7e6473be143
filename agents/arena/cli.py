"""``python -m agents.arena``: the command line."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from agents.arena.checks import ArenaError
from agents.arena.report import render_table
from agents.arena.run import run_arena
from agents.core import Budget
from agents.tournament import FORMATS


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` from the command line; the value is JSON where it parses as JSON."""
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise ArenaError(f"--option takes key=value, not {text!r}")
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError:
        parsed = value  # plain words need no quotes: --option block_exhaustion=loss
    return key.strip(), parsed


def _parse_seed(text: str) -> str | int:
    return int(text) if text.isdigit() else text


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m agents.arena",
        description="Play agents against each other and report win rates.",
    )
    parser.add_argument("--game", required=True, help="game slug, e.g. footsies")
    parser.add_argument("--agents", nargs="+", required=True, metavar="SPEC")
    parser.add_argument("--format", default="roundrobin", choices=list(FORMATS), dest="fmt")
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--rounds", type=int, default=None, help="rounds (swiss)")
    parser.add_argument("--seed", type=_parse_seed, default=None, help="default: a fresh one")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--players", type=int, default=None, help="seats (freeforall)")
    parser.add_argument("--budget-iterations", type=int, default=None)
    parser.add_argument("--budget-seconds", type=float, default=None)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        options = dict(parse_option(o) for o in args.option)
        if args.budget_iterations is not None and args.budget_iterations < 1:
            raise ArenaError("--budget-iterations must be at least 1")
        if args.budget_seconds is not None and args.budget_seconds <= 0:
            raise ArenaError("--budget-seconds must be positive")
        report = run_arena(
            args.game,
            args.agents,
            fmt=args.fmt,
            games_per_pairing=args.games,
            seed=args.seed,
            options=options,
            num_players=args.players,
            budget=Budget(args.budget_iterations, args.budget_seconds),
            jobs=args.jobs,
            rounds=args.rounds,
        )
    except ArenaError as exc:
        parser.error(str(exc))  # exits 2 with the usage line
    print(json.dumps(report) if args.json else render_table(report))
    return 0
