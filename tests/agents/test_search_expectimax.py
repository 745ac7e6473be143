"""Expectimax: exact chance averages, pruning that changes nothing, the table, the hook."""

from __future__ import annotations

import json
import random

import pytest

from agents.core import Budget
from agents.search.evaluation import EVALUATIONS, evaluation_for, terminal_only
from agents.search.expectimax import ExpectimaxAgent
from games.core import Game
from tests.agents.toy_games import Nim, NimState, TreeGame, leaf

# ----- a game written out as a tree ------------------------------------------------------


def random_tree(rng: random.Random, decisions: int, seat: int = 0) -> dict:
    """Decisions of alternating seats, each move followed by a chance node."""
    if decisions == 0:
        return leaf(round(rng.uniform(-1, 1), 3))
    moves = {}
    for m in "abc"[: rng.randint(2, 3)]:
        weights = [rng.randint(1, 5) for _ in range(rng.randint(2, 3))]
        moves[m] = {
            "chance": [
                (face, w / sum(weights), random_tree(rng, decisions - 1, 1 - seat))
                for face, w in enumerate(weights)
            ]
        }
    return {"seat": seat, "moves": moves}


# A d6 roll: 1-2 loses, 3-6 wins; or stay for a draw. Worth 4/6 - 2/6 = 1/3.
BET = {
    "seat": 0,
    "moves": {
        "stay": leaf(0.0),
        "bet": {
            "chance": [(face, 1 / 6, leaf(1.0 if face >= 3 else -1.0)) for face in range(1, 7)]
        },
    },
}


def _decide(tree_or_game, seat: int = 0, budget: Budget | None = None, seed: int = 0, **params):
    game = tree_or_game if isinstance(tree_or_game, Game) else TreeGame(tree_or_game)
    agent = ExpectimaxAgent(**params)
    return agent.act(game.new_state(), seat, budget or Budget(), random.Random(seed))


# ----- values ------------------------------------------------------------------------------


def test_it_values_a_chance_move_at_its_exact_expectation():
    decision = _decide(BET, depth=1)
    assert decision.move == "bet"
    assert decision.thinking["value"] == pytest.approx(1 / 3, abs=1e-4)


def test_it_lets_the_opponent_minimise_after_the_roll():
    # Seat 0 bets; on a 1-3 seat 1 picks between -1 and 0.5 (takes -1), on a 4-6
    # between 1 and 0.2 (takes 0.2): (3 * -1 + 3 * 0.2) / 6 = -0.4, worse than -0.3.
    reply = {
        "low": {"seat": 1, "moves": {"x": leaf(-1.0), "y": leaf(0.5)}},
        "high": {"seat": 1, "moves": {"x": leaf(1.0), "y": leaf(0.2)}},
    }
    tree = {
        "seat": 0,
        "moves": {
            "roll": {
                "chance": [
                    (f, 1 / 6, reply["low"] if f <= 3 else reply["high"]) for f in range(1, 7)
                ]
            },
            "fold": leaf(-0.3),
        },
    }
    decision = _decide(tree, depth=2)
    assert decision.move == "fold"
    values = {
        row["move"]: row["value"] for row in _decide(tree, depth=2, prune=False).thinking["moves"]
    }
    assert values["roll"] == pytest.approx(-0.4, abs=1e-4)


def test_it_takes_a_simultaneous_opponent_as_uniformly_random():
    # Against a uniform column, "p" averages (1 - 1 + 1) / 3 and "q" (0 + 0 + 0.5) / 3.
    table = {
        ("p", "r"): leaf(1.0),
        ("p", "s"): leaf(-1.0),
        ("p", "t"): leaf(1.0),
        ("q", "r"): leaf(0.0),
        ("q", "s"): leaf(0.0),
        ("q", "t"): leaf(0.5),
    }
    decision = _decide({"together": table}, depth=1, prune=False)
    values = {row["move"]: row["value"] for row in decision.thinking["moves"]}
    assert values == pytest.approx({"p": 1 / 3, "q": 1 / 6}, abs=1e-4)
    assert decision.move == "p"


def test_it_averages_over_samples_where_the_odds_are_not_listed():
    game = TreeGame(BET, hide_odds=True)
    decision = _decide(game, depth=1, samples=400)
    assert decision.move == "bet"
    assert decision.thinking["value"] == pytest.approx(1 / 3, abs=0.1)


