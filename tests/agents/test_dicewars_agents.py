"""The write-up's Dice Wars players on hand-made boards (docs/games/dicewars.md, Agents)."""

from __future__ import annotations

import math
import random

import pytest

from agents.core import AGENTS, Budget, get, info
from agents.dicewars.evaluation import evaluate
from agents.dicewars.odds import hold_probability
from agents.match import play_match
from agents.search.evaluation import evaluation_for
from games.dicewars import END_TURN, GAME, legal_attacks, win_probability


def board(neighbours, owners, dice, players=2, mover=0):
    """A position from a hand-made map: territory t borders ``neighbours[t]``."""
    view = {
        "num_players": players,
        "map": {"neighbours": neighbours},
        "owners": owners,
        "dice": dice,
        "order": list(range(players)),
        "current": mover,
    }
    return GAME.from_position(view)


def decide(spec, state, seed=0):
    return get(spec).act(state.clone(), state.mover, Budget(), random.Random(seed))


def assert_same_games(spec, tables=((2, "r1"), (3, "r2")), options=None):
    """Two matches of ``spec`` on every seat with the same seed are the same match."""
    for players, seed in tables:
        first = play_match(GAME, [spec] * players, seed, options, num_players=players)
        again = play_match(GAME, [spec] * players, seed, options, num_players=players)
        assert first.record == again.record
        assert first.state.is_terminal()


def lone_attack(attacking, defending):
    """Seat 0's territory 0 borders only seat 1's territory 1: one possible attack."""
    return board([[1], [0]], [0, 1], [attacking, defending])


# A star around territory 1 (seat 1, 3 dice), attacked from territory 0 (seat 0, 5 dice):
# 2 is seat 1's with 4 dice, 3 seat 2's with 6, 4 seat 1's with 1 die, 5 seat 0's with 1.
STAR = ([[1], [0, 2, 3, 4, 5], [1], [1], [1], [1]], [0, 1, 1, 2, 1, 0], [5, 3, 4, 6, 1, 1])


# ----- the hold probability ------------------------------------------------------------


def test_it_computes_p_hold_as_the_formula_of_the_rules():
    state = board(*STAR, players=3)
    # Win 5 v 3; then the 4 moved dice survive 2 (4 dice) and 3 (6 dice); the 1-die
    # neighbour and our own territory 5 cannot retake it.
    by_hand = win_probability(5, 3) * (1 - win_probability(4, 4)) * (1 - win_probability(6, 4))
    assert hold_probability(state, 0, 1) == pytest.approx(by_hand, rel=1e-12)


def test_it_holds_with_the_dice_left_after_the_attack():
    # From 2 dice only 1 moves in: a 2-dice neighbour retakes it with P(2 v 1).
    state = board([[1], [0, 2], [1]], [0, 1, 1], [2, 1, 2])
    expected = win_probability(2, 1) * (1 - win_probability(2, 1))
    assert hold_probability(state, 0, 1) == pytest.approx(expected, rel=1e-12)


# ----- AI 1: naive ---------------------------------------------------------------------


def test_it_naive_attacks_even_against_hopeless_odds():
    assert decide("dicewars-naive", lone_attack(2, 8)).move == (0, 1)


def test_it_naive_ends_its_turn_only_when_no_attack_is_left():
    assert decide("dicewars-naive", lone_attack(1, 8)).move == END_TURN


def test_it_naive_picks_each_able_territory_equally_often():
    # Territory 0 has three enemy neighbours, territory 4 only one; the write-up scans
    # territories in random order, so each source is chosen about half the time.
    state = board([[1, 2, 3], [0], [0], [0], [5], [4]], [0, 1, 1, 1, 0, 1], [3, 1, 1, 1, 3, 1])
    sources = [decide("dicewars-naive", state, seed).move[0] for seed in range(400)]
    assert 0.4 < sources.count(0) / len(sources) < 0.6


def test_it_naive_attacks_until_no_attack_is_possible_in_a_whole_game():
    ended_with_attacks = []
    before = [GAME.new_state(2)]

    def watch(after, step):
        if step.decisions and step.move == END_TURN and legal_attacks(before[0]):
            ended_with_attacks.append(step.ply)
        before[0] = after

    result = play_match(GAME, ["dicewars-naive", "dicewars-naive"], seed=5, on_event=watch)
    assert result.outcome is not None
    assert ended_with_attacks == []


# ----- AI 2: strength difference -------------------------------------------------------


def test_it_sdc_attacks_the_largest_strength_difference():
    # 0 (5 dice) borders 1 (4 dice) and 2 (1 die): SD 1 and SD 4.
    state = board([[1, 2], [0], [0]], [0, 1, 1], [5, 4, 1])
    assert decide("dicewars-sdc", state).move == (0, 2)


def test_it_sdc_attacks_at_a_strength_difference_of_zero():
    assert decide("dicewars-sdc", lone_attack(3, 3)).move == (0, 1)


def test_it_sdc_ends_its_turn_when_every_difference_is_negative():
    assert decide("dicewars-sdc", lone_attack(3, 4)).move == END_TURN


def test_it_sdc_breaks_ties_at_random():
    # 0 (4 dice) borders 1 and 2, both with 2 dice: SD 2 each way.
    state = board([[1, 2], [0], [0]], [0, 1, 1], [4, 2, 2])
    targets = {decide("dicewars-sdc", state, seed).move for seed in range(40)}
    assert targets == {(0, 1), (0, 2)}


# ----- AI 3: single-turn expectiminimax ------------------------------------------------


