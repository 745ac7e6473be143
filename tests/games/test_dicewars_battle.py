"""Battles (docs/games/dicewars.md): one d6 per die on each side, the attacker needs a
strictly greater total, and the exact odds come from a precomputed table."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb

import pytest

from games.core import IllegalMove
from games.dicewars import win_probability
from games.dicewars.battle import WIN_FRACTION
from tests.games.test_dicewars_positions import ROW, state_of


def _ways(dice: int, total: int) -> int:
    """Ways ``dice`` d6 show ``total``, by inclusion-exclusion (no convolution)."""
    return sum(
        (-1) ** j * comb(dice, j) * comb(total - 6 * j - 1, dice - 1)
        for j in range((total - dice) // 6 + 1)
        if total - 6 * j - 1 >= dice - 1
    )


def _brute_force(attacker: int, defender: int) -> Fraction:
    """P(attacker wins) from the two sum distributions, each counted independently."""
    wins = sum(
        _ways(attacker, a) * _ways(defender, d)
        for a in range(attacker, 6 * attacker + 1)
        for d in range(defender, 6 * defender + 1)
        if a > d
    )
    return Fraction(wins, 6 ** (attacker + defender))


def _every_roll(attacker: int, defender: int) -> Fraction:
    """P(attacker wins) by listing every roll of every die (small battles only)."""
    rolls = itertools.product(range(1, 7), repeat=attacker + defender)
    wins = sum(1 for r in rolls if sum(r[:attacker]) > sum(r[attacker:]))
    return Fraction(wins, 6 ** (attacker + defender))


def _battle(attacking: int, defending: int):
    """Seat 0 has declared 0 -> 1 with the given dice."""
    state = state_of([[1], [0, 2], [1]], [0, 1, 1], [attacking, defending, 1])
    return state.apply((0, 1))


@pytest.mark.parametrize("attacker", range(1, 9))
def test_it_matches_the_exact_convolution_of_the_dice(attacker):
    for defender in range(1, 9):
        exact = _brute_force(attacker, defender)
        assert WIN_FRACTION[attacker][defender] == exact
        assert win_probability(attacker, defender) == pytest.approx(float(exact), abs=1e-15)


def test_it_agrees_with_listing_every_roll_of_small_battles():
    for attacker, defender in [(1, 1), (2, 1), (2, 2), (3, 2), (2, 3), (4, 2)]:
        assert WIN_FRACTION[attacker][defender] == _every_roll(attacker, defender)


def test_it_refuses_dice_counts_outside_1_to_8():
    for counts in [(0, 1), (9, 1), (2, 0), (2, 9)]:
        with pytest.raises(ValueError):
            win_probability(*counts)


def test_it_gives_ties_to_the_defender():
    after = _battle(2, 2).apply(((3, 3), (2, 4)))
    assert after.owner[1] == 1
    assert after.dice[1] == 2


def test_it_moves_all_dice_but_one_into_a_conquered_territory():
    after = _battle(5, 3).apply(((6, 6, 6, 1, 1), (1, 2, 3)))
    assert after.owner[1] == 0
    assert after.dice[:2] == [1, 4]


def test_it_leaves_one_die_behind_after_a_lost_battle():
    after = _battle(5, 3).apply(((1, 1, 1, 1, 1), (6, 6, 6)))
    assert after.owner[1] == 1
    assert after.dice[:2] == [1, 3]


def test_it_lets_the_mover_go_on_attacking_after_a_battle():
    state = state_of(ROW, [0, 0, 1, 1, 1, 1], [1, 4, 1, 1, 1, 1])
    state = state.apply((1, 2)).apply(((6, 6, 6, 6), (1,)))
    assert state.current() == 0
    assert state.legal_moves(0)[0] == (2, 3)


def test_it_offers_one_winning_and_one_losing_roll_with_exact_odds():
    state = _battle(3, 4)
    (won, p_won), (lost, p_lost) = state.chance_outcomes()
    assert p_won == win_probability(3, 4) and p_lost == pytest.approx(1 - p_won)
    assert state.apply(won).owner[1] == 0
    assert state.apply(lost).owner[1] == 1


def test_it_offers_only_a_win_when_seven_dice_attack_one():
    for attacking in (7, 8):
        outcomes = _battle(attacking, 1).chance_outcomes()
        assert [p for _, p in outcomes] == [1.0]


def test_it_rolls_one_die_per_die_on_each_side():
    state = _battle(6, 2)
    rng = random.Random(3)
    for _ in range(50):
        attacker, defender = state.sample_chance(rng)
        assert len(attacker) == 6 and len(defender) == 2
        assert all(1 <= face <= 6 for face in attacker + defender)


def test_it_accepts_any_roll_of_the_right_dice():
    state = _battle(2, 1)
    for roll in itertools.product(range(1, 7), repeat=3):
        state.apply((roll[:2], roll[2:]))  # raises if refused


def test_it_refuses_rolls_of_the_wrong_dice():
    state = _battle(2, 1)
    for bad in [((1,), (1,)), ((1, 1, 1), (1,)), ((1, 7), (1,)), ((0, 1), (1,)), ((1, 1),)]:
        with pytest.raises(IllegalMove):
            state.apply(bad)


def test_it_records_the_dice_of_the_last_battle():
    state = _battle(3, 2).apply(((6, 5, 1), (4, 4)))
    last = state.observation()["last_battle"]
    assert last["attacker_dice"] == [6, 5, 1] and last["defender_dice"] == [4, 4]
    assert (last["attack_total"], last["defence_total"], last["won"]) == (12, 8, True)
    assert state.observation()["last"] == last


def test_it_wins_sampled_battles_as_often_as_the_table_says():
    state = _battle(3, 3)
    rng = random.Random(2024)
    trials = 20_000
    wins = sum(sum(a) > sum(d) for a, d in (state.sample_chance(rng) for _ in range(trials)))
    p = win_probability(3, 3)
    sigma = (p * (1 - p) / trials) ** 0.5
    assert abs(wins / trials - p) < 4 * sigma


def test_it_writes_rolls_as_short_text():
    state = _battle(3, 2)
    roll = ((6, 5, 1), (4, 4))
    assert state.move_to_str(roll) == "roll:651-44"
    assert state.str_to_move("roll:651-44") == roll
