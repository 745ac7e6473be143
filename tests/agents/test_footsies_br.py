"""The exploiter: exact best responses to position-only players, shadows of the others."""

import random

import pytest

from agents import Budget, get
from agents.match import play_match
from games.footsies import GAME


def test_it_values_every_opening_move_alike_against_the_counter():
    # Against the counter's random opening each move loses to exactly one of the four
    # replies; after that the counter is predictable and loses at once: 3/4 - 1/4.
    thinking = (
        get("footsies-br:model=footsies-counter")
        .act(GAME.new_state(2), 0, Budget(), random.Random(0))
        .thinking
    )
    assert all(abs(row["value"] - 0.5) < 1e-6 for row in thinking["moves"])


@pytest.mark.parametrize("seed", range(6))
def test_it_beats_the_counter_in_the_second_exchange(seed):
    result = play_match(
        "footsies", ["footsies-br:model=footsies-counter", "footsies-counter"], seed
    )
    if len(result.steps) > 1:
        assert len(result.steps) == 2 and result.state.winner == 0


def test_it_spams_dragon_punch_against_a_random_player():
    thinking = (
        get("footsies-br:model=random")
        .act(GAME.new_state(2), 1, Budget(), random.Random(0))
        .thinking
    )
    # DP every turn: v = (win + loss + win + v) / 4, so v = 1/3.
    assert thinking["moves"][0]["move"] == "DP"
    assert abs(thinking["moves"][0]["value"] - 1 / 3) < 1e-6


@pytest.mark.parametrize("seed", range(3))
def test_it_reads_the_bayesians_next_move_exactly(seed):
    result = play_match(
        "footsies", ["footsies-bayesian", "footsies-br:model=footsies-bayesian"], seed
    )
    for step in result.steps[1:]:
        actual = step.decisions[0].move
        assert step.decisions[1].thinking["predicted"] == {actual: 1.0}


def test_it_wins_every_game_against_the_bayesian_that_outlasts_the_opening():
    for seed in range(8):
        result = play_match(
            "footsies", ["footsies-br:model=footsies-bayesian", "footsies-bayesian"], seed
        )
        if len(result.steps) > 1:
            assert result.state.winner == 0


def test_its_shadow_of_a_sampling_model_keeps_in_step():
    real = get("footsies-mcts-faithful")
    exploiter = get("footsies-br:model=footsies-mcts-faithful,samples=4")
    play_match("footsies", [exploiter, real], seed=3, options={"max_turns": 6})
    assert exploiter.shadow.visits.keys() == real.visits.keys()
    assert sum(exploiter.shadow.visits.values()) == sum(real.visits.values())


def test_it_refuses_itself_as_its_model():
    with pytest.raises(ValueError, match="itself"):
        get("footsies-br:model=footsies-br")


def test_it_refuses_a_model_of_another_game():
    with pytest.raises(ValueError, match="does not play"):
        get("footsies-br:model=octagon-greedy")
