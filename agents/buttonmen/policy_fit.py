"""Which rollout policy predicts real Button Men rounds best.

    python -m agents.buttonmen.policy_fit --games 101 --seed g1 --playouts 100

Plays ``--games`` matches (first to 2) between two Monte Carlo players at a quarter of
their default counts (``buttonmen-best`` with the uniform policy, the one it had when this
was measured, against ``buttonmen-flat``), keeps every position where the mover had a
choice with the round's real result, then estimates the mover's chance of winning that
round by ``--playouts`` round playouts under each policy. Printed as JSON: per policy the
Brier score and the log loss (lower is better) against the real results. A policy whose
playouts are closer to how the round really goes is a better model of play to score
moves with; :mod:`agents.buttonmen.best` took its ``greedy_share`` from this.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from typing import Any

from agents.buttonmen.greedy import conversion_pick
from agents.buttonmen.policies import mixed
from agents.buttonmen.rounds import round_playout, round_view
from agents.match import play_match
from games.buttonmen import ButtonMenState
from games.buttonmen.state import PLAY

PLAYERS = (
    "buttonmen-best:playouts=1500,swing_playouts=850,rollout=random,swing_rollout=random",
    "buttonmen-flat:playouts=200,most=1500,swing_playouts=50",
)
SHARES = (0.25, 0.5, 0.75, 0.9)


def positions(games: int, seed: str) -> list[tuple[ButtonMenState, int, float]]:
    """(position, mover, the mover's real round result: 1, 0.5 tie, 0) of each choice."""
    found: list[tuple[ButtonMenState, int, float]] = []
    for g in range(games):
        seen: list[tuple[ButtonMenState, int]] = []

        def keep(state: Any, _step: Any, seen: list = seen) -> None:
            if state.phase == PLAY and len(state.legal_moves(state.turn)) > 1:
                seen.append((state.clone(), state.round))

        seats = list(PLAYERS) if g % 2 == 0 else list(PLAYERS[::-1])
        result = play_match("buttonmen", seats, f"{seed}:{g}", {"rounds_to_win": 2}, on_event=keep)
        winners = {r["round"]: r["winner"] for r in result.state.observation(None)["rounds"]}
        for state, number in seen:
            if number in winners:  # a round cut by the match's end has no result
                won = winners[number]
                result_for = 0.5 if won is None else float(won == state.turn)
                found.append((state, state.turn, result_for))
    return found


def scores(data: list, playouts: int, seed: int = 5) -> dict[str, dict[str, float]]:
    policies = {"random": None, "greedy": conversion_pick}
    policies.update({f"mixed {p}": mixed(p) for p in SHARES})
    rng = random.Random(seed)
    sums = {name: [0.0, 0.0] for name in policies}
    for state, seat, real in data:
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.buttonmen.policy_fit", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="g1")
    parser.add_argument("--playouts", type=int, default=100)
    args = parser.parse_args(argv)
    data = positions(args.games, args.seed)
    report = {"games": args.games, "positions": len(data), "policies": scores(data, args.playouts)}
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
