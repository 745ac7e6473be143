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


# ----- Focus -------------------------------------------------------------------------------


def test_a_focus_die_is_turned_down_to_take_the_initiative_and_sits_out_the_first_attack():
    # A: f(20) showing 14 and d10 showing 9; B: d6 showing 3 and d8 showing 5. B has
    # the initiative (3 against 9), but with the Focus die at 1 A would have it outright.
    state = seated([("f(20)", 10), (6, 8)]).apply(("roll", (14, 9), (3, 5)))
    assert state.phase == "focus" and state.turn == 0 and state.current() == 0
    # Before turning a die down A may decline; then each value below the die's own.
    assert state.legal_moves(0) == [("decline",), *[("focus", 0, v) for v in range(1, 14)]]
    move = state.str_to_move("focus:0=2")
    assert move == ("focus", 0, 2) and state.move_to_str(move) == "focus:0=2"
    assert GAME.describe_move(state, move) == "A turns their Focus d20 showing 14 down to 2"
    state = state.apply(move)
    assert state.value[0] == (2, 9) and state.dizzy == [1, 0] and state.focusing
    # 2 against 3 wins outright: A may take the initiative, or turn it further down.
    assert state.legal_moves(0) == [("take",), ("focus", 0, 1)]
    state = state.apply(state.str_to_move("take"))
    # B has no Focus dice: play starts with A, whose turned-down die may not attack.
    assert state.phase == "play" and state.turn == 0
    assert state.legal_moves(0) == [("power", (1,), 0), ("power", (1,), 1)]
    state = state.apply(("power", (1,), 0)).apply(("reroll", (4,)))
    # After A's first attack the die is no longer dizzy.
    assert state.dizzy == [0, 0] and state.turn == 1
    assert state.value == [(2, 4), (3, 5)] and state.captured == [((6, False),), ()]


def test_a_turn_down_that_leaves_the_initiative_with_the_foe_must_go_further():
    # 14 down to 5: A [5, 9] still loses to B [3, 5]; A may neither take nor decline.
    state = seated([("f(20)", 10), (6, 8)]).apply(("roll", (14, 9), (3, 5)))
    state = state.apply(("focus", 0, 5))
    assert state.legal_moves(0) == [("focus", 0, v) for v in range(1, 5)]
    with pytest.raises(IllegalMove):
        state.apply(("take",))


def test_no_focus_phase_when_the_lowest_values_would_only_tie():
    # A's Focus die at 1 would tie B's 1, and then 5 against 5: no outright win.
    state = seated([("f(20)", 10), (6, 8)]).apply(("roll", (14, 5), (1, 5)))
    assert state.phase == "play" and state.turn == 1
    # After a coin toss the loser may answer as after a roll (the site decides ties
    # first): here A's Focus die at 1 wins outright ([1, 3] against [3, 3]).
    state = seated([("f(20)", 10), (6, 8)]).apply(("roll", (3, 3), (3, 3)))
    assert state.phase == "coin"
    assert state.apply(("coin", 0)).phase == "play"
    state = state.apply(("coin", 1))
    assert (state.phase, state.turn) == ("focus", 0)
    # A Focus die already at its minimum cannot be turned down.
    state = seated([("f(20)", 10), (6, 8)]).apply(("roll", (1, 9), (1, 5)))
    assert state.phase == "play" and state.turn == 1


def test_both_seats_answer_each_other_with_focus_dice_until_one_declines():
    # A: f(20) 14, d10 9; B: f(12) 6, d8 5. B starts ([5, 6] against [9, 14]).
    state = seated([("f(20)", 10), ("f(12)", 8)]).apply(("roll", (14, 9), (6, 5)))
    assert (state.phase, state.turn) == ("focus", 0)
    state = state.apply(("focus", 0, 4)).apply(("take",))  # A [4, 9] against B [5, 6]
    # B answers: its f(12) at 1 would win outright ([1, 5] against [4, 9]).
    assert (state.phase, state.turn, state.focusing) == ("focus", 1, False)
    state = state.apply(("focus", 0, 3)).apply(("take",))  # B [3, 5] against A [4, 9]
    assert (state.phase, state.turn) == ("focus", 0)
    state = state.apply(("focus", 0, 2)).apply(("take",))  # A [2, 9] against B [3, 5]
    assert (state.phase, state.turn) == ("focus", 1)
    state = state.apply(("decline",))
    assert GAME.describe_move(state.clone(), ("pass",)) == "A passes"
    # A starts; only the first mover's turned-down dice stay dizzy.
    assert (state.phase, state.turn) == ("play", 0)
    assert state.value == [(2, 9), (3, 5)] and state.dizzy == [1, 0]


