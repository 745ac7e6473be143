"""Standings from played games: the one builder the arena and the site share.

Counting follows :mod:`agents.stats` (a seat wins alone at rank 1, draws sharing it,
loses otherwise; win rates with Wilson intervals). The format puts the rows in
finishing order (``Format.order``): by win rate for the fixed formats, by score and
tie-breaks for Swiss.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from agents.stats import Tally
from agents.tournament.formats import Played


@dataclass
class Row:
    """One entrant's totals."""

    entry: int
    spec: str
    tally: Tally
    by_seat: list[Tally]
    seconds: float = 0.0
    decisions: int = 0
    failures: Counter = field(default_factory=Counter)

    def to_json(self) -> dict[str, Any]:
        mean = self.seconds / self.decisions if self.decisions else None
        return {
            "entry": self.entry,
            "spec": self.spec,
            **self.tally.to_json(),
            "by_seat": [t.to_json() for t in self.by_seat],
            "mean_decision_s": round(mean, 6) if mean is not None else None,
            "decisions": self.decisions,
            "failures": sum(self.failures.values()),
            "failure_kinds": dict(sorted(self.failures.items())),
        }


class Table:
    """Standings being built: ``add`` each played game, then read the rows."""

    def __init__(self, specs: Sequence[str], players: int) -> None:
        self.specs = list(specs)
        self.rows = [
            Row(i, s, Tally(), [Tally() for _ in range(players)]) for i, s in enumerate(specs)
        ]
        n = len(specs)
        self.head_to_head = [[Tally() for _ in range(n)] for _ in range(n)]
        #: Per pairing number: the two entrants, games, wins of each, draws.
        self.pairings: dict[int, dict[str, Any]] = {}

    def add(
        self,
        game: Played,
        seconds: Sequence[float] | None = None,
        decisions: Sequence[int] | None = None,
        failures: Sequence[Mapping[str, int] | int] | None = None,
    ) -> None:
        """One played game, with each seat's thinking time, decisions and failures
        where they were measured. A game with no result (aborted) counts nowhere."""
        if not game.has_result:
            return
        seating = game.fixture.seating
        for seat, who in enumerate(seating):
            row, result = self.rows[who], game.results[seat]
            row.tally.add(result)
            row.by_seat[seat].add(result)
            if seconds is not None:
                row.seconds += seconds[seat]
            if decisions is not None:
                row.decisions += decisions[seat]
            if failures is not None:
                kinds = failures[seat]
                row.failures.update(kinds if isinstance(kinds, Mapping) else {"any": kinds})
            if len(seating) == 2:
                self.head_to_head[who][seating[1 - seat]].add(result)
        if len(seating) == 2:
            self._add_pairing(game)

    def _add_pairing(self, game: Played) -> None:
        first, second = sorted(game.fixture.seating)
        entry = self.pairings.setdefault(
            game.fixture.pairing,
            {"agents": [first, second], "games": 0, "wins": [0, 0], "draws": 0},
        )
        entry["games"] += 1
        for seat, who in enumerate(game.fixture.seating):
            if game.results[seat] == "win":
                entry["wins"][0 if who == first else 1] += 1
        if all(r == "draw" for r in game.results):
            entry["draws"] += 1

    def rows_json(self) -> list[dict[str, Any]]:
        """Every entrant's row, in the listed order."""
        return [r.to_json() for r in self.rows]

    def head_to_head_json(self) -> list[list[dict[str, Any]]]:
        return [[t.to_json() for t in row] for row in self.head_to_head]

    def pairings_json(self) -> list[dict[str, Any]]:
        """Each pairing's score, naming its entrants by spec."""
        return [
            {
                "agents": [self.specs[i] for i in p["agents"]],
                **{k: v for k, v in p.items() if k != "agents"},
            }
            for p in self.pairings.values()
        ]
