"""Button Men's fighter grid, as the write-up ran it: every ordered pair of fighters,
the first entrant with the first fighter, ``runs`` times over (seats alternate), so each
fighter plays 12 games per side per run."""

from __future__ import annotations

from agents.arena import Fixture
from agents.core.seeding import derive_seed
from games.buttonmen.fighters import NAMES

GRIDS = {"fighters": "buttonmen"}


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
