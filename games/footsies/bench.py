"""Speed of whole random-vs-random Footsies matches, for bench/ to print.

Every match starts from ``GAME.new_state`` and both seats choose uniformly at random.

- ``games_per_s``: ``fast.playout(GAME.new_state(...), rng)`` per match — whole games
  from ``new_state`` on the fast path, the issue's measure (most of the cost is
  building the state).
- ``bulk_games_per_s``: the fast path's bulk runner, ``fast.simulate``, which checks the
  options once and plays match after match from that start on the transition table.
  Footsies has no setup chance, so every match starts from the same position.
- ``clean_games_per_s``: the contract's way, ``games.testing.random_playout`` — every
  turn checked, copied and recorded.

Time is this process's CPU time (one core), so other work on a shared machine pulls
the figures down less.
"""

from __future__ import annotations

import random
from typing import Any

from games.core.timing import games_per_cpu_second
from games.footsies import GAME
from games.footsies.fast import playout, simulate
from games.testing import random_playout

#: Matches per call of the bulk runner between two looks at the clock.
CHUNK = 2000


def measure(
    seconds: float = 2.0, options: dict[str, Any] | None = None, seed: int = 1
) -> dict[str, Any]:
    """Matches per second on the fast and the clean path, about ``seconds`` in all."""
    checked = GAME.resolve_options(options)

    def bulk(rng: random.Random) -> int:
        simulate(CHUNK, rng, checked)
        return CHUNK

    def one_by_one(rng: random.Random) -> int:
        playout(GAME.new_state(2, checked), rng)
        return 1

    def clean(rng: random.Random) -> int:
        random_playout(GAME.new_state(2, checked), rng)
        return 1

    simulate(CHUNK, random.Random(seed), checked)  # untimed: fills the table's rows
    fast, fast_games = games_per_cpu_second(bulk, seconds * 0.4, seed, bulk=True)
    single, single_games = games_per_cpu_second(one_by_one, seconds * 0.3, seed)
    slow, slow_games = games_per_cpu_second(clean, seconds * 0.3, seed)
    # The shape of a random match, from the clean path's own records.
    rng = random.Random(seed)
    sample = 500
    turns = sum(random_playout(GAME.new_state(2, checked), rng).ply for _ in range(sample))
    return {
        "game": "footsies",
        # The measure: whole games, each from new_state, on the fast path.
        "games_per_s": round(single, 1),
        # The bulk simulator, which skips building a State per game.
        "bulk_games_per_s": round(fast, 1),
        "clean_games_per_s": round(slow, 1),
        "speedup": round(single / slow, 2),
        "fast_games": single_games,
        "bulk_games": fast_games,
        "clean_games": slow_games,
        "turns_per_game": round(turns / sample, 3),
        "turns_per_s": round(fast * turns / sample),
        "options": checked,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(measure(), indent=2))
