"""The time budget is a hard deadline: every registered agent answers within it, with
its own legal move, however absurd its parameters, nested specs included; an agent that
ignores the deadline is interrupted by the runner."""

from __future__ import annotations

import importlib
import random
import time

import pytest

import games
from agents.core import Agent, Budget, Decision, catalogue, decide
from agents.core.registry import agent_class
from agents.core.runner import GRACE_S
from games.core import TERMINAL
from games.testing import random_step

# A process pays for importing SciPy (the equilibrium solver's LP) once, on first use;
# that one-off cost is not what this file measures.
importlib.import_module("scipy.optimize")

BUDGET = Budget(seconds=0.3)
#: The behaviour checked, generously (the machine may be busy): well inside the
#: runner's own cut-off, and no fallback.
BOUND_S = 3 * BUDGET.seconds

#: Work parameters pushed far past their limits (built directly, as no spec may ask).
ABSURD_INT = 10**9

#: Models of the opponent for the exploiter, at the most a spec may ask for.
NESTED = (
    "mcts:iterations=100000",
    "expectimax:depth=30,nodes=500000,samples=256",
    "footsies-mcts:simulations=1000000,depth=100",
    "footsies-mcts-faithful:simulations=1000000",
    "montecarlo:playouts=10000",
    "footsies-nash",
    "footsies-bayesian",
    "random",
)

#: Footsies rules too big to solve in the budget: the equilibrium players must still
#: answer in time.
HUGE_FOOTSIES = {"blocks": 99, "rounds": 99}


def positions(slug: str, options: dict | None = None) -> list:
    """The first decision of a game and one a few random events later."""
    game = games.get(slug)
    players = max(2, game.min_players)
    found = []
    rng = random.Random(f"deadline:{slug}")
    for steps in (0, 6):
        state = game.new_state(players, options)
        for _ in range(steps):
            if state.current() == TERMINAL:
                break
            state = random_step(state, rng)
        while state.current() != TERMINAL and not state.acting_seats():
            state = random_step(state, rng)
        if state.current() != TERMINAL:
            found.append(state)
    return found


def absurd(name: str) -> list[Agent]:
    """The agent with every whole-number parameter at 10**9; the exploiter once per model."""
    cls = agent_class(name)
    huge = {
        k: ABSURD_INT
        for k, v in cls.params.items()
        if isinstance(v, int) and not isinstance(v, bool) and v >= 0
    }
    if "model" in cls.params:
        return [cls(**huge, model=model) for model in NESTED]
    return [cls(**huge)]


CASES = [
    pytest.param(slug, info.name, options, id=f"{slug}-{info.name}{'-huge' if options else ''}")
    for slug in games.SLUGS
    for options in ([None, HUGE_FOOTSIES] if slug == "footsies" else [None])
    for info in catalogue(slug)
]


#: Tries of a decision whose thread was starved of the CPU (see ``timed_decision``).
STARVED_TRIES = 3


def timed_decision(agent: Agent, state, seat: int) -> tuple[Decision, float]:
    """The decision and its wall time. A decision that overran while its thread got
    less CPU than the runner's cut-off (budget + grace) was kept from running by a busy
    machine, not slow in itself (its deadline checks are spaced in CPU work, the cut-off
    is wall time): it is tried again, up to ``STARVED_TRIES`` times."""
    for _ in range(STARVED_TRIES):
        started, cpu = time.perf_counter(), time.thread_time()
        decision = decide(agent, state, seat, BUDGET, random.Random(1))
        took, used = time.perf_counter() - started, time.thread_time() - cpu
        overran = "fallback" in decision.stats or took >= BOUND_S
        if not overran or used >= BUDGET.seconds + GRACE_S:
            break
    return decision, took


@pytest.mark.parametrize(("slug", "name", "options"), CASES)
def test_every_agent_answers_within_its_budget(slug, name, options):
    for state in positions(slug, options):
        for agent in absurd(name):
            seat = state.acting_seats()[0]
            decision, took = timed_decision(agent, state, seat)
            assert "fallback" not in decision.stats, (agent.spec, decision.stats)
            assert decision.move in state.legal_moves(seat)
            assert took < BOUND_S, f"{agent.spec} took {took:.2f}s of {BUDGET.seconds}s"


# ----- the runner's safety net ------------------------------------------------------------


class Stubborn(Agent):
    """Thinks for ever and swallows every ordinary exception on the way."""

    name = "stubborn"
    description = "ignores its budget"

    def act(self, state, seat, budget, rng):
        while True:
            try:
                sum(range(1000))
            except Exception:  # noqa: S112 - what a careless agent does
                continue


class Quick(Agent):
    name = "quick"
    description = "answers at once"

    def act(self, state, seat, budget, rng):
        return Decision(state.legal_moves(seat)[0])


def test_it_interrupts_an_agent_that_ignores_its_deadline():
    state = positions("footsies")[0]
    started = time.perf_counter()
    decision = decide(Stubborn(), state, 0, BUDGET, random.Random(1))
    took = time.perf_counter() - started
    assert decision.stats["fallback"] == "timeout"
    assert decision.move in state.legal_moves(0)
    assert took < BUDGET.seconds + GRACE_S + 1.0


def test_it_leaves_no_interruption_behind_for_an_agent_that_answered():
    state = positions("footsies")[0]
    for _ in range(50):
        decision = decide(Quick(), state, 0, Budget(seconds=0.01), random.Random(1))
        assert "fallback" not in decision.stats
    # Well past every deadline set above: nothing may be raised in this thread now.
    deadline = time.perf_counter() + 0.01 + GRACE_S + 0.2
    while time.perf_counter() < deadline:
        sum(range(100))


def test_it_watches_only_decisions_with_a_time_budget():
    state = positions("footsies")[0]
    decision = decide(Quick(), state, 0, Budget(iterations=5), random.Random(1))
    assert decision.move == state.legal_moves(0)[0]
