"""Hand-made Dice Wars positions for the rule tests, and how from_position reads them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.core import IllegalMove
from games.dicewars import END_TURN, GAME
from games.dicewars.phases import BATTLE
from games.dicewars.state import DiceWarsState

#: 0 - 1 - 2 - 3 - 4 - 5, a row of territories each bordering the next.
ROW = [[1], [0, 2], [1, 3], [2, 4], [3, 5], [4]]


def position(
    neighbours: list[list[int]],
    owners: list[int],
    dice: list[int],
    num_players: int = 2,
    **extra: Any,
) -> dict[str, Any]:
    """The smallest view from_position accepts, plus any other fields."""
    view: dict[str, Any] = {
        "num_players": num_players,
        "map": {"neighbours": neighbours},
        "owners": owners,
        "dice": dice,
    }
    view.update(extra)
    return view


def state_of(
    neighbours: list[list[int]], owners: list[int], dice: list[int], **extra: Any
) -> DiceWarsState:
    return GAME.from_position(position(neighbours, owners, dice, **extra))


def started(seed: int, num_players: int = 2, **options: Any) -> DiceWarsState:
    """A new game just after its setup event, from map seed ``seed``."""
    state = GAME.new_state(num_players, options or None)
    return state.apply(("map", seed))


def played(state: DiceWarsState, events: int, seed: int) -> DiceWarsState:
    """``state`` after up to ``events`` random events (uniform moves, sampled chance)."""
    rng = random.Random(seed)
    for _ in range(events):
        actor = state.current()
        if state.is_terminal():
            break
        if actor < 0:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_moves(actor)))
    return state


def test_it_sets_up_a_hand_made_position():
    state = state_of(ROW, [0, 1, 1, 0, 0, 1], [3, 1, 2, 1, 2, 8])
    assert state.owner == [0, 1, 1, 0, 0, 1]
    assert state.dice == [3, 1, 2, 1, 2, 8]
    assert state.current() == 0
    assert state.legal_moves(0) == [(0, 1), (4, 5), END_TURN]


def test_it_starts_a_hand_made_position_with_the_first_player_of_its_order():
    state = state_of(ROW, [0, 0, 1, 1, 0, 1], [3, 1, 2, 1, 1, 8], order=[1, 0])
    assert state.current() == 1


def test_it_refuses_one_sided_adjacency():
    with pytest.raises(IllegalMove, match="borders"):
        state_of([[1], []], [0, 1], [2, 2])


def test_it_refuses_a_territory_with_nine_dice():
    with pytest.raises(IllegalMove, match="1 to 8 dice"):
        state_of([[1], [0]], [0, 1], [9, 2])


def test_it_refuses_an_owner_that_is_not_a_seat():
    with pytest.raises(IllegalMove, match="owned by a seat"):
        state_of([[1], [0]], [0, 2], [2, 2])


def test_it_refuses_a_mover_without_territories():
    with pytest.raises(IllegalMove, match="owns no territory"):
        state_of([[1], [0], []], [0, 0, 2], [2, 2, 1], num_players=3, current=1)


def test_it_refuses_garbage_instead_of_a_position():
    for view in (None, [], {"map": 3}, {"num_players": 2, "map": {"neighbours": "x"}}):
        with pytest.raises(IllegalMove):
            GAME.from_position(view)


def test_it_resumes_a_declared_battle_from_its_view():
    state = started(5)
    state = state.apply(state.legal_moves(state.current())[0])
    assert state.phase == BATTLE
    view = json.loads(json.dumps(state.full_view()))
    resumed = GAME.from_position(view)
    roll = state.sample_chance(random.Random(3))
    assert resumed.apply(roll).observation() == state.apply(roll).observation()


def test_it_resumes_a_reinforcement_from_its_view():
    state = started(6)
    state = state.apply(END_TURN)
    view = json.loads(json.dumps(state.full_view()))
    resumed = GAME.from_position(view)
    assert resumed.pool == state.pool
    outcome = state.sample_chance(random.Random(4))
    assert resumed.apply(outcome).observation() == state.apply(outcome).observation()


def test_it_keeps_the_last_battle_through_the_view():
    state = played(started(7), 40, seed=2)
    resumed = GAME.from_position(json.loads(json.dumps(state.full_view())))
    assert resumed.last_battle == state.last_battle
    assert resumed.last == state.last
