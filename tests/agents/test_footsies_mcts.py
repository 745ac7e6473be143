"""The Clairvoyant twice: the notebook's bandit with its errors kept, and corrected."""

import random

import pytest

from agents import Budget, get
from agents.equilibrium.response import BestResponse, uniform
from agents.footsies.mcts_faithful import clash, rollout_length
from games.footsies import GAME, MOVES


def position(blocks, streak, **options):
    view = GAME.new_state(2, options).observation(None)
    view.update(blocks=list(blocks), streak=list(streak), previous=["A", "A"], turn=1)
    return GAME.from_position(view)


def choose(spec, state, seed, iterations=None):
    return get(spec).act(state, 0, Budget(iterations=iterations), random.Random(seed))


# ----- the faithful bandit: the notebook's errors, one by one ---------------------------


def test_it_scores_grab_beating_block_as_a_loss_for_the_grabber():
    assert clash("G", "B", 3, 3, False, False) == -1
    assert clash("B", "G", 3, 3, False, False) == 1


def test_it_scores_the_opponents_first_hit_as_half_a_win():
    assert clash("G", "A", 3, 3, False, False) == 0.5
    assert clash("A", "G", 3, 3, False, False) == 0.5  # one's own first hit: the same


def test_it_scores_a_mirror_match_as_a_loss():
    assert [clash(m, m, 3, 3, False, False) for m in MOVES] == [-1, -1, -1, -1]


def test_it_scores_a_block_that_empties_the_counter_as_a_loss():
    assert clash("B", "A", 1, 3, False, False) == -1  # my last block: "I lose"
    assert clash("A", "B", 3, 1, False, False) == 1  # their last block: "I win"
    assert clash("B", "A", 2, 3, False, False) == 0


def test_it_has_no_rollout_without_a_turn_cap():
    assert rollout_length(GAME.new_state(2)) == -1
    assert rollout_length(GAME.new_state(2, {"max_turns": 10})) == 9
    assert choose("footsies-mcts-faithful", GAME.new_state(2), 0).thinking["rollout"] == 0


def test_it_adds_up_statistics_over_decisions_with_a_stale_total():
    agent = get("footsies-mcts-faithful")
    state = GAME.new_state(2)
    first = agent.act(state, 0, Budget(), random.Random(1))
    second = agent.act(state, 0, Budget(), random.Random(2))
    assert first.thinking["total_before"] == 1
    assert second.thinking["total_before"] == 101
    assert sum(m["visits"] for m in second.thinking["moves"]) == 200
    agent.reset()
    assert sum(agent.visits.values()) == 0


@pytest.mark.parametrize("seed", range(3))
def test_it_prefers_block_at_the_opening_because_it_scores_block_against_grab_as_a_win(seed):
    assert choose("footsies-mcts-faithful", GAME.new_state(2), seed, 2000).move == "B"


# ----- the corrected bandit --------------------------------------------------------------


def right_answers(state):
    """The best replies to a uniformly random opponent, from the exact values."""
    values = BestResponse(uniform).q_values(state)
    best = max(values.values())
    return {m for m, v in values.items() if v > best - 1e-9}


@pytest.mark.parametrize("seed", range(3))
def test_it_prefers_dragon_punch_at_the_opening(seed):
    state = GAME.new_state(2)
    assert right_answers(state) == {"DP"}  # it wins against two of the four options
    assert choose("footsies-mcts", state, seed, 2000).move == "DP"


@pytest.mark.parametrize("seed", range(3))
def test_it_finishes_an_opponent_without_blocks_where_the_faithful_one_blocks(seed):
    # One hit in, the opponent out of blocks: Attack and Dragon Punch each win against
    # two options. The notebook's scoring calls Block best (its "out of blocks" error).
    state = position((3, 0), (1, 0))
    assert right_answers(state) == {"A", "DP"}
    assert choose("footsies-mcts", state, seed, 2000).move in {"A", "DP"}
    assert choose("footsies-mcts-faithful", state, seed, 2000).move == "B"


def test_it_reports_every_option_it_weighed():
    decision = choose("footsies-mcts", GAME.new_state(2), 4)
    rows = decision.thinking["moves"]
    assert sorted(r["move"] for r in rows) == sorted(MOVES)
    assert sum(r["visits"] for r in rows) == 100
    assert rows[0]["move"] == decision.move


def test_it_scores_a_won_exchange_as_a_win():
    agent = get("footsies-mcts")
    # Block against any Dragon Punch wins at once: a fixed opponent choice.
    rng = random.Random(0)
    rng.choice = lambda seq: "DP"
    assert agent.simulate(GAME.new_state(2), 0, "B", rng) == 1.0
    assert agent.simulate(GAME.new_state(2), 1, "G", rng) == -1.0


def test_it_stops_its_rollout_at_the_turn_cap():
    agent = get("footsies-mcts")
    calls = []
    rng = random.Random(0)
    rng.choice = lambda seq: calls.append(1) or "A"  # A against A forever: nothing happens
    agent.simulate(GAME.new_state(2, {"max_turns": 3}), 0, "A", rng)
    assert len(calls) == 1 + 2 * 2  # the exchange, then two more turns until the cap
    calls.clear()
    agent.simulate(GAME.new_state(2), 0, "A", rng)
    assert len(calls) == 1 + 2 * 5  # no cap: the full five


def test_it_is_reproducible_from_its_rng():
    state = GAME.new_state(2)
    assert choose("footsies-mcts", state, 9).thinking == choose("footsies-mcts", state, 9).thinking
