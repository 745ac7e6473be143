"""One way to put a move in words, on the engine's interface, and the players' names."""

import random

import games
from games.core import SIMULTANEOUS, describe_event, describe_text_move, for_seat, with_names
from games.testing import random_step


def test_every_game_describes_its_moves_through_its_game_object():
    for game in games.all():
        state = game.new_state(game.min_players)
        rng = random.Random(1)
        described = 0
        for _ in range(40):
            if state.is_terminal():
                break
            actor = state.current()
            if actor == SIMULTANEOUS:  # a joint move: (seat, move) for every acting seat
                joint = tuple((s, state.legal_moves(s)[0]) for s in state.acting_seats())
                text = describe_event(state, actor, joint)
                assert text and text == game.describe_move(state, joint)
                described += 1
            elif actor >= 0:
                move = state.legal_moves(actor)[0]
                text = describe_event(state, actor, move)
                assert text and text == game.describe_move(state, move)
                assert describe_text_move(state, state.move_to_str(move)) == text
                described += 1
            state = random_step(state, rng)
        assert described, game.slug


def test_a_move_that_is_not_one_keeps_its_text():
    state = games.get("footsies").new_state(2)
    assert describe_text_move(state, "not a move") == "not a move"


def test_names_go_in_for_any_number_of_seats():
    names = [f"P{i}" for i in range(12)]
    assert with_names("seat 0 attacks seat 11; Seat 3 waits", names) == "P0 attacks P11; P3 waits"
    assert with_names("seat 12 is unknown", names) == "seat 12 is unknown"
    assert with_names("seatbelt 1", names) == "seatbelt 1"


def test_a_blind_choice_is_worded_for_the_seat_that_made_it():
    # Button Men's swing sizes are chosen blind by both seats: the move alone does not
    # say whose it is, so the engine says "a player" and a caller that knows names it.
    state = games.get("buttonmen").new_state(2)
    while state.current() != SIMULTANEOUS:
        state = state.apply(state.sample_chance(random.Random(3)))
    move = state.move_to_str(state.legal_moves(1)[0])
    assert describe_text_move(state, move).startswith("a player sets the swing size to")
    named = describe_text_move(state, move, 1)
    assert named.startswith("seat 1 sets the swing size to")
    assert with_names(named, ["Ann", "Bo"]).startswith("Bo sets the swing size to")
    assert for_seat("Attack", 0) == "Attack"  # words that name nobody stay as they are
