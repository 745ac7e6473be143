"""The shared conformance suite over the options the registry-wide run leaves at default."""

import pytest

from games.octagon import GAME
from games.testing import check_game

OPTION_SETS = [
    {"preset": "small"},
    {"preset": "large"},
    {"chain_mode": "shift"},
    {"chain_mode": "block"},
    {"placements_per_turn": 2, "first_player": 1},
    {"preset": "small", "turns": 60},  # long enough to fill the board
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.values())))
@pytest.mark.parametrize("seed", [1, 2])
def test_it_plays_random_games_by_the_contract_with_each_option(options, seed):
    check_game(GAME, seed, 2, options)
