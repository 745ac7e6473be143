"""The levels' ratings start where their head-to-head ladder puts them.

Each game's levels were measured against each other offline: every level against the
level just below it, hundreds of games on the lobby's rules
(``agents/levels_ladder/<game>.json``, shown in the lobby). Those games are the best
evidence of the levels' strength there is, far more than the site's few ladder games a
run, so a level's rating *starts* from them instead of from 1500 and an uncertainty of a
newcomer:

- the Beginner stands at the start (1500), and each level stands above the one below
  it by the gap at which the rater expects the score it measured. OpenSkill's
  Plackett–Luce model expects ``1 / (1 + exp(-Δμ / c))`` for a gap Δμ, with
  ``c = sqrt(2β² + σ₁² + σ₂²)``; that is where its updates settle when the two play on
  (so the site's ladder games keep the levels there rather than pull them elsewhere).
  The score counts a draw as half, with half a game added to each side so a step won
  400–0 has a finite gap;
- σ is what the rater's own updates leave after as many games as the level played on
  the ladder (about 1.6 after 400): settled, so one game against a newcomer moves a
  level by a few points, not by 150.

The seed is kept on the level's ``Competitor`` row (``seed_mu``, ``seed_sigma``,
``seed_games``), so ``rating.rebuild`` starts from it. ``manage.py seed_ratings`` (which
``make run`` runs) writes the seeds of the shipped ladders and recomputes every rating
when one changed. Only the live board is seeded; a level's correspondence rating
starts at 1500.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from django.db import transaction
from openskill.models import PlackettLuce

import games
from agents import levels_ladder
from agents.levels import levels
from webapp.leaderboards.models import DEFAULT_MU, Competitor, RatingOrder


@dataclass(frozen=True)
class Seed:
    mu: float
    sigma: float
    games: int  # the ladder games it stands for


@cache
def settled_sigma(games: int) -> float:
    """σ after ``games`` rated games between two evenly matched players, as the rater's
    own updates leave it (its τ keeps σ from shrinking much below 1.5)."""
    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    for i in range(games):
        [[a], [b]] = model.rate([[a], [b]], ranks=[0, 1] if i % 2 else [1, 0])
    return a.sigma


def _gap(step: levels_ladder.Step, low_sigma: float, high_sigma: float) -> float:
    """The μ gap at which the rater expects the upper level's measured score."""
    beta = PlackettLuce().beta
    score = (step.wins + step.draws / 2 + 0.5) / (step.games + 1)
    c = math.sqrt(2 * beta**2 + low_sigma**2 + high_sigma**2)
    return c * math.log(score / (1 - score))


def game_seeds(game: str, ladder: levels_ladder.Ladder | None) -> dict[str, Seed]:
    """Each level's seed by agent spec, from ``game``'s shipped ladder: the Beginner
    and every level above it up to the first step not measured (none without a ladder)."""
    found = levels(game)
    if ladder is None or len(found) < 2:
        return {}
    steps = []
    for lower, upper in zip(found, found[1:], strict=False):
        step = ladder.step(lower, upper)
        if step is None:
            break
        steps.append(step)
    if not steps:
        return {}
    played = [0] * (len(steps) + 1)  # ladder games of each level
    for i, step in enumerate(steps):
        played[i] += step.games
        played[i + 1] += step.games
    sigmas = [settled_sigma(n) for n in played]
    mus = [DEFAULT_MU]
    for i, step in enumerate(steps):
        mus.append(mus[-1] + _gap(step, sigmas[i], sigmas[i + 1]))
    return {found[i].spec: Seed(mus[i], sigmas[i], played[i]) for i in range(len(steps) + 1)}


def seeds() -> dict[tuple[str, str], Seed]:
    """Every seed by (board, competitor key): the levels of every game with a shipped
    ladder of its current levels (``webapp.matches.levels.LADDERS``, which the lobby
    shows)."""
    from webapp.matches.levels import LADDERS  # read at start-up, with the lobby

    return {
        (game.slug, f"agent:{spec}"): seed
        for game in games.all()
        for spec, seed in game_seeds(game.slug, LADDERS.get(game.slug)).items()
    }


def _same(row: Competitor, seed: Seed | None) -> bool:
    if seed is None:
        return row.seed_mu is None and row.seed_games == 0
    return (
        row.seed_mu is not None
        and math.isclose(row.seed_mu, seed.mu, abs_tol=1e-9)
        and math.isclose(row.seed_sigma or 0.0, seed.sigma, abs_tol=1e-9)
        and row.seed_games == seed.games
    )


def install() -> bool:
    """Write today's seeds on the competitors' rows (made where missing, so a level has
    its rating before its first game); True if any seed changed, which means the ratings
    must be recomputed (``rating.rebuild``)."""
    wanted = seeds()
    changed = False
    with transaction.atomic():
        RatingOrder.lock()  # no rater moves these rows meanwhile
        rows = {
            (c.game, c.key): c
            for c in Competitor.objects.filter(seed_mu__isnull=False)
            | Competitor.objects.filter(key__in={k for _, k in wanted})
        }
        for where, row in rows.items():
            seed = wanted.get(where)
            if _same(row, seed):
                continue
            row.seed_mu = seed.mu if seed else None
            row.seed_sigma = seed.sigma if seed else None
            row.seed_games = seed.games if seed else 0
            row.save(update_fields=["seed_mu", "seed_sigma", "seed_games"])
            changed = True
        missing = [
            Competitor(
                game=board,
                key=key,
                kind=Competitor.Kind.AGENT,
                name=key.removeprefix("agent:"),
                mu=seed.mu,
                sigma=seed.sigma,
                seed_mu=seed.mu,
                seed_sigma=seed.sigma,
                seed_games=seed.games,
            )
            for (board, key), seed in wanted.items()
            if (board, key) not in rows
        ]
        Competitor.objects.bulk_create(missing)
    return changed or bool(missing)


def seeded(board: str, key: str, kind: str, name: str, user_id: int | None) -> Competitor:
    """A new competitor row, starting from its seed if it has one."""
    seed = seeds().get((board, key))
    row = Competitor(game=board, key=key, kind=kind, name=name, user_id=user_id)
    if seed is not None:
        row.mu, row.sigma = seed.mu, seed.sigma
        row.seed_mu, row.seed_sigma, row.seed_games = seed.mu, seed.sigma, seed.games
    return row
