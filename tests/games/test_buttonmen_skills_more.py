"""Tier-3 skills (Mood swing, Trip, Turbo), as worked examples with forced
rolls (each move, then the state after it), as docs/games/buttonmen.md words the rules."""

import random

import pytest

from games.buttonmen import GAME
from games.buttonmen.dice import mood_sizes
from games.buttonmen.roster import buttons
from games.core import CHANCE, SIMULTANEOUS, IllegalMove


def seated(recipes, **options):
    state = GAME.new_state(2, {"fighters": ["Avis", "Avis"], **options})
    state.set_fighters(["A", "B"], list(recipes))
    return state


def newly_playable(letter):
    """The roster's playable buttons with a die of the skill ``letter``."""
    return [b.name for b in buttons() if b.playable and any(letter in d.skills for d in b.dice)]


@pytest.mark.parametrize("letter", ["?", "t", "!", "#", "+"])
def test_new_skill_buttons_are_played_to_the_end_by_random_self_play(letter):
    # Seeded: four random buttons with the skill, each against another one with it.
    names = newly_playable(letter)
    assert names
    rng = random.Random(f"tier-3-{letter}")
    for name in rng.sample(names, min(4, len(names))):
        foe = rng.choice(names)
        state = GAME.new_state(2, {"fighters": [name, foe], "rounds_to_win": 1})
        while not state.is_terminal():
            actor = state.current()
            if actor == CHANCE:
                state = state.apply(state.sample_chance(rng))
            elif actor == SIMULTANEOUS:
                joint = {s: rng.choice(state.legal_moves(s)) for s in state.choosers}
                state = state.apply_joint(joint)
            else:
                state = state.apply(rng.choice(state.legal_moves(actor)))


# ----- Mood swing --------------------------------------------------------------------------


def test_a_mood_die_rerolls_at_a_random_standard_size_of_its_swing_range():
    # A: (X)? chosen at 12 and a d4; B: a d6 and a d8. The Mood die power-attacks.
    assert mood_sizes("?(X)") == (4, 6, 8, 10, 12, 20)  # the "real-world" sizes 4..20
    assert mood_sizes("?(Y)") == (1, 2, 4, 6, 8, 10, 12, 20)
    state = seated([("?(X)", 4), (6, 8)]).apply(("swing", 12))
    # The round's roll keeps the chosen size: Mood changes a die only when rerolled.
    state = state.apply(("roll", (9, 3), (5, 4)))
    assert state.size[0] == (12, 4) and state.turn == 0  # 3 against 4
    move = ("power", (0,), 0)
    assert move in state.legal_moves(0)
    state = state.apply(move)
    assert state.phase == "reroll" and state.pending == (0,)
    # Each of the six sizes is equally likely, then each of its faces.
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 4 + 6 + 8 + 10 + 12 + 20
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert dict(outcomes)[("reroll", (17,), (20,))] == pytest.approx(1 / 6 / 20)
    assert ("reroll", (17,), (12,)) not in dict(outcomes)
    reroll = state.str_to_move("reroll:17/20")
    assert reroll == ("reroll", (17,), (20,)) and state.move_to_str(reroll) == "reroll:17/20"
    assert GAME.describe_move(state, reroll) == "A rerolls Mood swing d12, now a d20: 17"
    after = state.apply(reroll)
    assert after.size[0] == (20, 4) and after.value[0] == (17, 3) and after.turn == 1
    # Its new size scores: half of 20 in play, and the captured d6.
    assert after.round_scores() == (6 + (20 + 4) / 2, 8 / 2)
    # A size outside the Mood sizes, or no size at all, is no reroll of this die.
    for bad in (("reroll", (7,), (7,)), ("reroll", (7,)), ("reroll", (13,), (12,))):
        with pytest.raises(IllegalMove):
            state.apply(bad)


