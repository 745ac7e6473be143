"""Move text, describe_move, the JSON view, from_position and the options."""

import json

import pytest

from games.core import IllegalMove
from games.dungeon import GAME, describe_move
from games.dungeon.positions import position, position_view


def play(state, *texts):
    for text in texts:
        state = state.apply(state.str_to_move(text))
    return state


def mid_battle():
    """A position with something in every field: statuses, countdown, a held die."""
    view = position_view(hero="spanner,pea-shooter,sword", dice=[3, 4, 6])
    view["sides"][0].update(shield=2, poison=1)
    view["sides"][1].update(hp=7, pending={"burn": 1, "shock": 0, "weaken": 1})
    view["dice"][2]["burning"] = True
    view["sides"][0]["equipment"][2]["weakened"] = True
    return play(GAME.from_position(view), "place:0:0:1", "place:1:1:0")


# ----- move text ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["place:0:1:0", "unshock:2:1", "extinguish:3", "end"])
def test_it_round_trips_move_text(text):
    state = position(dice=[1, 2, 3, 4])
    assert state.move_to_str(state.str_to_move(text)) == text


@pytest.mark.parametrize("text", ["roll:1,3,5"])
def test_it_round_trips_roll_text(text):
    state = GAME.new_state()
    assert state.move_to_str(state.str_to_move(text)) == text


def test_it_writes_a_cut_as_split_and_the_first_part():
    state = play(position(hero="lockpick", dice=[5]), "place:0:0:0")
    assert [state.move_to_str(o) for o, _ in state.chance_outcomes()] == [
        f"split:{k}" for k in range(1, 5)
    ]


def test_it_writes_status_targets_as_index_lists():
    view = position_view(hero="sword,wooden-shield")
    view["sides"][0]["pending"]["burn"] = 2
    state = play(GAME.from_position(view), "roll:1,2,3")
    assert state.move_to_str(state.chance_outcomes()[0][0]) == "burn:0,1"


@pytest.mark.parametrize(
    "text", ["", "place", "place:0:1", "place:a:b:c", "jump:1", "end:1", "place:-1:0:0"]
)
def test_it_refuses_bad_move_text(text):
    with pytest.raises(IllegalMove):
        position(dice=[1, 2]).str_to_move(text)


def test_it_refuses_a_chance_outcome_as_a_seats_move():
    with pytest.raises(IllegalMove):
        position(dice=[1, 2]).str_to_move("roll:1,2")


def test_it_refuses_a_seats_move_at_a_chance_event():
    with pytest.raises(IllegalMove):
        GAME.new_state().str_to_move("end")


def test_it_refuses_a_die_that_is_not_there():
    state = position(hero="sword", dice=[1, 2])
    with pytest.raises(IllegalMove):
        state.apply(state.str_to_move("place:5:0:0"))


def test_it_leaves_the_state_alone_after_a_refused_move():
    state = position(hero="small-shield", dice=[6])
    before = json.dumps(state.observation(None))
    with pytest.raises(IllegalMove):
        state.apply(("place", 0, 0, 0))
    assert json.dumps(state.observation(None)) == before


# ----- describe_move and last ----------------------------------------------------------------


def test_it_describes_a_placement_with_its_effect():
    state = position(hero="big-sword", dice=[3])
    assert (
        describe_move(state, ("place", 0, 0, 0)) == "Hero puts the 3 on the Big Sword: damage 3 + 2"
    )


def test_it_describes_a_countdown_that_fires():
    state = position(hero="pea-shooter", dice=[6])
    assert "fires" in describe_move(state, ("place", 0, 0, 0))


def test_it_describes_a_roll():
    assert describe_move(GAME.new_state(), ("roll", 1, 3, 5)) == "Hero rolls 1, 3 and 5"


def test_it_describes_a_move_that_does_not_fit():
    assert "not a move" in describe_move(position(hero="sword", dice=[1]), ("place", 7, 0, 0))


def test_it_tells_which_dice_were_rolled_last():
    last = play(GAME.new_state(), "roll:1,3,5").observation(None)["last"]
    assert (last["event"], last["text"]) == ("roll:1,3,5", "Hero rolls 1, 3 and 5")


def test_it_tells_the_poison_lost_when_a_turn_began():
    view = position_view(hero="sword", dice=[1])
    view["sides"][1]["poison"] = 3
    last = play(GAME.from_position(view), "end").observation(None)["last"]
    assert last["text"] == "Hero ends the turn; poison costs Frog 3 HP"


