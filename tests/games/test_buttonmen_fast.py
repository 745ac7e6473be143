"""The fast path plays the very games of the clean path; push/pop take moves back."""

import json
import random

import pytest

from games.buttonmen import GAME
from games.buttonmen.fast import playout
from games.buttonmen.positions import position
from games.core import IllegalMove
from games.testing import check_fast_playout, random_playout, random_step

OPTION_SETS = [
    {},
    {"rounds_to_win": 2},
    {"swing_reselect": "both"},
    {"fighters": ["Stark", "Iago"]},
    # The tier-3 skills played on the clean path itself: Trip, Mood and Turbo dice.
    {"fighters": ["Pain", "Hope"], "rounds_to_win": 1},
    {"fighters": ["Ping", "Hrodgar"], "rounds_to_win": 1},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: json.dumps(o))
def test_it_plays_the_same_whole_games_as_the_clean_path(options):
    check_fast_playout(GAME, playout, options, range(25))


def test_it_continues_the_same_game_from_any_position():
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_state(2)
        while not state.is_terminal():
            clean = random_playout(state, random.Random(state.ply))
            trace = []
            playout(state, random.Random(state.ply), trace)
            assert trace == clean.history()[state.ply :], f"seed {seed} ply {state.ply}"
            state = random_step(state, rng)


def test_it_continues_from_a_hand_made_reroll():
    view = position([(12, 9), (6, 1)], [(20, 7), (6, 6)], swing=(6, 8))
    state = GAME.from_position(view).apply(("power", (0,), 0))
    clean = random_playout(state, random.Random(5))
    trace = []
    playout(state, random.Random(5), trace)
    assert trace == clean.history()[1:]


def test_it_continues_from_a_swing_choice_whose_dice_differ_from_the_recipe():
    view = position(
        [(4, None), (9, None, "X")],
        [(20, None), (12, None, "X")],
        phase="swing",
        turn=None,
        acting=[1],
        fighters=(("Pair", [4, "X"]), ("Odd", [20, 6])),
        swing=(9, 12),
    )
    state = GAME.from_position(view)
    for seed in range(10):
        clean = random_playout(state, random.Random(seed))
        trace = []
        playout(state, random.Random(seed), trace)
        assert trace == clean.history(), f"seed {seed}"


def test_it_leaves_the_starting_state_as_it_was():
    state = GAME.new_state(2)
    for _ in range(8):
        state = random_step(state, random.Random(1))
    before = json.dumps(state.full_view())
    playout(state, random.Random(2))
    assert json.dumps(state.full_view()) == before


def test_it_takes_back_a_pushed_move():
    state = GAME.from_position(position([(12, 9), (6, 1)], [(20, 7), (6, 6)]))
    before = state.full_view()
    state.push(("power", (0,), 0))
    state.pop()
    assert state.full_view() == before


def test_it_takes_back_pushed_moves_in_reverse_order():
    state = GAME.new_state(2, {"fighters": ["Avis", "Iago"]})
    views = []
    rng = random.Random(4)
    for _ in range(12):
        views.append((state.full_view(), state.history()))
        if state.current() == -2:  # SIMULTANEOUS
            state.push({s: rng.choice(state.legal_moves(s)) for s in state.acting_seats()})
        elif state.current() == -1:  # CHANCE
            state.push(state.sample_chance(rng))
        else:
            state.push(rng.choice(state.legal_moves(state.current())))
    for view, history in reversed(views):
        state.pop()
        assert (state.full_view(), state.history()) == (view, history)


def test_it_refuses_a_pushed_illegal_move_and_stays_put():
    state = GAME.from_position(position([(12, 9)], [(20, 10)]))
    with pytest.raises(IllegalMove):
        state.push(("power", (0,), 0))
    with pytest.raises(IllegalMove, match="nothing to take back"):
        state.pop()


def test_it_measures_both_paths():
    from games.buttonmen.bench import measure

    figures = measure(0.05)
    assert figures["games_per_s"] > 0 and figures["clean_games_per_s"] > 0
