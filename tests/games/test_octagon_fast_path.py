"""The fast path (make/unmake, list-free random moves) plays the clean path's games."""

import json
import random

import pytest

from games.octagon import GAME
from games.octagon.bench import clean_game, fast_game, measure

OPTION_SETS = [
    {},
    {"preset": "small"},
    {"preset": "large"},
    {"chain_mode": "shift"},
    {"chain_mode": "block"},
    {"placements_per_turn": 2, "first_player": 1},
]


def _snapshot(state):
    return json.dumps(state.observation(None), sort_keys=True)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.values())))
def test_it_plays_the_same_games_as_the_clean_path_from_the_same_seeds(options):
    for seed in range(8):
        fast = fast_game(random.Random(seed), options)
        clean = clean_game(random.Random(seed), options)
        assert fast.to_record() == clean.to_record()
        assert _snapshot(fast) == _snapshot(clean)


def test_it_draws_the_random_move_the_legal_move_list_would():
    state, rng = GAME.new_state(2), random.Random(11)
    for _ in range(20):
        seed = rng.random()
        expected = random.Random(seed).choice(state.legal_moves(state.current()))
        assert state.random_move(random.Random(seed)) == expected
        state.make_move(expected)


def test_it_counts_the_legal_moves_without_listing_them():
    state, rng = GAME.new_state(2), random.Random(12)
    while not state.is_terminal():
        assert state.count_moves() == len(state.legal_moves(state.current()))
        state.make_move(state.random_move(rng))
    assert state.count_moves() == 0


@pytest.mark.parametrize("chain_mode", ["cradle", "shift", "block"])
def test_it_unmakes_moves_back_to_the_exact_position(chain_mode):
    state, rng = GAME.new_state(2, {"chain_mode": chain_mode}), random.Random(13)
    snapshots, tokens = [], []
    while not state.is_terminal():
        snapshots.append((_snapshot(state), state.to_record()))
        tokens.append(state.make_move(state.random_move(rng)))
    while tokens:
        state.unmake_move(tokens.pop())
        assert (_snapshot(state), state.to_record()) == snapshots.pop()


def test_it_keeps_the_state_usable_after_unmaking():
    state, rng = GAME.new_state(2), random.Random(14)
    token = state.make_move(state.random_move(rng))
    state.unmake_move(token)
    move = state.legal_moves(0)[100]
    assert state.apply(move).observation(None) == GAME.new_state(2).apply(move).observation(None)


def test_it_measures_both_paths():
    figures = measure(0.05)
    assert figures["games_per_s"] > 0 and figures["clean_games_per_s"] > 0
