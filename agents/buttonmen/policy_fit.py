"""Which rollout policy predicts real Button Men rounds best.

    python -m agents.buttonmen.policy_fit --games 101 --seed g1 --playouts 100
    python -m agents.buttonmen.policy_fit --sided --games 120 --seed sided1 --jobs 2

Plays ``--games`` matches (first to 2) between two Monte Carlo players at a quarter of
their default counts (``buttonmen-best`` with the uniform policy, the one it had when this
was measured, against ``buttonmen-flat``), keeps every position where the mover had a
choice with the round's real result, then estimates the mover's chance of winning that
round by ``--playouts`` round playouts under each policy. Printed as JSON: per policy the
Brier score and the log loss (lower is better) against the real results. A policy whose
playouts are closer to how the round really goes is a better model of play to score
moves with; :mod:`agents.buttonmen.best` took its ``greedy_share`` from this.

``--sided`` asks whether each side wants a share of its own: the matches are today's
``buttonmen-best`` against ``buttonmen-flat`` (a quarter of their counts), the playouts
play the mover's moves on one share and the other side's on another (every pair of
``SIDED_SHARES``), and the scores are given apart for the positions where each agent
moved (docs/results/buttonmen.md, "Sixth round").
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from typing import Any

from agents.buttonmen.greedy import conversion_pick
from agents.buttonmen.policies import Alternating, mixed
from agents.buttonmen.rounds import round_playout, round_view
from agents.jobs import map_in_order
from agents.match import play_match
from games.buttonmen import ButtonMenState
from games.buttonmen.state import PLAY

PLAYERS = (
    "buttonmen-best:playouts=1500,swing_playouts=850,rollout=random,swing_rollout=random",
    "buttonmen-flat:playouts=200,most=1500,swing_playouts=50",
)
SHARES = (0.25, 0.5, 0.75, 0.9)
#: ``--sided``: today's players at a quarter of their counts, and the shares tried per side.
TODAY = (
    "buttonmen-best:playouts=1500,swing_playouts=1500,model_playouts=1000",
    PLAYERS[1],
)
SIDED_SHARES = (0.25, 0.5, 0.75, 0.9, 1.0)


Position = tuple[ButtonMenState, int, float, str]


def positions(
    games: int, seed: str, players: tuple[str, str] = PLAYERS, jobs: int = 1
) -> list[Position]:
    """(position, mover, the mover's real round result: 1, 0.5 tie, 0, the mover's agent)
    of each choice."""
    found = map_in_order(
        match_positions, range(games), [seed] * games, [players] * games, jobs=jobs
    )
    return [position for match in found for position in match]


def match_positions(g: int, seed: str, players: tuple[str, str] = PLAYERS) -> list[Position]:
    """:func:`positions` of the ``g``-th match (seats swapped every other match)."""
    found: list[Position] = []
    seen: list[tuple[ButtonMenState, int]] = []

    def keep(state: Any, _step: Any) -> None:
        if state.phase == PLAY and len(state.legal_moves(state.turn)) > 1:
            seen.append((state.clone(), state.round))

    seats = list(players) if g % 2 == 0 else list(players[::-1])
    result = play_match("buttonmen", seats, f"{seed}:{g}", {"rounds_to_win": 2}, on_event=keep)
    winners = {r["round"]: r["winner"] for r in result.state.observation(None)["rounds"]}
    for state, number in seen:
        if number in winners:  # a round cut by the match's end has no result
            won = winners[number]
            result_for = 0.5 if won is None else float(won == state.turn)
            found.append((state, state.turn, result_for, seats[state.turn].split(":")[0]))
    return found


def scores(data: list, playouts: int, seed: int = 5) -> dict[str, dict[str, float]]:
    policies = {"random": None, "greedy": conversion_pick}
    policies.update({f"mixed {p}": mixed(p) for p in SHARES})
    rng = random.Random(seed)
    sums = {name: [0.0, 0.0] for name in policies}
    for state, seat, real, _agent in data:
        view = round_view(state)
        for name, policy in policies.items():
            p = sum(round_playout(view, seat, rng, policy) for _ in range(playouts)) / playouts
            q = min(max(p, 0.01), 0.99)
            sums[name][0] += (p - real) ** 2
            sums[name][1] -= real * math.log(q) + (1 - real) * math.log(1 - q)
    n = max(1, len(data))
    return {
        k: {"brier": round(b / n, 4), "log_loss": round(lg / n, 4)} for k, (b, lg) in sums.items()
    }


def _sided_one(item: tuple[int, Position], playouts: int) -> tuple[str, float, dict]:
    """One position's estimates under every pair of sides' shares (seeded by its index)."""
    i, (state, seat, real, agent) = item
    rng = random.Random(i)
    view = round_view(state)
    estimates = {}
    for mover in SIDED_SHARES:
        for other in SIDED_SHARES:
            policy = Alternating(mixed(mover), mixed(other))
            won = 0.0
            for _ in range(playouts):
                policy.start()
                won += round_playout(view, seat, rng, policy)
            estimates[f"mover {mover}, other {other}"] = won / playouts
    return agent, real, estimates


def sided_scores(data: list[Position], playouts: int, jobs: int = 1) -> dict[str, Any]:
    """Brier scores per pair of shares (the mover's, the other side's), given apart for
    the positions where each agent moved; the best pair first."""
    rows = map_in_order(_sided_one, enumerate(data), [playouts] * len(data), jobs=jobs)
    report: dict[str, Any] = {}
    for agent in sorted({agent for agent, _r, _e in rows}):
        mine = [(real, est) for a, real, est in rows if a == agent]
        brier = {
            key: round(sum((est[key] - real) ** 2 for real, est in mine) / len(mine), 5)
            for key in mine[0][1]
        }
        report[f"{agent} moved"] = {
            "positions": len(mine),
            "brier": dict(sorted(brier.items(), key=lambda kv: kv[1])),
        }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.buttonmen.policy_fit", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="g1")
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--sided", action="store_true", help="a share per side (above)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if not args.sided:
        data = positions(args.games, args.seed)
        report = {"games": args.games, "positions": len(data)}
        report["policies"] = scores(data, args.playouts)
    else:
        data = positions(args.games, args.seed, TODAY, args.jobs)
        report = {"games": args.games, "positions": len(data), "players": list(TODAY)}
        report["sides"] = sided_scores(data, args.playouts, args.jobs)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