def test_a_mood_die_keeps_its_new_size_until_the_next_round_lays_the_dice_out_again():
    state = seated([("?(X)", 4), (6, 8)], rounds_to_win=2).apply(("swing", 12))
    state = state.apply(("roll", (9, 3), (5, 4))).apply(("power", (0,), 0))
    state = state.apply(("reroll", (3,), (4,)))
    assert state.size[0] == (4, 4)
    view = state.full_view()
    assert view["dice"][0][0]["size"] == 4 and view["dice"][0][0]["skills"] == "?"
    again = GAME.from_position(view)
    assert again.size[0] == (4, 4) and again.legal_moves(1) == state.legal_moves(1)
    # B passes or attacks until the round ends; the next round starts at X = 12 again.
    while state.round == 1:
        state = state.apply(state.legal_moves(state.turn)[0])
        if state.phase == "reroll":
            state = state.apply(state.sample_chance(random.Random(1)))
    if state.phase == "swing":
        state = state.apply(state.legal_moves(state.choosers[0])[0])
    assert state.size[0] in ((12, 4), (4, 4))  # the loser may choose anew
    assert state.swing[0] in ((12,), (4,))


def test_a_mood_twin_die_gives_both_swing_halves_the_new_size():
    # A twin (X,X)? chosen at 6 (a 2d6) rerolls as, say, 2d10: size 20, values 2..20.
    state = seated([("?(X,X)", 4), (6, 8)]).apply(("swing", 6))
    state = state.apply(("roll", (12, 3), (5, 4))).apply(("power", (0,), 0))
    outcomes = dict(state.chance_outcomes())
    assert ("reroll", (1,), (10,)) not in outcomes  # a twin shows at least 2
    assert outcomes[("reroll", (2,), (10,))] == pytest.approx(1 / 6 / 100)
    after = state.apply(("reroll", (11,), (10,)))
    assert after.size[0] == (20, 4) and after.parts[0][0] == (10, 10)


def test_mood_dice_draw_their_size_before_their_value_from_the_seeded_rng():
    state = seated([("?(X)", 4), (6, 8)]).apply(("swing", 12))
    state = state.apply(("roll", (9, 3), (5, 4))).apply(("power", (0,), 0))
    rng, mirror = random.Random(5), random.Random(5)
    outcome = state.sample_chance(rng)
    size = (4, 6, 8, 10, 12, 20)[int(mirror.random() * 6)]
    assert outcome == ("reroll", (int(mirror.random() * size) + 1,), (size,))
    assert rng.getstate() == mirror.getstate()


# ----- Trip --------------------------------------------------------------------------------


def test_a_trip_die_rerolls_itself_and_its_target_and_takes_it_on_an_equal_or_higher_value():
    # A: t(8) showing 2 and a d4 showing 1; B: a d6 showing 5 and a d12 showing 11.
    state = seated([("t(8)", 4), (6, 12)]).apply(("roll", (2, 1), (5, 11)))
    # The Trip die keeps its power and skill attacks; trip attacks come last.
    assert state.legal_moves(0) == [("trip", (0,), 0), ("trip", (0,), 1)]
    move = state.str_to_move("trip:0>1")
    assert move == ("trip", (0,), 1) and state.move_to_str(move) == "trip:0>1"
    assert GAME.describe_move(state, move) == (
        "A's Trip d8 showing 2 trip-attacks B's d12 showing 11"
    )
    after = state.apply(move)
    # Nothing is taken yet: the Trip die, then its target, are rerolled.
    assert after.phase == "reroll" and after.pending == (0,) and after.tripping == 1
    assert after.alive == [0b11, 0b11] and after.captured == [(), ()]
    assert after.full_view()["reroll"] == {"seat": 0, "dice": [0], "trip": 1}
    again = GAME.from_position(after.full_view())
    assert again.tripping == 1 and again.chance_outcomes() == after.chance_outcomes()
    assert len(after.chance_outcomes()) == 8 * 12
    reroll = ("reroll", (7, 7))
    assert GAME.describe_move(after, reroll) == "A rerolls Trip d8: 7 and B's d12: 7"
    taken = after.apply(reroll)
    assert taken.captured == [((12, False),), ()] and taken.alive == [0b11, 0b01]
    assert taken.value[0] == (7, 1) and taken.turn == 1 and taken.phase == "play"
    assert taken.last.render()["text"].endswith("the trip takes the die")
    # One lower: both dice only change their values, and the turn passes.
    missed = after.apply(("reroll", (6, 7)))
    assert missed.captured == [(), ()] and missed.alive == [0b11, 0b11]
    assert missed.value == [(6, 1), (5, 7)] and missed.turn == 1
    assert missed.tripping is None and missed.passes == 0


