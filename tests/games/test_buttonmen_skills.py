"""Tier-3 skills beyond Poison and Shadow: Speed, as worked examples with forced rolls
(each move, then the state after it), as docs/games/buttonmen.md words the rules."""

import pytest

from games.buttonmen import GAME, attack_list
from games.buttonmen.positions import position
from games.core import IllegalMove


def seated(recipes, **options):
    state = GAME.new_state(2, {"fighters": ["Avis", "Avis"], **options})
    state.set_fighters(["A", "B"], list(recipes))
    return state


# ----- Speed -------------------------------------------------------------------------------


def test_a_speed_die_takes_dice_whose_values_sum_exactly_to_its_value():
    # A z(10) showing 9 and a d4 showing 1 against a d6 showing 5, a d8 showing 4 and a
    # d4 showing 3: the Speed die takes the 5 and the 4 (5 + 4 = 9) in one attack.
    state = seated([("z(10)", 4), (6, 8, 4)]).apply(("roll", (9, 1), (5, 4, 3)))
    assert state.turn == 0  # 1 against 3
    assert state.legal_moves(0) == [
        ("power", (0,), 0),
        ("power", (0,), 1),
        ("power", (0,), 2),
        ("speed", (0,), (0, 1)),
    ]
    move = state.str_to_move("speed:0>0+1")
    assert move == ("speed", (0,), (0, 1))
    assert state.move_to_str(move) == "speed:0>0+1"
    assert GAME.describe_move(state, move) == (
        "A's Speed d10 showing 9 speed-attacks B's d6 showing 5 and d8 showing 4"
    )
    after = state.apply(move)
    # Both dice are captured; the Speed die alone is rerolled, as in a power attack.
    assert after.captured == [((6, False), (8, False)), ()]
    assert after.alive == [0b11, 0b100]
    assert after.phase == "reroll" and after.pending == (0,)
    assert after.round_scores() == (6 + 8 + (10 + 4) / 2, 4 / 2)
    after = after.apply(("reroll", (7,)))
    assert after.value[0] == (7, 1) and after.turn == 1 and after.phase == "play"


def test_a_speed_attack_needs_two_targets_and_an_exact_sum():
    # 3 + 4 = 7 is no 9; a lone target is the power attack, not listed again.
    state = seated([("z(10)", 20), (4, 4)]).apply(("roll", (9, 20), (3, 4)))
    assert not [m for m in state.legal_moves(state.turn) if m[0] == "speed"]
    with pytest.raises(IllegalMove):
        state.str_to_move("speed:0>1")
    with pytest.raises(IllegalMove):
        state.apply(("speed", (0,), (0, 1)))
    # Three dice summing to the value are one speed attack; plain dice make none.
    state = seated([("z(12)", 4), (4, 4, 6)]).apply(("roll", (12, 1), (3, 4, 5)))
    speed = [m for m in state.legal_moves(0) if m[0] == "speed"]
    assert speed == [("speed", (0,), (0, 1, 2))]
    state = seated([(12, 4), (4, 4, 6)]).apply(("roll", (12, 1), (3, 4, 5)))
    assert not [m for m in state.legal_moves(0) if m[0] == "speed"]


def test_a_speed_attack_that_takes_the_last_dice_ends_the_round():
    state = seated([("z(10)", 20), (6, 4)], rounds_to_win=1).apply(("roll", (7, 1), (4, 3)))
    assert state.turn == 0  # 1 against 3
    state = state.apply(("speed", (0,), (0, 1)))
    assert state.phase == "over" and state.winner == 0
    assert state.results == ((0, 2 * (6 + 4 + 15), 0),)


def test_speed_attacks_round_trip_through_the_view_and_the_helpers():
    view = position(
        [(10, 9), (4, 1)],
        [(6, 5), (8, 4), (4, 3)],
        fighters=[("Quick", ["z(10)", 4]), ("Plain", [6, 8, 4])],
    )
    state = GAME.from_position(view)
    assert state.full_view()["dice"][0][0]["skills"] == "z"
    again = GAME.from_position(state.full_view())
    assert again.legal_moves(0) == state.legal_moves(0)
    assert ("speed", (0,), (0, 1)) in again.legal_moves(0)
    speed = [a for a in attack_list(state, 0) if a.kind == "speed"]
    assert speed[0].target == (0, 1) and speed[0].gain == 14


def test_a_speed_button_is_played_to_the_end_by_the_rules():
    from games.testing import check_game

    # Lascivia (4) zp(12) (20) p(X) against Anvil s(4) pz(10) pz(12) zs(30) spz(V).
    check_game(GAME, 3, options={"fighters": ["Lascivia", "Anvil"], "rounds_to_win": 1})
