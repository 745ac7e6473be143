"""Match records of every game for the analysis tests, played once per session."""

from __future__ import annotations

import functools

import games
from agents.analyse import policy
from agents.core import AGENTS
from agents.match import play_match


def players(slug: str) -> list[str]:
    """Two agents, quick ones, so a record has real decisions and chance: the game's
    playout policy (``agents.analyse.policy.PLAYOUT``, the strongest play that takes
    milliseconds per match, which every game names) against random; random against
    random where that policy is a fast function rather than an agent (Button Men)."""
    spec = policy.playout_spec(slug)
    return [spec if spec.partition(":")[0] in AGENTS else "random", "random"]


#: Per game, from the registries: a new game is covered with no line here.
PLAYERS = {game.slug: players(game.slug) for game in games.all()}


@functools.cache
def record(slug: str, seed: int = 2) -> dict:
    return play_match(slug, PLAYERS[slug], seed=seed).record
