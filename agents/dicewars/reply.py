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
from typing import Any

from agents.dicewars.value import estimate
from games.dicewars import END_TURN, DiceWarsState, legal_attacks
from games.dicewars.phases import ATTACK, OVER

#: A model of a player: its move at a position, for a seat.
Model = Callable[[DiceWarsState, int], Any]


def _greedy_attack(search, state: DiceWarsState) -> Any:
    """The attack whose one-battle value beats ending the turn most, or None."""
    best, best_value = None, search.end_value()
    for attack in legal_attacks(state):
        v = search.attack_value(attack, 1)[1]
        if v > best_value:
            best, best_value = attack, v
    return best


def sample(search, option: Any, model: Model, rng: random.Random) -> float:
    """One sampled outcome of ``option`` for ``search.me`` through the next turn."""
    state: DiceWarsState = search.state
    me = search.me
    pushed = 0

    def push(event: Any) -> None:
        nonlocal pushed
        state.push(event)
        pushed += 1

    try:
        move = option
        while move is not None:
            push(move)
            push(state.sample_chance(rng))  # the battle
            if state.phase == OVER:
                return 1.0 if state.winner == me else 0.0
            move = _greedy_attack(search, state)
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
    search, options: Sequence[Any], model: Model, samples: int, rng: random.Random
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
            total += sample(
                search, None if option == END_TURN else option, model, random.Random(seed)
            )
        values[option] = total / samples
    return values
