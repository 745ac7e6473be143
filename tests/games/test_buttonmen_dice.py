"""Tier 2 of the roster: the swing letters, option and twin dice, surrender."""

import pytest

from games.buttonmen import GAME
from games.buttonmen.dice import SWING_RANGES, choices, die_parts, layout
from games.buttonmen.fighters import FIGHTERS
from games.core import IllegalMove


def seated(recipes, **options):
    state = GAME.new_state(2, {"fighters": ["Avis", "Avis"], **options})
    state.set_fighters(["A", "B"], list(recipes))
    return state


@pytest.mark.parametrize(("letter", "low", "high"), [("R", 2, 16), ("U", 8, 30), ("Y", 1, 20)])
def test_each_swing_letter_takes_the_sizes_of_its_range(letter, low, high):
    assert SWING_RANGES[letter] == (low, high)
    state = seated([(4, letter), (6,)])
    sizes = [m[1] for m in state.legal_moves(0)]
    assert sizes == list(range(low, high + 1))


def test_dice_of_one_letter_share_a_size_and_letters_are_chosen_apart():
    # Mike Young: (X) (X) (Y) (Y) — one X size, one Y size.
    recipe = FIGHTERS["Mike Young"]
    assert [label for label, _ in choices(recipe)] == ["X", "Y"]
    state = seated([recipe, (6,)])
    assert len(state.legal_moves(0)) == 17 * 20
    state = state.apply(state.str_to_move("swing:7,3"))
    assert state.size[0] == (7, 7, 3, 3)


def test_each_option_die_is_chosen_on_its_own():
    # Lady Luck: (2) (7/13) (7/13) (7/13) (7/13)
    state = seated([FIGHTERS["Lady Luck"], (6,)])
    assert len(state.legal_moves(0)) == 2**4
    state = state.apply(("swing", 7, 13, 13, 7))
    assert state.size[0] == (2, 7, 13, 13, 7)
    before = seated([FIGHTERS["Lady Luck"], (6,)])
    text = GAME.describe_move(before, ("swing", 7, 13, 13, 7))
    assert (
        text
        == "A chooses option die 1 = d7, option die 2 = d13, option die 3 = d13, option die 4 = d7"
    )


def test_a_twin_die_of_swing_halves_takes_the_letter_twice():
    # Buck Godot: (6,6) (10) (12) (20) (W,W)
    sizes, parts, mask = layout(FIGHTERS["Buck Godot"], (5,))
    assert sizes == (12, 10, 12, 20, 10) and parts[0] == (6, 6) and parts[4] == (5, 5)
    assert mask == 0b10000  # only the W,W die is chosen
    assert die_parts("X,X") == ("twin", ("X", "X")) and die_parts("4/X") is None


def test_only_the_loser_of_a_decided_round_chooses_again_and_a_tie_lets_nobody():
    state = seated([(1, "R"), (1, "4/8")], rounds_to_win=3)
    state = state.apply_joint({0: ("swing", 2), 1: ("swing", 4)})
    state = state.apply(("roll", (1, 1), (1, 1)))
    state = state.apply(("coin", 0))
    # Seat 0 takes both of seat 1's dice: it wins the round, seat 1 alone chooses.
    state = state.apply(("power", (0,), 0))
    state = state.apply(("reroll", (1,)))
    state = state.apply(("power", (1,), 1))  # seat 1's option die takes seat 0's R die
    assert state.phase == "reroll"
    state = state.apply(("reroll", (1,)))
    state = state.apply(("power", (0,), 1))
    assert state.round_wins == [1, 0] and state.choosers == (1,)
    assert state.legal_moves(1) == [("swing", 4), ("swing", 8)]


def test_surrender_concedes_the_round_not_the_match():
    state = seated([(4, 4), (6, 6)], surrender=True, rounds_to_win=2)
    state = state.apply(("roll", (1, 1), (2, 2)))
    assert ("surrender",) in state.legal_moves(state.turn)
    state = state.apply(state.str_to_move("surrender"))
    assert state.round_wins == [0, 1] and state.phase == "roll" and state.round == 2
    assert not state.is_terminal()
    plain = seated([(4, 4), (6, 6)]).apply(("roll", (1, 1), (2, 2)))
    assert ("surrender",) not in plain.legal_moves(plain.turn)  # off unless asked for


def test_choice_moves_read_and_write_as_text():
    state = seated([FIGHTERS["Mike Young"], (6,)])
    assert state.move_to_str(("swing", 7, 3)) == "swing:7,3"
    assert state.str_to_move("swing:7,3") == ("swing", 7, 3)
    with pytest.raises(IllegalMove):
        state.apply(("swing", 21, 3))  # X stops at 20


def test_poison_scores_its_size_against_the_owner_and_half_against_the_capturer():
    # The site's rule: an own Poison die kept to the round's end subtracts its whole
    # size; a captured one subtracts half its size from the capturer's score.
    marin = FIGHTERS["Marin"]  # (4) p(4) (8) (12) (X)
    assert marin == (4, "p(4)", 8, 12, "X")
    state = seated([marin, (6,)]).apply(("swing", 10))
    assert state.round_scores()[0] == (4 + 8 + 12 + 10) / 2 - 4  # 13.0
    state = seated([(4, "p(4)"), (6,)]).apply(("roll", (1, 1), (6,)))
    assert state.round_scores() == (2 - 4, 3)
    state = state.apply(("pass",))  # 1 + 1 reaches no 6
    state = state.apply(("power", (0,), 1))  # the d6 takes the Poison d4
    assert state.round_scores() == (2, 3 - 2)
    view = state.full_view()
    assert view["captured"][1] == [{"size": 4, "swing": None, "skills": "p"}]
    assert GAME.from_position(view).round_scores() == (2, 1)


def test_a_poison_button_is_played_to_the_end_by_the_rules():
    from games.testing import check_game

    check_game(GAME, 3, options={"fighters": ["Marin", "Jolene"], "rounds_to_win": 1})


def test_a_shadow_die_takes_a_die_showing_at_least_its_value_and_at_most_its_size():
    # The site's rule: no power attack; its shadow attack takes one die whose value is
    # at least the Shadow die's value and at most the Shadow die's size.
    state = seated([("s(10)",), (6, 12)]).apply(("roll", (2,), (3, 11)))
    assert state.turn == 0
    assert state.legal_moves(0) == [("shadow", (0,), 0)]  # 11 is beyond its 10 sides
    assert state.move_to_str(("shadow", (0,), 0)) == "shadow:0>0"
    after = state.apply(state.str_to_move("shadow:0>0"))
    assert after.captured[0] == ((6, False),)
    # A Shadow die showing 9 has no power attack on a 5; it still joins skill attacks.
    state = seated([("s(10)", 4), (6,)]).apply(("roll", (9, 1), (5,)))
    assert state.legal_moves(0) == [("pass",)]
    state = seated([("s(10)", 4), (20,)]).apply(("roll", (9, 1), (10,)))
    assert ("skill", (0, 1), 0) in state.legal_moves(0)
    assert ("shadow", (0,), 0) in state.legal_moves(0)
