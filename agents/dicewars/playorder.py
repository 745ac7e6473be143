"""Win rates by place in the play order: the arena's games, split as the write-up splits them.

    python -m agents.dicewars.playorder --agents dicewars-sdc dicewars-naive \\
        --games 2000 --seed 1

The arena tallies by seat, but a Dice Wars seat is not a place in the turn order: the
setup shuffles the order. The write-up's second column ("won 2nd") is the share of the
games a player started second that it won, and its first-player chart is the share of
games won by whoever moved first. This plays exactly the arena's schedule (same
fixtures, same seeds, same ``arena.play_fixture``), reads each game's play order from
its setup roll, and reports both the arena's totals and the split by place.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from agents.arena import (
    ArenaError,
    check_agents,
    check_players,
    parse_option,
    play_fixture,
    schedule,
)
from agents.core import Budget
from agents.match import roll
from agents.stats import Tally
from games.dicewars import GAME

FORMATS = ("roundrobin", "freeforall")


@dataclass(frozen=True)
class Game:
    """One played fixture: who sat where, the play order, and each seat's result."""

    seating: tuple[int, ...]
    order: tuple[int, ...]
    results: tuple[str, ...]


def play_order(
    seed: str, num_players: int, options: dict[str, Any] | None = None
) -> tuple[int, ...]:
    """The seats in play order of the game played under ``seed`` (its setup roll)."""
    state = GAME.new_state(num_players, options)
    return tuple(state.apply(roll(state, seed)).order)


def _play(specs: list[str], players: int, options: dict[str, Any], fixture) -> Game:
    played = play_fixture(GAME, specs, options, Budget(), fixture)
    return Game(fixture.seating, play_order(fixture.seed, players, options), played.results)


def run(
    specs: Sequence[str],
    fmt: str = "roundrobin",
    games_per_pairing: int = 100,
    seed: str | int = 1,
    num_players: int | None = None,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The report: per listed agent, its totals and its results by place in the order."""
    if fmt not in FORMATS:
        raise ArenaError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    if games_per_pairing < 1:
        raise ArenaError("--games must be at least 1")
    players = check_players(GAME, fmt, len(specs), num_players)
    try:
        resolved = GAME.resolve_options(options)
    except ValueError as exc:
        raise ArenaError(str(exc)) from None
    canonical = check_agents(GAME, specs)
    fixtures = schedule(fmt, len(canonical), games_per_pairing, str(seed), players)
    n = len(fixtures)
    if jobs <= 1:
        played = [_play(canonical, players, resolved, f) for f in fixtures]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            played = list(
                pool.map(
                    _play,
                    [canonical] * n,
                    [players] * n,
                    [resolved] * n,
                    fixtures,
                    chunksize=max(1, n // (jobs * 8)),
                )
            )
    return report(canonical, fmt, games_per_pairing, seed, players, played, resolved)


def report(
    specs: list[str],
    fmt: str,
    games_per_pairing: int,
    seed: str | int,
    players: int,
    played: list[Game],
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    totals = [Tally() for _ in specs]
    by_place = [[Tally() for _ in range(players)] for _ in specs]
    first = Tally()  # whoever moved first, whichever agent it was
    for game in played:
        for place, seat in enumerate(game.order):
            who = game.seating[seat]
            totals[who].add(game.results[seat])
            by_place[who][place].add(game.results[seat])
        first.add(game.results[game.order[0]])
    return {
        "game": GAME.slug,
        "format": fmt,
        "games": len(played),
        "games_per_pairing": games_per_pairing,
        "seed": seed,
        "players": players,
        "options": options if options is not None else GAME.resolve_options(None),
        "first_mover": first.to_json(),
        "agents": [
            {
                "spec": spec,
                **totals[i].to_json(),
                "by_place": [t.to_json() for t in by_place[i]],
            }
            for i, spec in enumerate(specs)
        ],
    }


def _pct(tally: dict[str, Any]) -> str:
    rate, ci = tally["win_rate"], tally["ci95"]
    if rate is None:
        return "-"
    return f"{100 * rate:.1f}% ({100 * ci[0]:.1f}–{100 * ci[1]:.1f}) of {tally['games']}"


def render(result: dict[str, Any]) -> str:
    lines = [
        f"{result['game']} · {result['format']} · {result['games']} games · "
        f"{result['players']} seats · seed {result['seed']} · "
        f"map_style {result['options']['map_style']}",
        "win% (95% Wilson interval) of games; place 1 moves first",
        f"first mover: {_pct(result['first_mover'])}",
    ]
    for i, agent in enumerate(result["agents"]):
        lines.append(f"[{i}] {agent['spec']}: {_pct(agent)}")
        for place, tally in enumerate(agent["by_place"], start=1):
            lines.append(f"      place {place}: {_pct(tally)}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.dicewars.playorder",
        description="The arena's Dice Wars games, win rates split by place in the play order.",
    )
    parser.add_argument("--agents", nargs="+", required=True, metavar="SPEC")
    parser.add_argument("--format", default="roundrobin", choices=FORMATS, dest="fmt")
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--players", type=int, default=None, help="seats (freeforall)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    seed = int(args.seed) if args.seed.isdigit() else args.seed
    try:
        options = dict(parse_option(o) for o in args.option)
        result = run(args.agents, args.fmt, args.games, seed, args.players, args.jobs, options)
    except ArenaError as exc:
        parser.error(str(exc))
    print(json.dumps(result) if args.json else render(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
