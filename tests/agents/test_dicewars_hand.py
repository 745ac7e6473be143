"""``dicewars-hand`` (the first round's best): the attack that most raises a hand-weighted estimate."""

from __future__ import annotations

import random

from agents.core import Budget, catalogue, get
from agents.match import play_match
from games.dicewars import END_TURN, GAME, legal_attacks
from tests.agents.test_dicewars_agents import board


def decide(state, spec="dicewars-hand", budget=None):
    return get(spec).act(state.clone(), state.mover, budget or Budget(), random.Random(0))


def test_it_is_registered_for_dice_wars_only():
    assert "dicewars-hand" in [a.name for a in catalogue("dicewars")]
    assert "dicewars-hand" not in [a.name for a in catalogue("octagon")]


def test_it_ends_the_turn_rather_than_throw_two_dice_at_eight():
    # 0 (seat 0, 2 dice) - 1 (seat 1, 8 dice) - 2 (seat 1, 3 dice)
    state = board([[1], [0, 2], [1]], [0, 1, 1], [2, 8, 3])
    decision = decide(state)
    assert decision.move == END_TURN
    assert decision.thinking["moves"][0]["value"] < 0


def test_it_takes_the_last_territory_when_the_odds_are_sure():
    state = board([[1], [0]], [0, 1], [8, 1])
    assert decide(state).move == (0, 1)


def test_it_prefers_the_conquest_that_joins_its_regions():
    # Seat 0 holds 0 and 2; seat 1's 1 lies between them, seat 1's 3 hangs off 0.
    # Both attacks from 0 are 4 dice against 2; only 0>1 joins 0 and 2 into one region.
    neighbours = [[1, 3], [0, 2, 4], [1], [0], [1]]
    state = board(neighbours, [0, 1, 0, 1, 1], [4, 2, 3, 2, 3])
    assert set(legal_attacks(state)) == {(0, 1), (0, 3), (2, 1)}
    decision = decide(state)
    assert decision.move == (0, 1)
    rows = {r["move"]: r["value"] for r in decision.thinking["moves"]}
    assert rows["0>1"] > rows["0>3"]


def test_it_attacks_from_a_full_territory_even_without_a_gain():
    # An 8 against a 7 raises little, but a full territory gains nothing by waiting.
    state = board([[1], [0, 2], [1]], [0, 1, 1], [8, 7, 8])
    assert decide(state, "dicewars-hand:margin=0.9").move == (0, 1)
    assert decide(state, "dicewars-hand:margin=0.9,full_odds=0.9").move == END_TURN


def test_it_still_answers_with_a_legal_move_on_a_budget_of_no_time():
    state = board([[1], [0]], [0, 1], [5, 2])
    move = decide(state, budget=Budget(seconds=0.0)).move
    assert move in state.legal_moves(0)


def test_it_plays_whole_games_at_two_and_six_seats():
    for players, seed in ((2, "a"), (6, "b")):
        specs = ["dicewars-hand"] + ["dicewars-ste"] * (players - 1)
        result = play_match(GAME, specs, seed, num_players=players)
        assert result.state.is_terminal()
        assert all(not result.failures(seat) for seat in range(players))
