"""Pure rules engines of Dice Arena. Imports nothing of ours and never Django.

``games.get(slug)`` and ``games.all()`` form the registry; ``games.replay(record)``
rebuilds a state from its record.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from typing import Any

from games.core import Game, IllegalMove, State

#: Every game, in the order the lobby lists them. A package that is not there yet is
#: simply absent from ``all()``.
SLUGS = ("footsies", "buttonmen", "octagon", "dicewars", "dungeon", "pig")

_loaded: dict[str, Game] = {}
#: Games registered at run time (``register``): a game kept outside this package, such
#: as the test-only race of tests/racegame, listed after the built-in ones.
_registered: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game from outside this package to the registry (a test's, a plug-in's)."""
    if game.slug in SLUGS:
        raise ValueError(f"{game.slug!r} is a built-in game")
    _registered[game.slug] = _loaded[game.slug] = game
    return game


def unregister(slug: str) -> None:
    if slug in _registered:
        del _registered[slug]
        _loaded.pop(slug, None)


def get(slug: str) -> Game:
    """The game registered under ``slug``; KeyError names the known ones."""
    if slug in _loaded:
        return _loaded[slug]
    if (
        not isinstance(slug, str)
        or slug not in SLUGS
        or importlib.util.find_spec(f"games.{slug}") is None
    ):
        known = ", ".join(g.slug for g in all())
        raise KeyError(f"unknown game {slug!r} (known: {known})")
    game = getattr(importlib.import_module(f"games.{slug}"), "GAME", None)
    if game is None:
        raise KeyError(f"game {slug!r} is not ready (its package exports no GAME)")
    _loaded[slug] = game
    return game


def _ready(slug: str) -> bool:
    if importlib.util.find_spec(f"games.{slug}") is None:
        return False
    return getattr(importlib.import_module(f"games.{slug}"), "GAME", None) is not None


def all() -> list[Game]:  # noqa: A001 - the registry's public name
    """Every game whose package is present and exports GAME, in lobby order."""
    return [get(slug) for slug in SLUGS if _ready(slug)] + list(_registered.values())


def replay(record: Mapping[str, Any]) -> State:
    """Rebuild the state a record describes, checking every event on the way."""
    try:
        game = get(record["game"])
    except (KeyError, TypeError) as exc:
        raise IllegalMove(f"not a game record: {exc}") from exc
    if "position" in record:
        state = game.from_position(record["position"])
    else:
        state = game.new_state(record.get("num_players", game.min_players), record.get("options"))
    for item in record.get("history", []):
        actor, move = state.parse_event(item)
        state.apply_event_in_place(actor, move)
    return state


__all__ = ["Game", "IllegalMove", "SLUGS", "State", "all", "get", "replay"]
