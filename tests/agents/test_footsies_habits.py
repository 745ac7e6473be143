"""The panel of habit players (``agents/footsies/habits.py``): each habit does what its
name says, the panel and its seeds are fixed, and a measurement replays exactly."""

import random

import pytest

from agents import Budget, get
from agents.footsies.habits import (
    FINAL_SEED,
    LOBBY,
    PANEL,
    TUNING_SEEDS,
    Exchange,
    HabitPlayer,
    measure,
)
from games.footsies import GAME


def ex(own, opp, went=0, lost_round=False):
    return Exchange(own, opp, went, lost_round or went != 0, lost_round)


def test_the_panel_covers_the_habits_the_issue_names():
    names = set(PANEL)
    assert {"repeat-B", "repeat-G", "repeat-DP", "repeat-A", "sticky"} <= names  # repeaters
    assert {"cycle-B-G-DP", "cycle-DP-G-B", "cycle-A-B-G-DP", "alternate-B-G"} <= names
    assert {"answer-last", "copy-last", "win-stay-lose-shift"} <= names  # the last move
    assert "frequency" in names  # a frequency counter
    assert {"switch-every-4", "switch-on-loss"} <= names  # habits switched mid-match
    assert len(PANEL) == 15


def test_its_seeds_are_fixed_and_the_final_one_is_kept_apart():
    assert TUNING_SEEDS == ("habits-tune-1", "habits-tune-2", "habits-tune-3")
    assert FINAL_SEED == "habits-final" and FINAL_SEED not in TUNING_SEEDS


@pytest.mark.parametrize(
    ("habit", "history", "expected"),
    [
        ("repeat-G", [], "G"),
        ("sticky", [ex("DP", "B")], "DP"),
        ("sticky", [], None),
        ("cycle-B-G-DP", [], "B"),
        ("cycle-B-G-DP", [ex("G", "A")], "DP"),
        ("cycle-B-G-DP", [ex("DP", "A")], "B"),
        ("cycle-B-G-DP", [ex("A", "A")], "B"),  # off the cycle: back to its start
        ("cycle-DP-G-B", [ex("DP", "B")], "G"),
        ("cycle-A-B-G-DP", [ex("DP", "B")], "A"),
        ("alternate-B-G", [ex("B", "B")], "G"),
        ("alternate-B-G", [ex("G", "B")], "B"),
        ("answer-last", [ex("B", "A")], "DP"),
        ("answer-last", [ex("B", "B")], "G"),
        ("answer-last", [ex("B", "DP")], "B"),
        ("copy-last", [ex("B", "G")], "G"),
        ("win-stay-lose-shift", [ex("G", "B", went=1)], "G"),
        ("win-stay-lose-shift", [ex("G", "DP", went=-1)], "B"),
        ("win-stay-lose-shift", [ex("G", "G")], "DP"),
        ("frequency", [ex("B", "G"), ex("B", "G"), ex("B", "B")], "DP"),
        ("frequency", [ex("B", "G"), ex("B", "B")], "G"),  # a tie: the latest seen
    ],
)
def test_each_habit_does_what_its_name_says(habit, history, expected):
    assert PANEL[habit](history) == expected


def test_a_switcher_changes_habit_every_four_exchanges():
    habit = PANEL["switch-every-4"]  # always Grab, then cycle, then answer the last move
    four = [ex("G", "B")] * 4
    assert habit(four[:3]) == "G"
    assert habit(four) == "DP"  # the cycle after its own Grab
    assert habit(four * 2) == "G"  # answers the opponent's Block


def test_the_other_switcher_changes_habit_after_each_round_it_loses():
    habit = PANEL["switch-on-loss"]  # Block, then frequency, then a cycle, then copying
    assert habit([ex("B", "G", went=-1, lost_round=False)]) == "B"
    assert habit([ex("B", "G", went=-1, lost_round=True)]) == "DP"  # answers Grab


def test_without_noise_a_habit_player_plays_its_habit_and_remembers_across_rounds():
    player = HabitPlayer(habit="copy-last", noise=0.0)
    state = GAME.new_state(2, LOBBY)
    player.act(state, 1, Budget(), random.Random(0))
    player.observe(state, (-2, ((0, "G"), (1, "B"))))  # seat 0's Grab wins round 1
    after = state.apply_joint({0: "G", 1: "B"})
    assert after.round == 2 and after.previous == [None, None]
    assert player.act(after, 1, Budget(), random.Random(0)).move == "G"
    assert player.history()[0].lost_round


def test_noise_is_a_share_of_uniform_moves():
    player = HabitPlayer(habit="repeat-A", noise=0.2)
    state = GAME.new_state(2, LOBBY)
    moves = [player.act(state, 0, Budget(), random.Random(i)).move for i in range(2000)]
    assert 0.82 < moves.count("A") / len(moves) < 0.88  # 0.8 + 0.2 / 4 = 0.85


def test_a_habit_player_is_no_registered_agent():
    # A yardstick, not a lobby opponent.
    with pytest.raises(ValueError):
        get("footsies-habit")


def test_a_measurement_replays_exactly_from_its_seed():
    first = measure("footsies-best", 4, "habits-test", only=["cycle-B-G-DP", "switch-on-loss"])
    again = measure("footsies-best", 4, "habits-test", only=["cycle-B-G-DP", "switch-on-loss"])
    strip = [{k: v for k, v in row.items() if k != "ms_per_decision"} for row in first["habits"]]
    assert strip == [
        {k: v for k, v in row.items() if k != "ms_per_decision"} for row in again["habits"]
    ]
    assert first["panel"]["games"] == 8 and first["options"] == LOBBY