def test_a_trip_die_joins_power_and_skill_attacks_as_any_die():
    state = seated([("t(8)", 4), (6, 12)]).apply(("roll", (6, 1), (5, 7)))
    assert state.legal_moves(0) == [
        ("power", (0,), 0),
        ("skill", (0, 1), 1),
        ("trip", (0,), 0),
        ("trip", (0,), 1),
    ]


def test_a_trip_that_takes_the_last_die_ends_the_round():
    state = seated([("t(8)", 4), (6,)], rounds_to_win=1).apply(("roll", (2, 1), (5,)))
    state = state.apply(("trip", (0,), 0)).apply(("reroll", (3, 3)))
    assert state.phase == "over" and state.winner == 0
    assert state.results == ((0, 2 * 6 + 8 + 4, 0),)


def test_a_trip_that_cannot_capture_is_not_legal():
    # A d1 Trip die always shows 1; a twin die shows at least 2 (the site's example).
    state = seated([("t(1)", 20), ("2,2", 20)]).apply(("roll", (1, 2), (4, 20)))
    assert state.turn == 0
    assert [m for m in state.legal_moves(state.turn) if m[0] == "trip"] == [("trip", (0,), 1)]
    with pytest.raises(IllegalMove):
        state.apply(("trip", (0,), 0))


def test_trip_dice_do_not_count_for_initiative():
    # A: t(4) showing 1 and a d20 showing 9; B: a d6 showing 3 and a d8 showing 5.
    state = seated([("t(4)", 20), (6, 8)]).apply(("roll", (1, 9), (3, 5)))
    assert state.turn == 1
    state = seated([("t(4)", "t(4)"), (6,)]).apply(("roll", (1, 1), (6,)))
    assert state.turn == 1  # no counted die against one


def test_a_mood_trip_target_and_attacker_each_change_size_once():
    # A Mood die tripped is rerolled, so it takes a new size (the site rolls it as any
    # reroll); a Trip die's one roll is its trip roll, there is no second reroll.
    state = seated([("t(8)", 4), ("?(X)", 12)]).apply(("swing", 12))
    state = state.apply(("roll", (2, 1), (9, 11))).apply(("trip", (0,), 0))
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 8 * (4 + 6 + 8 + 10 + 12 + 20)
    assert state.str_to_move("reroll:5,3/4") == ("reroll", (5, 3), (4,))
    after = state.apply(("reroll", (5, 3), (4,)))
    assert after.captured[0] == ((4, True),) and after.value[0] == (5, 1)


# ----- Turbo -------------------------------------------------------------------------------


def test_after_attacking_a_turbo_swing_die_takes_the_size_its_owner_chooses():
    # A: (X)! chosen at 12 and a d4; B: a d6 and a d8. The Turbo die power-attacks.
    state = seated([("!(X)", 4), (6, 8)]).apply(("swing", 12))
    state = state.apply(("roll", (9, 3), (5, 4))).apply(("power", (0,), 0))
    # Before its reroll its owner sizes it: any size of its swing range.
    assert state.phase == "turbo" and state.current() == 0 and state.pending == (0,)
    assert state.legal_moves(0) == [("turbo", 0, n) for n in range(4, 21)]
    assert state.legal_moves(1) == []
    move = state.str_to_move("turbo:0=20")
    assert move == ("turbo", 0, 20) and state.move_to_str(move) == "turbo:0=20"
    assert GAME.describe_move(state, move) == "A sets their Turbo swing d12 to d20"
    view = state.full_view()
    assert view["reroll"] == {"seat": 0, "dice": [0], "turbo": [0]}
    assert GAME.from_position(view).legal_moves(0) == state.legal_moves(0)
    state = state.apply(move)
    assert state.phase == "reroll" and state.size[0] == (20, 4)
    assert len(state.chance_outcomes()) == 20
    state = state.apply(("reroll", (17,)))
    assert state.value[0] == (17, 3) and state.turn == 1
    assert GAME.from_position(state.full_view()).size[0] == (20, 4)
    # The size holds for the round; the next round lays the dice out from the choice.
    assert state.round_scores() == (6 + (20 + 4) / 2, 8 / 2)


