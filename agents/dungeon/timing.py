"""How long the planner takes to decide the seed's two example turns (issue 11's speed
goals: the frog's in 2 ms or less, the shocked and burned Handyman's in 100 ms or less).

``planner_ms()`` is what ``bench/agents.py`` prints under ``"dungeon-planner"``: the
fastest of ``repeat`` calls of the agent's ``act``, thinking table included, in
milliseconds of wall time on one core.
"""

from __future__ import annotations

import random
import time

from agents.core import Budget, get
from agents.dungeon.planner import frog_one_and_three, handyman_shocked_and_burned

#: The seed's picture leaves the Handyman's third die open; 2, 2, 5 is the largest tree
#: with the seed's "clever Handyman" plan (docs/results/octagon-dungeon.md).
HANDYMAN_DICE = (2, 2, 5)


def decision_ms(spec: str, state, repeat: int) -> float:
    """The fastest of ``repeat`` decisions of ``spec`` at ``state``, in ms."""
    agent = get(spec)
    seat = state.current()
    best = float("inf")
    for i in range(repeat):
        started = time.perf_counter()
        agent.act(state, seat, Budget(), random.Random(i))
        best = min(best, time.perf_counter() - started)
    return best * 1000.0


def planner_ms(spec: str = "dungeon-planner", repeat: int = 20) -> dict[str, float]:
    """``{"frog_ms": …, "handyman_ms": …}`` for the agent ``spec``."""
    return {
        "frog_ms": round(decision_ms(spec, frog_one_and_three(), repeat), 3),
        "handyman_ms": round(
            decision_ms(spec, handyman_shocked_and_burned(HANDYMAN_DICE), repeat), 3
        ),
    }


if __name__ == "__main__":
    import json

    print(json.dumps({"dungeon-planner": planner_ms()}))
