"""Agent speed: generic MCTS per game, the battler planner's two seed positions, and
the Footsies equilibrium. One core, CPU time. Prints one JSON object:

    python bench/agents.py --json [--repeat 5] [--game buttonmen]

- ``mcts.<slug>``: a 1,000-simulation decision of the generic ``mcts`` agent at the
  first decision of a match that has every event still ahead (Button Men: the first
  attack, so each rollout plays the whole match to its end); ``s_per_1000`` is the
  median of ``--repeat`` decisions, ``sims_per_s`` is 1,000 over it.
- ``dungeon-planner``: the median time of ``dungeon-planner``'s decision in the seed's
  two examples (the Frog with 1 and 3; the shocked and burned Handyman).
- ``dicewars``: every decision of ``dicewars-best`` and ``dicewars-wpm`` in one seeded
  2-seat game (best against wpm) and one 6-seat game (best against five wpm): the
  median and the slowest decision of each (goal: the slowest within 1 s).
- ``equilibrium.footsies_s``: solving the standard Footsies rules from nothing (the
  shipped table left aside), the median of ``--repeat`` solves, SciPy already loaded.

Each figure comes with the issue's goal and whether it is met.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from agents.core import Budget  # noqa: E402
from agents.search.mcts import MctsAgent  # noqa: E402
from games.core import CHANCE, TERMINAL  # noqa: E402
from games.testing import random_step  # noqa: E402

SIMULATIONS = 1000

#: The speed goals of the stronger agents (docs/results.md): at least, or at most for times.
GOALS = {
    "mcts": {
        "buttonmen": {"sims_per_s": 6_000, "s_per_1000": 0.2},
        "footsies": {"sims_per_s": 50_000},
    },
    "dungeon-planner": {"frog_ms": 2.0, "handyman_ms": 100.0},
    "dicewars": {
        "dicewars-best": {"max_s": 1.0},
        "dicewars-wpm": {"max_s": 1.0},
    },
    "equilibrium": {"footsies_s": 1.0},
}


#: Figures where smaller is better (times).
LOWER_IS_BETTER = {"s_per_1000", "frog_ms", "handyman_ms", "footsies_s", "max_s"}


def cpu_seconds(run: Callable[[], object], repeat: int) -> float:
    """The median CPU time of ``repeat`` calls (after one untimed warm-up)."""
    run()
    times = []
    for _ in range(repeat):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return statistics.median(times)


def first_decision(slug: str):
    """The first position of a new match where a seat decides; for Button Men, the
    first attack (past the swing choice and the opening roll)."""
    game = games.get(slug)
    rng = random.Random(f"bench:{slug}")
    state = game.new_state(max(2, game.min_players))
    while state.current() != TERMINAL:
        if state.current() != CHANCE and (slug != "buttonmen" or state.phase == "play"):
            return state
        state = random_step(state, rng)
    raise AssertionError(f"{slug}: no decision")


def mcts_figures(slug: str, repeat: int) -> dict:
    state = first_decision(slug)
    seat = state.acting_seats()[0]
    agent = MctsAgent(iterations=SIMULATIONS)
    seeds = iter(range(10**6))

    def decide() -> object:
        return agent.act(state, seat, Budget(), random.Random(next(seeds)))

    seconds = cpu_seconds(decide, repeat)
    return {"sims_per_s": round(SIMULATIONS / seconds), "s_per_1000": round(seconds, 4)}


def planner_figures(repeat: int) -> dict:
    planner = importlib.import_module("agents.dungeon.planner")
    agent = planner.PlannerAgent()
    out = {}
    for key, state in (
        ("frog_ms", planner.frog_one_and_three()),
        ("handyman_ms", planner.handyman_shocked_and_burned()),
    ):
        seat = state.current()

        def decide(state=state, seat=seat) -> object:
            return agent.act(state, seat, Budget(), random.Random(1))

        out[key] = round(1000 * cpu_seconds(decide, repeat), 3)
    return out


def dicewars_figures() -> dict:
    """CPU time of every decision of the Dice Wars agents in two seeded games."""
    from agents.core import get

    game = games.get("dicewars")
    times: dict[str, list[float]] = {}
    for players in (2, 6):
        specs = ["dicewars-best"] + ["dicewars-wpm"] * (players - 1)
        agents = [get(spec) for spec in specs]
        rng = random.Random(f"bench:dicewars:{players}")
        state = game.new_state(players)
        while state.current() != TERMINAL:
            if state.current() == CHANCE:
                state.push(state.sample_chance(rng))
                continue
            seat = state.mover
            started = time.process_time()
            move = agents[seat].act(state, seat, Budget(), rng).move
            times.setdefault(specs[seat], []).append(time.process_time() - started)
            state.push(move)
    return {
        spec: {
            "decisions": len(ts),
            "median_ms": round(1000 * statistics.median(ts), 3),
            "max_s": round(max(ts), 4),
        }
        for spec, ts in times.items()
    }


def equilibrium_figures(repeat: int) -> dict:
    importlib.import_module("scipy.optimize")  # loaded once per process, not timed
    from agents.equilibrium.footsies import solve_now
    from agents.equilibrium.matrix import _refine, _solve

    options = games.get("footsies").resolve_options(None)

    def fresh() -> object:
        # The LP caches remember matrices across solves; a solve from nothing clears them.
        _solve.cache_clear()
        _refine.cache_clear()
        return solve_now(options)

    return {"footsies_s": round(cpu_seconds(fresh, repeat), 4)}


def goals_met(figures: dict, goals: dict) -> dict:
    met = {}
    for key, goal in goals.items():
        if isinstance(goal, dict):
            if key in figures:
                met[key] = goals_met(figures[key], goal)
            continue
        if key in figures:
            met[key] = figures[key] <= goal if key in LOWER_IS_BETTER else figures[key] >= goal
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per figure")
    parser.add_argument("--game", action="append", help="MCTS on this game only (repeatable)")
    parser.add_argument("--json", action="store_true", help="print JSON (the default)")
    args = parser.parse_args()
    out: dict = {"mcts": {}}
    for slug in games.SLUGS:
        if not args.game or slug in args.game:
            out["mcts"][slug] = mcts_figures(slug, args.repeat)
    out["dungeon-planner"] = planner_figures(args.repeat)
    out["dicewars"] = dicewars_figures()
    out["equilibrium"] = equilibrium_figures(args.repeat)
    out["goal"] = GOALS
    out["goal_met"] = goals_met(out, GOALS)
    out["machine"] = {
        "python": platform.python_version(),
        "processor": platform.machine(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
