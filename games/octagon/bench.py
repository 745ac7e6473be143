"""Random-against-random speed of whole Octagon games, on both paths.

``measure`` is what the project's bench script calls; it prints nothing and asserts
nothing (timings are figures, not tests). Each game starts from ``new_state`` so setup is
counted, and runs on one core.
"""

from __future__ import annotations

import random
from typing import Any

from games.core.timing import games_per_cpu_second
from games.octagon import GAME
from games.octagon.state import OctagonState


def fast_game(rng: random.Random, options: dict[str, Any] | None = None) -> OctagonState:
    """One random game on the fast path: list-free random moves, placed in place."""
    state = GAME.new_state(2, options)
    make, pick = state.make_move, state.random_move
    while not state.over:
        make(pick(rng))
    return state


def clean_game(rng: random.Random, options: dict[str, Any] | None = None) -> OctagonState:
    """The same game on the contract's path: legal move list, checked copy-on-apply."""
    state = GAME.new_state(2, options)
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_moves(state.current())))
    return state


def measure(seconds: float = 2.0, preset: str = "standard") -> dict[str, Any]:
    """Games per second on the fast path and on the clean path, ``seconds`` each."""
    options = {"preset": preset}
    fast, fast_games = games_per_cpu_second(lambda rng: fast_game(rng, options), seconds, 2012)
    clean, clean_games = games_per_cpu_second(lambda rng: clean_game(rng, options), seconds, 2012)
    return {
        "game": "octagon",
        "preset": preset,
        "games_per_s": round(fast, 1),
        "clean_games_per_s": round(clean, 1),
        "fast_games": fast_games,
        "clean_games": clean_games,
        "seconds_each": seconds,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(measure()))
