"""A turn (docs/games/dicewars.md): any number of attacks, then END_TURN; attacks go from
an own territory with 2+ dice to an adjacent territory of someone else."""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE, IllegalMove
from games.dicewars import END_TURN, describe_move, legal_attacks
from tests.games.test_dicewars_positions import ROW, state_of

#: Seat 0 holds 0, 1 and 4; seat 1 holds 2, 3 and 5.
OWNERS = [0, 0, 1, 1, 0, 1]


def test_it_lets_two_dice_attack_an_enemy_neighbour():
    state = state_of(ROW, OWNERS, [1, 2, 1, 1, 1, 1])
    assert state.legal_moves(0) == [(1, 2), END_TURN]


def test_it_refuses_an_attack_from_a_single_die():
    state = state_of(ROW, OWNERS, [1, 1, 1, 1, 1, 1])
    with pytest.raises(IllegalMove, match="only 1 die"):
        state.apply((1, 2))


def test_it_refuses_an_attack_on_a_territory_that_is_not_adjacent():
    state = state_of(ROW, OWNERS, [1, 3, 1, 1, 1, 1])
    with pytest.raises(IllegalMove, match="does not border"):
        state.apply((1, 3))


def test_it_refuses_an_attack_on_an_own_territory():
    state = state_of(ROW, OWNERS, [3, 1, 1, 1, 1, 1])
    with pytest.raises(IllegalMove, match="already yours"):
        state.apply((0, 1))


def test_it_refuses_an_attack_from_someone_elses_territory():
    state = state_of(ROW, OWNERS, [1, 1, 3, 1, 1, 1])
    with pytest.raises(IllegalMove, match="not yours"):
        state.apply((2, 1))


def test_it_refuses_territories_that_do_not_exist():
    state = state_of(ROW, OWNERS, [1, 3, 1, 1, 1, 1])
    with pytest.raises(IllegalMove, match="no territory"):
        state.apply((1, 6))


def test_it_always_offers_end_turn():
    state = state_of(ROW, OWNERS, [1, 1, 1, 1, 1, 1])
    assert state.legal_moves(0) == [END_TURN]


def test_it_offers_nothing_to_a_seat_whose_turn_it_is_not():
    state = state_of(ROW, OWNERS, [1, 3, 1, 1, 1, 1])
    assert state.legal_moves(1) == []


def test_it_lists_attacks_by_source_then_target_and_end_turn_last():
    state = state_of(ROW, OWNERS, [1, 3, 1, 1, 2, 1])
    moves = state.legal_moves(0)
    assert moves == [(1, 2), (4, 3), (4, 5), END_TURN]
    assert legal_attacks(state) == moves[:-1]


def test_it_rolls_the_battle_as_a_chance_event_after_an_attack():
    state = state_of(ROW, OWNERS, [1, 3, 1, 1, 1, 1]).apply((1, 2))
    assert state.current() == CHANCE
    assert state.observation()["battle"] == {"from": 1, "to": 2}


def test_it_reinforces_as_a_chance_event_after_end_turn():
    state = state_of(ROW, OWNERS, [1, 3, 1, 1, 1, 1]).apply(END_TURN)
    assert state.current() == CHANCE
    assert state.observation()["phase"] == "reinforce"


def test_it_passes_the_turn_to_the_next_player_in_order():
    state = state_of(ROW, [0, 1, 2, 0, 1, 2], [1] * 6, num_players=3, order=[2, 0, 1])
    seen = [state.current()]
    for _ in range(3):
        state = state.apply(END_TURN)
        state = state.apply(state.sample_chance(random.Random(1)))
        seen.append(state.current())
    assert seen == [2, 0, 1, 2]


def test_it_skips_players_who_were_eliminated():
    state = state_of(ROW, [0, 0, 2, 2, 0, 2], [1] * 6, num_players=3, order=[0, 1, 2])
    state = state.apply(END_TURN).apply(("reinforce", ((0, 1), (1, 1))))
    assert state.current() == 2


def test_it_counts_turns():
    state = state_of(ROW, OWNERS, [1] * 6, turn=7)
    state = state.apply(END_TURN).apply(("reinforce", ((0, 1), (1, 1))))
    assert state.turn == 8


def test_it_writes_moves_as_short_text():
    state = state_of(ROW, OWNERS, [1, 3, 1, 1, 1, 1])
    assert state.move_to_str((1, 2)) == "1>2"
    assert state.move_to_str(END_TURN) == "end"
    assert state.str_to_move("1>2") == (1, 2)
    assert state.str_to_move(" 1 > 2 ") == (1, 2)
    assert state.str_to_move("END") == END_TURN


def test_it_refuses_text_that_is_not_a_move():
    state = state_of(ROW, OWNERS, [1, 3, 1, 1, 1, 1])
    for text in ["", "1-2", "a>b", "1>", ">2", "roll:11-1", "map:3", "end turn please"]:
        with pytest.raises(IllegalMove):
            state.str_to_move(text)


def test_it_describes_moves_for_people():
    state = state_of(ROW, OWNERS, [1, 6, 3, 1, 1, 1])
    assert describe_move(state, (1, 2)) == (
        "Red attacks territory 2 (3 dice) from territory 1 (6 dice)"
    )
    assert describe_move(state, END_TURN) == "Red ends the turn"
