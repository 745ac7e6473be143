"""Flat Monte Carlo: playouts after each move, the most wins, blind opponents at random."""

from __future__ import annotations

import json
import random

import pytest

import games
from agents.core import Budget
from agents.search.montecarlo import MonteCarloAgent
from games.core import Game
from tests.agents.toy_games import Nim, TreeGame, win


def _decide(game: Game, seat: int = 0, seed: int = 0, budget: Budget | None = None, **params):
    agent = MonteCarloAgent(**params)
    return agent.act(game.new_state(), seat, budget or Budget(), random.Random(seed))


def test_it_takes_a_move_that_wins_at_once():
    # From a pile of 3, taking 3 always wins; the other moves win only some playouts.
    decision = _decide(Nim(3), playouts=50)
    assert decision.move == 3
    assert decision.thinking["moves"][0] == {"move": "3", "playouts": 50, "wins": 50, "mean": 1.0}


def test_it_prefers_the_better_odds_when_chance_decides():
    tree = {
        "seat": 0,
        "moves": {
            "coin": {"chance": [(f, 0.5, win(0) if f else win(1)) for f in (0, 1)]},
            "die": {"chance": [(f, 1 / 6, win(0) if f >= 5 else win(1)) for f in range(1, 7)]},
        },
    }
    assert _decide(TreeGame(tree), playouts=400).move == "coin"


def test_it_draws_a_blind_opponents_choice_uniformly():
    # Against a uniform column "wide" wins 2 of 3, "narrow" 1 of 3 - though "narrow"
    # would be the answer to a column that always plays "c".
    table = {
        ("wide", "a"): win(0),
        ("wide", "b"): win(0),
        ("wide", "c"): win(1),
        ("narrow", "a"): win(1),
        ("narrow", "b"): win(1),
        ("narrow", "c"): win(0),
    }
    decision = _decide(TreeGame({"together": table}), playouts=300)
    assert decision.move == "wide"
    rates = {m["move"]: m["wins"] / m["playouts"] for m in decision.thinking["moves"]}
    assert rates["wide"] == pytest.approx(2 / 3, abs=0.1)


def test_it_counts_only_a_sole_first_place_as_a_win():
    # Among three, a shared first place is no win: "share" never wins, "alone" does.
    tree = {
        "seat": 0,
        "moves": {
            "share": {"returns": (1.0, 1.0, -1.0)},
            "alone": {"chance": [(f, 0.5, win(0, 3) if f else win(2, 3)) for f in (0, 1)]},
        },
    }
    decision = _decide(TreeGame(tree, players=3), playouts=40)
    assert decision.move == "alone"


def test_it_plays_as_many_playouts_per_move_as_the_budget_says():
    decision = _decide(Nim(9), budget=Budget(iterations=7))
    assert decision.stats["playouts"] == 3 * 7
    assert all(m["playouts"] == 7 for m in decision.thinking["moves"])


def test_it_stops_when_its_time_is_up():
    decision = _decide(Nim(40), playouts=10**9, budget=Budget(seconds=0.05))
    assert decision.stats["playouts"] < 3 * 10**9


def test_it_plays_a_single_legal_move_without_playouts():
    decision = _decide(Nim(1))
    assert decision.move == 1 and decision.stats["playouts"] == 0


def test_it_refuses_a_bad_parameter():
    with pytest.raises(ValueError, match="playouts"):
        MonteCarloAgent(playouts=0)


def test_it_repeats_itself_from_the_same_rng():
    state = games.get("footsies").new_state(2)
    first = MonteCarloAgent(playouts=20).act(state, 1, Budget(), random.Random(8))
    again = MonteCarloAgent(playouts=20).act(state, 1, Budget(), random.Random(8))
    assert (first.move, first.thinking) == (again.move, again.thinking)


def test_it_shows_every_moves_playouts_as_json():
    decision = _decide(Nim(9), playouts=10)
    thinking = json.loads(json.dumps(decision.thinking))
    assert sorted(m["move"] for m in thinking["moves"]) == ["1", "2", "3"]
    assert [c["visits"] for c in thinking["tree"]["children"]] == [10, 10, 10]
