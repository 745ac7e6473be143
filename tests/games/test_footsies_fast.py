"""The fast path plays the very games of the clean path, draw for draw."""

import json
import random

import pytest

from games.footsies import GAME
from games.footsies.bench import measure
from games.footsies.fast import playout, simulate
from games.testing import check_fast_playout, random_playout, random_step

OPTION_SETS = [
    {},
    {"rounds": 3},
    {"max_turns": 2},
    {"block_exhaustion": "unlimited", "blocks": 1},
    {"block_exhaustion": "loss", "blocks": 0, "attacks_to_win": 1},
    {"attacks_to_win": 3, "rounds": 5, "max_turns": 4},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: json.dumps(o))
def test_it_plays_the_same_whole_games_as_the_clean_path(options):
    check_fast_playout(GAME, playout, options, range(60))


def test_it_leaves_the_rng_where_the_clean_path_leaves_it():
    clean_rng, fast_rng = random.Random(11), random.Random(11)
    for _ in range(50):
        random_playout(GAME.new_state(2), clean_rng)
        playout(GAME.new_state(2), fast_rng)
    assert fast_rng.getstate() == clean_rng.getstate()


def test_it_continues_the_same_game_from_any_position():
    for seed in range(20):
        rng = random.Random(seed)
        state = GAME.new_state(2, {"rounds": 3})
        while not state.is_terminal():
            clean = random_playout(state, random.Random(state.ply))
            trace = []
            playout(state, random.Random(state.ply), trace)
            assert trace == clean.history()[state.ply :], f"seed {seed} ply {state.ply}"
            state = random_step(state, rng)


def test_it_continues_from_a_hand_made_position():
    view = GAME.new_state(2).observation(None)
    view.update(blocks=[0, 2], streak=[1, 0], previous=["A", "G"], turn=5)
    state = GAME.from_position(view)
    for seed in range(30):
        clean = random_playout(state, random.Random(seed))
        trace = []
        assert playout(state, random.Random(seed), trace) == clean.winner
        assert trace == clean.history()


def test_it_leaves_the_state_it_starts_from_unchanged():
    state = GAME.new_state(2, {"rounds": 3})
    before = state.observation(None)
    playout(state, random.Random(3))
    assert state.observation(None) == before


@pytest.mark.parametrize("options", [{}, {"rounds": 3, "max_turns": 2}], ids=json.dumps)
def test_it_tallies_a_bulk_run_as_the_clean_path_would(options):
    clean_rng = random.Random(4)
    expected = [0, 0, 0]
    for _ in range(300):
        winner = random_playout(GAME.new_state(2, options), clean_rng).winner
        expected[2 if winner is None else winner] += 1
    fast_rng = random.Random(4)
    tally = simulate(300, fast_rng, options)
    assert [*tally["wins"], tally["draws"]] == expected
    assert fast_rng.getstate() == clean_rng.getstate()


def test_it_refuses_a_bad_option_in_a_bulk_run():
    with pytest.raises(ValueError, match="rounds"):
        simulate(1, random.Random(1), {"rounds": 0})


def test_it_reports_both_speeds():
    figures = measure(seconds=0.05)
    assert figures["games_per_s"] > 0 and figures["clean_games_per_s"] > 0
    assert figures["options"] == GAME.default_options
