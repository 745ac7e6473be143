"""The setup chance event (docs/games/dicewars.md): one map seed expands to the map, a
random play order, territories dealt in reverse play order and the starting dice."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import CHANCE, IllegalMove
from games.dicewars import GAME
from games.dicewars.setup import set_up

SEEDS = range(60)


def _counts(setup, seat):
    return sum(1 for owner in setup.owner if owner == seat)


def _dice(setup, seat):
    return sum(d for d, owner in zip(setup.dice, setup.owner, strict=True) if owner == seat)


def test_it_begins_with_the_setup_as_a_chance_event():
    state = GAME.new_state(3)
    assert state.current() == CHANCE
    assert state.chance_outcomes() is None  # 2**32 seeds: sampled, never listed
    assert state.observation()["phase"] == "setup"


def test_it_draws_a_32_bit_map_seed():
    import random

    outcome = GAME.new_state(2).sample_chance(random.Random(1))
    kind, seed = outcome
    assert kind == "map" and 0 <= seed < 2**32


def test_it_refuses_a_seed_out_of_range():
    state = GAME.new_state(2)
    for outcome in (("map", -1), ("map", 2**32), ("map", "7"), ("map", True), 7):
        with pytest.raises(IllegalMove):
            state.apply(outcome)


def test_it_expands_the_seed_into_the_whole_setup():
    state = GAME.new_state(4).apply(("map", 123))
    setup = set_up(123, 4)
    assert state.owner == setup.owner and state.dice == setup.dice
    assert state.order == setup.order and state.map_seed == 123


@pytest.mark.parametrize("players", [2, 5, 8])
def test_it_orders_play_by_a_random_permutation(players):
    orders = [tuple(set_up(seed, players).order) for seed in SEEDS]
    assert all(sorted(order) == list(range(players)) for order in orders)
    assert len({order[0] for order in orders}) == players


@pytest.mark.parametrize("players", [2, 3, 7, 8])
def test_it_deals_territories_one_at_a_time_in_reverse_play_order(players):
    for seed in SEEDS:
        setup = set_up(seed, players)
        dealing = setup.order[::-1]
        size = setup.board.size
        for i, seat in enumerate(dealing):
            # The i-th player to pick gets every players-th territory from pick i on.
            assert _counts(setup, seat) == len(range(i, size, players))


def test_it_gives_the_last_player_to_move_the_extra_territory():
    setup = next(set_up(s, 2) for s in SEEDS if set_up(s, 2).board.size % 2)
    first, last = setup.order
    assert _counts(setup, last) == _counts(setup, first) + 1


def test_it_hands_out_three_dice_a_territory_less_up_to_five():
    held_back = Counter()
    for seed in SEEDS:
        setup = set_up(seed, 2)
        held_back[3 * setup.board.size - sum(setup.dice)] += 1
    assert set(held_back) == set(range(6))


@pytest.mark.parametrize("players", [2, 4, 8])
def test_it_shares_starting_dice_by_rounding_in_reverse_play_order(players):
    for seed in SEEDS:
        setup = set_up(seed, players)
        left = sum(setup.dice)
        for done, seat in enumerate(reversed(setup.order)):
            share = round(left / (players - done))
            left -= share
            assert _dice(setup, seat) == share


def test_it_puts_one_to_eight_dice_on_every_territory():
    for seed in SEEDS:
        assert all(1 <= d <= 8 for d in set_up(seed, 2).dice)


def test_it_starts_turn_1_with_the_first_player_in_order():
    state = GAME.new_state(5).apply(("map", 77))
    assert state.turn == 1
    assert state.current() == state.order[0]
