"""CPU time per decision of Button Men agents, in whole matches over the fighter grid.

    python -m agents.buttonmen.speed --agents buttonmen-best buttonmen-flat --games 6 --seed 1

Plays ``--games`` matches (first to 2, random fighters, the seats swapped every game)
between the two agents and times every decision that had a choice (CPU time of the
process, so a busy machine slows it less than the wall clock would), apart for swing
sizes and for attacks. Prints JSON: per agent and kind, the count, mean, 95th percentile
and longest decision in seconds. The issue's limit is 1 s a decision on one core.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from agents.core import get
from agents.match import play_match


def _timed(agent, kind_of, times: dict[str, list[float]]):
    act = agent.act

    def timed_act(state, seat, budget, rng):
        started = time.process_time()
        decision = act(state, seat, budget, rng)
        if len(state.legal_moves(seat)) > 1:
            times[kind_of(state)].append(time.process_time() - started)
        return decision

    agent.act = timed_act
    return agent


def measure(specs: list[str], games: int, seed: str) -> dict[str, Any]:
    times = {spec: {"swing": [], "attack": []} for spec in specs}
    agents = [
        _timed(get(spec), lambda s: "swing" if s.phase == "swing" else "attack", times[spec])
        for spec in specs
    ]
    for g in range(games):
        seats = agents if g % 2 == 0 else agents[::-1]
        play_match("buttonmen", seats, f"{seed}:{g}", {"rounds_to_win": 2})
    return {
        spec: {kind: _summary(xs) for kind, xs in kinds.items()} for spec, kinds in times.items()
    }


def _summary(xs: list[float]) -> dict[str, Any]:
    if not xs:
        return {"decisions": 0}
    ordered = sorted(xs)
    return {
        "decisions": len(xs),
        "mean_s": round(statistics.mean(xs), 3),
        "p95_s": round(ordered[int(0.95 * (len(ordered) - 1))], 3),
        "max_s": round(ordered[-1], 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.buttonmen.speed", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--agents", nargs=2, default=["buttonmen-best", "buttonmen-flat"])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.agents, args.games, args.seed), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
