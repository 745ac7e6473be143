"""The fast path (push/pop, incremental attack count) plays the same games as the
clean copy-on-apply path, and pop() takes every event back exactly."""

from __future__ import annotations

import json
import random

import pytest

from games.dicewars import GAME
from games.dicewars.bench import measure
from games.dicewars.phases import ATTACK, OVER
from games.dicewars.simulate import clean_random_game, fast_random_game


def _fields(state) -> str:
    """Everything of a state that pop() must restore, as one comparable text."""
    seen = {
        name: getattr(state, name)
        for name in DiceWarsFields
        if not name.startswith("_") or name in ("_ply",)
    }
    seen["history"] = state.history()
    seen["view"] = state.observation()
    return json.dumps(seen, sort_keys=True, default=repr)


DiceWarsFields = (
    "owner dice own strong open_attacks reserve order mover turn phase source target pool "
    "eliminated winner capped last last_battle map_seed _ply"
).split()


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_it_plays_the_same_games_on_both_paths(players):
    for seed in range(4):
        fast = fast_random_game(random.Random(seed), players)
        clean = clean_random_game(random.Random(seed), players)
        assert fast.to_record() == clean.to_record()
        assert fast.observation() == clean.observation()


@pytest.mark.parametrize("players", [2, 3])
def test_it_takes_back_every_event_of_a_whole_game_with_pop(players):
    state = GAME.new_state(players)
    rng = random.Random(9)
    snapshots = []
    while state.phase != OVER:
        snapshots.append(_fields(state))
        if state.phase == ATTACK:
            state.push(rng.choice(state.legal_moves(state.mover)))
        else:
            state.push(state.sample_chance(rng))
    while snapshots:
        state.pop()
        assert _fields(state) == snapshots.pop()


def test_it_pops_back_to_a_state_that_plays_on_like_the_original():
    state = GAME.new_state(2)
    rng = random.Random(4)
    for _ in range(120):
        state.push(state.sample_chance(rng) if state.phase != ATTACK else state.move_at(0))
    copy = state.clone()
    for _ in range(60):
        state.pop()
    for actor, event in copy.history()[state.ply :]:
        state.apply_event_in_place(actor, event)
    assert state.observation() == copy.observation()


def test_it_keeps_the_attack_count_up_to_date():
    for seed in range(3):
        state = GAME.new_state(4)
        rng = random.Random(seed)
        while state.phase != OVER:
            if state.phase == ATTACK:
                assert state.open_attacks == state.count_attacks() == len(state.attacks())
                state.push(rng.choice(state.legal_moves(state.mover)))
            else:
                state.push(state.sample_chance(rng))


def test_it_finds_each_legal_move_by_its_index():
    state = GAME.new_state(2)
    rng = random.Random(12)
    checked = 0
    while state.phase != OVER and checked < 200:
        if state.phase == ATTACK:
            moves = state.legal_moves(state.mover)
            assert [state.move_at(i) for i in range(len(moves))] == moves
            checked += 1
            state.push(rng.choice(moves))
        else:
            state.push(state.sample_chance(rng))


def test_it_measures_its_speed():
    figures = measure(0.2)
    for key in ("games_per_s", "clean_games_per_s", "map_ms", "us_per_action"):
        assert figures[key] > 0


def test_it_takes_back_events_applied_in_place_too():
    state = GAME.new_state(2)
    state.apply_in_place(("map", 8))
    before = _fields(state)
    state.apply_in_place(state.legal_moves(state.mover)[0])
    state.push(state.sample_chance(random.Random(1)))
    state.pop()
    state.pop()
    assert _fields(state) == before