def test_it_ste_attacks_the_highest_p_hold():
    # 0 (6 dice) borders 1 (2 dice, guarded by 2's 6 dice) and 3 (3 dice, unguarded).
    state = board([[1, 3], [0, 2], [1], [0]], [0, 1, 1, 1], [6, 2, 6, 3])
    guarded, open_ = hold_probability(state, 0, 1), hold_probability(state, 0, 3)
    assert open_ > guarded  # the weaker target is the worse attack here
    assert decide("dicewars-ste", state).move == (0, 3)


def test_it_ste_attacks_at_exactly_the_threshold():
    state = board(*STAR, players=3)
    p = hold_probability(state, 0, 1)
    assert decide(f"dicewars-ste:threshold={p!r}", state).move == (0, 1)


def test_it_ste_ends_its_turn_just_below_the_threshold():
    state = board(*STAR, players=3)
    above = math.nextafter(hold_probability(state, 0, 1), 1.0)
    assert decide(f"dicewars-ste:threshold={above!r}", state).move == END_TURN


def test_it_ste_uses_twenty_percent_by_default():
    # Alone, 4 v 5 holds with P(4 v 5) = 22.0 % and 3 v 4 with 19.2 %.
    assert decide("dicewars-ste", lone_attack(4, 5)).move == (0, 1)
    assert decide("dicewars-ste", lone_attack(3, 4)).move == END_TURN


def test_it_ste_attacks_from_eight_dice_whatever_p_hold():
    # 8 v 8, and an 8-dice neighbour would retake the target from 7 dice.
    state = board([[1], [0, 2], [1]], [0, 1, 1], [8, 8, 8])
    assert hold_probability(state, 0, 1) < 0.2
    assert decide("dicewars-ste", state).move == (0, 1)


def test_it_ste_shows_p_hold_of_each_attack_in_its_thinking():
    state = board([[1, 3], [0, 2], [1], [0]], [0, 1, 1, 1], [6, 2, 6, 3])
    rows = {r["move"]: r["value"] for r in decide("dicewars-ste", state).thinking["moves"]}
    assert rows == {
        "0>1": round(hold_probability(state, 0, 1), 4),
        "0>3": round(hold_probability(state, 0, 3), 4),
    }


# ----- AI 4: improved STE --------------------------------------------------------------

# Seat 0: 0-1-2 is its largest region (0 has 4 dice, facing 5 with 2 dice); 3 alone has
# 6 dice facing 4 with 2 dice. From 3 the odds are better, but not three times better.
REGIONS = (
    [[1, 5], [0, 2], [1], [4], [3], [0]],
    [0, 0, 0, 0, 1, 1],
    [4, 1, 1, 6, 2, 2],
)


def test_it_ste4_prefers_attacks_from_its_largest_region():
    state = board(*REGIONS)
    assert hold_probability(state, 3, 4) > hold_probability(state, 0, 5)
    assert decide("dicewars-ste", state).move == (3, 4)
    assert decide("dicewars-ste4", state).move == (0, 5)


def test_it_ste4_weights_the_region_with_the_lowest_territory_of_equal_ones():
    # Seat 0 holds 0-1 and 3-4, two regions of two; 1 (4 dice) faces 2, 4 (6 dice) 5.
    line = [[1], [0, 2], [1, 3], [2, 4], [3, 5], [4]]
    state = board(line, [0, 0, 1, 0, 0, 1], [1, 4, 2, 1, 6, 2])
    assert decide("dicewars-ste", state).move == (4, 5)
    assert decide("dicewars-ste4", state).move == (1, 2)


def test_it_ste4_is_more_cautious_at_larger_tables():
    # Seat 2 owns a far corner; 5 v 6 alone holds with 24 %.
    state = board([[1], [0], [3], [2]], [0, 1, 2, 2], [5, 6, 1, 1], players=3)
    p = hold_probability(state, 0, 1)
    assert 0.2 <= p < 0.4
    assert decide("dicewars-ste", state).move == (0, 1)
    assert decide("dicewars-ste4", state).move == END_TURN


# ----- all four ------------------------------------------------------------------------

FAMILY = ["dicewars-naive", "dicewars-sdc", "dicewars-ste", "dicewars-ste4"]


def test_it_lists_the_family_in_the_dicewars_lobby_only():
    # Through info(), not catalogue(): it imports every family, finished or not.
    assert [name for name in AGENTS if name in FAMILY] == FAMILY
    assert all(info(name).games == ("dicewars",) for name in FAMILY)


@pytest.mark.parametrize("spec", FAMILY)
def test_it_plays_a_whole_game_without_a_fallback(spec):
    result = play_match(GAME, [spec, "dicewars-naive"], seed=11)
    assert result.outcome is not None
    assert result.failures(0) == []


# ----- the evaluation for expectimax ---------------------------------------------------


def test_it_values_a_position_by_its_share_of_strength():
    # Seat 0 holds 0-1 (2 + 2 regions + 6/8 dice), seat 1 holds 2 (1 + 1 + 8/8).
    state = board([[1], [0, 2], [1]], [0, 0, 1], [3, 3, 8])
    ours, theirs = 2 + 2 + 6 / 8, 1 + 1 + 8 / 8
    assert evaluate(state, 0) == pytest.approx(2 * ours / (ours + theirs) - 1)
    assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))


def test_it_gives_the_payoff_once_the_game_is_over():
    state = board([[1], [0]], [0, 1], [8, 1])
    state.apply_in_place((0, 1))
    state.apply_in_place(((6,) * 8, (1,)))
    assert (evaluate(state, 0), evaluate(state, 1)) == state.returns() == (1.0, -1.0)


def test_it_is_the_evaluation_expectimax_uses_for_dice_wars():
    assert evaluation_for("dicewars") is evaluate
