"""Running a tournament headless: round after round, as its format proposes them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from agents.arena.checks import ArenaError, check_agents, check_players, resolve_game
from agents.arena.pool import Result, play_all
from agents.arena.report import Setup, report
from agents.core import Budget
from agents.core.seeding import new_match_seed
from agents.tournament import Fixture, FormatError, Played, make_format
from games.core import Game


def schedule(
    fmt: str, num_agents: int, games_per_pairing: int, seed: str, num_players: int
) -> list[Fixture]:
    """The first round of a tournament (every game, for the fixed formats)."""
    try:
        return make_format(fmt, num_agents, games_per_pairing, seed, num_players).first_round()
    except FormatError as exc:
        raise ArenaError(str(exc)) from None


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
    rounds: int | None = None,
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
    chosen_seed = new_match_seed() if seed is None else seed
    try:
        tournament = make_format(
            fmt, len(specs), games_per_pairing, str(chosen_seed), num_players, rounds
        )
    except FormatError as exc:
        raise ArenaError(str(exc)) from None
    setup = Setup(
        game=game,
        fmt=fmt,
        seed=chosen_seed,
        games_per_pairing=games_per_pairing,
        options=resolved,
        players=num_players,
        budget=budget,
        specs=canonical,
        rounds=tournament.rounds,
    )
    fixtures: list[Fixture] = []
    results: list[Result] = []
    upcoming = tournament.first_round()
    while upcoming:
        fixtures += upcoming
        results += play_all(game, canonical, resolved, budget, upcoming, jobs)
        played = [Played(f, r.results) for f, r in zip(fixtures, results, strict=True)]
        upcoming = tournament.next_round(played)
    return report(setup, tournament, fixtures, results)
