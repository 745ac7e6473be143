"""The next player's real reply, sampled: a second opinion on a two-seat decision.

The learned value judges a position as the player ends its turn, before anyone has
answered. With two seats alive the answer is one player's whole turn, and a model of
that player (``dicewars-wpm``'s rule, cheap to run) can play it. One *sample* of an
option: the option, the rest of the turn by the one-battle-deep search, the
reinforcement, the model's whole turn, every battle and placement drawn from a seeded
RNG; it is then judged by the learned value as the model ends its turn (one minus the
model's estimated chance). An option's value is the mean of its samples; every option
uses the same seeds (common random numbers), so the options differ by their play more
than by their luck.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from agents.dicewars.value import estimate
from games.dicewars import END_TURN, DiceWarsState
from games.dicewars.phases import ATTACK, OVER

if TYPE_CHECKING:  # the search imports this module to use it
    from agents.dicewars.learned import TurnSearch

#: A model of a player: its move at a position, for a seat.
Model = Callable[[DiceWarsState, int], Any]


def sample(search: TurnSearch, option: Any, model: Model, rng: random.Random) -> float:
    """One sampled outcome of ``option`` (an attack or ``END_TURN``) for ``search.me``
    through the next player's turn."""
    state: DiceWarsState = search.state
    me = search.me
    pushed = 0

    def push(event: Any) -> None:
        nonlocal pushed
        state.push(event)
        pushed += 1

    try:
        move = None if option == END_TURN else option
        while move is not None:
            push(move)
            push(state.sample_chance(rng))  # the battle
            if state.phase == OVER:
                return 1.0 if state.winner == me else 0.0
            move = search.best_attack()
        push(END_TURN)
        push(state.sample_chance(rng))  # my reinforcement
        nxt = state.mover
        while state.phase == ATTACK and state.mover == nxt:
            move = model(state, nxt)
            push(move)
            if move == END_TURN:
                return 1.0 - estimate(search.weights, state, nxt)
            push(state.sample_chance(rng))
            if state.phase == OVER:
                return 1.0 if state.winner == me else 0.0
        return estimate(search.weights, state, me)  # not reached with two seats alive
    finally:
        for _ in range(pushed):
            state.pop()


def replied_values(
    search: TurnSearch, options: Sequence[Any], model: Model, samples: int, rng: random.Random
) -> dict[Any, float] | None:
    """Each option's mean over ``samples`` samples, the same seeds for every option;
    None if the search's deadline passes first (a safety cap: half the options sampled
    would compare unlike with like)."""
    seeds = [rng.getrandbits(32) for _ in range(samples)]
    values: dict[Any, float] = {}
    for option in options:
        if search.deadline.passed():
            return None
        total = 0.0
        for seed in seeds:
            total += sample(search, option, model, random.Random(seed))
        values[option] = total / samples
    return values
