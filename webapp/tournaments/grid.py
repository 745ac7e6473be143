"""Button Men's grids: tournaments whose games each seat given fighters.

- ``fighters``: the write-up's grid, every ordered pair of the twelve Soldiers, the
  first entrant with the first fighter, ``runs`` times over (seats alternate), so each
  fighter plays 12 games per side per run.
- ``buttons``: the button statistics' study (``agents.buttonstats.study``): every
  playable button of the roster against ``per_button`` others drawn from the seed and
  one more of its own set (for the per-set matchup matrices), both seats; the two entrants are usually one agent twice (self-play), and the
  statistics pages read the fighters and the winner of every game.

In both, the tournament's ``games_per_pairing`` is the grid's count (runs, or
opponents per button).
"""

from __future__ import annotations

from agents.arena import Fixture
from agents.buttonstats import study
from agents.core.seeding import derive_seed
from games.buttonmen.fighters import NAMES

#: Opponents from its own set each button meets in a ``buttons`` grid, besides the others.
BUTTON_SET_MATES = 1

#: Each grid and the game it is for.
GRIDS = {"fighters": "buttonmen", "buttons": "buttonmen"}


def fighter_grid(seed: str, runs: int) -> list[tuple[Fixture, dict]]:
    fixtures = []
    number = 0
    for run in range(runs):
        for a in NAMES:
            for b in NAMES:
                # Entrant 0 plays fighter a, entrant 1 fighter b; who sits first alternates.
                first = number % 2 == 0
                seating = (0, 1) if first else (1, 0)
                fighters = [a, b] if first else [b, a]
                fixtures.append(
                    (
                        Fixture(0, seating, derive_seed(seed, "grid", run, a, b)),
                        {"fighters": fighters},
                    )
                )
                number += 1
    return fixtures


def button_grid(seed: str, per_button: int) -> list[tuple[Fixture, dict]]:
    # Entrant 0 always sits in seat 0: the study already plays each pair in both seats
    # (fighters swapped), which is what the first-mover and seat figures need.
    return [
        (Fixture(0, (0, 1), f.seed), {"fighters": [f.a, f.b]})
        for f in study.plan(
            study.playable_names(), per_button, seed, study.sets(), BUTTON_SET_MATES
        )
    ]


def grid_games(grid: str, seed: str, count: int) -> int:
    """How many games a grid plays (to refuse a huge one before storing anything)."""
    if grid == "buttons":
        # Built to be counted: a set-mate already drawn from the roster is not drawn
        # again, so the size depends on the seed; it is cheap, at most every pair of
        # the roster's playable buttons.
        return len(button_grid(seed, count))
    return len(NAMES) ** 2 * count


def grid_fixtures(grid: str, seed: str, count: int) -> list[tuple[Fixture, dict]]:
    return button_grid(seed, count) if grid == "buttons" else fighter_grid(seed, count)