def test_it_samples_the_same_outcomes_from_the_same_rng():
    game = TreeGame(BET, hide_odds=True)
    first = _decide(game, depth=1, samples=5, seed=4).thinking
    assert _decide(game, depth=1, samples=5, seed=4).thinking == first


# ----- pruning and the table --------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_it_chooses_the_same_move_and_value_with_pruning_as_without(seed):
    tree = random_tree(random.Random(seed), decisions=4)
    pruned = _decide(tree, depth=4, tt=False)
    full = _decide(tree, depth=4, tt=False, prune=False)
    assert pruned.move == full.move
    assert pruned.thinking["value"] == pytest.approx(full.thinking["value"], abs=1e-4)


@pytest.mark.parametrize("table", [True, False], ids=["star1+star2", "star1"])
def test_it_searches_fewer_nodes_with_pruning(table):
    pruned = full = 0
    for seed in range(6):
        tree = random_tree(random.Random(seed), decisions=4)
        pruned += _decide(tree, depth=4, tt=table).thinking["nodes"]
        full += _decide(tree, depth=4, tt=table, prune=False).thinking["nodes"]
    assert pruned < full


def test_it_chooses_the_same_move_with_the_table_and_star2_as_without_pruning():
    for seed in range(12, 18):
        tree = random_tree(random.Random(seed), decisions=4)
        pruned = _decide(tree, depth=4)
        full = _decide(tree, depth=4, prune=False)
        assert pruned.move == full.move
        assert pruned.thinking["value"] == pytest.approx(full.thinking["value"], abs=1e-4)


def test_it_reuses_transposed_positions_without_changing_the_answer():
    with_table = _decide(Nim(9), depth=9)
    without = _decide(Nim(9), depth=9, tt=False)
    assert with_table.thinking["tt_hits"] > 0
    assert with_table.thinking["nodes"] < without.thinking["nodes"]
    assert (with_table.move, with_table.thinking["value"]) == (
        without.move,
        without.thinking["value"],
    )


def test_it_finds_the_forced_win_in_nim():
    decision = _decide(Nim(10), depth=10)
    assert decision.move == 2  # leave a multiple of four
    assert decision.thinking["value"] == 1.0


# ----- depth, budget and the evaluation hook ----------------------------------------------


def test_it_scores_unsearched_positions_with_the_games_evaluation(monkeypatch):
    # Below depth 1 only the evaluation speaks: it prefers an even pile for the mover.
    monkeypatch.setitem(EVALUATIONS, "nim", lambda s, seat: 0.5 if s.pile % 2 == 0 else -0.5)
    assert _decide(Nim(9), depth=1).move == 1


def test_it_clamps_an_evaluation_outside_the_payoff_range(monkeypatch):
    monkeypatch.setitem(EVALUATIONS, "nim", lambda s, seat: 7.0)
    assert _decide(Nim(9), depth=1).thinking["value"] == 1.0


def test_it_scores_only_the_end_without_an_evaluation():
    assert evaluation_for("no-such-game") is terminal_only
    assert terminal_only(NimState(Nim(5), 5), 0) == 0.0


def test_it_plays_the_deepest_finished_pass_when_its_nodes_run_out():
    decision = _decide(Nim(20), depth=12, budget=Budget(iterations=300))
    assert 1 <= decision.thinking["depth"] < 12
    assert decision.move in (1, 2, 3)


def test_it_stops_deepening_when_time_is_up():
    decision = _decide(Nim(40), depth=40, tt=False, budget=Budget(seconds=0.05))
    assert decision.thinking["depth"] < 40


# ----- thinking -----------------------------------------------------------------------------


def test_it_shows_the_chance_expectation_in_its_tree():
    tree = _decide(BET, depth=1).thinking["tree"]
    bet = next(child for child in tree["children"] if child["move"] == "bet")
    assert bet["actor"] == "chance"
    faces = bet["children"]
    assert faces and all(child["p"] == pytest.approx(1 / 6, abs=1e-4) for child in faces)


def test_it_keeps_its_thinking_small_and_json():
    decision = _decide(random_tree(random.Random(1), decisions=5), depth=5)
    text = json.dumps(decision.thinking)
    assert len(text) < 60_000
