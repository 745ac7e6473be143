"""Random play for the sampling agents, in place on a state the caller owns."""

from __future__ import annotations

import random
from typing import Any

from games.core import CHANCE, SIMULTANEOUS, TERMINAL, State

#: A playout that has not ended after this many events is scored as it stands (the
#: engine's returns before the end: a draw). Every game has a cap far below this.
MAX_PLAYOUT_EVENTS = 100_000


def random_step(state: State, rng: random.Random) -> None:
    """Apply one uniformly random event (chance by its odds) to ``state``."""
    actor = state.current()
    if actor == CHANCE:
        state.apply_in_place(state.sample_chance(rng))
    elif actor == SIMULTANEOUS:
        state.apply_joint_in_place(
            {seat: rng.choice(state.legal_moves(seat)) for seat in state.acting_seats()}
        )
    else:
        state.apply_in_place(rng.choice(state.legal_moves(actor)))


def playout(state: State, rng: random.Random) -> tuple[float, ...]:
    """Play ``state`` to the end at random; returns one payoff per seat."""
    for _ in range(MAX_PLAYOUT_EVENTS):
        if state.current() == TERMINAL:
            break
        random_step(state, rng)
    return state.returns()


def after_own_move(state: State, seat: int, move: Any, rng: random.Random) -> State:
    """A new state after ``seat`` plays ``move``. At a simultaneous node the other
    acting seats choose uniformly at random: the sampling agents' model of a blind
    opponent."""
    child = state.clone()
    if state.current() == SIMULTANEOUS:
        child.apply_joint_in_place(
            {
                s: move if s == seat else rng.choice(state.legal_moves(s))
                for s in state.acting_seats()
            }
        )
    else:
        child.apply_in_place(move)
    return child
