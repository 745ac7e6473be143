"""Exploitability and score against the equilibrium: the Footsies figures a
rock-paper-scissors pool cannot inflate."""

import pytest

from agents.core import Budget
from agents.equilibrium.footsies import solve
from agents.equilibrium.response import exploitability, uniform
from agents.equilibrium.soundness import LOBBY, figures, match_value, score, shipped
from agents.footsies.counter import CounterAgent
from agents.match import play_match


def test_the_equilibrium_scores_half_against_itself_and_nothing_scores_more():
    solution = solve()
    assert abs(match_value(solution.mix, solution.mix)) < 1e-9
    for policy in (uniform, CounterAgent().mix):
        assert match_value(policy, solution.mix) <= 1e-9


def test_a_match_value_agrees_with_games_played():
    # Random against the equilibrium, exactly and over 1,500 played games (a 4-SE band).
    exact = score(match_value(uniform, solve().mix))
    n, won = 1500, 0.0
    for i in range(n):
        specs = ["random", "footsies-nash"] if i % 2 == 0 else ["footsies-nash", "random"]
        seat = specs.index("random")
        result = play_match("footsies", specs, f"mv-{i}", budget=Budget())
        won += (1 + result.state.returns()[seat]) / 2
    se = (exact * (1 - exact) / n) ** 0.5
    assert abs(won / n - exact) < 4 * se, (won / n, exact)


def test_the_shipped_figures_are_the_lobby_rules_and_fresh():
    data = shipped()
    assert {k: data["options"][k] for k in LOBBY} == LOBBY
    options = data["options"]
    assert figures("footsies-nash")["exploitability"] == 0.0
    assert figures("footsies-nash")["score_vs_equilibrium"] == 0.5
    fresh = exploitability(uniform, options)
    assert figures("random")["exploitability"] == pytest.approx(fresh, abs=1e-6)
    assert figures("random")["score_vs_equilibrium"] < 0.5
    learner = figures("footsies-best")
    assert learner["exploitability"] is None and not learner["exact"]
    low, high = learner["interval"]
    assert low <= learner["score_vs_equilibrium"] <= high and learner["games"] >= 200