def test_a_turbo_die_sized_below_the_value_it_shows_reads_back_from_its_view():
    # Sized down to 4 while it still shows 9 (its reroll is next): the view says so.
    state = seated([("!(X)", 4), (6, 8)]).apply(("swing", 12))
    state = state.apply(("roll", (9, 3), (5, 4))).apply(("power", (0,), 0))
    state = state.apply(("turbo", 0, 4))
    assert state.size[0] == (4, 4) and state.value[0] == (9, 3)
    again = GAME.from_position(state.full_view())
    assert again.size[0] == (4, 4) and again.chance_outcomes() == state.chance_outcomes()


def test_turbo_option_and_twin_dice_and_several_turbo_dice_in_one_attack():
    # An option die chooses one of its two sizes; a twin die's size is each half's.
    state = seated([("!(4/10)", "!(V,V)"), (20, 20)]).apply(("swing", 6, 10))  # V, option
    state = state.apply(("roll", (9, 11), (20, 20)))
    assert state.turn == 0 and ("skill", (0, 1), 0) in state.legal_moves(0)
    state = state.apply(("skill", (0, 1), 0))
    # Both attackers are Turbo dice: sized one after the other, by slot.
    assert state.legal_moves(0) == [("turbo", 0, 4), ("turbo", 0, 10)]
    state = state.apply(("turbo", 0, 4))
    assert state.phase == "turbo" and state.legal_moves(0)[0] == ("turbo", 1, 6)
    assert GAME.describe_move(state, ("turbo", 1, 11)) == "A sets their Turbo swing d12 to d22"
    state = state.apply(("turbo", 1, 11))
    assert state.size[0] == (4, 22) and state.parts[0][1] == (11, 11)
    assert state.phase == "reroll"
    with pytest.raises(IllegalMove):
        state.apply(("reroll", (5, 12)))  # a d4 shows at most 4
    state = state.apply(("reroll", (4, 22)))
    assert state.value[0] == (4, 22) and state.turn == 1


def test_a_turbo_trip_die_is_sized_before_its_trip_roll_and_may_trip_what_its_largest_could():
    # A Turbo d1/d6 option die set at 1 may trip a twin die: it could grow to 6 first.
    state = seated([("t!(1/6)", 20), ("2,2", 20)]).apply(("swing", 1))
    state = state.apply(("roll", (1, 2), (4, 20)))
    assert state.turn == 0 and ("trip", (0,), 0) in state.legal_moves(0)
    state = state.apply(("trip", (0,), 0))
    assert state.phase == "turbo" and state.tripping == 0
    # Then it must take a size that can capture: a d1 never would.
    assert state.legal_moves(0) == [("turbo", 0, 6)]
    state = state.apply(("turbo", 0, 6))
    assert state.phase == "reroll" and len(state.chance_outcomes()) == 6 * 3
    state = state.apply(("reroll", (5, 4)))
    assert state.captured[0] == ((4, False),) and state.size[0] == (6, 20)


# ----- Rush --------------------------------------------------------------------------------


def test_a_rush_die_takes_exactly_two_dice_whose_values_sum_to_its_own():
    # A: #(10) showing 9 and a d4 showing 1; B: d6 showing 5, d8 showing 4, d4 showing 3.
    state = seated([("#(10)", 4), (6, 8, 4)]).apply(("roll", (9, 1), (5, 4, 3)))
    rush = [m for m in state.legal_moves(0) if m[0] == "rush"]
    assert rush == [("rush", (0,), (0, 1))]  # 5 + 4; three dice are no rush attack
    move = state.str_to_move("rush:0>1+0")
    assert move == ("rush", (0,), (0, 1)) and state.move_to_str(move) == "rush:0>0+1"
    assert GAME.describe_move(state, move) == (
        "A's Rush d10 showing 9 rush-attacks B's d6 showing 5 and d8 showing 4"
    )
    with pytest.raises(IllegalMove):
        state.str_to_move("rush:0>0+1+2")
    after = state.apply(move)
    assert after.captured == [((6, False), (8, False)), ()] and after.pending == (0,)
    assert after.apply(("reroll", (2,))).turn == 1


