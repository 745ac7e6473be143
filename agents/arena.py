"""The headless arena: tournaments between agents, no web server needed.

    python -m agents.arena --game footsies --agents random footsies-counter \\
        --games 1000 --seed 1 --json

Formats:

- ``roundrobin``: every pair of listed agents plays ``--games`` games; seat order
  alternates from one game to the next.
- ``duplicate``: every pair plays ``--games`` games as ``--games / 2`` deals; each deal
  is played twice under the same match seed with the seats swapped. Chance draws from
  (seed, ply), so the setup rolls are identical and later rolls stay identical for as
  long as the two games keep in step: luck largely cancels out.
- ``freeforall``: one table of ``--players`` seats (Dice Wars: 3–8); seat ``s`` of game
  ``i`` is played by agent ``(i + s) mod k`` of the ``k`` listed, so seats rotate
  between games and every agent sits at every seat equally often. An agent filling
  several seats of one game counts each seat as one of its games.

Game ``i`` of pairing ``p`` is played with seed ``derive_seed(seed, p, i)`` (in
duplicate, ``i`` is the deal), so a result depends only on the seed: ``--jobs 4``
prints the same tournament as ``--jobs 1``, apart from timings.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import multiprocessing
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import games
from agents.core import Budget, check_spec
from agents.core.seeding import derive_seed, new_match_seed
from agents.match import play_match
from agents.stats import METHOD, Tally, result_for, win_rate
from games.core import Game

FORMATS = ("roundrobin", "duplicate", "freeforall", "gauntlet")

#: Failures kept verbatim in the report (the counts cover all of them).
MAX_FAILURE_EXAMPLES = 10


class ArenaError(ValueError):
    """A tournament that cannot be run as asked; the message is for the person asking."""


@dataclass(frozen=True)
class Fixture:
    """One match of the schedule: which listed agent sits at each seat, and its seed."""

    pairing: int
    seating: tuple[int, ...]
    seed: str


@dataclass(frozen=True)
class Setup:
    """A tournament as asked for, checked: what the report's header repeats."""

    game: Game
    fmt: str
    seed: str | int
    games_per_pairing: int
    options: dict[str, Any]
    players: int
    budget: Budget
    specs: list[str]

    def header(self, games_played: int) -> dict[str, Any]:
        return {
            "game": self.game.slug,
            "format": self.fmt,
            "games": games_played,
            "games_per_pairing": self.games_per_pairing,
            "seed": self.seed,
            "options": self.options,
            "players": self.players,
            "budget": self.budget.to_json(),
            "method": METHOD,
        }


@dataclass(frozen=True)
class Played:
    """What the arena keeps of a match (the full MatchResult stays in the worker)."""

    ranks: tuple[int, ...]
    results: tuple[str, ...]
    seconds: tuple[float, ...]  # time spent deciding, per seat
    decisions: tuple[int, ...]  # decisions taken, per seat
    failures: tuple[dict[str, int], ...]  # fallback kind -> count, per seat
    examples: tuple[dict[str, Any], ...]


@dataclass
class Standing:
    """One listed agent's totals over the tournament."""

    spec: str
    tally: Tally
    by_seat: list[Tally]
    seconds: float = 0.0
    decisions: int = 0
    failures: Counter = field(default_factory=Counter)

    def to_json(self) -> dict[str, Any]:
        mean = self.seconds / self.decisions if self.decisions else None
        return {
            "spec": self.spec,
            **self.tally.to_json(),
            "by_seat": [t.counts() for t in self.by_seat],
            "mean_decision_s": round(mean, 6) if mean is not None else None,
            "decisions": self.decisions,
            "failures": sum(self.failures.values()),
            "failure_kinds": dict(sorted(self.failures.items())),
        }


# ----- the schedule --------------------------------------------------------------------


