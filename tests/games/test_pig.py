"""Pig's rules: rolling, a 1 losing the turn, holding, the goal, the turn cap, bad input
refused with readable errors, determinism from a seed and exact replay of a record."""

import json
import random

import pytest

import games
from games.core import CHANCE, TERMINAL, IllegalMove
from games.pig import GAME, HOLD, ROLL
from games.testing import check_determinism, check_game, random_playout


def play(state, *events):
    for event in events:
        state = state.apply(event)
    return state


def test_seat_0_starts_and_must_roll_first():
    s = GAME.new_state(2)
    assert s.current() == 0
    assert s.legal_moves(0) == [ROLL]
    assert s.legal_moves(1) == []
    with pytest.raises(IllegalMove, match="'hold' is not a legal move"):
        s.apply(HOLD)


def test_rolls_add_to_the_turn_total_and_hold_banks_it():
    s = play(GAME.new_state(2), ROLL)
    assert s.current() == CHANCE
    assert [o for o, _ in s.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    s = play(s, 5, ROLL, 4)
    assert s.turn_total == 9 and s.current() == 0
    assert s.legal_moves(0) == [ROLL, HOLD]
    s = s.apply(HOLD)
    assert s.scores == [9, 0] and s.turn_total == 0 and s.current() == 1


def test_a_one_loses_the_turn_total_and_passes_the_turn():
    s = play(GAME.new_state(2), ROLL, 6, ROLL, 1)
    assert s.scores == [0, 0] and s.turn_total == 0 and s.current() == 1
    assert s.last_roll == 1 and s.turns == 1


def test_reaching_the_goal_wins_at_once():
    s = GAME.new_state(2, {"goal": 10})
    s = play(s, ROLL, 6, ROLL, 4)
    assert s.current() == TERMINAL
    assert s.scores == [10, 0] and s.returns() == (1.0, -1.0)
    assert s.outcome().winners == (0,)


def test_the_turn_cap_ends_the_game_on_the_scores():
    s = GAME.new_state(2, {"goal": 50, "max_turns": 2})
    s = play(s, ROLL, 3, HOLD, ROLL, 1)
    assert s.current() == TERMINAL and s.returns() == (1.0, -1.0)
    draw = play(GAME.new_state(2, {"max_turns": 2}), ROLL, 1, ROLL, 1)
    assert draw.returns() == (0.0, 0.0) and draw.outcome().is_draw


@pytest.mark.parametrize(
    ("options", "word"),
    [
        ({"goal": 5}, "goal"),
        ({"goal": "100"}, "goal"),
        ({"goal": 101}, "goal"),
        ({"max_turns": 0}, "max_turns"),
        ({"sides": 8}, "sides"),
    ],
)
def test_bad_options_are_named(options, word):
    with pytest.raises(ValueError, match=word):
        GAME.new_state(2, options)


def test_a_quick_goal_can_be_chosen():
    assert GAME.new_state(2, {"goal": 30}).options["goal"] == 30
    assert GAME.default_options == {"goal": 100, "max_turns": 1000}


def test_bad_input_is_refused_and_changes_nothing():
    s = play(GAME.new_state(2), ROLL)
    for junk in (7, 0, "6", "roll", None, True):
        with pytest.raises(IllegalMove):
            s.apply(junk)
    with pytest.raises(IllegalMove, match="no face of the die"):
        s.str_to_move("7")
    assert s.current() == CHANCE and s.turn_total == 0
    t = play(s, 3)
    with pytest.raises(IllegalMove, match="not a move of Pig"):
        t.str_to_move("bank")
    with pytest.raises(IllegalMove, match="not seat 1's turn|it is not seat 1"):
        t.apply_event(1, ROLL)
    with pytest.raises(ValueError, match="exactly 2 players"):
        GAME.new_state(3)


def test_a_position_is_set_up_from_its_view():
    view = {"goal": 100, "scores": [90, 40], "turn": 1, "turn_total": 12}
    s = GAME.from_position(view)
    assert s.current() == 1 and s.legal_moves(1) == [ROLL, HOLD]
    assert play(s, HOLD).scores == [90, 52]
    with pytest.raises(IllegalMove, match="not a Pig position"):
        GAME.from_position({"scores": [1]})
    with pytest.raises(IllegalMove, match="reached the goal"):
        GAME.from_position({"scores": [99, 0], "turn_total": 3})


@pytest.mark.parametrize("seed", range(10))
def test_it_keeps_the_contract(seed):
    check_game(GAME, seed, options={"goal": 30})
    check_determinism(GAME, seed)


def test_the_same_seed_plays_the_same_game():
    a = random_playout(GAME.new_state(2), random.Random(99))
    b = random_playout(GAME.new_state(2), random.Random(99))
    assert a.history() == b.history()
    assert a.history() != random_playout(GAME.new_state(2), random.Random(98)).history()


def test_a_stored_history_replays_exactly():
    end = random_playout(GAME.new_state(2, {"goal": 40}), random.Random(7))
    record = json.loads(json.dumps(end.to_record()))
    assert record["game"] == "pig" and record["options"]["goal"] == 40
    again = games.replay(record)
    assert again.observation(None) == end.observation(None)
    assert again.history() == end.history() and again.returns() == end.returns()
    # A record altered by one roll no longer replays.
    rolls = [i for i, (actor, _) in enumerate(record["history"]) if actor == CHANCE]
    record["history"][rolls[0]][1] = "9"
    with pytest.raises(IllegalMove):
        games.replay(record)
