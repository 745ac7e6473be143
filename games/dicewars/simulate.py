"""Random-versus-random games on either path, event for event the same from one seed.

The random player picks uniformly among its legal moves, END_TURN included (one
``rng.choice`` on the clean path, the same ``_randbelow`` draw on the fast path); chance
events come from ``sample_chance(rng)`` on both.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.core import CHANCE, TERMINAL
from games.dicewars.phases import ATTACK, OVER
from games.dicewars.state import DiceWarsState


def _new(num_players: int, options: Mapping[str, Any] | None) -> DiceWarsState:
    from games.dicewars import GAME

    return GAME.new_state(num_players, options)


def fast_random_game(
    rng: random.Random, num_players: int = 2, options: Mapping[str, Any] | None = None
) -> DiceWarsState:
    """A whole game from the setup on the fast path (in-place push, no checks)."""
    state = _new(num_players, options)
    push = state.push
    choose = rng._randbelow  # what rng.choice uses, so both paths draw the same numbers
    while True:
        phase = state.phase
        if phase == ATTACK:
            push(state.move_at(choose(state.open_attacks + 1)))
        elif phase == OVER:
            return state
        else:
            push(state.sample_chance(rng))


def clean_random_game(
    rng: random.Random, num_players: int = 2, options: Mapping[str, Any] | None = None
) -> DiceWarsState:
    """The same game on the clean path: a new, checked state every event."""
    state = _new(num_players, options)
    while True:
        actor = state.current()
        if actor == TERMINAL:
            return state
        if actor == CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_moves(actor)))
