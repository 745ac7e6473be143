"""The exact endgame solver against a brute force over the engine's own rules."""

from __future__ import annotations

import random

import pytest

from agents.buttonmen.endgame import Solver, attacks, exact_moves, judge, summary
from games.buttonmen import GAME
from games.buttonmen.positions import position
from games.buttonmen.state import OVER, PLAY
from games.core import CHANCE


def brute_force(state, seat: int) -> float:
    """``seat``'s round win chance with both sides playing the round exactly, straight
    from the engine: every legal move, every chance outcome with its probability."""
    if state.phase == OVER or state.round != 1:
        mine, theirs = state.round_wins[seat], state.round_wins[1 - seat]
        return 1.0 if mine > theirs else 0.0 if theirs > mine else 0.5
    actor = state.current()
    if actor == CHANCE:
        return sum(p * brute_force(state.apply(o), seat) for o, p in state.chance_outcomes())
    values = [brute_force(state.apply(m), seat) for m in state.legal_moves(actor)]
    return max(values) if actor == seat else min(values)


def play_state(dice0, dice1, **kwargs):
    options = {"rounds_to_win": 3}
    return GAME.from_position(position(dice0, dice1, options=options, **kwargs))


def random_endgames(count: int, most: int, seed: int) -> list:
    """Rounds played at random until at most ``most`` dice are in play, mover to choose."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAME.new_state(2, {"rounds_to_win": 3})
        while state.phase != OVER and state.round == 1:
            actor = state.current()
            if actor == CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            if actor < 0:
                state = state.apply_joint(
                    {s: rng.choice(state.legal_moves(s)) for s in state.choosers}
                )
                continue
            moves = state.legal_moves(actor)
            in_play = state.alive[0].bit_count() + state.alive[1].bit_count()
            if state.phase == PLAY and in_play <= most and len(moves) > 1:
                found.append(state)
                break
            state = state.apply(rng.choice(moves))
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_exact_values_are_the_engine_s_expectimax(seed):
    for state in random_endgames(4, 5, seed):
        exact = exact_moves(state)
        assert exact, "a position with a choice has attacks to value"
        for move, value in exact.items():
            assert value == pytest.approx(brute_force(state.apply(move), state.turn), abs=1e-9)


def test_a_capture_that_ends_the_round_is_scored_at_once():
    # Our 6 showing 5 takes their last die (a 20): 20 captured against our 6 kept whole.
    state = play_state([(6, 5), (4, 1)], [(20, 3)], captured=((), (10,)))
    exact = exact_moves(state)
    take = next(m for m in exact if m[1] == (0,))
    assert exact[take] == 1.0


def test_a_round_lost_whatever_is_played_is_worth_nothing():
    # They have captured far more than anything left on the table.
    state = play_state([(4, 4), (4, 2)], [(4, 1), (4, 1)], captured=((), (20, 20, 20)))
    assert set(exact_moves(state).values()) == {0.0}


def test_alike_dice_give_one_attack_each():
    own = ((6, 3), (6, 3), (8, 5))
    foe = ((4, 3), (4, 3))
    found = attacks(own, foe)
    # One target (the two are alike); power by a 6 showing 3 or the 8; no skill sums to 3.
    assert found == [((0,), 0), ((2,), 0)]


def test_solver_remembers_what_it_solved():
    solver = Solver()
    own, foe = ((6, 2), (10, 7)), ((8, 4), (12, 9))
    first = solver.value(own, foe, 0)
    known = len(solver.known)
    assert solver.value(own, foe, 0) == first and len(solver.known) == known


def test_a_position_with_skills_is_not_solved():
    state = GAME.from_position(
        position([(6, 2)], [(8, 4)], fighters=(("Shadowy", ["s(6)"]), "Hammer"))
    )
    assert exact_moves(state) is None


def test_judging_a_position_reports_each_agent_s_loss():
    state = random_endgames(1, 4, 7)[0]
    row = judge((0, state))
    assert row["dice"] <= 4 and row["moves"] >= 1
    for spec in ("buttonmen-best", "buttonmen-flat"):
        assert 0.0 <= row[spec] <= 1.0
    report = summary([row])
    assert report["positions"] == 1
    assert report["buttonmen-best"]["mean_loss"] == row["buttonmen-best"]


def test_best_plays_the_exact_best_attack_with_few_dice_left():
    import agents

    state = play_state([(6, 5), (10, 3), (8, 8)], [(20, 3), (12, 9), (4, 2)])
    exact = exact_moves(state)
    agent = agents.get("buttonmen-best:endgame_dice=7")
    decision = agent.act(state, 0, agents.Budget(), random.Random(1))
    assert exact[decision.move] == max(exact.values())
    assert decision.stats["playouts"] == 0 and decision.stats["positions"] > 0
    assert decision.thinking["method"].startswith("exactly")  # the why? panel's headline
    rows = decision.thinking["moves"]
    assert rows[0]["exact"] and rows[0]["value"] == pytest.approx(
        2 * max(exact.values()) - 1, abs=1e-4
    )
    again = agent.act(state, 0, agents.Budget(), random.Random(1))
    assert again.move == decision.move and again.thinking == decision.thinking


def test_best_falls_back_on_playouts_past_its_position_limit_or_dice():
    import agents

    state = play_state([(6, 5), (10, 3), (8, 8)], [(20, 3), (12, 9), (4, 2)])
    for spec in (
        "buttonmen-best:endgame_dice=7,endgame_positions=10,playouts=300",
        "buttonmen-best:endgame_dice=5,playouts=300",
    ):
        decision = agents.get(spec).act(state, 0, agents.Budget(), random.Random(1))
        assert decision.thinking["policy"].startswith("round playouts")
        assert decision.stats["playouts"] > 0


def test_equal_attacks_are_told_apart_by_the_seed():
    # Two alike targets but for their slot: either capture is exactly as good.
    state = play_state([(20, 20)], [(6, 2), (6, 2)])
    exact = exact_moves(state)
    assert len(exact) == 2 and len({round(v, 12) for v in exact.values()}) == 1
    seen = set()
    for seed in range(12):
        values = exact_moves(state, Solver(), random.Random(seed))
        seen.add(max(values, key=values.__getitem__))
    best = max(exact.values())
    assert all(exact[m] == pytest.approx(best) for m in seen) and len(seen) > 1
