"""Knockout: single elimination, as the Button Men site's tournaments play it.

- **Bracket**: entrants are seeded in their listed order (the first is the top seed;
  list them by rating, strongest first, to seed by rating). The bracket has the next
  power of two of slots; the missing entrants are **byes**, and they fall to the top
  seeds: seed 1 meets the last seed, 2 the second last, and so on, placed so the two top
  seeds can only meet in the final (1, 8, 4, 5, 2, 7, 3, 6 for eight slots). A bye goes
  through to round 2 without a game.
- **Pairing**: each pairing is a mini-match of ``games_per_pairing`` games, seats
  alternating, the better seed first. Every game is played (the round's games are made
  at once, as a Swiss round's are); the entrant with more game points (a win 1, a draw
  ½) goes through. With an odd ``games_per_pairing`` = 2N − 1 and no draw, that is
  exactly *first to N wins*: the other cannot reach N.
- **Tiebreak**: a mini-match drawn on game points (draws, an even number of games, or
  games with no result — aborted or abandoned, which count for nobody) is decided by a
  coin toss seeded by the tournament's seed and the pairing number: fair to both, and
  the same every time the bracket is recomputed.
- **Rounds**: ⌈log2 entrants⌉; each is made when the one before is over. Game ``i`` of
  pairing ``p`` has seed ``derive_seed(seed, p, i)``; the pairings of round ``r`` are
  numbered from ``slots − slots / 2^(r−1)``, so every pairing (byes too) has its own
  number and a result depends only on the seed.
- **Standings**: by the round reached (the winner, the runner-up, then those out in the
  semi-finals, …), then by seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from agents.core.seeding import derive_seed
from agents.tournament.formats import Column, Fixture, Format, FormatError, Played, game_points


@dataclass
class Bout:
    """One pairing of the bracket: ``b`` is None for a bye."""

    pairing: int
    a: int
    b: int | None
    games: list[Played] = field(default_factory=list)

    def complete(self, games_per_pairing: int) -> bool:
        return self.b is None or len(self.games) >= games_per_pairing

    def points(self) -> tuple[float, float]:
        pa = pb = 0.0
        for game in self.games:
            if not game.has_result:
                continue
            for seat, who in enumerate(game.fixture.seating):
                if who == self.a:
                    pa += game_points(game.results[seat])
                elif who == self.b:
                    pb += game_points(game.results[seat])
        return pa, pb


class Knockout(Format):
    """Single elimination, pairings as mini-matches (the module's docstring says how)."""

    name, label = "knockout", "knockout (single elimination, byes to the top seeds)"
    MAX_ENTRANTS = 64
    columns = (
        Column("seed", "Seed", "the listed order: 1 is the top seed"),
        Column("reached", "Reached", "the furthest round reached", css="knockout-reached"),
    )
    ranked_by = (
        "Ranked by the round reached, then by seed. A pairing goes to the one with more "
        "game points; a tie is decided by a coin toss seeded by the tournament's seed."
    )

    @classmethod
    def check(cls, entrants: int, games_per_pairing: int, players: int = 2) -> None:
        super().check(entrants, games_per_pairing, players)
        if entrants > cls.MAX_ENTRANTS:
            raise FormatError(f"a knockout takes at most {cls.MAX_ENTRANTS} entrants")

    @property
    def size(self) -> int:
        """Slots in the bracket: the next power of two."""
        return 1 << (self.entrants - 1).bit_length()

    @property
    def rounds(self) -> int:
        return self.size.bit_length() - 1

    def total_games(self) -> int:
        return (self.entrants - 1) * self.games_per_pairing  # a pairing puts one out

    @cached_property
    def slots(self) -> list[int | None]:
        """Round 1's slots, two by two: seeds placed so the top ones meet last."""
        order = [0]
        while len(order) < self.size:
            m = 2 * len(order)
            order = [x for s in order for x in (s, m - 1 - s)]
        return [s if s < self.entrants else None for s in order]

    def pairing_number(self, rnd: int, index: int) -> int:
        return self.size - (self.size >> (rnd - 1)) + index

    def round_name(self, rnd: int) -> str:
        left = self.rounds - rnd
        return {0: "final", 1: "semi-final", 2: "quarter-final"}.get(left, f"round {rnd}")

    def winner(self, bout: Bout) -> tuple[int, bool]:
        """Who goes through, and whether the coin decided it."""
        if bout.b is None:
            return bout.a, False
        pa, pb = bout.points()
        if pa != pb:
            return (bout.a if pa > pb else bout.b), False
        coin = random.Random(derive_seed(self.seed, bout.pairing, "tiebreak")).random()
        return (bout.a if coin < 0.5 else bout.b), True

    # ----- the bracket, recomputed from what was played --------------------------------

    def history(self, played: Sequence[Played]) -> list[list[Bout]]:
        """Every round made so far (the last one possibly under way)."""
        by_pairing: dict[int, list[Played]] = {}
        for game in played:
            by_pairing.setdefault(game.fixture.pairing, []).append(game)
        rounds: list[list[Bout]] = []
        alive: list[int | None] = list(self.slots)
        for number in range(1, self.rounds + 1):
            bouts = []
            for i in range(len(alive) // 2):
                a, b = alive[2 * i], alive[2 * i + 1]
                if a is None:  # never in round 1 (seed s meets size − 1 − s), nor later
                    a, b = b, a
                assert a is not None
                p = self.pairing_number(number, i)
                bouts.append(Bout(p, a, b, by_pairing.get(p, [])))
            rounds.append(bouts)
            if not all(bout.complete(self.games_per_pairing) for bout in bouts):
                break
            alive = [self.winner(bout)[0] for bout in bouts]
        return rounds

    def _fixtures(self, number: int, bouts: list[Bout]) -> list[Fixture]:
        return [
            f
            for bout in bouts
            if bout.b is not None
            for f in self._pairing_games(
                bout.pairing, min(bout.a, bout.b), max(bout.a, bout.b), number
            )
        ]

    def first_round(self) -> list[Fixture]:
        return self._fixtures(1, self.history([])[0])

    def next_round(self, played: Sequence[Played]) -> list[Fixture]:
        rounds = self.history(played)
        last = rounds[-1]
        if len(rounds) == 1 or any(bout.games for bout in last):
            return []  # under way, over, or the first round (which first_round() gives)
        return self._fixtures(len(rounds), last)

    def done(self, played: Sequence[Played]) -> bool:
        rounds = self.history(played)
        return len(rounds) == self.rounds and all(
            bout.complete(self.games_per_pairing) for bout in rounds[-1]
        )

    # ----- standings ---------------------------------------------------------------------

    def reached(self, played: Sequence[Played]) -> list[int]:
        """Per entrant, the furthest round it is (or was) in; rounds + 1: the winner."""
        far = [1] * self.entrants
        rounds = self.history(played)
        for number, bouts in enumerate(rounds, 1):
            for bout in bouts:
                for who in (bout.a, bout.b):
                    if who is not None:
                        far[who] = number
        if self.done(played):
            far[self.winner(rounds[-1][0])[0]] = self.rounds + 1
        return far

    def order(self, rows: list[dict[str, Any]], played: Sequence[Played]) -> list[dict[str, Any]]:
        far = self.reached(played)
        over = self.done(played)
        for row in rows:
            e = row["entry"]
            row["seed"] = e + 1
            row["stage"] = far[e]
            name = "winner" if far[e] > self.rounds else self.round_name(far[e])
            row["reached"] = name if over or far[e] > self.rounds else f"{name} (so far)"
        return sorted(rows, key=lambda r: (-r["stage"], r["entry"]))

    def bracket(self, played: Sequence[Played]) -> list[dict[str, Any]]:
        """Each round made so far: its pairings, their game points and who went through
        (None while it is being played); ``bye`` when b is missing."""
        out = []
        for number, bouts in enumerate(self.history(played), 1):
            pairings = []
            for bout in bouts:
                done = bout.complete(self.games_per_pairing)
                through, coin = self.winner(bout) if done else (None, False)
                pairings.append(
                    {
                        "pairing": bout.pairing,
                        "entrants": [bout.a, bout.b],
                        "points": list(bout.points()),
                        "games": len(bout.games),
                        "bye": bout.b is None,
                        "winner": through,
                        "tiebreak": coin,
                    }
                )
            out.append({"round": number, "name": self.round_name(number), "pairings": pairings})
        return out
