"""Random play to the end for the sampling searches, on a game's fast path where it has one.

A game's fast ``playout(state, rng) -> winner`` (``games.buttonmen.fast``,
``games.footsies.fast``) plays the very game the clean path (:func:`playout`) would
play from the same rng — same draws, same events, same winner — only several times
sooner. So a search gives the same decision on either
path; ``tests/agents/test_search_rollout.py`` checks both agree on every game. Games
without one use the clean path.

For the tree part of a search, :func:`advance` applies a move it took from
``legal_moves`` (or an outcome from ``sample_chance``) in place without checking it
again or recording it in the history, which a search never reads.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from agents.search.playout import playout
from games.core import State

Rollout = Callable[[State, random.Random], tuple[float, ...]]

#: Two-player games whose engine has a fast whole-game playout returning the winner.
FAST_PLAYOUTS: dict[str, str] = {
    "buttonmen": "games.buttonmen.fast:playout",
    "footsies": "games.footsies.fast:playout",
}

#: Returns by winner (None: a draw), the engines' +1 / -1 / 0.
_RETURNS = {0: (1.0, -1.0), 1: (-1.0, 1.0), None: (0.0, 0.0)}


@cache
def rollout_for(game_slug: str) -> Rollout:
    """The fastest rollout of this game that plays exactly the clean path's game. It
    may change the state it is given (the clean path plays on it), so give it one the
    caller owns."""
    path = FAST_PLAYOUTS.get(game_slug)
    if path is None:
        return playout
    module, _, name = path.partition(":")
    fast = getattr(importlib.import_module(module), name)

    def rollout(state: State, rng: random.Random) -> tuple[float, ...]:
        return _RETURNS[fast(state, rng)]

    return rollout


def advance(state: State, actor: int, move: Any) -> None:
    """Apply ``move`` of ``actor`` (a joint ``((seat, move), ...)`` at a simultaneous
    node, in ``acting_seats`` order) in place: unchecked, as it came from the engine's
    own lists, and left out of the history."""
    state._apply(actor, move)
