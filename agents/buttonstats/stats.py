"""Button statistics from played games: pure arithmetic, no engine and no Django.

A study (``agents.buttonstats.study``) plays buttons against each other and keeps, per
game, only what the statistics need: the button in each seat, the seat that moved
first (had the initiative in round 1) and the seat that won. From a list of such
games this module computes, per button, its win rate with a 95 % Wilson interval, its
first-mover advantage, its "fair opponents" (buttons whose win rate is within a few
points of its own), its matchups, and a matchup matrix per set.

A drawn game (no winner: possible only if the engine's round cap ends a match even)
counts as half a win to each side, so the win rates of a game's two buttons add to 1.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

#: z of a two-sided 95 % interval.
Z95 = 1.959963984540054

#: Fair opponents: win rates at most this far apart (0.05 = five percentage points).
FAIR_POINTS = 0.05


@dataclass(frozen=True)
class Game:
    """One played game: the button in seat 0 (``a``) and seat 1 (``b``), the seat that
    moved first in round 1 (None if unknown) and the seat that won (None: a draw)."""

    a: str
    b: str
    first: int | None
    winner: int | None

    @classmethod
    def from_json(cls, row: Sequence) -> Game:
        a, b, first, winner = row
        for seat in (first, winner):
            if seat not in (0, 1, None):
                raise ValueError(f"a seat is 0, 1 or null, not {seat!r}")
        if not (isinstance(a, str) and isinstance(b, str)):
            raise ValueError(f"buttons are names, not {a!r} and {b!r}")
        return cls(a, b, first, winner)

    def to_json(self) -> list:
        return [self.a, self.b, self.first, self.winner]

    def score(self, seat: int) -> float:
        """The points of ``seat``: 1 a win, 0.5 a draw, 0 a loss."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == seat else 0.0


@dataclass
class Tally:
    """Games and (half-counted draws) wins."""

    games: int = 0
    wins: float = 0.0

    def add(self, points: float) -> None:
        self.games += 1
        self.wins += points

    @property
    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate; (0, 1) when nothing was played.

    Wilson, not the normal approximation: with a handful of games and rates near 0 or
    1 the normal interval leaves [0, 1] or collapses to a point, Wilson does neither."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    # At p = 0 or 1 an end is exactly 0 or 1; rounding would leave it a hair inside.
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return low, high


@dataclass
class ButtonStats:
    name: str
    total: Tally = field(default_factory=Tally)
    as_first: Tally = field(default_factory=Tally)
    as_second: Tally = field(default_factory=Tally)
    #: opponent name -> this button's tally against it
    matchups: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    #: other buttons within FAIR_POINTS, closest first (set by ``compute``)
    fair: list[str] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.total.games

    @property
    def wins(self) -> float:
        return self.total.wins

    @property
    def rate(self) -> float | None:
        return self.total.rate

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.total.wins, self.total.games)

    @property
    def first_advantage(self) -> float | None:
        """Win rate as the first mover minus as the second; None unless both happened."""
        first, second = self.as_first.rate, self.as_second.rate
        if first is None or second is None:
            return None
        return first - second

    def to_json(self) -> dict:
        low, high = self.interval
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.rate,
            "interval95": [low, high],
            "first_mover": {
                "games_first": self.as_first.games,
                "wins_first": self.as_first.wins,
                "games_second": self.as_second.games,
                "wins_second": self.as_second.wins,
                "advantage": self.first_advantage,
            },
            "fair_opponents": list(self.fair),
            "matchups": {
                opp: {"games": t.games, "wins": t.wins} for opp, t in sorted(self.matchups.items())
            },
        }


def compute(
    games: Iterable[Game], points: float = FAIR_POINTS, min_games: int = 1
) -> dict[str, ButtonStats]:
    """Every button that played, by name. Fair opponents are the buttons with at least
    ``min_games`` games whose win rate is within ``points`` of the button's own."""
    stats: dict[str, ButtonStats] = {}
    for game in games:
        for seat, name, opponent in ((0, game.a, game.b), (1, game.b, game.a)):
            s = stats.setdefault(name, ButtonStats(name))
            points_won = game.score(seat)
            s.total.add(points_won)
            s.matchups[opponent].add(points_won)
            if game.first is not None:
                (s.as_first if game.first == seat else s.as_second).add(points_won)
    rated = sorted(
        ((s.rate, name) for name, s in stats.items() if s.games >= min_games),
        key=lambda pair: pair[0],  # type: ignore[arg-type, return-value]
    )
    for name, s in stats.items():
        if s.games < min_games or s.rate is None:
            continue
        near = [
            (abs(rate - s.rate), other)
            for rate, other in rated
            if other != name and rate is not None and abs(rate - s.rate) <= points + 1e-12
        ]
        s.fair = [other for _, other in sorted(near)]
    return stats


def first_mover_share(games: Iterable[Game]) -> Tally:
    """How often the seat that moved first won, over the games where that is known."""
    tally = Tally()
    for game in games:
        if game.first is not None:
            tally.add(game.score(game.first))
    return tally


@dataclass(frozen=True)
class Matrix:
    """One set's matchups: ``cells[i][j]`` is row button i's tally against column
    button j (None on the diagonal and where they never met)."""

    set: str
    names: tuple[str, ...]
    cells: tuple[tuple[Tally | None, ...], ...]

    def trimmed(self) -> Matrix:
        """Only the buttons that met another of the set: a sparse study leaves most of a
        set's rows empty, and an empty row says nothing."""
        keep = [i for i, row in enumerate(self.cells) if any(c is not None for c in row)]
        return Matrix(
            self.set,
            tuple(self.names[i] for i in keep),
            tuple(tuple(self.cells[i][j] for j in keep) for i in keep),
        )

    def to_json(self) -> dict:
        return {
            "set": self.set,
            "buttons": list(self.names),
            "cells": [
                [None if t is None else {"games": t.games, "wins": t.wins} for t in row]
                for row in self.cells
            ],
        }


def set_matrices(stats: Mapping[str, ButtonStats], set_of: Mapping[str, str]) -> list[Matrix]:
    """A matrix per set of the buttons that played (``set_of``: name -> set), sets and
    buttons in the order ``set_of`` lists them; a set with one button that played has
    no matchups inside it and no matrix."""
    members: dict[str, list[str]] = {}
    for name, set_name in set_of.items():
        if name in stats:
            members.setdefault(set_name, []).append(name)
    matrices = []
    for set_name, names in members.items():
        if len(names) < 2:
            continue
        cells = tuple(
            tuple(None if row == col else stats[row].matchups.get(col) for col in names)
            for row in names
        )
        matrices.append(Matrix(set_name, tuple(names), cells))
    return matrices
