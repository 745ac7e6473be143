"""Every search agent plays every registered game through the contract alone."""

from __future__ import annotations

import importlib.util
import json
import random

import pytest

import games
from agents.core import Budget, decide, get
from agents.search.graphml import to_graphml
from games.core import TERMINAL
from games.testing import random_step

SPECS = ("montecarlo", "mcts:iterations=30", "expectimax:depth=2,nodes=300")
SLUGS = [s for s in games.SLUGS if importlib.util.find_spec(f"games.{s}")]


def _midgame(slug: str, players: int):
    """A position a few random events into a game, with a seat to move."""
    for seed in range(50):
        rng = random.Random(seed)
        state = games.get(slug).new_state(players)
        for _ in range(rng.randint(0, 8)):
            if state.current() == TERMINAL:
                break
            state = random_step(state, rng)
        while state.current() != TERMINAL and not state.acting_seats():
            state = random_step(state, rng)  # through chance, to a decision
        if state.current() != TERMINAL:
            return state
    raise AssertionError(f"{slug}: every opening ended the game")


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("slug", SLUGS)
def test_it_makes_a_legal_decision_with_json_thinking(slug, spec):
    game = games.get(slug)
    players = 3 if game.max_players >= 3 else game.min_players
    state = _midgame(slug, players)
    seat = state.acting_seats()[0]
    # Budget.iterations=1 keeps flat Monte Carlo to one playout per move in wide games.
    budget = Budget(iterations=1) if spec == "montecarlo" else Budget()
    decision = decide(get(spec), state, seat, budget, random.Random(3))
    assert "fallback" not in decision.stats, decision.stats.get("error")
    json.dumps(decision.thinking)
    if "tree" in decision.thinking:
        to_graphml(decision.thinking)