def schedule(
    fmt: str, num_agents: int, games_per_pairing: int, seed: str, num_players: int
) -> list[Fixture]:
    """Every match of the tournament, in a fixed order."""
    fixtures: list[Fixture] = []
    if fmt == "freeforall":
        for i in range(games_per_pairing):
            seating = tuple((i + s) % num_agents for s in range(num_players))
            fixtures.append(Fixture(0, seating, derive_seed(seed, 0, i)))
        return fixtures
    # Gauntlet: the first agent against each of the others; round robin: every pair.
    pairs = (
        [(0, b) for b in range(1, num_agents)]
        if fmt == "gauntlet"
        else list(combinations(range(num_agents), 2))
    )
    for p, (a, b) in enumerate(pairs):
        for i in range(games_per_pairing):
            seating = (a, b) if i % 2 == 0 else (b, a)
            # Duplicate: games 2k and 2k+1 are one deal, the same seed with seats swapped.
            index = i // 2 if fmt == "duplicate" else i
            fixtures.append(Fixture(p, seating, derive_seed(seed, p, index)))
    return fixtures


# ----- checking what was asked ---------------------------------------------------------


def _known_games() -> str:
    # Listed without importing the engines, so one half-built engine cannot break the
    # error message about another.
    return ", ".join(s for s in games.SLUGS if importlib.util.find_spec(f"games.{s}"))


def resolve_game(slug: str | Game) -> Game:
    if isinstance(slug, Game):
        return slug
    if slug not in games.SLUGS or importlib.util.find_spec(f"games.{slug}") is None:
        raise ArenaError(f"unknown game {slug!r} (known: {_known_games()})")
    return games.get(slug)


def check_players(game: Game, fmt: str, num_agents: int, num_players: int | None) -> int:
    """The table size, or ArenaError saying why the format and game do not fit."""
    if fmt not in FORMATS:
        raise ArenaError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    if fmt == "freeforall":
        if num_players is None:
            num_players = max(game.min_players, min(num_agents, game.max_players))
    else:
        if num_agents < 2:
            raise ArenaError(f"{fmt} needs at least two agents")
        if num_players not in (None, 2) or not game.min_players <= 2 <= game.max_players:
            raise ArenaError(f"{fmt} is for two-player tables; use --format freeforall")
        num_players = 2
    try:
        game.check_num_players(num_players)
    except ValueError as exc:
        raise ArenaError(str(exc)) from None
    return num_players


def check_agents(game: Game, specs: Sequence[str]) -> list[str]:
    """Canonical specs; ArenaError for an unknown agent, parameter, or game it cannot play."""
    canonical = []
    for spec in specs:
        try:
            canonical.append(check_spec(spec, game.slug))
        except ValueError as exc:
            raise ArenaError(str(exc)) from None
    return canonical


# ----- playing -------------------------------------------------------------------------


def play_fixture(
    game: Game,
    specs: Sequence[str],
    options: Mapping[str, Any],
    budget: Budget,
    fixture: Fixture,
) -> Played:
    """Play one scheduled match; a top-level function so worker processes can run it."""
    seats = [specs[i] for i in fixture.seating]
    result = play_match(game, seats, fixture.seed, options, len(seats), budget)
    n = len(seats)
    decisions = [result.decisions(seat) for seat in range(n)]
    failures = tuple(
        dict(Counter(d.stats["fallback"] for d in per_seat if "fallback" in d.stats))
        for per_seat in decisions
    )
    examples = tuple(
        {
            "seed": fixture.seed,
            "seat": seat,
            "spec": seats[seat],
            "ply": step.ply,
            "fallback": step.decisions[seat].stats["fallback"],
            "error": step.decisions[seat].stats.get("error", ""),
        }
        for step in result.steps
        for seat in sorted(step.decisions)
        if "fallback" in step.decisions[seat].stats
    )[:MAX_FAILURE_EXAMPLES]
    return Played(
        ranks=result.outcome.ranks,
        results=tuple(result_for(result.outcome, seat) for seat in range(n)),
        seconds=tuple(sum(d.stats.get("seconds", 0.0) for d in per) for per in decisions),
        decisions=tuple(len(per) for per in decisions),
        failures=failures,
        examples=examples,
    )


