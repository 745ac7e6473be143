"""The fast path for search and bulk simulation.

The clean path is the contract: ``state.apply(move)`` checks the move, copies the state
and records the event. Here the same ``_apply`` runs in place with neither check nor
history, on moves taken from ``legal_moves``/``sample_chance`` (anything else is the
caller's bug, not caught). Search that needs to go back takes a ``snapshot`` first and
``restore``s it: the undo of this path, at the cost of one ``clone``.

Both paths draw from the rng in the same order — one ``sample_chance`` per chance event,
one ``rng.choice`` over ``legal_moves`` per choice — so the same seed plays the same game.
"""

from __future__ import annotations

import random
from typing import Any

from games.core import CHANCE, TERMINAL
from games.dungeon.state import DungeonState

Event = tuple[int, Any]


def advance(state: DungeonState, move: Any) -> None:
    """Apply a move or chance outcome in place, unchecked and unrecorded."""
    state._apply(state.current(), move)


def snapshot(state: DungeonState) -> DungeonState:
    """What ``restore`` needs to take ``state`` back to this moment."""
    return state.clone()


def restore(state: DungeonState, saved: DungeonState) -> None:
    """Undo everything since ``snapshot``: ``state`` becomes the saved position again."""
    for name in DungeonState.__slots__:
        setattr(state, name, getattr(saved, name))
    saved_sides = saved.sides
    state.sides = [saved_sides[0].copy(), saved_sides[1].copy()]
    state.dice = saved.dice[:]
    state.marks = saved.marks[:]


def random_playout(
    state: DungeonState, rng: random.Random, events: list[Event] | None = None
) -> DungeonState:
    """Play ``state`` to the end in place, both seats uniformly random over every legal
    move (``end`` included); chance by its odds. ``events`` collects what happened."""
    legal = state.legal_moves
    sample = state.sample_chance
    choice = rng.choice
    apply = state._apply
    while True:
        actor = state.current()
        if actor == TERMINAL:
            return state
        move = sample(rng) if actor == CHANCE else choice(legal(actor))
        apply(actor, move)
        if events is not None:
            events.append((actor, move))
