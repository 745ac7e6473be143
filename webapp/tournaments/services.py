"""Submitting tournaments: ``check_tournament`` validates, ``do_create_tournament``
writes the tournament, its entries and every scheduled game in one transaction; the
fan-out to the workers starts after the commit."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import agents
from agents.arena import ArenaError, check_agents, check_players, resolve_game
from agents.core.seeding import new_match_seed
from agents.tournament import FORMATS, Format, FormatError, make_format
from webapp.bots import tournament_games as bots
from webapp.hooks import Hook
from webapp.tournaments import live
from webapp.tournaments.grid import GRIDS, grid_fixtures, grid_games
from webapp.tournaments.models import Entry, Tournament, TournamentGame


class Invalid(ValueError):
    """A tournament that cannot run as asked; nothing was stored or queued."""


@dataclass
class TournamentPlan:
    game: str
    entrants: list[str]  # agent spec strings
    format: str = "roundrobin"
    games_per_pairing: int = 10
    options: dict[str, Any] = field(default_factory=dict)
    players: int | None = None
    seed: str | None = None
    name: str = ""
    preset: str = ""
    budget_iterations: int | None = None
    schedule_key: str | None = None
    grid: str = ""
    #: Swiss: rounds to play (None: enough to find a winner, ⌈log2 entrants⌉).
    rounds: int | None = None
    #: Outside bots' time control and wait: {"move_s", "bank_s", "wait_s"} (webapp.bots).
    bot_clock: dict[str, Any] | None = None


@dataclass
class Checked:
    plan: TournamentPlan
    specs: list[str]
    options: dict[str, Any]
    players: int
    seed: str
    fixtures: list
    format: Format
    #: Games the whole tournament plays (every round of Swiss; the grid's games).
    total_games: int


def entrant_spec(agent: str, params: dict[str, Any] | None = None) -> str:
    """A spec string from a registry name and parameter values (as the form sends them)."""
    if not params:
        return agent
    return agent + ":" + ",".join(f"{k}={v}" for k, v in sorted(params.items()))


def check_tournament(plan: TournamentPlan) -> Checked:
    try:
        game = resolve_game(plan.game)
        if plan.format not in FORMATS:
            raise ArenaError(f"unknown format {plan.format!r} (known: {', '.join(FORMATS)})")
        if not isinstance(plan.games_per_pairing, int) or plan.games_per_pairing < 1:
            raise ArenaError("games per pairing must be a whole number of at least 1")
        if not 1 <= len(plan.entrants) <= settings.DICEARENA_MAX_ENTRANTS:
            raise ArenaError(f"name 1 to {settings.DICEARENA_MAX_ENTRANTS} entrants")
        players = check_players(game, plan.format, len(plan.entrants), plan.players)
        # The format's own rules (a duplicate's even games, a gauntlet's two entrants…).
        FORMATS[plan.format].check(len(plan.entrants), plan.games_per_pairing, players)
        specs = _check_entrants(game, plan)
        options = game.resolve_options(plan.options)
    except (ArenaError, ValueError) as exc:  # FormatError is a ValueError
        raise Invalid(str(exc)) from None
    seed = str(plan.seed) if plan.seed not in (None, "") else new_match_seed()
    if len(seed) > 64:
        raise Invalid("a seed is at most 64 characters")
    fmt = "roundrobin" if plan.format == "gauntlet" and len(specs) == 2 else plan.format
    try:
        tournament_format = make_format(
            fmt, len(specs), plan.games_per_pairing, seed, players, plan.rounds
        )
    except FormatError as exc:
        raise Invalid(str(exc)) from None
    # Count before building: a request for a million games is refused at once.
    count = (
        grid_games(plan.grid, seed, plan.games_per_pairing)
        if plan.grid
        else tournament_format.total_games()
    )
    if count > settings.DICEARENA_MAX_TOURNAMENT_GAMES:
        raise Invalid(
            f"{count} games is more than the maximum of {settings.DICEARENA_MAX_TOURNAMENT_GAMES}"
        )
    if plan.grid:
        if GRIDS.get(plan.grid) != plan.game:
            raise Invalid(f"no {plan.grid!r} grid for {plan.game}")
        if len(specs) != 2 or plan.format != "roundrobin":
            raise Invalid("a fighter grid is a round robin of exactly two entrants")
        fixtures = grid_fixtures(plan.grid, seed, plan.games_per_pairing)
    else:
        fixtures = [(f, {}) for f in tournament_format.first_round()]
    if plan.budget_iterations is not None and not 1 <= plan.budget_iterations <= 100_000:
        raise Invalid("the iteration budget is between 1 and 100,000")
    return Checked(plan, specs, options, players, seed, fixtures, tournament_format, count)


def _check_entrants(game, plan: TournamentPlan) -> list[str]:
    """Canonical specs: agents from the registry, outside bots ("bot:<name>") by webapp.bots."""
    agent_specs = iter(check_agents(game, [e for e in plan.entrants if not bots.is_bot_spec(e)]))
    specs = [
        bots.check_entrant(game.slug, e) if bots.is_bot_spec(e) else next(agent_specs)
        for e in plan.entrants
    ]
    if any(bots.is_bot_spec(s) for s in specs):
        if plan.grid:
            raise ValueError("a fighter grid is for agents only")
        bots.check_clock(plan.bot_clock)
    return specs


def do_create_tournament(checked: Checked, created_by: str = "", user=None) -> Tournament:
    plan = checked.plan
    game = resolve_game(plan.game)
    tournament = Tournament.objects.create(
        name=plan.name or f"{game.title}: {' vs '.join(checked.specs)}"[:120],
        game=plan.game,
        format=plan.format,
        options=checked.options,
        players=checked.players,
        games_per_pairing=plan.games_per_pairing,
        seed=checked.seed,
        budget_iterations=plan.budget_iterations,
        rounds=checked.format.rounds,
        total_games=checked.total_games,
        preset=plan.preset,
        schedule_key=plan.schedule_key,
        grid=plan.grid,
        created_by=created_by,
        user=user if user is not None and user.is_authenticated else None,
    )
    Entry.objects.bulk_create(
        Entry(tournament=tournament, index=i, agent_spec=s) for i, s in enumerate(checked.specs)
    )
    bots.tournament_created(tournament, checked.specs, plan.bot_clock)
    do_add_games(tournament, checked.fixtures)
    transaction.on_commit(lambda: _start(tournament.pk))
    return tournament


def do_add_games(tournament: Tournament, fixtures: list) -> None:
    """Store a round's games: (fixture, extra options) pairs, numbered within each
    pairing (the database refuses a second row for one slot)."""
    numbers: dict[int, int] = {}
    rows = []
    for fixture, extra in fixtures:
        number = numbers.get(fixture.pairing, 0)
        numbers[fixture.pairing] = number + 1
        rows.append(
            TournamentGame(
                tournament=tournament,
                round=fixture.round,
                pairing=fixture.pairing,
                number=number,
                seating=list(fixture.seating),
                seed=fixture.seed,
                options=extra,
            )
        )
    TournamentGame.objects.bulk_create(rows)


def create_tournament(plan: TournamentPlan, created_by: str = "", user=None) -> Tournament:
    with transaction.atomic():
        checked = check_tournament(plan)
        return do_create_tournament(checked, created_by, user)


#: A tournament is stored (after the commit): ``tasks`` starts it on the workers. A hook,
#: since ``tasks`` imports this module (scheduled tournaments are made through it).
submitted = Hook("tournament_submitted", ("tournaments",))


def _start(tournament_id: int) -> None:
    submitted.send(tournament_id=tournament_id)


def cancel(tournament_id: int, reason: str = "Cancelled by its maker.") -> Tournament:
    """Stop a tournament; ``reason`` is what its page says happened. Games under way
    (people's live matches) finish as ordinary matches; no game is made after this."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.is_over:
            raise Invalid(f"this tournament is already {tournament.get_status_display()}")
        tournament.status = Tournament.Status.CANCELLED
        tournament.finished_at = timezone.now()
        tournament.error = reason
        tournament.save(update_fields=["status", "finished_at", "error"])
        transaction.on_commit(lambda: live.progress(tournament_id))
    return tournament


def agent_choices(game_slug: str) -> list[dict[str, Any]]:
    """The registry's agents for a game, with descriptions and parameters, for the form,
    then the outside bots that may enter."""
    return [info.to_json() for info in agents.catalogue(game_slug)] + bots.choices(game_slug)