def test_it_tells_how_a_lockpick_cut():
    state = play(position(hero="lockpick", dice=[5]), "place:0:0:0", "split:2")
    assert state.observation(None)["last"]["text"] == "the Lockpick cuts the 5 into 2 and 3"


# ----- the view ------------------------------------------------------------------------------


def test_it_names_the_game_and_the_seat_in_the_view():
    view = GAME.new_state().observation(1)
    assert (view["game"], view["seat"], view["over"], view["winner"]) == ("dungeon", 1, False, None)


def test_it_shows_both_sides_with_their_statuses():
    side = mid_battle().observation(None)["sides"][1]
    assert (side["hp"], side["pending"]) == (7, {"burn": 1, "shock": 0, "weaken": 1})


def test_it_shows_slot_rules_and_what_a_slot_holds():
    card = mid_battle().observation(None)["sides"][0]["equipment"][0]
    assert [(s["rule"], s["value"]) for s in card["slots"]] == [("ANY", None), ("ANY", 3)]


def test_it_shows_countdown_counters():
    card = mid_battle().observation(None)["sides"][0]["equipment"][1]
    assert card["countdown"] == {"start": 6, "left": 2}


def test_it_shows_uses_left_and_markings():
    card = mid_battle().observation(None)["sides"][0]["equipment"][2]
    assert (card["uses_left"], card["shocked"], card["weakened"]) == (1, False, True)


def test_it_shows_dice_with_burning_and_used_flags():
    dice = mid_battle().observation(None)["dice"]
    assert [(d["value"], d["burning"], d["used"]) for d in dice] == [
        (3, False, True),
        (4, False, True),
        (6, True, False),
    ]


def test_it_lists_the_legal_moves_as_text():
    state = mid_battle()
    assert state.observation(None)["legal"] == [state.move_to_str(m) for m in state.legal_moves(0)]


def test_it_survives_a_json_round_trip():
    view = mid_battle().observation(0)
    assert json.loads(json.dumps(view)) == view


def test_it_sets_up_the_same_position_from_its_view():
    state = mid_battle()
    again = GAME.from_position(json.loads(json.dumps(state.full_view())))
    assert again.observation(None) == state.observation(None)


def test_it_continues_identically_from_a_set_up_position():
    state = mid_battle()
    again = GAME.from_position(state.full_view())
    moves = ["extinguish:2", "place:2:2:0", "end", "roll:2,5"]
    assert play(again, *moves).observation(None) == play(state, *moves).observation(None)


def test_it_refuses_a_view_with_an_unknown_card():
    view = position_view(dice=[1])
    view["sides"][0]["equipment"][0]["key"] = "laser"
    with pytest.raises(IllegalMove):
        GAME.from_position(view)


def test_it_refuses_a_view_with_a_dead_side_still_fighting():
    view = position_view(dice=[1])
    view["sides"][1]["hp"] = 0
    with pytest.raises(IllegalMove):
        GAME.from_position(view)


def test_it_refuses_a_view_with_an_impossible_die():
    view = position_view(dice=[7])
    with pytest.raises(IllegalMove):
        GAME.from_position(view)


# ----- options -------------------------------------------------------------------------------


def test_it_fights_the_frog_by_default():
    enemy = GAME.new_state().observation(None)["sides"][1]
    assert (enemy["name"], enemy["hp"], enemy["dice_per_turn"]) == ("Frog", 12, 2)


def test_it_arms_the_hero_by_default():
    hero = GAME.new_state().observation(None)["sides"][0]
    assert [c["name"] for c in hero["equipment"]] == ["Sword", "Wooden Shield", "Lockpick"]


def test_it_fights_the_handyman_when_asked():
    enemy = GAME.new_state(2, {"enemy": "handyman"}).observation(None)["sides"][1]
    assert [c["name"] for c in enemy["equipment"]] == ["Spanner", "Hammer", "Pea Shooter"]


def test_it_takes_a_loadout_by_names():
    hero = GAME.new_state(2, {"hero_equipment": "Toxic Ooze, bandage*"}).sides[0]
    assert [(g.item.key, g.reusable) for g in hero.gear] == [
        ("toxic-ooze", False),
        ("bandage", True),
    ]


def test_it_overrides_the_enemys_hp():
    assert GAME.new_state(2, {"enemy_hp": 30}).sides[1].max_hp == 30


def test_it_names_an_unknown_card_in_a_loadout():
    with pytest.raises(ValueError, match="laser"):
        GAME.new_state(2, {"hero_equipment": "sword,laser"})


def test_it_refuses_an_enemy_hp_that_is_not_a_number():
    with pytest.raises(ValueError, match="enemy_hp"):
        GAME.new_state(2, {"enemy_hp": "many"})
