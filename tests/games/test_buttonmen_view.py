"""Button Men's JSON view, move text, sentences for people and from_position."""

import json

import pytest

from games.buttonmen import GAME, describe_move
from games.buttonmen.positions import position
from games.core import CHANCE, IllegalMove

FIELDS = {
    "game", "seat", "options", "phase", "round", "turn", "acting", "fighters", "swing",
    "swing_secret", "dice", "captured", "score", "round_wins", "round_draws", "rounds",
    "passes", "focusing", "reroll", "last", "over", "winner",
}  # fmt: skip


def _state(own, foe, **kwargs):
    return GAME.from_position(position(own, foe, **kwargs))


def test_it_shows_every_field_a_renderer_needs():
    assert set(GAME.new_state(2).observation(None)) == FIELDS


def test_it_names_the_game_and_the_viewing_seat():
    view = GAME.new_state(2).observation(1)
    assert (view["game"], view["seat"]) == ("buttonmen", 1)


def test_it_shows_each_die_with_size_value_and_swing_letter():
    state = _state([(12, 9), (7, 3, "X")], [(20, 7)])
    assert state.observation(None)["dice"][0] == [
        {"id": 0, "size": 12, "value": 9, "swing": None},
        {"id": 1, "size": 7, "value": 3, "swing": "X"},
    ]


def test_it_shows_no_values_before_the_opening_roll():
    state = GAME.new_state(2, {"fighters": ["Avis", "Iago"]})
    state = state.apply_joint({0: ("swing", 8), 1: ("swing", 9)})
    assert {d["value"] for d in state.observation(0)["dice"][0]} == {None}


def test_it_says_whose_turn_it_is():
    view = _state([(4, 1)], [(20, 9)], turn=1).observation(0)
    assert (view["turn"], view["acting"]) == (1, [1])


def test_it_describes_the_last_event_for_people():
    state = _state([(12, 9), (6, 1)], [(20, 7), (6, 6)]).apply(("power", (0,), 0))
    last = state.observation(None)["last"]
    assert (last["event"], last["seat"], last["move"]) == ("power", 0, "power:0>0")
    assert "power-attacks" in last["text"]


def test_it_says_who_moves_first_after_the_roll():
    state = GAME.new_state(2, {"fighters": ["Avis", "Iago"]})
    state = state.apply_joint({0: ("swing", 8), 1: ("swing", 9)})
    state = state.apply(("roll", (1, 1, 1, 1, 1), (2, 2, 2, 2)))
    assert state.observation(None)["last"]["text"].endswith("Avis moves first")


def test_it_keeps_a_secret_swing_size_out_of_the_last_event():
    state = GAME.new_state(2, {"fighters": ["Avis", "Iago"]})
    state = state.apply_joint({0: ("swing", 17), 1: ("swing", 19)})
    assert "17" not in json.dumps(state.observation(1)["last"])


def test_it_words_a_power_attack_for_people():
    state = _state([(12, 9)], [(20, 7)], fighters=("Avis", "Hammer"))
    assert (
        describe_move(state, ("power", (0,), 0))
        == "Avis' d12 showing 9 power-attacks Hammer's d20 showing 7"
    )


def test_it_words_a_skill_attack_for_people():
    state = _state([(4, 3), (7, 4, "X")], [(20, 7)], fighters=("Kith", "Iago"))
    assert (
        describe_move(state, ("skill", (0, 1), 0))
        == "Kith skill-attacks Iago's d20 showing 7 with d4 showing 3 and swing d7 showing 4"
    )


def test_it_words_a_reroll_for_people():
    state = _state([(12, 9), (6, 1)], [(20, 7), (6, 6)]).apply(("power", (0,), 0))
    assert describe_move(state, ("reroll", (5,))) == "Avis rerolls d12: 5"


def test_it_names_seats_when_both_play_the_same_fighter():
    state = _state([(4, 1)], [(20, 9)], fighters=("Iago", "Iago"))
    assert describe_move(state, ("pass",)) == "Iago (seat 0) passes"


