"""Two agents over random matchups of the roster: is one stronger on every button?

``python -m agents.buttonstats versus --agents buttonmen-best buttonmen-mc --matchups
500 --tier 3 --seed 19v --out FILE`` draws ``matchups`` pairs of distinct playable
buttons of the tier (each pair from its own seeded generator, so the first N pairs are
the same whatever N is) and plays each once, the first agent in seat 0 in even games
and in seat 1 in odd ones, so neither agent gets the better seat more often. Each game's
result is appended to ``--out`` as a JSON line and a rerun skips the games already
there, so a long measurement can stop and go on.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.core import Budget
from agents.core.seeding import derive_seed
from agents.match import play_match
from agents.stats import DRAW, LOSS, WIN, Tally
from games.buttonmen.roster import buttons


@dataclass(frozen=True)
class Matchup:
    """Game ``index``: the buttons of seat 0 and seat 1, and the seat of the first agent."""

    index: int
    a: str
    b: str
    first_seat: int
    seed: str


def tier_names(tier: int) -> list[str]:
    """The playable buttons of one tier, in the roster's order."""
    return [b.name for b in buttons() if b.playable and b.tier == tier]


def plan(names: Sequence[str], matchups: int, seed: str) -> list[Matchup]:
    if matchups < 1 or len(names) < 2:
        raise ValueError("at least one matchup of two distinct buttons")
    drawn = []
    for i in range(matchups):
        rng = random.Random(derive_seed(seed, "matchup", i))
        a, b = rng.sample(list(names), 2)
        drawn.append(Matchup(i, a, b, i % 2, derive_seed(seed, "game", i)))
    return drawn


def play(m: Matchup, specs: Sequence[str], budget: Budget = Budget()) -> dict[str, Any]:  # noqa: B008
    """One game; ``specs[0]`` sits in ``m.first_seat``."""
    seated = list(specs) if m.first_seat == 0 else list(reversed(specs))
    result = play_match("buttonmen", seated, m.seed, {"fighters": [m.a, m.b]}, 2, budget)
    winners = result.outcome.winners
    winner = winners[0] if len(winners) == 1 else None
    return {
        "index": m.index,
        "buttons": [m.a, m.b],
        "first_seat": m.first_seat,
        "winner_seat": winner,
        # 1: the first agent won, 0: it lost, None: a draw.
        "first_won": None if winner is None else int(winner == m.first_seat),
    }


def report(rows: Iterable[dict[str, Any]], specs: Sequence[str]) -> dict[str, Any]:
    """Wins of the first agent overall and by its seat, with 95 % Wilson intervals."""
    tallies = {"all": Tally(), "as_seat_0": Tally(), "as_seat_1": Tally()}
    for r in rows:
        result = {1: WIN, 0: LOSS, None: DRAW}[r["first_won"]]
        tallies["all"].add(result)
        tallies[f"as_seat_{r['first_seat']}"].add(result)
    return {"agents": list(specs), **{k: t.to_json() for k, t in tallies.items()}}


def done_rows(path: Path | None) -> dict[int, dict[str, Any]]:
    """The games an earlier run already wrote to ``path``, by index."""
    if path is None or not path.exists():
        return {}
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {r["index"]: r for r in rows}
