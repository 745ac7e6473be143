"""'Highest point conversion': the greedy rule MC's swing choice plays both sides with."""

import random

from agents.buttonmen.greedy import conversion_moves, conversion_pick, greedy_playout
from games.buttonmen import GAME
from games.buttonmen.positions import position
from games.core import CHANCE, SIMULTANEOUS


def _state(own, foe):
    return GAME.from_position(position(own, foe, turn=0))


def test_it_captures_the_largest_die_before_an_easier_smaller_one():
    # A skill attack takes the d20 (2 + 3 = 5); power attacks could only take the d4.
    state = _state([(6, 2), (6, 3)], [(20, 5), (4, 1)])
    assert conversion_moves(state) == [("skill", (0, 1), 0)]


def test_it_prefers_a_power_attack_to_a_skill_attack_on_the_same_die():
    state = _state([(6, 2), (6, 3), (8, 5)], [(20, 5)])
    assert conversion_moves(state) == [("power", (2,), 0)]


def test_it_prefers_two_attacking_dice_to_three():
    # 1 + 3 (twice, with either d4 showing 1) beats 1 + 1 + 2 on the d20 showing 4.
    state = _state([(4, 1), (4, 1), (4, 2), (4, 3)], [(20, 4)])
    assert conversion_moves(state) == [("skill", (0, 3), 0), ("skill", (1, 3), 0)]


def test_it_passes_only_when_no_attack_exists():
    state = _state([(4, 1), (4, 2)], [(20, 9), (20, 12)])
    assert conversion_moves(state) == [("pass",)]
    assert conversion_pick([1, 2], [9, 12], [20, 20], random.Random(0)) is None


def test_it_breaks_the_remaining_ties_at_random():
    # Two d20s, each taken by one die: four equally good attacks.
    picks = {conversion_pick([9, 9], [3, 4], [20, 20], random.Random(seed)) for seed in range(60)}
    assert picks == {((0,), 0), ((1,), 0), ((0,), 1), ((1,), 1)}


def test_it_plays_whole_matches_by_the_rule_that_replay_on_the_engine():
    for seed in range(12):
        rng = random.Random(seed)
        reselect = "both" if seed % 2 else "site"
        start = GAME.new_state(2, {"rounds_to_win": 2, "swing_reselect": reselect})
        start.apply_in_place(start.sample_chance(rng))  # draw the fighters
        before = start.full_view()
        trace: list = []
        winner = greedy_playout(start, rng, trace)
        assert start.full_view() == before  # the start is left as it was
        replay = start.clone()
        for actor, move in trace:
            if actor not in (CHANCE, SIMULTANEOUS) and move[0] != "swing":
                assert move in conversion_moves(replay, actor)
            replay.apply_event_in_place(actor, move)
        assert replay.phase == "over" and replay.winner == winner
