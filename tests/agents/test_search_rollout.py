"""The searches' fast paths play exactly what the clean path plays: the fast rollouts
give the clean play-out's returns from the same rng, ``advance`` leaves the same
position as ``apply_in_place``, and MCTS decides the same either way."""

from __future__ import annotations

import json
import random

import pytest

import games
from agents.core import Budget
from agents.search import mcts as mcts_module
from agents.search.mcts import MctsAgent
from agents.search.playout import playout
from agents.search.rollout import FAST_PLAYOUTS, advance, rollout_for
from games.core import CHANCE, SIMULTANEOUS, TERMINAL
from games.testing import random_step


def openings(slug: str, count: int = 12) -> list:
    """Positions from the first event to late in a game, with a seat or chance to act."""
    game = games.get(slug)
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_state(max(2, game.min_players))
        for _ in range(seed * 7):
            if state.current() == TERMINAL:
                break
            state = random_step(state, rng)
        if state.current() != TERMINAL:
            found.append(state)
    return found


@pytest.mark.parametrize("slug", sorted(FAST_PLAYOUTS))
def test_a_fast_rollout_returns_what_the_clean_playout_returns(slug):
    rollout = rollout_for(slug)
    assert rollout is not playout
    for i, state in enumerate(openings(slug)):
        before = json.dumps(state.observation(None), sort_keys=True)
        for seed in range(5):
            clean = playout(state.clone(), random.Random(f"{i}:{seed}"))
            assert rollout(state, random.Random(f"{i}:{seed}")) == clean
        assert json.dumps(state.observation(None), sort_keys=True) == before


@pytest.mark.parametrize("slug", games.SLUGS)
def test_advance_leaves_the_position_apply_in_place_leaves(slug):
    game = games.get(slug)
    rng = random.Random(slug)
    checked = game.new_state(max(2, game.min_players))
    fast = checked.clone()
    for _ in range(400):
        actor = checked.current()
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            move = checked.sample_chance(rng)
            checked.apply_in_place(move)
        elif actor == SIMULTANEOUS:
            picks = {s: rng.choice(checked.legal_moves(s)) for s in checked.acting_seats()}
            checked.apply_joint_in_place(picks)
            move = tuple(picks.items())
        else:
            move = rng.choice(checked.legal_moves(actor))
            checked.apply_in_place(move)
        advance(fast, actor, move)
        assert fast.observation(None) == checked.observation(None)
        assert fast.current() == checked.current()
        for seat in checked.acting_seats():
            assert fast.legal_moves(seat) == checked.legal_moves(seat)


@pytest.mark.parametrize("slug", sorted(FAST_PLAYOUTS))
def test_mcts_decides_the_same_on_the_clean_path(slug, monkeypatch):
    state = openings(slug, 4)[-1]
    while not state.acting_seats():
        state = random_step(state, random.Random(0))
    seat = state.acting_seats()[0]
    agent = MctsAgent(iterations=300)
    fast = agent.act(state, seat, Budget(), random.Random(5))
    monkeypatch.setattr(mcts_module, "rollout_for", lambda slug: playout)
    clean = agent.act(state, seat, Budget(), random.Random(5))
    assert fast.move == clean.move
    assert fast.thinking == clean.thinking
