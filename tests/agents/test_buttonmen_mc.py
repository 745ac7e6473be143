"""buttonmen-mc: random playouts after each move, greedy matches for the swing size."""

import random

from agents.buttonmen.mc import ButtonMenMonteCarlo
from agents.buttonmen.swing import after_swing
from agents.core import Budget, get
from games.buttonmen import GAME, SWING_SIZES
from games.buttonmen.positions import position

AVIS_VS_IAGO = {"fighters": ["Avis", "Iago"], "rounds_to_win": 2}


def _play(own, foe, **kwargs):
    return GAME.from_position(position(own, foe, turn=0, **kwargs))


def _loser_choosing():
    """Round 2 after seat 1 (Iago, swing 7) lost round 1: only seat 1 may choose."""
    avis = [(4, None), (4, None), (10, None), (12, None), (12, None, "X")]
    iago = [(20, None), (20, None), (20, None), (7, None, "X")]
    view = position(
        avis,
        iago,
        turn=None,
        phase="swing",
        acting=[1],
        fighters=("Avis", "Iago"),
        round_number=2,
        rounds=[(0, 30.0, 20.0)],
        options={"rounds_to_win": 2},
    )
    return GAME.from_position(view)


def test_it_takes_the_capture_that_wins_the_round_and_the_match():
    # Taking the d20 wins the round whatever follows; taking the d4 leaves the d20
    # showing 3 to capture our d4 on most rerolls.
    state = _play([(4, 4)], [(20, 3), (4, 2)], options={"rounds_to_win": 1})
    decision = ButtonMenMonteCarlo().act(state, 0, Budget(), random.Random(3))
    assert decision.move == ("power", (0,), 0)
    rows = {r["move"]: r for r in decision.thinking["moves"]}
    assert rows["power:0>0"]["wins"] == rows["power:0>0"]["visits"]
    assert rows["power:0>1"]["wins"] < rows["power:0>1"]["visits"]


def test_it_plays_each_candidate_move_the_given_number_of_times():
    state = _play([(6, 6), (8, 7)], [(20, 3), (10, 5)])
    decision = ButtonMenMonteCarlo(playouts=7).act(state, 0, Budget(), random.Random(1))
    rows = decision.thinking["moves"]
    assert len(rows) == len(state.legal_moves(0))
    assert {r["visits"] for r in rows} == {7}
    assert decision.stats["playouts"] == 7 * len(rows)


def test_it_plays_the_most_winning_move():
    state = _play([(6, 6), (8, 7)], [(20, 3), (10, 5)])
    decision = ButtonMenMonteCarlo(playouts=20).act(state, 0, Budget(), random.Random(5))
    best = max(r["value"] for r in decision.thinking["moves"])
    assert decision.thinking["picked"] in [
        r["move"] for r in decision.thinking["moves"] if r["value"] == best
    ]


def test_it_passes_without_playouts_when_it_must():
    state = _play([(4, 1)], [(20, 9)])
    decision = ButtonMenMonteCarlo().act(state, 0, Budget(), random.Random(0))
    assert decision.move == ("pass",)
    assert decision.stats["playouts"] == 0


def test_it_scores_every_swing_size_by_greedy_matches():
    state = GAME.new_state(2, AVIS_VS_IAGO)
    decision = ButtonMenMonteCarlo(playouts=3).act(state, 0, Budget(), random.Random(2))
    rows = decision.thinking["moves"]
    assert sorted(r["move"] for r in rows) == sorted(f"swing:{n}" for n in SWING_SIZES)
    assert {r["visits"] for r in rows} == {3}
    assert decision.thinking["policy"] == "greedy conversion"
    best = max(r["value"] for r in rows)
    assert state.move_to_str(decision.move) in [r["move"] for r in rows if r["value"] == best]


def test_it_draws_the_hidden_opening_swing_of_the_opponent_per_playout():
    state = GAME.new_state(2, AVIS_VS_IAGO)
    rng = random.Random(4)
    drawn = {after_swing(state, 0, ("swing", 9), rng).swing[1] for _ in range(60)}
    assert len(drawn) > 8 and drawn <= set(SWING_SIZES)


def test_it_keeps_the_revealed_swing_of_an_opponent_that_does_not_choose():
    state = _loser_choosing()
    child = after_swing(state, 1, ("swing", 15), random.Random(0))
    assert child.swing == [12, 15]


def test_it_decides_the_same_way_from_the_same_seed():
    state = _play([(6, 6), (8, 7), (4, 2)], [(20, 3), (10, 5), (12, 2)])
    agent = get("buttonmen-mc:playouts=10")
    first = agent.act(state, 0, Budget(), random.Random(11))
    again = agent.act(state, 0, Budget(), random.Random(11))
    assert first.move == again.move and first.thinking == again.thinking


def test_it_can_draw_its_swing_uniformly_for_experiments():
    state = GAME.new_state(2, AVIS_VS_IAGO)
    agent = get("buttonmen-mc:swing=uniform")
    picks = {agent.act(state, 0, Budget(), random.Random(s)).move for s in range(40)}
    assert len(picks) > 8
    assert agent.act(state, 0, Budget(), random.Random(0)).stats["playouts"] == 0
