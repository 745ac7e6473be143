"""MCTS: finds forced wins, weighs chance, plays blind turns decoupled, rewards each seat."""

from __future__ import annotations

import json
import random

import pytest

import games
from agents.core import Budget
from agents.search.mcts import MctsAgent
from agents.search.thinking import TREE_CHILDREN, TREE_DEPTH, size
from games.core import Game
from tests.agents.toy_games import Nim, TreeGame, win


def _decide(game: Game, seat: int = 0, seed: int = 0, budget: Budget | None = None, **params):
    agent = MctsAgent(**params)
    return agent.act(game.new_state(), seat, budget or Budget(), random.Random(seed))


# ----- choosing -----------------------------------------------------------------------------


@pytest.mark.parametrize(("pile", "take"), [(5, 1), (6, 2), (7, 3)])
def test_it_finds_the_forced_win_in_nim(pile, take):
    assert _decide(Nim(pile), iterations=3000).move == take


def test_it_prefers_the_better_odds_when_chance_decides():
    # A coin wins half the time; a d6 wins on 3-6, two times in three.
    tree = {
        "seat": 0,
        "moves": {
            "coin": {"chance": [(f, 0.5, win(0) if f else win(1)) for f in (0, 1)]},
            "die": {"chance": [(f, 1 / 6, win(0) if f >= 3 else win(1)) for f in range(1, 7)]},
        },
    }
    assert _decide(TreeGame(tree), iterations=2000).move == "die"


def test_it_finds_each_seats_dominant_move_at_a_blind_turn():
    # Row "up" beats or ties every column; column "right" is better for seat 1
    # whatever seat 0 does.
    table = {
        ("up", "left"): win(0),
        ("up", "right"): {"returns": (0.0, 0.0)},
        ("down", "left"): win(1),
        ("down", "right"): win(1),
    }
    game = TreeGame({"together": table})
    decision = _decide(game, iterations=1000)
    assert decision.move == "up"
    assert decision.thinking["others"]["1"][0]["move"] == "right"
    assert _decide(game, seat=1, iterations=1000).move == "right"


def test_it_backs_up_each_seats_own_reward_among_three_players():
    # Seat 1 moves: after "trust" seat 2 picks itself as winner; after "coin" seat 1
    # wins half the time. Only a seat-by-seat reward sees that "coin" is better.
    tree = {
        "seat": 1,
        "moves": {
            "trust": {"seat": 2, "moves": {"me": win(2, 3), "one": win(1, 3)}},
            "coin": {"chance": [(f, 0.5, win(1, 3) if f else win(0, 3)) for f in (0, 1)]},
        },
    }
    assert _decide(TreeGame(tree, players=3), seat=1, iterations=2000).move == "coin"


# ----- budget and widening ------------------------------------------------------------------


def test_it_runs_as_many_iterations_as_the_budget_says():
    decision = _decide(Nim(9), budget=Budget(iterations=123))
    assert decision.stats["iterations"] == decision.thinking["iterations"] == 123


def test_it_stops_when_its_time_is_up():
    decision = _decide(Nim(30), iterations=10**9, budget=Budget(seconds=0.05))
    assert decision.stats["iterations"] < 10**9


def test_it_opens_a_huge_move_list_gradually():
    wide = TreeGame({"seat": 0, "moves": {f"m{i:03}": win(i % 2) for i in range(300)}})
    widened = _decide(wide, iterations=100)
    assert widened.thinking["legal_moves"] == 300
    assert widened.thinking["opened"] <= 2 * 101**0.5 + 1


def test_it_tries_every_move_of_a_short_list():
    wide = TreeGame({"seat": 0, "moves": {f"m{i:03}": win(i % 2) for i in range(300)}})
    assert _decide(wide, iterations=400, widen_above=1000).thinking["opened"] == 300


def test_it_plays_a_single_legal_move_without_searching():
    decision = _decide(Nim(1))
    assert decision.move == 1 and decision.stats["iterations"] == 0


def test_it_refuses_a_bad_parameter():
    with pytest.raises(ValueError, match="iterations"):
        MctsAgent(iterations=0)


# ----- determinism and thinking -------------------------------------------------------------


def test_it_repeats_itself_from_the_same_rng():
    state = games.get("footsies").new_state(2)
    first = MctsAgent(iterations=300).act(state, 0, Budget(), random.Random(5))
    again = MctsAgent(iterations=300).act(state, 0, Budget(), random.Random(5))
    assert (first.move, first.thinking) == (again.move, again.thinking)


def test_it_reports_visits_that_add_up_at_the_root():
    decision = _decide(Nim(9), iterations=500)
    tree = decision.thinking["tree"]
    assert tree["visits"] == 500
    assert sum(m["visits"] for m in decision.thinking["moves"]) == 500


def test_it_keeps_its_thinking_tree_bounded_and_json():
    decision = _decide(Nim(30), iterations=3000)
    tree = json.loads(json.dumps(decision.thinking))["tree"]
    bound = sum(TREE_CHILDREN**level for level in range(TREE_DEPTH + 1))
    assert 1 < size(tree) <= bound