def _play_all(
    game: Game,
    specs: list[str],
    options: dict[str, Any],
    budget: Budget,
    fixtures: list[Fixture],
    jobs: int,
) -> list[Played]:
    if jobs <= 1:
        return [play_fixture(game, specs, options, budget, f) for f in fixtures]
    n = len(fixtures)
    # map() hands results back in schedule order, so aggregation order (and hence the
    # report) does not depend on which worker finished first.
    # Spawned, not forked: a fork of a process with threads (a web server, a Celery
    # worker, a test runner's helpers) can inherit a held lock and hang for ever.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        return list(
            pool.map(
                play_fixture,
                [game] * n,
                [specs] * n,
                [options] * n,
                [budget] * n,
                fixtures,
                chunksize=max(1, n // (jobs * 8)),
            )
        )


def run_arena(
    game: str | Game,
    specs: Sequence[str],
    fmt: str = "roundrobin",
    games_per_pairing: int = 100,
    seed: str | int | None = None,
    options: Mapping[str, Any] | None = None,
    num_players: int | None = None,
    budget: Budget = Budget(),  # noqa: B008 - frozen, so one shared default is safe
    jobs: int = 1,
) -> dict[str, Any]:
    """Run a tournament and return its report (the JSON the CLI prints)."""
    game = resolve_game(game)
    if games_per_pairing < 1:
        raise ArenaError("--games must be at least 1")
    if fmt == "duplicate" and games_per_pairing % 2:
        raise ArenaError("duplicate plays each deal twice: --games must be even")
    if jobs < 1:
        raise ArenaError("--jobs must be at least 1")
    if not specs:
        raise ArenaError("name at least one agent")
    num_players = check_players(game, fmt, len(specs), num_players)
    canonical = check_agents(game, specs)
    try:
        resolved = game.resolve_options(options)
    except ValueError as exc:
        raise ArenaError(str(exc)) from None
    setup = Setup(
        game=game,
        fmt=fmt,
        seed=new_match_seed() if seed is None else seed,
        games_per_pairing=games_per_pairing,
        options=resolved,
        players=num_players,
        budget=budget,
        specs=canonical,
    )
    fixtures = schedule(fmt, len(specs), games_per_pairing, str(setup.seed), num_players)
    played = _play_all(game, canonical, resolved, budget, fixtures, jobs)
    return _report(setup, fixtures, played)


# ----- the report ----------------------------------------------------------------------


def _report(setup: Setup, fixtures: list[Fixture], played: list[Played]) -> dict[str, Any]:
    specs = setup.specs
    standings = [Standing(spec, Tally(), [Tally() for _ in range(setup.players)]) for spec in specs]
    pairings: dict[int, dict[str, Any]] = {}
    examples: list[dict[str, Any]] = []
    for fixture, match in zip(fixtures, played, strict=True):
        for seat, who in enumerate(fixture.seating):
            standing = standings[who]
            standing.tally.add(match.results[seat])
            standing.by_seat[seat].add(match.results[seat])
            standing.seconds += match.seconds[seat]
            standing.decisions += match.decisions[seat]
            standing.failures.update(match.failures[seat])
        if setup.fmt != "freeforall":
            _add_head_to_head(pairings, fixture, match)
        examples.extend(match.examples[: MAX_FAILURE_EXAMPLES - len(examples)])
    report = {**setup.header(len(fixtures)), "agents": [s.to_json() for s in standings]}
    if setup.fmt != "freeforall":
        report["pairings"] = [
            {
                "agents": [specs[i] for i in p["agents"]],
                **{k: v for k, v in p.items() if k != "agents"},
            }
            for p in pairings.values()
        ]
    report["failure_examples"] = examples
    return report