def test_the_focus_phase_round_trips_through_the_view():
    state = seated([("f(20)", 10), (6, 8)]).apply(("roll", (14, 9), (3, 5)))
    state = state.apply(("focus", 0, 5))
    view = state.full_view()
    assert view["phase"] == "focus" and view["focusing"] is True
    assert view["dice"][0][0] == {
        "id": 0, "size": 20, "value": 5, "swing": None, "skills": "f", "dizzy": True
    }  # fmt: skip
    again = GAME.from_position(view)
    assert again.legal_moves(0) == state.legal_moves(0) and again.dizzy == [1, 0]
    # A hand-made position: A to start, its Focus die dizzy.
    made = position(
        [(20, 2), (10, 9)],
        [(6, 3), (8, 5)],
        fighters=[("Focused", ["f(20)", 10]), ("Plain", [6, 8])],
        dizzy=[(0,), ()],
    )
    state = GAME.from_position(made)
    assert state.legal_moves(0) == [("power", (1,), 0), ("power", (1,), 1)]
    bad = position([(20, 2), (10, 9)], [(6, 3), (8, 5)], dizzy=[(1,), ()])
    with pytest.raises(IllegalMove, match="Focus"):
        GAME.from_position(bad)
    stuck = dict(made, phase="focus", focusing=True)  # 2 against 3 wins: take it, or go on
    assert GAME.from_position(stuck).legal_moves(0) == [("take",), ("focus", 0, 1)]
    stuck["dice"][0][0]["value"] = 1
    stuck["dice"][1][0]["value"] = 1
    with pytest.raises(IllegalMove, match="no move"):
        GAME.from_position(stuck)


def test_a_focus_button_is_played_to_the_end_by_the_rules():
    from games.testing import check_game

    # Crab (8) (10) (12) f(20) f(20) against Count Dracula sf(4) (8) s(10) (16) (X).
    check_game(GAME, 3, options={"fighters": ["Crab", "Count Dracula"], "rounds_to_win": 1})


# ----- Stinger -----------------------------------------------------------------------------


def test_a_stinger_die_adds_any_value_from_one_to_its_own_in_a_skill_attack():
    # The site's example: a plain die showing 4 and a Stinger die showing 6 skill-attack
    # any die showing 5 through 10.
    view = position(
        [(4, 4), (6, 6), (20, 20)],
        [(12, 1), (12, 5), (12, 11)],
        fighters=[("Stung", [4, "g(6)", 20]), ("Plain", [12, 12, 12])],
    )
    state = GAME.from_position(view)
    skill = [m for m in state.legal_moves(0) if m[0] == "skill"]
    # 4 + (1..6) reaches the 5; the 11 is beyond 4 + 6, and every set with the 20
    # starts at 21.
    assert skill == [("skill", (0, 1), 1)]
    assert GAME.describe_move(state, skill[0]) == (
        "Stung skill-attacks Plain's d12 showing 5 with d4 showing 4 and Stinger d6 showing 6"
    )
    after = state.apply(skill[0])
    assert after.captured[0] == ((12, False),) and after.pending == (0, 1)
    assert after.full_view()["dice"][0][1]["skills"] == "g"


def test_two_stinger_dice_reach_every_value_from_two_to_their_sum():
    # The site's second example: two Stinger dice showing 10 attack any die 2..20.
    view = position(
        [(10, 10), (10, 10)],
        [(20, 1), (20, 2), (20, 20), (30, 21)],
        fighters=[("Stung", ["g(10)", "g(10)"]), ("Plain", [20, 20, 20, 30])],
    )
    moves = GAME.from_position(view).legal_moves(0)
    assert [m[2] for m in moves if m[0] == "skill"] == [1, 2]
    state = GAME.from_position(view).apply(("skill", (0, 1), 2))
    assert state.captured[0] == ((20, False),) and state.pending == (0, 1)


def test_stinger_dice_do_not_count_for_initiative():
    # A: g(4) showing 1 and d20 showing 9; B: d6 showing 3 and d8 showing 5. Only A's
    # 9 counts: B (3, 5) starts.
    state = seated([("g(4)", 20), (6, 8)]).apply(("roll", (1, 9), (3, 5)))
    assert state.phase == "play" and state.turn == 1
    # A's only counted die, 3, ties B's 3: a full tie, the coin decides.
    state = seated([("g(4)", 20), (6,)]).apply(("roll", (1, 3), (3,)))
    assert state.phase == "coin"
    state = seated([("g(4)", "g(4)"), (6,)]).apply(("roll", (1, 1), (6,)))
    assert state.turn == 1  # no counted die against one


def test_a_stinger_button_is_played_to_the_end_by_the_rules():
    from games.testing import check_game

    # BugRoger (4) (4) zg(18) zg(18) (10,10) against Maine f(4) g(6) s(6) (V) (X).
    check_game(GAME, 3, options={"fighters": ["BugRoger", "Maine"], "rounds_to_win": 1})
