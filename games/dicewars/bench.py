"""Speed of whole random-vs-random Dice Wars games, for bench/ to print.

Every game starts from ``GAME.new_state(2)``, so its map is generated inside the timing,
and the random player picks uniformly among its legal moves, END_TURN included. The
fast path is ``simulate.fast_random_game`` (in-place push, incremental attack count),
the clean path ``simulate.clean_random_game`` (copy-on-apply, every event checked).
Times are this process's CPU time, and each figure is the best of five slices (as
timeit takes the best of its repeats), so other work on a shared machine does not pull
the figures down.

Goals: games_per_s >= 400, map_ms <= 2, us_per_action <= 8.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from games.dicewars.mapgen import generate_map
from games.dicewars.phases import ATTACK, OVER
from games.dicewars.simulate import clean_random_game, fast_random_game

PLAYERS = 2
#: Each figure is the best of this many equal slices of its time.
SLICES = 5


def _best(run: Callable[[float], tuple[float, float]], seconds: float) -> tuple[float, float]:
    """``run(slice)`` gives (work done, CPU seconds); the best rate over SLICES slices.

    As timeit takes the minimum of its repeats: a burst of other work on a shared
    machine slows a slice down, never speeds one up."""
    best = 0.0
    total = 0.0
    for _ in range(SLICES):
        work, spent = run(seconds / SLICES)
        total += work
        best = max(best, work / spent)
    return best, total


class _Games:
    """Whole games from ``play``, counted with their events, a slice at a time."""

    def __init__(self, play: Callable[[random.Random], Any], seed: int) -> None:
        self.play = play
        self.rng = random.Random(seed)
        self.games = 0
        self.events = 0

    def __call__(self, seconds: float) -> tuple[float, float]:
        clock = time.process_time
        start = clock()
        games = 0
        while True:
            self.events += self.play(self.rng).ply
            games += 1
            spent = clock() - start
            if spent >= seconds:
                self.games += games
                return games, spent


def _maps(seconds: float) -> tuple[float, float]:
    clock = time.process_time
    start = clock()
    maps = 0
    while True:
        generate_map(random.Random(maps))
        maps += 1
        spent = clock() - start
        if spent >= seconds:
            return maps, spent


def _actions(seconds: float) -> tuple[float, float]:
    """Events after the setup (the random choice included) and the CPU time they took;
    the setup event, a whole map, is map_ms's business."""
    from games.dicewars import GAME

    clock = time.process_time
    rng = random.Random(11)
    choose = rng._randbelow
    spent = 0.0
    events = 0
    while spent < seconds:
        state = GAME.new_state(PLAYERS)
        state.push(state.sample_chance(rng))
        push = state.push
        start = clock()
        while True:
            phase = state.phase
            if phase == ATTACK:
                push(state.move_at(choose(state.open_attacks + 1)))
            elif phase == OVER:
                break
            else:
                push(state.sample_chance(rng))
        spent += clock() - start
        events += state.ply - 1
    return events, spent


def measure(seconds: float = 2.0) -> dict[str, Any]:
    """Fast and clean games per second, map and action costs, in about ``seconds``."""
    fast_run = _Games(lambda rng: fast_random_game(rng, PLAYERS), 1)
    clean_run = _Games(lambda rng: clean_random_game(rng, PLAYERS), 1)
    fast, _ = _best(fast_run, seconds * 0.4)
    clean, _ = _best(clean_run, seconds * 0.25)
    map_ms = 1000 / _best(_maps, seconds * 0.1)[0]
    us_per_action = 1e6 / _best(_actions, seconds * 0.25)[0]
    return {
        "game": "dicewars",
        "players": PLAYERS,
        "games_per_s": round(fast, 1),
        "clean_games_per_s": round(clean, 1),
        "speedup": round(fast / clean, 2),
        "fast_games": fast_run.games,
        "clean_games": clean_run.games,
        "map_ms": round(map_ms, 3),
        "us_per_action": round(us_per_action, 2),
        "events_per_game": round(fast_run.events / fast_run.games, 1),
        "goals": {
            "games_per_s >= 400": fast >= 400,
            "map_ms <= 2": map_ms <= 2,
            "us_per_action <= 8": us_per_action <= 8,
        },
    }


if __name__ == "__main__":
    import json

    print(json.dumps(measure(), indent=2))