def test_any_die_may_rush_two_dice_when_one_of_them_is_a_rush_die():
    # A plain d12 showing 7 against a Rush d6 showing 3 and a d8 showing 4: 3 + 4 = 7.
    state = seated([(12, 20), ("#(6)", 8, 8)]).apply(("roll", (7, 20), (3, 4, 5)))
    assert state.turn == 1  # B's 3 against A's 7
    state = seated([(12, 2), ("#(6)", 8, 8)]).apply(("roll", (7, 1), (3, 4, 5)))
    assert state.turn == 0
    rush = [m for m in state.legal_moves(0) if m[0] == "rush"]
    assert rush == [("rush", (0,), (0, 1))]  # not the d8s' 4 + 5 (no Rush die)
    # A Speed die's rush attack is its speed attack already, listed once.
    state = seated([("z#(12)", 2), (8, 8)]).apply(("roll", (9, 1), (4, 5)))
    two = [m for m in state.legal_moves(0) if m[2] == (0, 1)]
    assert two == [("speed", (0,), (0, 1))]


# ----- Auxiliary ---------------------------------------------------------------------------


def test_auxiliary_dice_are_played_only_if_both_seats_want_them():
    # Gawaine (4) (4) (12) (20) (X) +(6) against Avis: Avis is offered a copy of the +(6).
    state = GAME.new_state(2, {"fighters": ["Gawaine", "Avis"], "rounds_to_win": 1})
    assert state.phase == "auxiliary" and state.acting_seats() == (0, 1)
    assert state.recipes == [(4, 4, 12, 20, "X", "+(6)"), (4, 4, 10, 12, "X", "+(6)")]
    assert state.legal_moves(1) == [("auxiliary", 0), ("auxiliary", 1)]
    assert state.str_to_move("auxiliary:yes") == ("auxiliary", 1)
    assert state.move_to_str(("auxiliary", 0)) == "auxiliary:no"
    view = state.full_view()
    assert view["fighters"][1]["recipe"][-1] == "+(6)" and view["dice"] == [[], []]
    assert GAME.from_position(view).legal_moves(0) == state.legal_moves(0)
    both = state.apply_joint({0: ("auxiliary", 1), 1: ("auxiliary", 1)})
    # Played: an ordinary d6 each, then the round starts (both choose X).
    assert both.recipes == [(4, 4, 12, 20, "X", 6), (4, 4, 10, 12, "X", 6)]
    assert both.phase == "swing" and both.choosers == (0, 1)
    assert both.last.render()["text"] == (
        "Auxiliary dice: Gawaine wants them and Avis wants them: they are played"
    )
    one = state.apply_joint({0: ("auxiliary", 1), 1: ("auxiliary", 0)})
    assert one.recipes == [(4, 4, 12, 20, "X"), (4, 4, 10, 12, "X")]
    assert one.classic == [True, True]  # back to plain and X dice: the fast path's


def test_auxiliary_dice_keep_their_other_skills_and_each_seat_its_own():
    # Nimue's +s(10) becomes a Shadow d10; Merlin keeps its own +s(X), no courtesy copy.
    state = GAME.new_state(2, {"fighters": ["Nimue", "Merlin"]})
    assert state.recipes[0][-1] == "+s(10)" and state.recipes[1][-1] == "+s(X)"
    assert len(state.recipes[0]) == len(state.recipes[1]) == 6
    state = state.apply_joint({0: ("auxiliary", 1), 1: ("auxiliary", 1)})
    assert state.recipes[0][-1] == "s(10)" and state.recipes[1][-1] == "s(X)"
    assert state.shadow == [0b100100, 0b101100]  # s(12), s(10); s(10), s(20), s(X)
