"""buttonmen-flat (the former buttonmen-best): flat Monte Carlo, 800 matches a move."""

import random

import pytest

from agents.core import Budget, get
from agents.match import play_match
from games.buttonmen import GAME
from games.buttonmen.positions import position


def _play(own, foe, **kwargs):
    return GAME.from_position(position(own, foe, turn=0, **kwargs))


def test_it_is_registered_for_button_men_only():
    agent = get("buttonmen-flat")
    assert agent.plays("buttonmen") and not agent.plays("footsies")


@pytest.mark.parametrize("spec", ["buttonmen-flat:playouts=0", "buttonmen-flat:rollout=clever"])
def test_it_refuses_settings_that_make_no_sense(spec):
    with pytest.raises(ValueError):
        get(spec)


def test_it_takes_the_capture_that_wins_the_round_and_the_match():
    # Taking the d20 wins the round whatever follows; taking the d4 leaves the d20
    # showing 3 to capture our d4 on most rerolls.
    state = _play([(4, 4)], [(20, 3), (4, 2)], options={"rounds_to_win": 1})
    for rollout, policy in (("random", "uniform random"), ("greedy", "conversion rule")):
        agent = get(f"buttonmen-flat:playouts=30,seconds=0,rollout={rollout}")
        decision = agent.act(state, 0, Budget(), random.Random(3))
        assert decision.move == ("power", (0,), 0)
        assert decision.thinking["policy"] == policy


def test_it_plays_each_candidate_move_the_given_number_of_times():
    state = _play([(6, 6), (8, 7)], [(20, 3), (10, 5)])
    # seconds=0: no time limit of its own, so the count alone decides (any machine).
    decision = get("buttonmen-flat:playouts=9,seconds=0").act(state, 0, Budget(), random.Random(1))
    rows = decision.thinking["moves"]
    assert len(rows) == len(state.legal_moves(0))
    assert {r["visits"] for r in rows} == {9}


def test_it_leaves_the_state_as_it_found_it():
    state = _play([(6, 6), (8, 7)], [(20, 3), (10, 5)])
    before = state.observation(None)
    get("buttonmen-flat:playouts=5").act(state, 0, Budget(), random.Random(2))
    assert state.observation(None) == before


def test_its_own_time_limit_stops_a_search_that_would_run_long():
    # 10,000 matches for each of the moves would take many seconds; the agent's own
    # limit (here 0.05 s) cuts the sweep, which keeps the rates it has.
    state = _play([(6, 6), (8, 7), (10, 3)], [(20, 3), (10, 5), (12, 2)])
    agent = get("buttonmen-flat:playouts=10000,seconds=0.05")
    decision = agent.act(state, 0, Budget(), random.Random(0))
    assert decision.move in state.legal_moves(0)
    assert max(r["visits"] for r in decision.thinking["moves"]) < 10_000


def test_a_budget_of_no_time_still_gets_a_legal_move():
    state = _play([(6, 6), (8, 7)], [(20, 3), (10, 5)])
    decision = get("buttonmen-flat").act(state, 0, Budget(seconds=0.0), random.Random(0))
    assert decision.move in state.legal_moves(0)


def test_it_chooses_a_swing_size_and_plays_whole_matches():
    options = {"fighters": ["Avis", "Iago"], "rounds_to_win": 1}
    for seed in range(2):
        result = play_match(
            "buttonmen",
            ["buttonmen-flat:playouts=10,swing_playouts=5", "buttonmen-mc:playouts=5"],
            seed,
            options=options,
        )
        assert result.outcome is not None
        assert any(
            step.decisions.get(0) and step.decisions[0].thinking.get("choice") == "swing"
            for step in result.steps
        )
