"""The end (docs/games/dicewars.md): the conqueror wins, the others rank by elimination
order; at the turn cap the survivors rank by territories, then dice."""

from __future__ import annotations

import random

from games.dicewars import END_TURN, GAME
from tests.games.test_dicewars_positions import ROW, position, state_of

WIN = ((6, 6, 6, 6, 6, 6, 6, 6), (1,))


def _capped(owners, dice, max_turns=3, **extra):
    view = position(ROW, owners, dice, turn=max_turns, **extra)
    view["options"] = {"max_turns": max_turns}
    state = GAME.from_position(view).apply(END_TURN)
    return state.apply(state.sample_chance(random.Random(1)))


def test_it_gives_zero_returns_before_the_end():
    state = state_of(ROW, [0, 0, 1, 1, 0, 1], [8, 1, 1, 1, 1, 1])
    assert state.returns() == (0.0, 0.0)
    assert state.outcome() is None


def test_it_ends_when_one_player_owns_every_territory():
    state = state_of(ROW, [0, 0, 0, 0, 0, 1], [1, 1, 1, 1, 8, 1])
    state = state.apply((4, 5)).apply(WIN)
    assert state.is_terminal()
    assert state.returns() == (1.0, -1.0)
    obs = state.observation()
    assert (obs["over"], obs["winner"], obs["ended"]) == (True, 0, "conquest")


def test_it_ranks_the_others_by_elimination_order():
    # Seat 2 falls first, then seat 1: seat 1 places second, seat 2 third.
    state = state_of(ROW, [1, 0, 2, 0, 0, 0], [1, 8, 1, 8, 1, 1], num_players=3)
    state = state.apply((3, 2)).apply(WIN)
    state = state.apply((1, 0)).apply(WIN)
    assert state.eliminated == [2, 1]
    assert state.outcome().ranks == (1, 2, 3)
    assert state.returns() == (1.0, -1.0, -1.0)


def test_it_marks_eliminated_players_as_out():
    state = state_of(ROW, [1, 0, 2, 0, 0, 0], [1, 8, 1, 8, 1, 1], num_players=3)
    state = state.apply((3, 2)).apply(WIN)
    assert state.observation()["alive"] == [True, True, False]
    assert state.observation()["eliminated"] == [2]


def test_it_stops_at_the_turn_cap():
    state = _capped([0, 0, 0, 1, 1, 1], [1, 1, 1, 1, 1, 1])
    assert state.is_terminal()
    assert state.observation()["ended"] == "turn cap"


def test_it_plays_on_before_the_turn_cap():
    view = position(ROW, [0, 0, 0, 1, 1, 1], [1] * 6, turn=2)
    view["options"] = {"max_turns": 3}
    state = GAME.from_position(view).apply(END_TURN)
    assert not state.apply(state.sample_chance(random.Random(1))).is_terminal()


def test_it_ranks_by_territories_at_the_turn_cap():
    state = _capped([0, 0, 0, 0, 1, 1], [1, 1, 1, 1, 8, 8])
    assert state.outcome().ranks == (1, 2)
    assert state.returns() == (1.0, -1.0)


def test_it_breaks_a_territory_tie_by_dice_at_the_turn_cap():
    state = _capped([0, 0, 0, 1, 1, 1], [1, 1, 1, 1, 1, 2])
    # Seat 0 gets 3 dice of reinforcement first: 6 + 3 = 9 against seat 1's 4.
    assert state.outcome().ranks == (1, 2)


def test_it_shares_first_place_when_the_cap_finds_a_full_tie():
    # Seat 0's territories are full, so its reinforcement goes to the reserve.
    state = _capped([0, 0, 0, 1, 1, 1], [8, 8, 8, 8, 8, 8])
    assert state.outcome().ranks == (1, 1)
    assert state.returns() == (0.0, 0.0)
    assert state.observation()["winner"] is None


def test_it_ranks_eliminated_players_below_survivors_at_the_cap():
    state = _capped([0, 0, 0, 1, 1, 1], [1] * 6, num_players=3, eliminated=[2])
    assert state.outcome().ranks[2] == 3


def test_it_caps_games_at_1000_turns_by_default():
    assert GAME.default_options["max_turns"] == 1000
