"""Where the analysis is exact: Footsies from the solved game, Dice Wars battles from
the exact battle odds."""

from __future__ import annotations

import pytest

import games
from agents.analyse import analyse
from agents.footsies.nash import solution_for
from games.dicewars.battle import win_probability
from tests.agents.analyse_records import record


def test_footsies_starts_at_exactly_50_percent():
    result = analyse(record("footsies"))
    assert result["method"]["kind"] == "exact"
    assert result["plies"][0]["win_prob"] == [0.5, 0.5]
    assert result["plies"][0]["win_prob_ci"] is None
    assert result["luck"] == [0.0, 0.0]  # no dice in Footsies


def test_footsies_values_every_position_by_the_solved_game():
    rec = record("footsies", seed=11)
    result = analyse(rec)
    state = games.get("footsies").new_state(2)
    for row, item in zip(result["plies"], rec["history"], strict=True):
        solution = solution_for(state)
        expected = (1 + solution.values[solution.key(state)]) / 2
        assert row["win_prob"][0] == pytest.approx(expected, abs=1e-6)
        for d in row["decisions"]:
            earned = solution.payoffs(state, d["seat"])
            assert d["loss"] == pytest.approx(
                50 * (max(earned.values()) - earned[d["move"]]), abs=0.01
            )
        actor, move = state.parse_event(item)
        state = state.apply_event(actor, move)


def test_an_attack_at_the_start_of_footsies_is_a_mistake():
    # At the start the equilibrium mixes Block, Grab and Dragon Punch; an Attack earns a
    # third of a point less against that mix: 16.7 points of win probability.
    result = analyse({"game": "footsies", "history": [[-2, {"0": "A", "1": "B"}]]})
    seat0, seat1 = result["plies"][0]["decisions"]
    assert seat0["loss"] == pytest.approx(100 / 6, abs=0.01)
    assert seat0["label"] == "mistake"
    assert seat0["best_move"] in ("B", "G", "DP")
    assert seat1["loss"] == 0.0 and seat1["label"] is None and seat1["best_move"] == "B"
    assert result["plies"][0]["label"] == {"0": "mistake", "1": None}


def _duel(attacker_dice: int, defender_dice: int, won: bool) -> dict:
    """Two territories, one turn: seat 0 attacks seat 1's only territory. Won, seat 0
    owns the map; lost, its turn ends, the turn cap ranks by dice and seat 1 wins."""
    game = games.get("dicewars")
    view = {
        "num_players": 2,
        "options": {"max_turns": 1},
        "map": {"neighbours": [[1], [0]]},
        "owners": [0, 1],
        "dice": [attacker_dice, defender_dice],
    }
    state = game.from_position(view).apply((0, 1))
    roll = (
        ((6,) * attacker_dice, (1,) * defender_dice)
        if won
        else ((1,) * attacker_dice, (6,) * defender_dice)
    )
    state = state.apply(roll)
    while not state.is_terminal():
        state = state.apply(
            state.legal_moves(state.current())[0]
            if state.current() >= 0
            else state.chance_outcomes()[0][0]
        )
    return state.to_record()


@pytest.mark.parametrize("won", [True, False])
@pytest.mark.parametrize(("attacker", "defender"), [(2, 3), (4, 4), (8, 5)])
def test_a_dice_wars_battles_luck_is_the_result_minus_the_exact_odds(attacker, defender, won):
    rec = _duel(attacker, defender, won)
    result = analyse(rec, agent="random", budget_s=None, playouts=4)
    battle = next(row for row in result["plies"] if row["actor"] == -1)
    odds = win_probability(attacker, defender)
    expected = 100 * ((1.0 if won else 0.0) - odds)
    assert battle["luck"][0] == pytest.approx(expected, abs=0.01)
    assert battle["luck"][1] == pytest.approx(-expected, abs=0.01)
    # Before the battle, seat 0's chance is exactly the battle odds.
    assert battle["win_prob"][0] == pytest.approx(odds, abs=1e-6)
    assert result["final"]["win_prob"] == ([1.0, 0.0] if won else [0.0, 1.0])
