"""``python -m agents.equilibrium footsies --json [--option key=value ...]``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from agents.arena import parse_option
from agents.core import catalogue, get
from agents.equilibrium.footsies import solve
from agents.equilibrium.response import MAX_STATES, exploitability, uniform

GAMES = ("footsies",)


def stationary_policies() -> dict[str, Any]:
    """Every registered Footsies agent whose choice depends only on the position."""
    found = {}
    for info in catalogue("footsies"):
        if info.name == "random":
            found[info.name] = uniform
            continue
        agent = get(info.name)
        if getattr(agent, "stationary", False):
            found[info.name] = agent.mix
    return found


def report(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the command prints: value, strategy and exploitability for these options."""
    solution = solve(options)
    exploits: dict[str, float | None] = {}
    notes: dict[str, str] = {}
    for name, policy in stationary_policies().items():
        try:
            exploits[name] = _clean(exploitability(policy, solution.options))
        except ArithmeticError as exc:  # no finite model (e.g. unlimited blocks + counter)
            exploits[name], notes[name] = None, str(exc)
    result = {
        "game": "footsies",
        "options": solution.options,
        "value": _clean(solution.value),
        "strategy": solution.strategy(),
        "exploitability": exploits,
        "positions": len(solution.mixes),
        "unique_positions": sum(solution.unique.values()),
    }
    if notes:
        result["notes"] = notes
    return result


def _clean(x: float) -> float:
    # 12 decimals: the solver's rounding (~1e-15) should not show, and -0.0 neither.
    return round(x, 12) + 0.0


def render(result: dict[str, Any]) -> str:
    lines = [
        f"Footsies {json.dumps(result['options'])}",
        f"value at the start (seat 0): {result['value']}",
        f"positions: {result['positions']} ({result['unique_positions']} with a unique "
        "optimal mix); own numbers first",
        "",
        f"{'position':<40} {'A':>6} {'B':>6} {'G':>6} {'DP':>6}",
    ]
    for position, mix in result["strategy"].items():
        cells = " ".join(f"{mix[m]:6.3f}" for m in ("A", "B", "G", "DP"))
        lines.append(f"{position:<40} {cells}")
    lines += ["", "exploitability (best-response payoff from the start):"]
    for name, value in result["exploitability"].items():
        lines.append(f"  {name:<24} {'-' if value is None else f'{value:.6f}'}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.equilibrium",
        description="Solve a game exactly: equilibrium, value and exploitability.",
        epilog=f"Best responses explore at most {MAX_STATES} positions.",
    )
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        result = report(dict(parse_option(o) for o in args.option))
    except ValueError as exc:
        parser.error(str(exc))
    print(json.dumps(result) if args.json else render(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
