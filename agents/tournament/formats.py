"""Tournament formats: who plays whom, round by round.

A format is asked three things, by the arena and by the site alike:

- ``first_round()``: the fixtures to play first;
- ``next_round(played)``: the fixtures of the next round, from the games played so far
  (empty while the current round is still being played, and at the end);
- ``done(played)``: whether the tournament is over.

It answers from the games played alone, so a format holds no state of its own: a web
worker that restarts, or a second worker, asks again and gets the same answer. Game
``i`` of pairing ``p`` is played with seed ``derive_seed(seed, p, i)``; pairings are
numbered in the order the format makes them, so a result depends only on the seed.

The fixed formats have one round, made when the tournament is:

- ``roundrobin``: every pair of entrants plays ``games_per_pairing`` games; seat order
  alternates from one game to the next.
- ``duplicate``: as round robin, but games 2k and 2k+1 are one deal: the same seed with
  the seats swapped, so the dice largely cancel out.
- ``freeforall``: one table of ``players`` seats; seat ``s`` of game ``i`` is entrant
  ``(i + s) mod k``, so every entrant sits at every seat equally often.
- ``gauntlet``: the first entrant against each of the others.
- ``ladder``: each entrant against the next one in the list (weakest first: the levels'
  head-to-head steps), seats alternating. Where strength is not transitive (Footsies:
  the Beginner beats Strong, which crushes Easy, which beats the Beginner), the games
  of a round robin would rate levels against each other in an order their own steps
  contradict; a ladder plays only the steps.

``swiss`` plays ``rounds`` rounds; each round pairs entrants with equal or near scores
(below), each pairing playing ``games_per_pairing`` games with seats alternating.

``knockout`` (``agents.tournament.knockout``) is single elimination: a bracket, each
pairing a mini-match, the winner going on, byes to the top seeds.

``arena`` has no rounds: for a time window, whoever is free is paired again at once
(``pair_free``), by score; the window, kept by the site, decides when it ends.

A game may have **no result** (``Played.no_result``): on the site, a game aborted before
its first move (the fair start) or abandoned by its workers. As with an aborted game on
lichess, such a game simply does not count: nobody scores, wins, draws or loses it, and
it is no game in the standings. It still fills its slot (the round is over, a fixed
format is done) and its two count as having met (per format, below), so the next round
can be paired.

**The registry** (``FORMATS``, filled by ``register``) is the one list of formats: the
site's model choices, its API's enum, its forms and its standings' columns are all read
from it. A format says its slug (``name``), its ``label``, the parameters it takes
beyond the common ones (``params``: Swiss's ``rounds``), its own validation
(``check``), and the columns its standings show (``columns``, ``ranked_by``). Adding a
format is one file defining a ``Format`` subclass and one ``register`` line
(``agents/tournament/__init__.py``); see docs/tournaments.md.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Any

from agents.core.seeding import derive_seed
from agents.stats import DRAW, WIN


class FormatError(ValueError):
    """A format that cannot be run as asked; the message is for the person asking."""


@dataclass(frozen=True)
class Fixture:
    """One game to play: which entrant sits at each seat, its seed, and its round."""

    pairing: int
    seating: tuple[int, ...]
    seed: str
    round: int = 1


@dataclass(frozen=True)
class Played:
    """A fixture with each seat's result ("win", "draw" or "loss"); no results at all
    (``()``) for a game with no result: aborted or abandoned, it counts for nobody."""

    fixture: Fixture
    results: tuple[str, ...]

    @classmethod
    def no_result(cls, fixture: Fixture) -> Played:
        return cls(fixture, ())

    @property
    def has_result(self) -> bool:
        return bool(self.results)


@dataclass(frozen=True)
class Column:
    """A column a format's standings show (after the entrant, before the games): the
    row's ``key`` (set by ``Format.order``), its header, its tooltip; ``wide_only``:
    hidden on a phone; ``css``: the cell's class."""

    key: str
    header: str
    title: str = ""
    wide_only: bool = False
    css: str = ""

    @property
    def cell_class(self) -> str:
        """The cell's HTML class: its own, and "wide-only" when hidden on a phone."""
        return " ".join(c for c in (self.css, "wide-only" if self.wide_only else "") if c)


