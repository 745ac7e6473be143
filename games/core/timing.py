"""Games per CPU second, for the engines' bench modules (figures, never test asserts)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable


def games_per_cpu_second(
    play: Callable[[random.Random], int | object], seconds: float, seed: int
) -> tuple[float, int]:
    """Call ``play(rng)`` until ``seconds`` of this process's CPU time are spent.

    ``play`` plays one game, or returns an int saying how many it played (a bulk
    simulator). CPU time, not wall time, so other jobs on the machine skew it less.
    Returns (games per CPU second, games played).
    """
    clock = time.process_time
    rng = random.Random(seed)
    start = clock()
    games = 0
    while True:
        played = play(rng)
        games += played if isinstance(played, int) and not isinstance(played, bool) else 1
        spent = clock() - start
        if spent >= seconds:
            return games / spent, games
