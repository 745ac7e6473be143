"""buttonmen-em: expectiminimax over every reroll, two-dice skill cap, depth by dice."""

import random

import pytest

from agents.buttonmen.em import ButtonMenExpectimax, plies_for
from agents.core import Budget
from games.buttonmen import GAME
from games.buttonmen.positions import position


def _decide(own, foe, agent=None, budget=Budget(), seed=0):  # noqa: B008
    state = GAME.from_position(position(own, foe, turn=0))
    return (agent or ButtonMenExpectimax()).act(state, 0, budget, random.Random(seed))


def _values(decision):
    return {r["move"]: r["value"] for r in decision.thinking["moves"]}


def test_it_never_generates_a_skill_attack_of_three_dice():
    # 1 + 2 + 3 would take the d20 showing 6; EM only sees the power attacks on the d4.
    decision = _decide([(6, 1), (6, 2), (6, 3)], [(20, 6), (4, 1)])
    assert "skill:0+1+2>0" not in _values(decision)
    assert decision.thinking["capped_out"] == 1
    assert decision.move[0] == "power"


def test_it_still_attacks_when_only_three_dice_skill_attacks_exist():
    decision = _decide([(6, 1), (6, 2), (6, 3), (6, 1)], [(20, 6)])
    assert decision.move in [("skill", (0, 1, 2), 0), ("skill", (1, 2, 3), 0)]


@pytest.mark.parametrize(
    ("own", "foe", "plies"),
    [(4, 3, 1), (3, 3, 2), (3, 2, 2), (2, 2, 3)],
)
def test_it_searches_deeper_as_dice_leave_play(own, foe, plies):
    decision = _decide([(6, 6)] * own, [(6, 1)] * foe)
    assert decision.thinking["dice_in_play"] == own + foe
    assert decision.thinking["depth"] == plies == plies_for(own + foe)


def test_it_scores_a_leaf_by_the_round_score_margin():
    # 7 dice: one ply. Taking the d12: 12 + (20 + 4 + 4 + 4) / 2 = 28 against
    # (6 + 8) / 2 = 7, a margin of 21.
    decision = _decide([(20, 20), (4, 1), (4, 1), (4, 1)], [(12, 1), (6, 1), (8, 8)])
    assert decision.thinking["depth"] == 1
    assert _values(decision)["power:0>0"] == 21.0


def test_it_averages_every_reroll_result_at_a_chance_node():
    # 5 dice: two plies. Our d2 showing 2 takes their d2 and is rerolled:
    # - a 1 (p = 1/2): their d1 must take it: 2 + (10 + 10) / 2 = 12 vs 2 + 1/2 -> 9.5;
    # - a 2 (p = 1/2): their d1 cannot attack and passes: 2 + 22 / 2 = 13 vs 1/2 -> 12.5.
    decision = _decide([(2, 2), (10, 10), (10, 10)], [(2, 2), (1, 1)])
    assert decision.thinking["depth"] == 2
    assert _values(decision)["power:0>0"] == (9.5 + 12.5) / 2


def test_it_lets_the_opponent_take_what_hurts_us_most():
    # Our d10 takes their d1 and rerolls; their d2 showing 2 then takes the d10 when it
    # shows 1 or 2 (p = 2/10: 1 + 12 / 2 = 7 vs 10 + 1 -> -4), else our d2
    # (1 + 20 / 2 = 11 vs 2 + 1 -> 8): 0.2 * -4 + 0.8 * 8 = 5.6.
    decision = _decide([(2, 2), (10, 10), (10, 10)], [(2, 2), (1, 1)])
    assert _values(decision)["power:1>1"] == pytest.approx(5.6)


def test_it_expands_all_80_rerolls_of_a_d4_and_d20_skill_attack():
    decision = _decide([(4, 1), (20, 4), (6, 6)], [(20, 5), (10, 9)])
    row = next(r for r in decision.thinking["moves"] if r["move"] == "skill:0+1>0")
    assert row["outcomes"] == 80
    assert decision.thinking["outcomes"] >= 80


def test_it_keeps_the_deepest_finished_depth_when_its_nodes_run_out():
    decision = _decide([(6, 6)] * 2, [(6, 1)] * 2, budget=Budget(iterations=3))
    assert decision.thinking["depth_rule"] == 3
    assert decision.thinking["depth"] < 3
    assert decision.move[0] == "power"


def test_it_chooses_its_swing_like_mc_by_default():
    state = GAME.new_state(2, {"fighters": ["Avis", "Iago"], "rounds_to_win": 2})
    decision = ButtonMenExpectimax(playouts=2).act(state, 1, Budget(), random.Random(0))
    assert decision.move[0] == "swing"
    assert decision.thinking["policy"].startswith("greedy conversion")
    assert {r["visits"] for r in decision.thinking["moves"]} == {2}


def test_it_offers_the_em_swing_variant():
    state = GAME.new_state(2, {"fighters": ["Avis", "Iago"], "rounds_to_win": 2})
    agent = ButtonMenExpectimax(swing="em", playouts=3)
    decision = agent.act(state, 0, Budget(), random.Random(0))
    best = max(r["value"] for r in decision.thinking["moves"])
    picked = state.move_to_str(decision.move)
    assert picked in [r["move"] for r in decision.thinking["moves"] if r["value"] == best]
    assert decision.thinking["policy"].startswith("mean searched value")


def test_it_can_draw_its_swing_uniformly_for_experiments():
    state = GAME.new_state(2, {"fighters": ["Avis", "Iago"], "rounds_to_win": 2})
    agent = ButtonMenExpectimax(swing="uniform")
    picks = {agent.act(state, 1, Budget(), random.Random(s)).move for s in range(40)}
    assert len(picks) > 8
