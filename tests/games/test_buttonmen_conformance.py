"""The shared conformance suite over the Button Men options the registry-wide run leaves
at their defaults."""

import pytest

from games.buttonmen import GAME
from games.testing import check_determinism, check_game

OPTION_SETS = [
    {"fighters": ["Stark", "Stark"]},
    {"swing_reselect": "both", "rounds_to_win": 2},
    {"fighters": ["Iago", "random"], "rounds_to_win": 1},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.values())))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_plays_random_games_by_the_contract_with_each_option(options, seed):
    check_game(GAME, seed, 2, options)


def test_it_is_deterministic_from_a_seed():
    check_determinism(GAME, 99)
