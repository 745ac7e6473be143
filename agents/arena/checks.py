"""What an arena run is asked, checked: the game, the table size, the agents."""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

import games
from agents.core import check_spec
from agents.tournament import FORMATS
from games.core import Game


class ArenaError(ValueError):
    """A tournament that cannot be run as asked; the message is for the person asking."""


def _known_games() -> str:
    # Listed without importing the engines, so one half-built engine cannot break the
    # error message about another.
    built_in = [s for s in games.SLUGS if importlib.util.find_spec(f"games.{s}")]
    return ", ".join([*built_in, *games._registered])


def resolve_game(slug: str | Game) -> Game:
    if isinstance(slug, Game):
        return slug
    registered = isinstance(slug, str) and slug in games._registered  # games.register
    if not registered and (
        slug not in games.SLUGS or importlib.util.find_spec(f"games.{slug}") is None
    ):
        raise ArenaError(f"unknown game {slug!r} (known: {_known_games()})")
    return games.get(slug)


def check_players(game: Game, fmt: str, num_agents: int, num_players: int | None) -> int:
    """The table size, or ArenaError saying why the format and game do not fit."""
    if fmt not in FORMATS:
        raise ArenaError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    if FORMATS[fmt].timed:
        raise ArenaError(f"{fmt} ends by the clock: it is played by people, on the site")
    if not FORMATS[fmt].two_player:
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