def _add_head_to_head(pairings: dict[int, dict[str, Any]], fixture: Fixture, match: Played) -> None:
    first, second = sorted(fixture.seating)
    entry = pairings.setdefault(
        fixture.pairing, {"agents": [first, second], "games": 0, "wins": [0, 0], "draws": 0}
    )
    entry["games"] += 1
    for seat, who in enumerate(fixture.seating):
        if match.results[seat] == "win":
            entry["wins"][0 if who == first else 1] += 1
    if all(r == "draw" for r in match.results):
        entry["draws"] += 1


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:5.1f}%"


def render_table(report: dict[str, Any]) -> str:
    """The report as a table for people."""
    seats = report["players"]
    lines = [
        f"{report['game']} · {report['format']} · {report['games']} games · "
        f"{seats} seats · seed {report['seed']}",
        "win% = wins / (wins + losses), draws excluded; 95% CI: Wilson score interval",
        "",
    ]
    width = max(12, *(len(a["spec"]) for a in report["agents"]))
    head = f"{'agent':<{width}} {'games':>6} {'wins':>6} {'draws':>6} {'losses':>6} {'win%':>7}"
    head += f" {'95% CI':>15}" + "".join(f" {'seat ' + str(s):>7}" for s in range(seats))
    head += f" {'s/move':>9} {'fails':>6}"
    lines += [head, "-" * len(head)]
    for a in report["agents"]:
        ci = a["ci95"]
        ci_text = "-" if ci is None else f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"
        row = f"{a['spec']:<{width}} {a['games']:>6} {a['wins']:>6} {a['draws']:>6}"
        row += f" {a['losses']:>6} {_pct(a['win_rate']):>7} {ci_text:>15}"
        for s in a["by_seat"]:
            row += f" {_pct(win_rate(s['wins'], s['losses'])):>7}"
        mean = a["mean_decision_s"]
        row += f" {'-' if mean is None else f'{mean:.6f}':>9} {a['failures']:>6}"
        lines.append(row)
    for p in report.get("pairings", []):
        a, b = p["agents"]
        lines.append(
            f"  {a} vs {b}: {p['wins'][0]}–{p['wins'][1]}, {p['draws']} drawn of {p['games']}"
        )
    return "\n".join(lines)


# ----- the command line ----------------------------------------------------------------


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` from the command line; the value is JSON where it parses as JSON."""
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise ArenaError(f"--option takes key=value, not {text!r}")
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError:
        parsed = value  # plain words need no quotes: --option block_exhaustion=loss
    return key.strip(), parsed


def _parse_seed(text: str) -> str | int:
    return int(text) if text.isdigit() else text


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m agents.arena",
        description="Play agents against each other and report win rates.",
    )
    parser.add_argument("--game", required=True, help="game slug, e.g. footsies")
    parser.add_argument("--agents", nargs="+", required=True, metavar="SPEC")
    parser.add_argument("--format", default="roundrobin", choices=FORMATS, dest="fmt")
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--seed", type=_parse_seed, default=None, help="default: a fresh one")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--players", type=int, default=None, help="seats (freeforall)")
    parser.add_argument("--budget-iterations", type=int, default=None)
    parser.add_argument("--budget-seconds", type=float, default=None)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        options = dict(parse_option(o) for o in args.option)
        if args.budget_iterations is not None and args.budget_iterations < 1:
            raise ArenaError("--budget-iterations must be at least 1")
        if args.budget_seconds is not None and args.budget_seconds <= 0:
            raise ArenaError("--budget-seconds must be positive")
        report = run_arena(
            args.game,
            args.agents,
            fmt=args.fmt,
            games_per_pairing=args.games,
            seed=args.seed,
            options=options,
            num_players=args.players,
            budget=Budget(args.budget_iterations, args.budget_seconds),
            jobs=args.jobs,
        )
    except ArenaError as exc:
        parser.error(str(exc))  # exits 2 with the usage line
    print(json.dumps(report) if args.json else render_table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
