"""Pig's players: the solved game agrees with plain value iteration and with Neller and
Presser's figure, and the optimal policy beats holding at 20 over seeded games."""

import random

import pytest

import agents
from agents.core import Budget
from agents.pig.evaluation import evaluate, win_chance
from agents.pig.solve import opening, table
from agents.stats import wilson_interval
from games.core import TERMINAL
from games.pig import GAME, HOLD, ROLL


def plain_value_iteration(goal: int) -> dict:
    """Every P(i, j, k) by sweeping until nothing moves (the textbook method)."""
    p = {(i, j, k): 0.0 for i in range(goal) for j in range(goal) for k in range(goal - i)}

    def at(i, j, k):
        return 1.0 if i + k >= goal else p[i, j, k]

    while True:
        delta = 0.0
        for (i, j, k), old in p.items():
            roll = (1 - p[j, i, 0] + sum(at(i, j, k + r) for r in range(2, 7))) / 6
            hold = 1 - p[j, i + k, 0] if k and i + k < goal else (1.0 if k else -1.0)
            new = max(roll, hold)
            delta = max(delta, abs(new - old))
            p[i, j, k] = new
        if delta < 1e-13:
            return p


def test_the_solution_agrees_with_plain_value_iteration():
    goal = 12
    plain = plain_value_iteration(goal)
    solved = table(goal)
    for (i, j, k), value in plain.items():
        assert solved.value(i, j, k) == pytest.approx(value, abs=1e-9), (i, j, k)


def test_the_opening_matches_neller_and_presser():
    # "Optimal Play of Pig": the first player wins 53.06 % under optimal play.
    assert opening(100) == pytest.approx(0.5306, abs=5e-4)


def test_pig_best_reports_the_opening_value():
    state = GAME.new_state(2)
    decision = agents.get("pig-best").act(state, 0, Budget(), random.Random(1))
    assert decision.move == ROLL
    assert decision.thinking["win_chance"] == pytest.approx(0.5306, abs=5e-4)


def test_pig_best_knows_the_famous_positions():
    solved = table(100)
    assert solved.rolls(0, 0, 20)  # hold-at-20 is not optimal at the start...
    assert not solved.rolls(0, 0, 30)
    assert solved.rolls(0, 99, 50)  # ...far behind at the end, keep rolling


def test_pig_hold20_holds_at_20_or_at_the_goal():
    hold20 = agents.get("pig-hold20")
    rng = random.Random(0)
    at = GAME.from_position({"scores": [0, 0], "turn": 0, "turn_total": 19})
    assert hold20.act(at, 0, Budget(), rng).move == ROLL
    at = GAME.from_position({"scores": [0, 0], "turn": 0, "turn_total": 20})
    assert hold20.act(at, 0, Budget(), rng).move == HOLD
    near = GAME.from_position({"goal": 30, "scores": [25, 0], "turn": 0, "turn_total": 4})
    assert hold20.act(near, 0, Budget(), rng).move == ROLL
    assert agents.get("pig-hold20").act(GAME.new_state(2), 0, Budget(), rng).move == ROLL


def _play(seed: int, best_seat: int) -> bool:
    rng = random.Random(seed)
    state = GAME.new_state(2)
    players = {best_seat: agents.get("pig-best"), 1 - best_seat: agents.get("pig-hold20")}
    while state.current() != TERMINAL:
        actor = state.current()
        if actor < 0:
            state.apply_in_place(state.sample_chance(rng))
        else:
            state.apply_in_place(players[actor].act(state, actor, Budget(), rng).move)
    return state.returns()[best_seat] > 0


def test_pig_best_beats_holding_at_20():
    # Its edge is a few points (about 53 % over both seats), so 2,000 games (about a
    # second) are what puts the 95 % interval's lower end above one half.
    n = 2000
    wins = sum(_play(seed, seed % 2) for seed in range(n))
    low, _ = wilson_interval(wins, n - wins)
    assert low > 0.5, (wins, n)


def test_the_evaluation_is_the_solved_chance():
    state = GAME.new_state(2)
    assert win_chance(state, 0) == pytest.approx(opening(100))
    assert evaluate(state, 0) == pytest.approx(2 * opening(100) - 1)
    assert evaluate(state, 1) == pytest.approx(-evaluate(state, 0))
    won = GAME.from_position({"goal": 10, "scores": [10, 3], "over": True, "winner": 0})
    assert won.current() == TERMINAL and evaluate(won, 0) == 1.0 and evaluate(won, 1) == -1.0
