"""The Hero's win rate against one enemy agent, the Hero's seat only.

    python -m agents.dungeon.hero --heroes dungeon-best dungeon-planner --enemy dungeon-planner \\
        --games 2000 --seed 16 --option enemy=handyman --option hero_hp=10

The battler is not symmetric (the Hero has the better side), so "who is the better Hero"
is a question about seat 0 alone; the arena's round robin would also play every pairing
the other way round, half its games answering nothing. Battle ``i`` is played with seed
``derive_seed(seed, i)`` for every Hero, so each Hero meets the same rolls as far as the
battles keep in step, and a run repeats exactly. Prints one JSON object: each Hero's
battles, wins, draws, losses, win rate with its 95 % Wilson interval, and each Hero's
gain over the last one listed with a 95 % interval (normal approximation).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from agents.arena import parse_option
from agents.core.seeding import derive_seed
from agents.match import play_match
from agents.stats import wilson_interval
from games.dungeon import GAME


def hero_record(hero: str, enemy: str, games: int, seed: str, options: dict) -> dict[str, Any]:
    won = drawn = 0
    for i in range(games):
        result = play_match(GAME, [hero, enemy], derive_seed(seed, i), options)
        hero_return = result.state.returns()[0]
        won += hero_return > 0
        drawn += hero_return == 0
    lost = games - won - drawn
    low, high = wilson_interval(won, games - won) or (0.0, 1.0)
    return {
        "hero": hero,
        "battles": games,
        "won": won,
        "drawn": drawn,
        "lost": lost,
        "rate": round(won / games, 4),
        "interval": [round(low, 4), round(high, 4)],
    }


def gain(a: dict, b: dict) -> dict[str, Any]:
    """``a``'s win rate minus ``b``'s, in points, with a 95 % normal interval."""
    p, q = a["rate"], b["rate"]
    se = math.sqrt(p * (1 - p) / a["battles"] + q * (1 - q) / b["battles"])
    d = 100 * (p - q)
    return {"points": round(d, 1), "interval": [round(d - 196 * se, 1), round(d + 196 * se, 1)]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heroes", nargs="+", required=True, metavar="SPEC")
    parser.add_argument("--enemy", default="dungeon-planner", metavar="SPEC")
    parser.add_argument("--games", type=int, default=200, help="battles per Hero")
    parser.add_argument("--seed", default="hero")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    options = GAME.resolve_options(dict(parse_option(o) for o in args.option))
    records = [hero_record(h, args.enemy, args.games, args.seed, options) for h in args.heroes]
    out = {
        "game": "dungeon",
        "enemy": args.enemy,
        "options": options,
        "seed": args.seed,
        "heroes": records,
        "gain_over_last": {r["hero"]: gain(r, records[-1]) for r in records[:-1]},
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
