"""Shield, poison, burn, shock and weaken, with the turn steps docs/games/dungeon.md gives them."""

from games.core import CHANCE
from games.dungeon import GAME
from games.dungeon.positions import position, position_view


def play(state, *texts):
    for text in texts:
        state = state.apply(state.str_to_move(text))
    return state


def with_changes(view, **sides):
    """Set fields of a side: ``hero={"shield": 3}``, ``enemy={"pending": {...}}``."""
    for index, role in enumerate(("hero", "enemy")):
        view["sides"][index].update(sides.get(role, {}))
    return GAME.from_position(view)


# ----- damage, shield, healing ------------------------------------------------------------


def test_it_takes_damage_from_the_shield_first():
    state = with_changes(position_view(hero="sword", dice=[5]), enemy={"shield": 3})
    state = play(state, "place:0:0:0")
    assert (state.sides[1].shield, state.sides[1].hp) == (0, state.sides[1].max_hp - 2)


def test_it_spares_hp_when_the_shield_covers_the_damage():
    state = with_changes(position_view(hero="sword", dice=[2]), enemy={"shield": 3})
    state = play(state, "place:0:0:0")
    assert (state.sides[1].shield, state.sides[1].hp) == (1, state.sides[1].max_hp)


def test_it_caps_healing_at_max_hp():
    state = with_changes(position_view(hero="bandage", dice=[4]), hero={"hp": 22})
    hero = play(state, "place:0:0:0").sides[0]
    assert hero.hp == hero.max_hp


def test_it_keeps_a_shield_through_the_opponents_turn():
    state = play(position(hero="wooden-shield", dice=[3]), "place:0:0:0", "end", "roll:1,2")
    assert state.sides[0].shield == 3


def test_it_expires_a_shield_at_its_owners_next_turn():
    state = play(position(hero="wooden-shield", dice=[3]), "place:0:0:0", "end", "roll:1,2")
    assert play(state, "end").sides[0].shield == 0


# ----- poison --------------------------------------------------------------------------------


def test_it_poisons_at_the_start_of_the_poisoned_sides_turn():
    state = with_changes(position_view(hero="sword", dice=[1]), enemy={"poison": 3})
    assert play(state, "end").sides[1].hp == 12 - 3


def test_it_lowers_poison_by_one_after_it_hurts():
    state = with_changes(position_view(hero="sword", dice=[1]), enemy={"poison": 3})
    assert play(state, "end").sides[1].poison == 2


def test_it_expires_the_shield_before_poison_hurts():
    state = with_changes(position_view(hero="sword", dice=[1]), enemy={"poison": 3, "shield": 5})
    after = play(state, "end").sides[1]
    assert (after.shield, after.hp) == (0, 12 - 3)


def test_it_does_not_poison_on_the_other_sides_turn():
    state = with_changes(position_view(hero="sword", dice=[1]), enemy={"poison": 3})
    assert play(state, "place:0:0:0").sides[1].hp == 12 - 1


# ----- burn ----------------------------------------------------------------------------------


def burning_roll(burn: int, roll: str = "roll:2,4,6"):
    view = position_view(hero="sword,wooden-shield")
    return play(with_changes(view, hero={"pending": {"burn": burn, "shock": 0, "weaken": 0}}), roll)


def test_it_lights_dice_after_the_roll():
    assert burning_roll(1).current() == CHANCE


def test_it_lights_each_die_with_equal_odds():
    assert burning_roll(1).chance_outcomes() == [(("burn", d), 1 / 3) for d in range(3)]


def test_it_lights_distinct_dice_for_several_burns():
    outcomes = [o for o, _ in burning_roll(2).chance_outcomes()]
    assert outcomes == [("burn", 0, 1), ("burn", 0, 2), ("burn", 1, 2)]


def test_it_loses_burns_beyond_the_dice():
    assert burning_roll(5).chance_outcomes() == [(("burn", 0, 1, 2), 1.0)]


def test_it_marks_the_chosen_die_as_burning():
    state = play(burning_roll(1), "burn:1")
    assert [d["burning"] for d in state.observation(None)["dice"]] == [False, True, False]


def test_it_clears_the_burn_stack_once_it_lands():
    assert play(burning_roll(1), "burn:1").sides[0].burn == 0


