"""The write-up's published MC-vs-EM figures (seed 000; docs/results/buttonmen.md), as data.

Each run is every fighter against every fighter once, MC playing one fighter and EM the
other: 12 × 12 = 144 games, each fighter 12 games per side. First to 2 round wins
(docs/games/buttonmen.md explains why 2, not the official 3).
"""

from __future__ import annotations

#: Per run: (MC games won, EM games won, MC rounds won, EM rounds won).
RUNS: tuple[tuple[int, int, int, int], ...] = (
    (79, 65, 196, 155),
    (94, 50, 210, 134),
    (81, 63, 189, 157),
)

#: Per fighter, games won per run (runs 1/2/3) when MC played it and when EM played it.
BY_FIGHTER: dict[str, dict[str, tuple[int, int, int]]] = {
    "Avis": {"mc": (6, 7, 5), "em": (5, 3, 5)},
    "Hammer": {"mc": (7, 9, 6), "em": (8, 2, 6)},
    "Bauer": {"mc": (9, 8, 8), "em": (6, 6, 4)},
    "Stark": {"mc": (4, 8, 4), "em": (2, 3, 6)},
    "Kith": {"mc": (7, 8, 6), "em": (4, 1, 3)},
    "Clare": {"mc": (6, 7, 9), "em": (7, 6, 8)},
    "Karl": {"mc": (8, 9, 5), "em": (4, 4, 6)},
    "Iago": {"mc": (6, 3, 5), "em": (5, 1, 3)},
    "Niles": {"mc": (3, 9, 7), "em": (4, 5, 3)},
    "Shore": {"mc": (7, 9, 11), "em": (10, 7, 8)},
    "Hannah": {"mc": (5, 8, 8), "em": (5, 7, 6)},
    "Kublai": {"mc": (11, 9, 7), "em": (5, 5, 5)},
}

#: Games each fighter played per side per run.
GAMES_PER_SIDE = 12


def pooled(runs: int = 3) -> dict[str, int]:
    """The first ``runs`` runs added up."""
    chosen = RUNS[:runs]
    return {
        "mc_games": sum(r[0] for r in chosen),
        "em_games": sum(r[1] for r in chosen),
        "mc_rounds": sum(r[2] for r in chosen),
        "em_rounds": sum(r[3] for r in chosen),
    }
