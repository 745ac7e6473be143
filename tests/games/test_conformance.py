"""Every registered game passes the generic conformance suite over many seeds."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.testing import check_determinism, check_game

GAMES = games.all()


def _players(game):
    # Exercise the smallest, the largest, and (for Dice Wars) a middling table.
    return sorted({game.min_players, game.max_players, (game.min_players + game.max_players) // 2})


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), pick=st.integers(0, 2))
def test_it_plays_random_games_by_the_contract(game, seed, pick):
    players = _players(game)
    check_game(game, seed, players[pick % len(players)])


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_it_is_deterministic_from_a_seed(game):
    check_determinism(game, 12345)


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_it_names_unknown_options(game):
    with pytest.raises(ValueError, match="no_such_option"):
        game.new_state(game.min_players, {"no_such_option": 1})


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_it_refuses_a_bad_number_of_players(game):
    with pytest.raises(ValueError):
        game.new_state(game.max_players + 1)