def test_it_refuses_to_place_a_burning_die():
    state = play(burning_roll(1), "burn:1")
    assert not [m for m in state.legal_moves(0) if m[0] in ("place", "unshock") and m[1] == 1]


def test_it_costs_two_hp_to_extinguish():
    state = play(burning_roll(1), "burn:1", "extinguish:1")
    assert state.sides[0].hp == 24 - 2


def test_it_lets_an_extinguished_die_be_placed():
    state = play(burning_roll(1), "burn:1", "extinguish:1")
    assert ("place", 1, 0, 0) in state.legal_moves(0)


def test_it_puts_out_fires_when_the_turn_ends():
    state = play(burning_roll(1), "burn:1", "end", "roll:1,1", "end", "roll:3,3,3")
    assert not any(d["burning"] for d in state.observation(None)["dice"])


# ----- shock ---------------------------------------------------------------------------------


def shocked_roll(shock: int):
    view = position_view(hero="sword,wooden-shield,bandage")
    view["sides"][0]["pending"]["shock"] = shock
    return play(GAME.from_position(view), "roll:2,4,6")


def test_it_shocks_each_card_with_equal_odds():
    assert shocked_roll(1).chance_outcomes() == [(("shock", e), 1 / 3) for e in range(3)]


def test_it_offers_no_place_on_a_shocked_card():
    state = play(shocked_roll(1), "shock:0")
    assert not [m for m in state.legal_moves(0) if m[0] == "place" and m[2] == 0]


def test_it_unshocks_a_card_with_any_die():
    state = play(shocked_roll(1), "shock:0")
    assert [m for m in state.legal_moves(0) if m[0] == "unshock"] == [
        ("unshock", d, 0) for d in range(3)
    ]


def test_it_spends_the_die_that_unshocks():
    state = play(shocked_roll(1), "shock:0", "unshock:2:0")
    assert state.observation(None)["dice"][2]["used"]


def test_it_lets_an_unshocked_card_take_a_die():
    state = play(shocked_roll(1), "shock:0", "unshock:2:0")
    assert ("place", 0, 0, 0) in state.legal_moves(0)


def test_it_clears_shock_when_the_turn_ends():
    state = play(shocked_roll(1), "shock:0", "end")
    assert not state.sides[0].gear[0].shocked


# ----- weaken --------------------------------------------------------------------------------


def weakened(card: str, value: int, **extra):
    view = position_view(hero=card, dice=[value])
    view["sides"][0]["equipment"][0]["weakened"] = True
    view["sides"][0].update(extra)
    return play(GAME.from_position(view), "place:0:0:0")


def test_it_weakens_a_card_by_one():
    assert weakened("sword", 5).sides[1].hp == 12 - 4


def test_it_never_weakens_below_zero():
    assert weakened("sword", 1).sides[1].hp == 12


def test_it_weakens_a_shield_by_one():
    assert weakened("wooden-shield", 3).sides[0].shield == 2


def test_it_weakens_a_heal_by_one():
    assert weakened("bandage", 3, hp=10).sides[0].hp == 12


def test_it_weakens_the_poison_spell_by_one():
    assert weakened("poison-spell", 3).sides[1].poison == 3


def test_it_lands_pending_weaken_after_the_roll():
    view = position_view(hero="sword,wooden-shield")
    view["sides"][0]["pending"]["weaken"] = 1
    state = play(GAME.from_position(view), "roll:1,2,3")
    assert state.chance_outcomes() == [(("weaken", e), 1 / 2) for e in range(2)]


def test_it_clears_weaken_when_the_turn_ends():
    view = position_view(hero="sword", dice=[3])
    view["sides"][0]["equipment"][0]["weakened"] = True
    state = play(GAME.from_position(view), "end")
    assert not state.sides[0].gear[0].weakened


def test_it_resolves_burn_then_shock_then_weaken():
    view = position_view(hero="sword,wooden-shield")
    view["sides"][0]["pending"] = {"burn": 1, "shock": 1, "weaken": 1}
    state = GAME.from_position(view)
    kinds = []
    for _ in range(4):
        move = state.chance_outcomes()[0][0]
        kinds.append(move[0])
        state = state.apply(move)
    assert kinds == ["roll", "burn", "shock", "weaken"]
