"""The generic conformance checks on battles the shared suite does not set up (it plays
the default options only): the Handyman and a loadout using every item."""

import pytest

from games.dungeon import GAME
from games.testing import check_game

EVERYTHING = {
    "hero_equipment": "fireball,enfeeble,toxic-ooze,poison-spell,bandage,lockpick*",
    "enemy_equipment": "spanner*,hammer,poison-slingshot,pea-shooter,big-sword,small-shield",
    "enemy_hp": 30,
}


@pytest.mark.parametrize("seed", range(4))
def test_it_keeps_the_contract_against_the_handyman(seed):
    assert check_game(GAME, seed, options={"enemy": "handyman"}).is_terminal()


@pytest.mark.parametrize("seed", range(4))
def test_it_keeps_the_contract_with_every_item(seed):
    assert check_game(GAME, seed, options=EVERYTHING).is_terminal()
