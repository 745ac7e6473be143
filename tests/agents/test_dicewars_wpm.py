"""``dicewars-wpm`` decides as the repository's win-probability client does.

Every expected figure below is worked out by hand from the repository's weights (the
2-seat weights are ±1.30214778 for log(score + 1) and ±2.25563871 for log(dice + 1)),
not read back from the agent.
"""

from __future__ import annotations

import math
import random

import pytest

from agents.core import Budget, catalogue, get
from games.dicewars import END_TURN, GAME, win_probability
from tests.agents.test_dicewars_agents import assert_same_games, board

W_SCORE, W_DICE = 1.30214778, 2.25563871


def sig(x):
    return 1 / (1 + math.exp(-x))


def decide(state, seat=None):
    seat = state.mover if seat is None else seat
    return get("dicewars-wpm").act(state.clone(), seat, Budget(), random.Random(0))


def rows(decision):
    return {r["move"]: r["value"] for r in decision.thinking["moves"]}


def test_it_is_registered_for_dice_wars_only():
    assert "dicewars-wpm" in [a.name for a in catalogue("dicewars")]
    assert "dicewars-wpm" not in [a.name for a in catalogue("footsies")]


def test_its_estimate_and_gains_are_the_logistic_of_logs_of_scores_and_dice():
    # Seat 0: territory 0 (4 dice). Seat 1: territories 1 (2 dice) and 2 (3 dice),
    # joined. Scores 1 and 2, dice 4 and 5.
    state = board([[1], [0, 2], [1]], [0, 1, 1], [4, 2, 3])
    now = W_SCORE * (math.log(2) - math.log(3)) + W_DICE * (math.log(5) - math.log(6))
    # Ending the turn: my dice + my score = 5.
    end = W_SCORE * (math.log(2) - math.log(3)) + W_DICE * (math.log(6) - math.log(6))
    # 0>1, won: my 5, theirs 5 - 2 = 3; lost: my 5 - 4 + 1 = 2, theirs 5. Scores stay.
    won = W_SCORE * (math.log(2) - math.log(3)) + W_DICE * (math.log(6) - math.log(4))
    lost = W_SCORE * (math.log(2) - math.log(3)) + W_DICE * (math.log(3) - math.log(6))
    p = win_probability(4, 2)
    expected = p * sig(won) + (1 - p) * sig(lost)
    decision = decide(state)
    assert decision.thinking["estimate_now"] == pytest.approx(sig(now), abs=1e-5)
    assert rows(decision)["end"] == pytest.approx(math.log(sig(end) / sig(now)), abs=1e-5)
    assert rows(decision)["0>1"] == pytest.approx(math.log(expected / sig(now)), abs=1e-5)
    assert expected > sig(end)  # 0.566 against 0.371
    assert decision.move == (0, 1)


def test_it_ends_the_turn_when_the_expected_estimate_is_below_ending_it():
    # 2 dice against 4 (3.6 %), the defender holding 11 dice in all.
    state = board([[1], [0, 2], [1]], [0, 1, 1], [2, 4, 7])
    # end: my 2 + 1, their 11; won: my 3, their 7; lost: my 3 - 2 + 1 = 2, their 11.
    base = W_SCORE * (math.log(2) - math.log(3))
    end = sig(base + W_DICE * (math.log(4) - math.log(12)))
    p = win_probability(2, 4)
    won = sig(base + W_DICE * (math.log(4) - math.log(8)))
    lost = sig(base + W_DICE * (math.log(3) - math.log(12)))
    assert p * won + (1 - p) * lost < end  # 0.028 against 0.047
    assert decide(state).move == END_TURN


def test_a_conquest_that_joins_its_regions_counts_no_more_than_another():
    # The repository's region bonus reads a list this client never fills, so 0>1 (which
    # joins 0 and 2) and 0>3 (which does not) are worth the same: the first is played.
    neighbours = [[1, 3], [0, 2, 4], [1], [0], [1]]
    state = board(neighbours, [0, 1, 0, 1, 1], [4, 2, 3, 2, 3])
    decision = decide(state)
    assert rows(decision)["0>1"] == rows(decision)["0>3"]
    assert decision.move == (0, 1)
    # A tie goes to the first attack in the engine's legal order (targets by number),
    # however the map lists a territory's neighbours.
    swapped = board([[3, 1], [0, 2, 4], [1], [0], [1]], [0, 1, 0, 1, 1], [4, 2, 3, 2, 3])
    assert decide(swapped).move == (0, 1)


def test_a_full_territory_attacks_even_when_ending_the_turn_is_best():
    # A line 0-1-...-7; seat 0 holds 0, seat 1 the rest, 8 dice everywhere. 8 against 8
    # (47 %) risks 7 of my 9 dice after the reinforcement for 8 of their 56: ending the
    # turn is better, but a territory with 8 dice attacks anyway.
    neighbours = [[1]] + [[t - 1, t + 1] for t in range(1, 7)] + [[6]]
    state = board(neighbours, [0] + [1] * 7, [8] * 8)
    base = W_SCORE * (math.log(2) - math.log(8))
    end = sig(base + W_DICE * (math.log(10) - math.log(57)))
    p = win_probability(8, 8)
    won = sig(base + W_DICE * (math.log(10) - math.log(49)))
    lost = sig(base + W_DICE * (math.log(3) - math.log(57)))
    assert p * won + (1 - p) * lost < end
    decision = decide(state)
    assert next(iter(rows(decision))) == "end"
    assert decision.move == (0, 1)


def test_it_reads_the_weights_of_the_table_size_in_play_order_from_itself():
    # Three seats on a line 0-1-2, 2 dice each; play order 2, 0, 1. Seat 0's features
    # in its order (0, 1, 2), with the 3-seat weights.
    w = (1.03427841, 0.50262886, -0.78619448, -0.31264667, -0.74070513, -0.3344083)
    view = {
        "num_players": 3,
        "map": {"neighbours": [[1], [0, 2], [1]]},
        "owners": [0, 1, 2],
        "dice": [2, 3, 4],
        "order": [2, 0, 1],
        "current": 0,
    }
    state = GAME.from_position(view)
    x = sum(
        w[2 * i] * math.log(2) + w[2 * i + 1] * math.log(dice + 1)
        for i, dice in enumerate((2, 3, 4))
    )
    assert decide(state).thinking["estimate_now"] == pytest.approx(sig(x), abs=1e-5)


def test_the_same_seed_gives_the_same_games():
    assert_same_games("dicewars-wpm")
