"""Speed of whole random-vs-random Button Men matches, for bench/ to print.

Both paths start every match from ``GAME.new_state`` (so the fighters are drawn and the
swing sizes chosen as part of the match) and play it out with uniformly random moves:
the fast path with ``fast.playout``, the clean path with copy-on-apply
``games.testing.random_playout``. Time is this process's CPU time, so other work on a
shared machine does not pull the figures down.
"""

from __future__ import annotations

import random
from typing import Any

from games.buttonmen.fast import playout
from games.core.timing import games_per_cpu_second
from games.testing import random_playout

#: The same games on both paths, run after run.
SEED = 2024


def measure(seconds: float = 2.0, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Games per second on the fast and the clean path, about ``seconds`` in all."""
    from games.buttonmen import GAME

    def fast_game(rng: random.Random) -> None:
        playout(GAME.new_state(2, options), rng)

    # Untimed warm-up: the first games fill fast.py's attack-count table, a cost paid
    # once per process rather than per game.
    games_per_cpu_second(fast_game, seconds * 0.1, SEED)
    fast, fast_games = games_per_cpu_second(fast_game, seconds * 0.5, SEED)
    clean, clean_games = games_per_cpu_second(
        lambda rng: random_playout(GAME.new_state(2, options), rng), seconds * 0.4, SEED
    )
    # The shape of a random match, from a few traced fast games.
    rng = random.Random(7)
    events = rounds = 0
    sample = 200
    for _ in range(sample):
        state = GAME.new_state(2, options)
        trace: list = []
        playout(state, rng, trace)
        events += len(trace)
        rounds += sum(1 for _, move in trace if move[0] == "roll")
    return {
        "game": "buttonmen",
        "games_per_s": round(fast, 1),
        "clean_games_per_s": round(clean, 1),
        "speedup": round(fast / clean, 2),
        "fast_games": fast_games,
        "clean_games": clean_games,
        "events_per_game": round(events / sample, 1),
        "rounds_per_game": round(rounds / sample, 2),
        "events_per_s": round(fast * events / sample),
        "options": dict(GAME.checked_options(options)),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(measure(), indent=2))