@pytest.mark.parametrize(
    "move, text",
    [
        (("swing", 12), "swing:12"),
        (("power", (2,), 0), "power:2>0"),
        (("skill", (0, 3), 1), "skill:0+3>1"),
        (("pass",), "pass"),
    ],
)
def test_it_writes_moves_as_short_text(move, text):
    assert GAME.new_state(2).move_to_str(move) == text


@pytest.mark.parametrize(
    "outcome, text",
    [
        (("fighters", "Avis", "Iago"), "fighters:Avis,Iago"),
        (("roll", (3, 1), (2, 20)), "roll:3,1/2,20"),
        (("coin", 1), "coin:1"),
        (("reroll", (5, 17)), "reroll:5,17"),
    ],
)
def test_it_writes_chance_outcomes_as_short_text(outcome, text):
    assert GAME.new_state(2).move_to_str(outcome) == text


def test_it_reads_attackers_in_any_order():
    state = _state([(4, 3), (20, 4)], [(20, 7)])
    assert state.str_to_move("skill:1+0>0") == ("skill", (0, 1), 0)


@pytest.mark.parametrize(
    "text", ["power:0", "power:0+1>0", "skill:0+0>1", "swing:x", "swing:²", "hit:0>0", ""]
)
def test_it_refuses_malformed_move_text(text):
    with pytest.raises(IllegalMove):
        _state([(4, 3), (20, 4)], [(20, 7)]).str_to_move(text)


def test_it_reads_chance_text_at_a_chance_node():
    state = GAME.new_state(2)
    assert state.str_to_move("fighters:avis,IAGO") == ("fighters", "Avis", "Iago")


# ----- from_position ------------------------------------------------------------------------


def test_it_sets_up_a_hand_made_position():
    state = _state([(12, 7)], [(20, 9)], turn=1)
    assert state.legal_moves(1) == [("power", (0,), 0)]


def test_it_resumes_a_secret_swing_choice_from_the_full_view():
    state = GAME.new_state(2, {"fighters": ["Avis", "Iago"]})
    state = state.apply_joint({0: ("swing", 8), 1: ("swing", 9)})
    resumed = GAME.from_position(json.loads(json.dumps(state.full_view())))
    assert resumed.observation(0) == state.observation(0)


def test_it_refuses_a_view_that_hides_a_swing_size():
    state = GAME.new_state(2, {"fighters": ["Avis", "Iago"]})
    state = state.apply_joint({0: ("swing", 8), 1: ("swing", 9)})
    with pytest.raises(IllegalMove, match="hides"):
        GAME.from_position(state.observation(None))


@pytest.mark.parametrize(
    "change",
    [
        {"phase": "dancing"},
        {"turn": 2},
        {"dice": [[{"id": 0, "size": 12, "value": 13, "swing": None}], []]},
        {"rounds": [{"round": 1, "score": [1, 2], "winner": 1}]},
        {"fighters": [{"name": "Nobody"}, "Avis"]},
    ],
)
def test_it_refuses_an_impossible_position(change):
    view = position([(12, 9)], [(20, 7)])
    view.update(change)
    with pytest.raises(IllegalMove):
        GAME.from_position(view)


def test_it_starts_the_record_of_a_hand_made_position_from_it():
    import games

    state = _state([(12, 9), (6, 1)], [(20, 7), (6, 6)]).apply(("power", (0,), 0))
    record = json.loads(json.dumps(state.to_record()))
    assert games.replay(record).full_view() == state.full_view()


def test_it_describes_both_swing_choices_in_words_not_as_a_tuple():
    state = GAME.new_state(2, {"fighters": ("Avis", "Hammer")})
    while state.current() == CHANCE:
        state = state.apply(state.chance_outcomes()[0][0])
    joint = ((0, ("swing", 7)), (1, ("swing", 12)))
    assert describe_move(state, joint) == "swing sizes revealed: Avis X = 7 and Hammer X = 12"
