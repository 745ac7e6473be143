"""The study that plays the games behind the button statistics.

Every playable button meets ``per_button`` others drawn for it from a seeded sample,
and each such pair plays twice, once in each seat, so a button's figures are not
tilted by which seat it happened to sit in. The plan depends only on the button names,
``per_button`` and the seed, and every game's seed is derived from the study's seed and
the game's place in the plan, so a study plays again move for move (``agents.match``).

The site's scheduled study (``webapp.tournaments.grid``) uses the same plan and stores
each game as an ordinary tournament game; the headless command (``python -m
agents.buttonstats``) writes the games to a small JSON file, e.g. the precomputed
study the site shows before a scheduled one has finished.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from agents.buttonstats.stats import Game
from agents.core import Budget
from agents.core.seeding import derive_seed
from agents.match import MatchResult, play_match
from games.buttonmen.roster import buttons
from games.buttonmen.state import PLAY
from games.core import SIMULTANEOUS

#: The version of the JSON file a study writes; bump it when its fields change.
VERSION = 1


@dataclass(frozen=True)
class Fixture:
    """One game of a study: the button of seat 0 and of seat 1, and the game's seed."""

    a: str
    b: str
    seed: str


def playable_names() -> list[str]:
    """Every playable button of the roster, in the roster's order."""
    return [b.name for b in buttons() if b.playable]


def plan(
    names: Sequence[str],
    per_button: int,
    seed: str,
    set_of: Mapping[str, str] | None = None,
    set_mates: int = 0,
) -> list[Fixture]:
    """The study's games: each button against ``per_button`` others drawn for it (its
    own generator, seeded by the study's seed and its name), both seats.

    With ``set_of`` (name -> set) and ``set_mates``, each button also meets that many
    more drawn from its own set (a second generator, so the first draw is the same with
    or without them): opponents drawn from the whole roster seldom share a set, and the
    per-set matchup matrices need set-mates to meet. A pair drawn from both sides plays
    twice as often; that is rare and harmless (it only adds games)."""
    if per_button < 1 or set_mates < 0:
        raise ValueError("per_button is at least 1, set_mates at least 0")
    if len(set(names)) != len(names):
        raise ValueError("the buttons of a study must be distinct")
    fixtures = []
    for name in names:
        others = [n for n in names if n != name]
        rng = random.Random(derive_seed(seed, "opponents", name))
        drawn = rng.sample(others, min(per_button, len(others)))
        if set_mates and set_of is not None:
            mates = [n for n in others if set_of.get(n) == set_of.get(name) and n not in drawn]
            mates_rng = random.Random(derive_seed(seed, "set-mates", name))
            drawn += mates_rng.sample(mates, min(set_mates, len(mates)))
        for opponent in drawn:
            for a, b in ((name, opponent), (opponent, name)):
                fixtures.append(Fixture(a, b, derive_seed(seed, "game", name, opponent, a)))
    return fixtures


def sets() -> dict[str, str]:
    """Each button's set, for ``plan``'s set-mates."""
    return {b.name: b.set for b in buttons()}


def first_mover(result: MatchResult) -> int | None:
    """The seat that had the initiative in round 1: the turn when play first starts.

    Replays the match's opening events (setup, swing choices, the roll) on a fresh
    state; only a handful of events, not the whole match."""
    state = result.state.game.new_state(2, result.state.options)
    for step in result.steps:
        if state.phase == PLAY:
            return state.turn
        state = (
            state.apply_joint(dict(step.move))
            if step.actor == SIMULTANEOUS
            else state.apply(step.move)
        )
    return state.turn if state.phase == PLAY else None


def play(fixture: Fixture, spec: str, budget: Budget = Budget()) -> Game:  # noqa: B008 - frozen
    """Play one game of the study with ``spec`` in both seats."""
    result = play_match(
        "buttonmen", [spec, spec], fixture.seed, {"fighters": [fixture.a, fixture.b]}, 2, budget
    )
    winners = result.outcome.winners
    winner = winners[0] if len(winners) == 1 else None
    return Game(fixture.a, fixture.b, first_mover(result), winner)
