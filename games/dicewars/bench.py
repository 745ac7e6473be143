"""Speed of whole random-vs-random Dice Wars games (issue 3), for bench/ to print.

Every game starts from ``GAME.new_state(2)``, so its map is generated inside the timing,
and the random player picks uniformly among its legal moves, END_TURN included. The
fast path is ``simulate.fast_random_game`` (in-place push, incremental attack count),
the clean path ``simulate.clean_random_game`` (copy-on-apply, every event checked).
Times are this process's CPU time, so other work on a shared machine does not pull the
figures down.

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


def _rate(play: Callable[[random.Random], Any], seconds: float, seed: int) -> tuple[float, int]:
    clock = time.process_time
    rng = random.Random(seed)
    start = clock()
    games = 0
    while True:
        play(rng)
        games += 1
        spent = clock() - start
        if spent >= seconds:
            return games / spent, games


def _map_ms(seconds: float) -> float:
    clock = time.process_time
    start = clock()
    maps = 0
    while True:
        generate_map(random.Random(maps))
        maps += 1
        spent = clock() - start
        if spent >= seconds:
            return 1000 * spent / maps


def _action_us(seconds: float) -> tuple[float, float]:
    """Mean µs per event after the setup (the random choice included), and events per
    game; the setup event, a whole map, is map_ms's business."""
    from games.dicewars import GAME

    clock = time.process_time
    rng = random.Random(11)
    choose = rng._randbelow
    spent = 0.0
    events = games = 0
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
        games += 1
    return 1e6 * spent / events, events / games


def measure(seconds: float = 2.0) -> dict[str, Any]:
    """Fast and clean games per second, map and action costs, in about ``seconds``."""
    fast, fast_games = _rate(lambda rng: fast_random_game(rng, PLAYERS), seconds * 0.4, 1)
    clean, clean_games = _rate(lambda rng: clean_random_game(rng, PLAYERS), seconds * 0.25, 1)
    map_ms = _map_ms(seconds * 0.1)
    us_per_action, events_per_game = _action_us(seconds * 0.25)
    return {
        "game": "dicewars",
        "players": PLAYERS,
        "games_per_s": round(fast, 1),
        "clean_games_per_s": round(clean, 1),
        "speedup": round(fast / clean, 2),
        "fast_games": fast_games,
        "clean_games": clean_games,
        "map_ms": round(map_ms, 3),
        "us_per_action": round(us_per_action, 2),
        "events_per_game": round(events_per_game, 1),
        "goals": {
            "games_per_s >= 400": fast >= 400,
            "map_ms <= 2": map_ms <= 2,
            "us_per_action <= 8": us_per_action <= 8,
        },
    }


if __name__ == "__main__":
    import json

    print(json.dumps(measure(), indent=2))
