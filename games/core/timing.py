"""Games per CPU second, for the engines' bench modules (figures, never test asserts)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable


def games_per_cpu_second(
    play: Callable[[random.Random], object], seconds: float, seed: int, bulk: bool = False
) -> tuple[float, int]:
    """Call ``play(rng)`` until ``seconds`` of this process's CPU time are spent.

    Each call is one game, whatever it returns; with ``bulk`` the call returns how many
    games it played (a bulk simulator). CPU time, not wall time, so other jobs on the
    machine skew it less. Returns (games per CPU second, games played).
    """
    clock = time.process_time
    rng = random.Random(seed)
    start = clock()
    games = 0
    while True:
        played = play(rng)
        games += played if bulk else 1
        spent = clock() - start
        if spent >= seconds:
            return games / spent, games
