"""Match records of every game for the analysis tests, played once per session."""

from __future__ import annotations

import functools

from agents.match import play_match

#: Two agents per game, quick ones, so a record has real decisions and chance.
PLAYERS = {
    "footsies": ["footsies-counter", "random"],
    "buttonmen": ["buttonmen-em", "random"],
    "octagon": ["octagon-greedy", "random"],
    "dicewars": ["dicewars-sdc", "random"],
    "dungeon": ["dungeon-planner", "random"],
    "pig": ["pig-hold20", "random"],
}


@functools.cache
def record(slug: str, seed: int = 2) -> dict:
    return play_match(slug, PLAYERS[slug], seed=seed).record
