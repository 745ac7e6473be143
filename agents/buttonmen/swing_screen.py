"""The blind opening swing choice, screened against a real opponent's choice.

    python -m agents.buttonmen.swing_screen --jobs 2 \\
        buttonmen-best:swing_model=uniform,swing_playouts=3400 buttonmen-best

At the opening of a match both seats choose their swing size blind. For every ordered pair
of the grid's 12 fighters this asks ``--opponent`` (``buttonmen-flat``) for seat 1's size,
then each agent given for seat 0's, and values each choice by ``--playouts`` round playouts
(half conversion rule, half random: ``buttonmen-best``'s model of play) with seat 1 at the
opponent's size. Every size is valued so, which gives two references: the mean (a size
drawn at random) and the best (an oracle that knew the opponent's size; biased up, being
the largest of 17 noisy values). Prints JSON: each agent's mean value of its choices and
its difference from the first agent's, with a 95 % interval over the pairs; ``--rows``
adds a row per pair.

The values are the playout model's, not games: a screen for what to measure over the
grid (:mod:`agents.buttonmen.reproduce`), not a measurement of strength. Every draw comes
from a generator seeded by the pair and what it is for, so a run gives the same figures
on any machine (docs/results/buttonmen.md, "Fifth round").
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from typing import Any

from agents.buttonmen.policies import mixed
from agents.buttonmen.rounds import round_playout, round_view
from agents.core import Budget, get
from agents.jobs import map_in_order
from games.buttonmen import GAME, NAMES, ButtonMenState

#: The playouts' model of play: ``buttonmen-best``'s default (conversion rule on half
#: the moves, else a uniformly random attack).
MODEL = mixed(0.5)


def value(state: ButtonMenState, own: tuple, theirs: tuple, playouts: int, rng) -> float:
    """Seat 0's chance to win the round with ``own`` against ``theirs``, by playouts."""
    child = state.clone()
    child.apply_joint_in_place({0: own, 1: theirs})
    view = round_view(child)
    return sum(round_playout(view, 0, rng, MODEL) for _ in range(playouts)) / playouts


def screen_pair(
    pair: tuple[str, str], specs: list[str], opponent: str, playouts: int
) -> dict[str, Any]:
    """One pair of fighters: the opponent's size, each agent's and every size's value."""
    a, b = pair

    def rng(tag: str) -> random.Random:
        return random.Random(f"{a}-{b}-{tag}")

    state = GAME.new_state(2, {"fighters": [a, b], "rounds_to_win": 2})
    theirs = get(opponent).act(state, 1, Budget(), rng("flat")).move
    values = {
        own: value(state, own, theirs, playouts, rng(f"eval-{own}")) for own in state.legal_moves(0)
    }
    row: dict[str, Any] = {
        "pair": [a, b],
        "opponent": state.move_to_str(theirs),
        "oracle": max(values.values()),
        "mean": statistics.mean(values.values()),
        "chosen": [],
    }
    for k, spec in enumerate(specs):
        own = get(spec).act(state, 0, Budget(), rng(chr(ord("A") + k))).move
        row["chosen"].append({"move": state.move_to_str(own), "value": values[own]})
    return row


def summary(rows: list[dict[str, Any]], specs: list[str]) -> dict[str, Any]:
    """Each agent's mean value over the pairs, and its difference from the first's."""

    def interval(xs: list[float]) -> list[float]:
        half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
        mean = statistics.mean(xs)
        return [round(mean - half, 4), round(mean + half, 4)]

    first = [r["chosen"][0]["value"] for r in rows]
    agents = []
    for k, spec in enumerate(specs):
        mine = [r["chosen"][k]["value"] for r in rows]
        diff = [m - f for m, f in zip(mine, first, strict=True)]
        agents.append(
            {
                "agent": spec,
                "value": round(statistics.mean(mine), 4),
                "minus_first": round(statistics.mean(diff), 4),
                "minus_first_ci95": interval(diff),
                "better_worse": [sum(d > 0 for d in diff), sum(d < 0 for d in diff)],
            }
        )
    return {
        "pairs": len(rows),
        "oracle": round(statistics.mean(r["oracle"] for r in rows), 4),
        "random_size": round(statistics.mean(r["mean"] for r in rows), 4),
        "agents": agents,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agents.buttonmen.swing_screen")
    parser.add_argument("agents", nargs="+", help="agent specs; the first is the baseline")
    parser.add_argument("--opponent", default="buttonmen-flat")
    parser.add_argument("--playouts", type=int, default=6000, help="playouts a value")
    parser.add_argument("--pairs", type=int, default=144, help="the first N ordered pairs")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rows", action="store_true", help="a row per pair too")
    args = parser.parse_args(argv)
    for spec in [*args.agents, args.opponent]:
        get(spec)  # a wrong spec fails here, not in a worker
    pairs = [(a, b) for a in NAMES for b in NAMES][: args.pairs]  # the grid's 12
    n = len(pairs)
    rows = map_in_order(
        screen_pair,
        pairs,
        [args.agents] * n,
        [args.opponent] * n,
        [args.playouts] * n,
        jobs=args.jobs,
    )
    report = summary(rows, args.agents)
    if args.rows:
        report["rows"] = rows
    json.dump(report, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
