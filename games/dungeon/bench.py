"""Speed of random-against-random battles, for the project's benchmark script.

Whole games from ``new_state`` (the first roll included), both seats uniform over every
legal move, on one core: the fast path (in place, unchecked, no history) and the clean
path (``apply``: checked, copied, recorded).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from games.core import CHANCE, TERMINAL
from games.dungeon import GAME
from games.dungeon.fast import random_playout
from games.dungeon.state import DungeonState


def clean_playout(state: DungeonState, rng: random.Random) -> DungeonState:
    """The contract's way: every event checked and applied to a new state."""
    while True:
        actor = state.current()
        if actor == TERMINAL:
            return state
        if actor == CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_moves(actor)))


def _rate(
    play: Callable[[DungeonState, random.Random], DungeonState],
    seconds: float,
    options: Mapping[str, Any] | None,
    seed: int,
) -> tuple[float, int, int]:
    rng = random.Random(seed)
    games = turns = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        end = play(GAME.new_state(2, options), rng)
        games += 1
        turns += end.turn
        now = time.perf_counter()
        if now >= deadline:
            return games / (now - start), games, turns


def measure(
    seconds: float = 2.0, options: Mapping[str, Any] | None = None, seed: int = 1
) -> dict[str, Any]:
    """Games per second on each path, ``seconds`` each (default options: the Frog)."""
    fast, fast_games, fast_turns = _rate(random_playout, seconds, options, seed)
    clean, clean_games, _ = _rate(clean_playout, seconds, options, seed)
    return {
        "game": "dungeon",
        "options": dict(GAME.resolve_options(options)),
        "games_per_s": round(fast, 1),
        "clean_games_per_s": round(clean, 1),
        "speedup": round(fast / clean, 2),
        "fast_games": fast_games,
        "clean_games": clean_games,
        "mean_turns": round(fast_turns / fast_games, 2),
        "seconds": seconds,
        "seed": seed,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(measure()))
