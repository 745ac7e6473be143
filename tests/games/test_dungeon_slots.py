"""Slot rules, countdowns, multi-slot cards and uses per turn (docs/games/dungeon.md)."""

import pytest

from games.dungeon import GAME
from games.dungeon.positions import position, position_view
from games.dungeon.slots import parse_rule

FACES = [1, 2, 3, 4, 5, 6]


def play(state, *texts):
    for text in texts:
        state = state.apply(state.str_to_move(text))
    return state


def faces_taken(card: str, slot: int = 0) -> list[int]:
    """The die values the Hero may put on the first card's ``slot``, one die of each face."""
    state = position(hero=card, dice=FACES)
    return [
        state.dice[m[1]]
        for m in state.legal_moves(0)
        if m[0] == "place" and m[2] == 0 and m[3] == slot
    ]


def test_it_lets_an_any_slot_take_every_face():
    assert faces_taken("sword") == FACES


def test_it_lets_a_max_slot_take_values_up_to_n():
    assert faces_taken("small-shield") == [1, 2, 3]


def test_it_lets_a_min_slot_take_values_from_n():
    assert faces_taken("lockpick") == [2, 3, 4, 5, 6]


def test_it_lets_an_exact_slot_take_only_n():
    assert faces_taken("poison-spell") == [3]


def test_it_lets_an_even_slot_take_even_values():
    assert faces_taken("fireball") == [2, 4, 6]


def test_it_lets_an_odd_slot_take_odd_values():
    assert [v for v in FACES if parse_rule("ODD").accepts(v)] == [1, 3, 5]


def test_it_lets_a_countdown_take_every_face():
    assert faces_taken("pea-shooter") == FACES


@pytest.mark.parametrize(
    "text,label", [("max3", "MAX3"), ("COUNTDOWN 6", "COUNTDOWN 6"), ("any", "ANY")]
)
def test_it_reads_slot_rules_as_the_cards_print_them(text, label):
    assert parse_rule(text).label == label


def test_it_refuses_an_unknown_slot_rule():
    with pytest.raises(ValueError):
        parse_rule("MOST4")


def test_it_counts_a_countdown_down_by_the_die():
    state = play(position(hero="pea-shooter", dice=[4]), "place:0:0:0")
    assert state.sides[0].gear[0].left == 2


def test_it_does_not_fire_a_countdown_above_zero():
    state = play(position(hero="pea-shooter", dice=[4]), "place:0:0:0")
    assert state.sides[1].hp == state.sides[1].max_hp


def test_it_keeps_a_countdown_across_turns():
    state = play(position(hero="pea-shooter", dice=[4]), "place:0:0:0", "end")
    assert state.observation(None)["sides"][0]["equipment"][0]["countdown"]["left"] == 2


def test_it_takes_several_dice_on_a_countdown_in_one_turn():
    state = play(position(hero="pea-shooter", dice=[1, 2]), "place:0:0:0")
    assert state.str_to_move("place:1:0:0") in state.legal_moves(0)


def test_it_fires_a_countdown_that_reaches_zero():
    view = position_view(hero="pea-shooter", dice=[2])
    view["sides"][0]["equipment"][0]["countdown"]["left"] = 2
    state = play(GAME.from_position(view), "place:0:0:0")
    assert state.sides[1].hp == state.sides[1].max_hp - 3


def test_it_resets_a_countdown_and_loses_the_overflow():
    view = position_view(hero="pea-shooter", dice=[5])
    view["sides"][0]["equipment"][0]["countdown"]["left"] = 2
    state = play(GAME.from_position(view), "place:0:0:0")
    assert state.sides[0].gear[0].left == 6


def test_it_uses_up_a_countdown_that_fired():
    state = play(position(hero="pea-shooter", dice=[6, 1]), "place:0:0:0")
    assert [m for m in state.legal_moves(0) if m[0] == "place"] == []


def test_it_holds_a_die_on_a_card_until_every_slot_is_filled():
    state = play(position(hero="spanner", dice=[3, 2]), "place:0:0:0")
    assert state.observation(None)["sides"][0]["equipment"][0]["slots"][0]["value"] == 3


def test_it_does_not_fire_a_half_filled_card():
    state = play(position(hero="spanner", dice=[3, 2]), "place:0:0:0")
    assert (len(state.dice), state.sides[0].gear[0].uses) == (2, 0)


def test_it_fires_a_multi_slot_card_when_every_slot_is_filled():
    state = play(position(hero="spanner", dice=[3, 2]), "place:0:0:0", "place:1:0:1")
    assert state.sides[0].gear[0].uses == 1


def test_it_offers_only_the_empty_slot_of_a_half_filled_card():
    state = play(position(hero="spanner", dice=[3, 2]), "place:0:0:0")
    assert [m for m in state.legal_moves(0) if m[0] == "place"] == [("place", 1, 0, 1)]


def test_it_clears_a_half_filled_card_when_the_turn_ends():
    state = play(position(hero="spanner", dice=[3, 2]), "place:0:0:0", "end")
    assert state.sides[0].gear[0].slots == [0, 0]


def test_it_uses_equipment_once_per_turn():
    state = play(position(hero="sword", dice=[3, 2]), "place:0:0:0")
    assert state.legal_moves(0) == [("end",)]


def test_it_lets_reusable_equipment_fire_again():
    state = play(position(hero="sword*", dice=[3, 2]), "place:0:0:0")
    assert ("place", 1, 0, 0) in state.legal_moves(0)


def test_it_gives_equipment_its_use_back_next_turn():
    state = play(position(hero="sword", dice=[3]), "place:0:0:0", "end", "roll:1,1", "end")
    state = play(state, "roll:4,4,4")
    assert ("place", 0, 0, 0) in state.legal_moves(0)
