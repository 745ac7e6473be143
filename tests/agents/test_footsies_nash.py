"""The equilibrium player draws from the exact mix of its position."""

import random
from collections import Counter

from agents import Budget, decide, get
from games.footsies import GAME, MOVES


def position(blocks, streak, **options):
    view = GAME.new_state(2, options).observation(None)
    view.update(blocks=list(blocks), streak=list(streak), previous=["A", "A"], turn=1)
    return GAME.from_position(view)


def test_it_mixes_block_grab_and_dragon_punch_evenly_at_the_opening():
    # Block beats DP, Grab beats Block, DP beats Grab: a rock-paper-scissors cycle.
    # Against a third of each, Attack earns (0 blocked + 0 first hit - 1 punched) / 3 < 0.
    mix = get("footsies-nash").mix(GAME.new_state(2), 0)
    assert mix["A"] == 0
    assert all(abs(mix[m] - 1 / 3) < 1e-9 for m in ("B", "G", "DP"))


def test_it_attacks_only_with_a_hit_in_against_an_opponent_out_of_blocks():
    nash = get("footsies-nash")
    assert nash.mix(position((3, 1), (1, 0)), 0)["A"] == 0
    assert nash.mix(position((3, 0), (1, 0)), 0)["A"] > 0.3


def test_it_plays_seat_1_as_seat_0_plays_the_mirrored_position():
    nash = get("footsies-nash")
    assert nash.mix(position((0, 2), (0, 1)), 1) == nash.mix(position((2, 0), (1, 0)), 0)


def test_it_draws_its_moves_from_the_mix():
    nash = get("footsies-nash")
    state = position((3, 0), (1, 0))
    mix = nash.mix(state, 0)
    drawn = Counter(nash.act(state, 0, Budget(), random.Random(s)).move for s in range(3000))
    for move in MOVES:
        assert abs(drawn[move] / 3000 - mix[move]) < 0.03


def test_it_shows_each_option_earning_at_most_the_value():
    thinking = get("footsies-nash").act(GAME.new_state(2), 0, Budget(), random.Random(1)).thinking
    assert thinking["position"] == "blocks 3-3 streak 0-0"
    for row in thinking["moves"]:
        if row["p"] > 0:
            assert abs(row["value"] - thinking["value"]) < 1e-6
        else:
            assert row["value"] <= thinking["value"] + 1e-6


def test_it_plays_positions_with_more_blocks_than_the_options_give():
    state = position((5, 4), (0, 0))
    move = get("footsies-nash").act(state, 0, Budget(), random.Random(2)).move
    assert move in MOVES


def test_it_plays_under_other_options():
    for options in ({"max_turns": 4}, {"rounds": 3}, {"block_exhaustion": "unlimited"}):
        state = GAME.new_state(2, options)
        mix = get("footsies-nash").mix(state, 1)
        assert abs(sum(mix.values()) - 1) < 1e-9


def test_its_first_move_reads_the_shipped_table_without_solving(monkeypatch):
    from agents.equilibrium import footsies

    def no_solving(*args):
        raise AssertionError("solved at move time")

    monkeypatch.setattr(footsies, "_solve", no_solving)
    for options in ({}, {"block_exhaustion": "loss"}, {"block_exhaustion": "unlimited"}):
        state = GAME.new_state(2, options)
        decision = decide(get("footsies-nash"), state, 0, Budget(seconds=0.3), random.Random(1))
        assert "fallback" not in decision.stats
        assert "value" in decision.thinking


def test_rules_it_cannot_solve_in_time_get_the_standard_mix_and_are_not_retried(monkeypatch):
    from agents.equilibrium import footsies

    solves = []
    real = footsies._solve

    def counted(*args):
        solves.append(args)
        return real(*args)

    monkeypatch.setattr(footsies, "_solve", counted)
    nash = get("footsies-nash")
    state = GAME.new_state(2, {"blocks": 70, "rounds": 7})
    first = decide(nash, state, 0, Budget(seconds=0.05), random.Random(1))
    assert "fallback" not in first.stats
    assert first.thinking["solved"] is False
    assert first.thinking["mix"] == {"A": 0.0, "B": 0.333333, "G": 0.333333, "DP": 0.333333}
    assert len(solves) == 1
    again = decide(nash, state, 1, Budget(seconds=0.05), random.Random(2))
    assert again.thinking["solved"] is False
    assert len(solves) == 1  # no time spent on the same solve again
