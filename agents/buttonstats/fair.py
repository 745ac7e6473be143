"""A fair random matchup: two playable buttons the button study puts near 50 % against
each other, drawn from a seeded generator. Pure arithmetic on a study's table
(``stats.compute``), no engine and no Django.

What the Button Men site's players asked for: "a random opponent button with a similar
win rate". A pair's win rate is the one the study measured between the two buttons
when they met; when they never met (most pairs: a study plays each button against a
few others), it is estimated from their win rates against the field, ``ra`` and ``rb``,
as ``0.5 + (ra - rb) / 2``: equal strengths make 50 %, and a pair is within the band of
``BAND`` (45–55 %) exactly when its strengths are within ``2 * BAND`` (ten points) of
each other. Only buttons with at least ``MIN_GAMES`` games in the study take part (a
button's first game alone says 0 % or 100 %).

The draw: the first button (yours when given, else one drawn from the rated playable
buttons in a seeded order), then one of its partners within the band. When no pair is
within it, the nearest pair to 50 % is drawn instead, and ``Matchup.within`` and the
caption say so. The same study, buttons, seed and button give the same pair.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from agents.buttonstats.stats import ButtonStats

#: The band around 50 %: a pair is fair when its win rate is within 50 % ± BAND.
BAND = 0.05

#: A button takes part once it has this many games in the study.
MIN_GAMES = 2

#: Rates this close count as equal (floating-point sums of halves and thirds).
_EPS = 1e-9


def _pct(x: float) -> int:
    return round(100 * x)


@dataclass(frozen=True)
class Matchup:
    """A drawn pair: ``a`` and ``b``, ``rate`` a's win rate against b (measured when
    ``games`` > 0, else estimated from ``field``, each one's rate against the field)."""

    a: str
    b: str
    rate: float
    games: int
    field: tuple[float, float]
    band: float = BAND
    #: each one's games in the study
    field_games: tuple[int, int] = (0, 0)

    @property
    def measured(self) -> bool:
        return self.games > 0

    @property
    def within(self) -> bool:
        return abs(self.rate - 0.5) <= self.band + _EPS

    @property
    def band_text(self) -> str:
        return f"{_pct(0.5 - self.band)}–{_pct(0.5 + self.band)} %"

    def split(self) -> str:
        """'51 % – 49 %': a's rate, then b's (the two add to 100)."""
        first = _pct(self.rate)
        return f"{first} % – {100 - first} %"

    def caption(self) -> str:
        """Why these two: 'measured 51 % – 49 % in the button study (…)'."""
        if self.measured:
            games = f"{self.games} game{'s' if self.games != 1 else ''}"
            why = (
                f"{self.a} against {self.b}: measured {self.split()} in the button study "
                f"({games} between them)"
            )
        else:
            (ra, rb), (ga, gb) = self.field, self.field_games
            why = (
                f"{self.a} against {self.b}: estimated {self.split()} from the button study "
                f"(they never met there; against the field {_pct(ra)} % of {ga} games and "
                f"{_pct(rb)} % of {gb} games)"
            )
        if self.within:
            return f"A fair random matchup, within {self.band_text}: {why}."
        return f"No pair the study rates is within {self.band_text}; the nearest: {why}."

    def to_json(self) -> dict:
        return {
            "fighters": [self.a, self.b],
            "rate": self.rate,
            "games": self.games,
            "field": list(self.field),
            "field_games": list(self.field_games),
            "band": self.band,
            "within": self.within,
            "caption": self.caption(),
        }


def rated(table: Mapping[str, ButtonStats], playable: Iterable[str], min_games: int = MIN_GAMES):
    """The playable buttons with at least ``min_games`` games in the study, in the
    order ``playable`` gives them (each once)."""
    seen: dict[str, None] = {}
    for name in playable:
        s = table.get(name)
        if s is not None and s.games >= min_games and s.rate is not None:
            seen.setdefault(name, None)
    return list(seen)


def pair(table: Mapping[str, ButtonStats], a: str, b: str, band: float = BAND) -> Matchup:
    """What the study says of ``a`` against ``b``: measured if they met, else estimated."""
    sa, sb = table[a], table[b]
    field, games = (sa.rate or 0.0, sb.rate or 0.0), (sa.games, sb.games)
    met = sa.matchups.get(b)
    if met is not None and met.games:
        return Matchup(a, b, met.wins / met.games, met.games, field, band, games)
    return Matchup(a, b, 0.5 + (field[0] - field[1]) / 2, 0, field, band, games)


def draw(
    table: Mapping[str, ButtonStats],
    playable: Iterable[str],
    rng: random.Random,
    mine: str | None = None,
    band: float = BAND,
    min_games: int = MIN_GAMES,
) -> Matchup:
    """A pair of distinct playable buttons within 50 % ± ``band`` of each other, or the
    nearest one when none is (``Matchup.within`` says which). With ``mine``, the pair is
    ``mine`` (as ``a``) against one of its partners; else both are drawn and either may
    be ``a``. ValueError when the study rates too few of the buttons to draw from."""
    names = rated(table, playable, min_games)
    if mine is not None and mine not in names:
        raise ValueError(
            f"{mine} has fewer than {min_games} games in the button study, so it has no "
            "measured win rate to match"
        )
    if len(names) < 2:
        raise ValueError("the button study rates fewer than two playable buttons")
    if mine is not None:
        firsts = [mine]
    else:
        firsts = list(names)
        rng.shuffle(firsts)
    nearest: list[Matchup] = []
    distance = float("inf")
    for a in firsts:
        fair = []
        for b in names:
            if b == a:
                continue
            m = pair(table, a, b, band)
            off = abs(m.rate - 0.5)
            if m.within:
                fair.append(m)
            elif off < distance - _EPS:
                nearest, distance = [m], off
            elif off <= distance + _EPS:
                nearest.append(m)
        if fair:
            return _seated(rng.choice(fair), rng, mine is None, table)
    return _seated(rng.choice(nearest), rng, mine is None, table)


def _seated(m: Matchup, rng: random.Random, swap: bool, table) -> Matchup:
    """Either button first, drawn, unless the first is the person's own."""
    if swap and rng.random() < 0.5:
        return pair(table, m.b, m.a, m.band)
    return m