def game_points(result: str) -> float:
    return 1.0 if result == WIN else 0.5 if result == DRAW else 0.0


class Format(ABC):
    """A tournament format for ``entrants`` entrants (numbered from 0, in their listed
    order) at tables of ``players`` seats."""

    name = ""
    label = ""
    #: Whether the format seats two entrants a game (all but free-for-all).
    two_player = True
    #: Games played with one seed (duplicate: 2, the seats swapped).
    games_per_deal = 1
    #: Whether a clock, not the games, ends it (arena): only the site can run it.
    timed = False
    #: Whether the site's tournaments for people (live games, joins, withdrawals) run it.
    for_people = False
    #: Parameters ``make_format`` passes beyond entrants, games per pairing, seed and
    #: players (Swiss: ``rounds``, ``withdrawn``); any other format refuses ``rounds``.
    params: tuple[str, ...] = ()
    #: What its standings show beyond the games (``Format.order`` sets the keys).
    columns: tuple[Column, ...] = ()
    #: How its standings are ranked, in words (under the standings on the site).
    ranked_by = ""

    def __init__(self, entrants: int, games_per_pairing: int, seed: str, players: int = 2):
        self.entrants = entrants
        self.games_per_pairing = games_per_pairing
        self.seed = str(seed)
        self.players = players
        self.check(entrants, games_per_pairing, players)

    @classmethod
    def check(cls, entrants: int, games_per_pairing: int, players: int = 2) -> None:
        """FormatError if the format cannot run ``entrants`` entrants with
        ``games_per_pairing`` games a pairing at tables of ``players``: each format adds
        its own rules (Swiss checks its rounds when it is made)."""
        if games_per_pairing < 1:
            raise FormatError("games per pairing must be at least 1")
        if cls.two_player:
            if entrants < 2:
                raise FormatError(f"{cls.name} needs at least two entrants")
            if players != 2:
                raise FormatError(f"{cls.name} is for two-player tables; use freeforall")

    @abstractmethod
    def first_round(self) -> list[Fixture]: ...

    def next_round(self, played: Sequence[Played]) -> list[Fixture]:
        return []

    @abstractmethod
    def done(self, played: Sequence[Played]) -> bool: ...

    @abstractmethod
    def total_games(self) -> int:
        """Games the whole tournament plays (known ahead for every format here)."""

    @property
    def rounds(self) -> int:
        return 1

    def _pairing_games(self, pairing: int, a: int, b: int, rnd: int = 1) -> list[Fixture]:
        """``games_per_pairing`` games of a against b, seats alternating, a first; each
        deal's games share a seed."""
        return [
            Fixture(
                pairing,
                (a, b) if i % 2 == 0 else (b, a),
                derive_seed(self.seed, pairing, i // self.games_per_deal),
                rnd,
            )
            for i in range(self.games_per_pairing)
        ]

    def order(self, rows: list[dict[str, Any]], played: Sequence[Played]) -> list[dict[str, Any]]:
        """The standings' rows (``Table.rows_json()``) in finishing order."""
        return sorted(rows, key=lambda r: (-(r["win_rate"] or 0), -r["wins"], r["entry"]))

    def bracket(self, played: Sequence[Played]) -> list[dict[str, Any]]:
        """The rounds to show as the standings (a knockout's bracket); [] for a table."""
        return []


class Fixed(Format):
    """A format whose every game is known at the start: one round."""

    @abstractmethod
    def schedule(self) -> list[Fixture]: ...

    @cached_property
    def _schedule(self) -> list[Fixture]:
        return self.schedule()

    def first_round(self) -> list[Fixture]:
        return list(self._schedule)

    def done(self, played: Sequence[Played]) -> bool:
        return len(played) >= len(self._schedule)

    def total_games(self) -> int:
        return len(self._schedule)


class RoundRobin(Fixed):
    name, label = "roundrobin", "round robin (both seat orders)"
    for_people = True

    def pairs(self) -> list[tuple[int, int]]:
        return list(combinations(range(self.entrants), 2))

    def schedule(self) -> list[Fixture]:
        return [f for p, (a, b) in enumerate(self.pairs()) for f in self._pairing_games(p, a, b)]


class Gauntlet(RoundRobin):
    name, label = "gauntlet", "gauntlet (the first entrant against the field)"
    for_people = False

    @classmethod
    def check(cls, entrants: int, games_per_pairing: int, players: int = 2) -> None:
        if entrants < 2:
            raise FormatError("a gauntlet needs an entrant and at least one opponent")
        super().check(entrants, games_per_pairing, players)

    def pairs(self) -> list[tuple[int, int]]:
        return [(0, b) for b in range(1, self.entrants)]


class Ladder(RoundRobin):
    name, label = "ladder", "ladder (each entrant against the next in the list)"
    for_people = False

    @classmethod
    def check(cls, entrants: int, games_per_pairing: int, players: int = 2) -> None:
        if entrants < 2:
            raise FormatError("a ladder needs at least two entrants, weakest first")
        super().check(entrants, games_per_pairing, players)

    def pairs(self) -> list[tuple[int, int]]:
        return [(a, a + 1) for a in range(self.entrants - 1)]


class Duplicate(RoundRobin):
    name, label = "duplicate", "duplicate (same dice, seats swapped)"
    # Games 2k and 2k+1 are one deal: the same seed with the seats swapped.
    games_per_deal = 2
    for_people = False

    @classmethod
    def check(cls, entrants: int, games_per_pairing: int, players: int = 2) -> None:
        super().check(entrants, games_per_pairing, players)
        if games_per_pairing % 2:
            raise FormatError("duplicate plays each deal twice: games per pairing must be even")


class FreeForAll(Fixed):
    name, label = "freeforall", "free-for-all (3–8 seats)"
    two_player = False

    @classmethod
    def check(cls, entrants: int, games_per_pairing: int, players: int = 2) -> None:
        super().check(entrants, games_per_pairing, players)
        if entrants < 1:
            raise FormatError("name at least one entrant")

    def schedule(self) -> list[Fixture]:
        return [
            Fixture(
                0,
                tuple((i + s) % self.entrants for s in range(self.players)),
                derive_seed(self.seed, 0, i),
            )
            for i in range(self.games_per_pairing)
        ]


@dataclass
class SwissRound:
    """One round as the format paired it, and what was played of it."""

    number: int
    pairs: list[tuple[int, int, int]]  # (pairing number, first entrant, second entrant)
    bye: int | None
    games: list[Played]

    def complete(self, games_per_pairing: int) -> bool:
        return len(self.games) >= len(self.pairs) * games_per_pairing


class Swiss(Format):
    """Swiss: a fixed number of rounds, each pairing entrants on equal or near scores.

    - **Score**: each pairing is a mini-match of ``games_per_pairing`` games; the entrant
      with more game points (a win 1, a draw ½) scores 1 point, equal game points ½ each.
      A bye scores 1. A game with no result scores nothing: the mini-match is decided
      by its games that have one, and a pairing none of whose games has a result
      scores nothing for either.
    - **Pairing** (Monrad style, as many club Swiss events pair): entrants are ranked by
      score, then by their listed order (the seeding); going down that list, each
      unpaired entrant meets the nearest one below it that it has not met yet. When that
      leaves someone with no new opponent, the pairing backtracks; only when no pairing
      without a repeat exists at all may two entrants meet again. Two whose pairing had
      no result (aborted: one never moved) have met all the same: pairing them again
      would give a no-show a second chance at the same opponent, and a Swiss is there
      to meet new ones; their scores are unchanged, so only who meets whom is affected.
    - **Byes**: with an odd number of entrants the lowest-ranked entrant that has not had
      a bye sits the round out (if everyone has, the lowest-ranked one).
    - **Tie-breaks**, in order: Buchholz (the sum of the opponents' scores), then
      Sonneborn–Berger (the scores of the opponents beaten, plus half of those drawn
      with), then game points, then the listed order. An opponent met in a pairing with
      no result is no opponent here: nothing was played against it.
    - **Withdrawals** (``withdrawn``: entrant → the first round it is not paired in):
      a withdrawn entrant keeps its points and tie-breaks but is left out of the
      pairing (and the bye) from that round on. Rounds before it are paired as they
      were, so the history recomputes the same. With fewer than two entrants left to
      pair, the tournament ends after the round under way.
    """

    name, label = "swiss", "Swiss (rounds paired by score)"
    MAX_ENTRANTS = 64
    for_people = True
    params = ("rounds", "withdrawn")
    columns = (
        Column("points", "Points", css="swiss-points"),
        Column("buchholz", "Buchholz", "the sum of the opponents' points", wide_only=True),
        Column(
            "sonneborn_berger",
            "SB",
            "Sonneborn–Berger: the points of the opponents beaten, plus half of those drawn with",
            wide_only=True,
        ),
    )
    ranked_by = (
        "Ranked by points (a pairing won 1, drawn ½, a bye 1), then Buchholz, "
        "Sonneborn–Berger and game points."
    )

    def __init__(
        self,
        entrants: int,
        games_per_pairing: int,
        seed: str,
        players: int = 2,
        rounds: int | None = None,
        withdrawn: Mapping[int, int] | None = None,
    ):
        super().__init__(entrants, games_per_pairing, seed, players)
        self.withdrawn = dict(withdrawn or {})
        if any(r < 2 for r in self.withdrawn.values()):
            raise FormatError("an entrant withdraws from round 2 on at the earliest")
        most = entrants - 1 if entrants % 2 == 0 else entrants
        if rounds is None:
            rounds = min(most, max(1, math.ceil(math.log2(entrants))))
        if not 1 <= rounds <= most:
            raise FormatError(
                f"swiss with {entrants} entrants plays 1 to {most} rounds, not {rounds}"
            )
        self._rounds = rounds

    @classmethod
    def check(cls, entrants: int, games_per_pairing: int, players: int = 2) -> None:
        super().check(entrants, games_per_pairing, players)
        if entrants > cls.MAX_ENTRANTS:
            raise FormatError(f"swiss takes at most {cls.MAX_ENTRANTS} entrants")

    @property
    def rounds(self) -> int:
        return self._rounds

    @property
    def tables(self) -> int:
        return self.entrants // 2

    def total_games(self) -> int:
        return self._rounds * self.tables * self.games_per_pairing

    # ----- rounds, recomputed from what was played ------------------------------------

    def history(self, played: Sequence[Played]) -> list[SwissRound]:
        """Every round paired so far (the last one possibly in progress)."""
        by_round: dict[int, list[Played]] = {}
        for game in played:
            by_round.setdefault(game.fixture.round, []).append(game)
        rounds: list[SwissRound] = []
        for number in range(1, self._rounds + 1):
            pairs, bye = self._pair(number, rounds)
            if not pairs:  # withdrawals left fewer than two to pair: it is over
                break
            rnd = SwissRound(number, pairs, bye, by_round.get(number, []))
            rounds.append(rnd)
            if not rnd.complete(self.games_per_pairing):
                break
        return rounds

    def _fixtures(self, rnd: SwissRound) -> list[Fixture]:
        return [f for p, a, b in rnd.pairs for f in self._pairing_games(p, a, b, rnd.number)]

    def first_round(self) -> list[Fixture]:
        return self._fixtures(self.history([])[0])

    def next_round(self, played: Sequence[Played]) -> list[Fixture]:
        rounds = self.history(played)
        last = rounds[-1]
        if last.games or len(rounds) == 1:
            return []  # under way (or the first round, which first_round() gives)
        return self._fixtures(last)

    def done(self, played: Sequence[Played]) -> bool:
        rounds = self.history(played)
        if not rounds[-1].complete(self.games_per_pairing):
            return False
        return len(rounds) == self._rounds or not self._pair(len(rounds) + 1, rounds)[0]

    def pairs_in(self, number: int) -> list[int]:
        """The entrants paired (or given the bye) in round ``number``: not withdrawn."""
        return [e for e in range(self.entrants) if self.withdrawn.get(e, number + 1) > number]

    # ----- scores ---------------------------------------------------------------------

    def _mini_match(
        self, rnd: SwissRound, pairing: int, a: int, b: int
    ) -> tuple[float, float] | None:
        """The points a and b score for their pairing's games; None when none of those
        games has a result (every one aborted): then the pairing scores nothing."""
        pa = pb = 0.0
        counted = False
        for game in rnd.games:
            if game.fixture.pairing != pairing or not game.has_result:
                continue
            counted = True
            for seat, who in enumerate(game.fixture.seating):
                if who == a:
                    pa += game_points(game.results[seat])
                elif who == b:
                    pb += game_points(game.results[seat])
        if not counted:
            return None
        return (1.0, 0.0) if pa > pb else (0.0, 1.0) if pb > pa else (0.5, 0.5)

    def scores(self, rounds: Sequence[SwissRound]) -> dict[str, Any]:
        """Per entrant: points, opponents met in a pairing with a result (with what
        each scored: the tie-breaks), every opponent paired with (the pairing), byes."""
        points = [0.0] * self.entrants
        met: list[list[tuple[int, float]]] = [[] for _ in range(self.entrants)]
        paired: list[set[int]] = [set() for _ in range(self.entrants)]
        byes = [0] * self.entrants
        for rnd in rounds:
            if not rnd.complete(self.games_per_pairing):
                continue
            if rnd.bye is not None:
                points[rnd.bye] += 1.0
                byes[rnd.bye] += 1
            for pairing, a, b in rnd.pairs:
                paired[a].add(b)
                paired[b].add(a)
                scored = self._mini_match(rnd, pairing, a, b)
                if scored is None:
                    continue  # no result: they have met, and nobody scores
                sa, sb = scored
                points[a] += sa
                points[b] += sb
                met[a].append((b, sa))
                met[b].append((a, sb))
        return {"points": points, "met": met, "paired": paired, "byes": byes}

    def _pair(
        self, number: int, before: Sequence[SwissRound]
    ) -> tuple[list[tuple[int, int, int]], int | None]:
        s = self.scores(before)
        ranked = sorted(self.pairs_in(number), key=lambda e: (-s["points"][e], e))
        if len(ranked) < 2:
            return [], None
        bye = None
        if len(ranked) % 2:
            fresh = [e for e in ranked if s["byes"][e] == 0]
            bye = (fresh or ranked)[-1]
            ranked.remove(bye)
        pairs = _monrad(ranked, s["paired"], False, [MONRAD_STEPS])
        if pairs is None:  # no repeat-free pairing (or too costly to find): allow repeats
            pairs = _monrad(ranked, s["paired"], True, [MONRAD_STEPS])
        assert pairs is not None  # with repeats allowed the first try always pairs
        first = (number - 1) * self.tables
        return [(first + t, a, b) for t, (a, b) in enumerate(pairs)], bye

    def order(self, rows: list[dict[str, Any]], played: Sequence[Played]) -> list[dict[str, Any]]:
        s = self.scores(self.history(played))
        points = s["points"]
        for row in rows:
            e = row["entry"]
            row["points"] = points[e]
            row["buchholz"] = sum(points[o] for o, _ in s["met"][e])
            row["sonneborn_berger"] = sum(points[o] * got for o, got in s["met"][e])
            row["byes"] = s["byes"][e]
            row["game_points"] = row["wins"] + row["draws"] / 2
        return sorted(
            rows,
            key=lambda r: (
                -r["points"],
                -r["buchholz"],
                -r["sonneborn_berger"],
                -r["game_points"],
                r["entry"],
            ),
        )


#: Backtracking steps a round's pairing may take before repeats are allowed: enough for
#: any club-sized event, and a bound so no entrant list can make a worker search for ever.
MONRAD_STEPS = 200_000


def _monrad(
    ranked: list[int], met: list[set[int]], allow_repeats: bool, steps: list[int]
) -> list[tuple[int, int]] | None:
    """Pairs down the ranked list, each entrant with the nearest one below it not met
    yet, backtracking where that strands someone; None if no such pairing exists (or
    the ``steps`` budget ran out first)."""
    if not ranked:
        return []
    top, rest = ranked[0], ranked[1:]
    for i, other in enumerate(rest):
        if not allow_repeats and other in met[top]:
            continue
        steps[0] -= 1
        if steps[0] < 0 and not allow_repeats:
            return None
        tail = _monrad(rest[:i] + rest[i + 1 :], met, allow_repeats, steps)
        if tail is not None:
            return [(top, other), *tail]
    return None


class Arena(Format):
    """Arena: play as many games as you can in a time window, paired as you finish.

    - **Pairing** (``pair_free``): the entrants free now are ranked by points (then by
      their listed order) and paired down the list, each with the nearest one below it;
      two who have just played each other are not paired again at once while anyone else
      is free or still playing. With an odd number free, the lowest-ranked waits for the
      next game to end.
      Whoever has sat first less often sits first.
    - **Points**: a win 2, a draw 1, a loss 0. After two wins in a row an entrant is *on
      a streak*: each game scores double until one is not won.
    - **Order**: points, then games won, then the listed order.
    - A game with **no result** scores nothing (not a draw's point), neither adds to nor
      ends a streak, and seats nobody first; its two still count as having just met,
      so a no-show is not paired at once with the same opponent again.

    Entrants may join while it runs (the site numbers them on), so every answer is
    computed for ``entrants`` as they are now.
    """

    name, label = "arena", "arena (as many games as you can in a time window)"
    timed = True
    for_people = True
    columns = (Column("points", "Points", css="arena-points"),)
    ranked_by = "Ranked by points, then games won."
    MAX_ENTRANTS = 200
    WIN_POINTS, DRAW_POINTS = 2, 1
    #: Wins in a row after which each game scores double.
    STREAK = 2

    @classmethod
    def check(cls, entrants: int, games_per_pairing: int, players: int = 2) -> None:
        super().check(entrants, games_per_pairing, players)
        if entrants > cls.MAX_ENTRANTS:
            raise FormatError(f"an arena takes at most {cls.MAX_ENTRANTS} entrants")

    def first_round(self) -> list[Fixture]:
        return self.pair_free([], range(self.entrants), 0)

    def done(self, played: Sequence[Played]) -> bool:
        return False  # the window decides, and the site keeps the clock

    def total_games(self) -> int:
        return 0  # not known ahead: it depends on how fast people play

    def scores(self, played: Sequence[Played]) -> dict[str, list]:
        """Per entrant, from the games in play order: points, whether on a streak now,
        games won, times seated first, and the last opponent met."""
        n = self.entrants
        points, wins, firsts = [0] * n, [0] * n, [0] * n
        run = [0] * n  # wins in a row, up to now
        last: list[int | None] = [None] * n
        for game in played:
            seating = game.fixture.seating
            if not game.has_result:
                for seat, who in enumerate(seating):
                    last[who] = seating[1 - seat]
                continue
            firsts[seating[0]] += 1
            for seat, who in enumerate(seating):
                result = game.results[seat]
                gained = self.WIN_POINTS if result == WIN else self.DRAW_POINTS * (result == DRAW)
                points[who] += gained * (2 if run[who] >= self.STREAK else 1)
                run[who] = run[who] + 1 if result == WIN else 0
                wins[who] += result == WIN
                last[who] = seating[1 - seat]
        on_streak = [r >= self.STREAK for r in run]
        return {
            "points": points,
            "on_streak": on_streak,
            "wins": wins,
            "firsts": firsts,
            "last": last,
        }

    def pair_free(
        self,
        played: Sequence[Played],
        free: Iterable[int],
        next_pairing: int,
        others_playing: bool = False,
    ) -> list[Fixture]:
        """Fixtures for the entrants free now, pairings numbered from ``next_pairing``.
        ``others_playing``: games are under way, whose players will soon be free too;
        then two who have just met wait for them rather than meet again at once."""
        s = self.scores(played)
        ranked = sorted(set(free), key=lambda e: (-s["points"][e], e))
        fixtures: list[Fixture] = []
        while ranked:
            top = ranked.pop(0)
            fresh = [i for i, e in enumerate(ranked) if s["last"][top] != e]
            if fresh:
                other = ranked.pop(fresh[0])
            elif ranked and not others_playing:
                other = ranked.pop(0)  # nobody else will come: a rematch beats waiting
            else:
                continue  # waits for the next game to end
            first, second = (top, other) if s["firsts"][top] <= s["firsts"][other] else (other, top)
            pairing = next_pairing + len(fixtures)
            fixtures.append(Fixture(pairing, (first, second), derive_seed(self.seed, pairing, 0)))
        return fixtures

    def order(self, rows: list[dict[str, Any]], played: Sequence[Played]) -> list[dict[str, Any]]:
        s = self.scores(played)
        for row in rows:
            row["points"] = s["points"][row["entry"]]
            row["on_streak"] = s["on_streak"][row["entry"]]
        return sorted(rows, key=lambda r: (-r["points"], -r["wins"], r["entry"]))


#: The registry: every format by its slug, in the order the site lists them.
FORMATS: dict[str, type[Format]] = {}


def register(cls: type[Format]) -> type[Format]:
    """Add a format to the registry (its slug at most 16 characters: the site stores it)."""
    if not cls.name or len(cls.name) > 16 or not cls.label:
        raise ValueError(f"{cls.__name__}: a format needs a slug of 1 to 16 characters and a label")
    if FORMATS.get(cls.name, cls) is not cls:
        raise ValueError(f"a format {cls.name!r} is registered already")
    FORMATS[cls.name] = cls
    return cls


for _cls in (RoundRobin, Duplicate, FreeForAll, Gauntlet, Ladder, Swiss, Arena):
    register(_cls)


def make_format(
    name: str,
    entrants: int,
    games_per_pairing: int,
    seed: str | int,
    players: int = 2,
    rounds: int | None = None,
    withdrawn: Mapping[int, int] | None = None,
) -> Format:
    """The format ``name`` for a tournament; FormatError says what does not fit.
    ``rounds`` and ``withdrawn`` go to the formats that take them (``Format.params``:
    Swiss); ``withdrawn``: entrant → the first round it is not paired in."""
    try:
        cls = FORMATS[name]
    except KeyError:
        raise FormatError(f"unknown format {name!r} (known: {', '.join(FORMATS)})") from None
    if rounds not in (None, 1) and "rounds" not in cls.params:
        takers = [n for n, c in FORMATS.items() if "rounds" in c.params]
        raise FormatError(
            f"{name} plays one round or as many as it needs; rounds are for {' or '.join(takers)}"
        )
    given = {"rounds": rounds, "withdrawn": withdrawn}
    extra = {k: v for k, v in given.items() if k in cls.params}
    return cls(entrants, games_per_pairing, str(seed), players, **extra)
