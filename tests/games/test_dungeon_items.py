"""Every item of the catalogue does what docs/games/dungeon.md's table says."""

from games.core import CHANCE
from games.dungeon import GAME, ITEMS
from games.dungeon.positions import position, position_view


def play(state, *texts):
    for text in texts:
        state = state.apply(state.str_to_move(text))
    return state


def hero_uses(card: str, value: int, **changes):
    """The Hero puts one die of ``value`` on ``card`` (the Enemy: a Frog by default)."""
    return play(position(hero=card, dice=[value], **changes), "place:0:0:0")


def enemy_lost(state) -> int:
    return state.sides[1].max_hp - state.sides[1].hp


def test_it_has_the_items_of_the_table():
    table = (
        "Sword, Big Sword, Small Shield, Wooden Shield, Hammer, Pea Shooter, Spanner, "
        "Lockpick, Poison Spell, Poison Slingshot, Fireball, Toxic Ooze, Enfeeble, Bandage"
    )
    assert [item.name for item in ITEMS.values()] == table.split(", ")


def test_it_deals_the_die_as_sword_damage():
    assert enemy_lost(hero_uses("sword", 5)) == 5


def test_it_adds_two_to_big_sword_damage():
    assert enemy_lost(hero_uses("big-sword", 3)) == 5


def test_it_shields_by_the_die_on_the_small_shield():
    assert hero_uses("small-shield", 3).sides[0].shield == 3


def test_it_shields_by_the_die_on_the_wooden_shield():
    assert hero_uses("wooden-shield", 4).sides[0].shield == 4


def test_it_deals_the_die_as_hammer_damage():
    assert enemy_lost(hero_uses("hammer", 4)) == 4


def test_it_shocks_once_when_the_hammer_takes_a_six():
    assert hero_uses("hammer", 6).sides[1].shock == 1


def test_it_does_not_shock_when_the_hammer_takes_less_than_six():
    assert hero_uses("hammer", 5).sides[1].shock == 0


def test_it_deals_three_when_the_pea_shooter_fires():
    view = position_view(hero="pea-shooter", dice=[1])
    view["sides"][0]["equipment"][0]["countdown"]["left"] = 1
    state = play(GAME.from_position(view), "place:0:0:0")
    assert enemy_lost(state) == 3


def test_it_joins_a_three_and_a_two_into_a_five_with_the_spanner():
    state = play(position(hero="spanner", dice=[3, 2]), "place:0:0:0", "place:1:0:1")
    assert [d["value"] for d in state.observation(None)["dice"] if not d["used"]] == [5]


def test_it_turns_a_four_and_a_five_into_a_six_and_a_three_with_the_spanner():
    state = play(position(hero="spanner", dice=[4, 5]), "place:0:0:0", "place:1:0:1")
    assert [d["value"] for d in state.observation(None)["dice"] if not d["used"]] == [6, 3]


def test_it_lets_the_spanners_new_die_be_placed():
    state = play(position(hero="spanner,sword", dice=[3, 2]), "place:0:0:0", "place:1:0:1")
    assert ("place", 2, 1, 0) in state.legal_moves(0)


def test_it_makes_the_lockpick_cut_a_chance_event():
    assert hero_uses("lockpick", 5).current() == CHANCE


def test_it_cuts_a_die_uniformly_on_the_lockpick():
    outcomes = hero_uses("lockpick", 5).chance_outcomes()
    assert outcomes == [(("split", k), 1 / 4) for k in (1, 2, 3, 4)]


def test_it_gives_the_two_parts_of_a_cut_die():
    state = play(position(hero="lockpick", dice=[5]), "place:0:0:0", "split:2")
    assert [d["value"] for d in state.observation(None)["dice"] if not d["used"]] == [2, 3]


def test_it_lets_the_hero_act_again_after_a_cut():
    state = play(position(hero="lockpick,sword", dice=[5]), "place:0:0:0", "split:4")
    assert ("place", 1, 1, 0) in state.legal_moves(0)


def test_it_poisons_four_with_the_poison_spell():
    assert hero_uses("poison-spell", 3).sides[1].poison == 4


def test_it_poisons_four_when_the_poison_slingshot_fires():
    view = position_view(hero="poison-slingshot", dice=[6])
    view["sides"][0]["equipment"][0]["countdown"]["left"] = 5
    state = play(GAME.from_position(view), "place:0:0:0")
    assert state.sides[1].poison == 4


def test_it_starts_the_poison_slingshot_at_twelve():
    assert position(hero="poison-slingshot").sides[0].gear[0].left == 12


def test_it_deals_the_die_as_fireball_damage():
    assert enemy_lost(hero_uses("fireball", 4)) == 4


def test_it_burns_once_with_the_fireball():
    assert hero_uses("fireball", 4).sides[1].burn == 1


def test_it_deals_the_die_as_toxic_ooze_damage():
    assert enemy_lost(hero_uses("toxic-ooze", 5)) == 5


def test_it_poisons_two_when_toxic_ooze_takes_a_six():
    assert hero_uses("toxic-ooze", 6).sides[1].poison == 2


def test_it_does_not_poison_when_toxic_ooze_takes_less_than_six():
    assert hero_uses("toxic-ooze", 5).sides[1].poison == 0


def test_it_weakens_once_with_enfeeble():
    assert hero_uses("enfeeble", 2).sides[1].weaken == 1


def test_it_heals_by_the_die_with_the_bandage():
    view = position_view(hero="bandage", dice=[3])
    view["sides"][0]["hp"] = 10
    state = play(GAME.from_position(view), "place:0:0:0")
    assert state.sides[0].hp == 13
