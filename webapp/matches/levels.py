"""The named levels in the lobby, with their measured strength and thinking time.

A level (``agents.levels``) is played by one agent spec. What the lobby says about it
is measured, never guessed:

- *rating*: the spec's row on the game's leaderboard (on the familiar scale; games;
  provisional). It starts where the head-to-head ladder below puts the level
  (``webapp.leaderboards.seeds``), and moves only with rated games on the lobby's rules:
  against people, and the scheduled levels ladder (``webapp.tournaments.schedules``),
  never a visitor's AI-against-AI match (``webapp.leaderboards.counting``);
- *thinking time*: the median of the spec's stored decision times (``stats.seconds``
  of its latest decisions, live and tournament games alike);
- *people's record*: how often people (signed in or guests) beat it, over its latest
  finished two-seat matches against a person, so a new player sees that Beginner is
  beaten most of the time.

Both read a bounded number of rows and are kept for a minute, so the lobby stays cheap
however many games are stored.

Beside them the lobby shows the *head-to-head ladder*: each level against the level
just below it, hundreds of games a step, measured offline by
``python -m agents.levels_ladder`` and shipped in ``agents/levels_ladder/<game>.json``.
The files are read once, when this module is imported at start-up (``apps.ready``);
nothing is played for them on the site.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from django.core.cache import cache

import agents
from agents import levels_ladder
from agents.levels import Level, level, levels
from agents.stats import Tally, result_for
from games import all as all_games
from games.core import Game, Outcome
from webapp.accounts.identity import BOT_KEY
from webapp.matches import signals
from webapp.matches.lobby import OPPONENT_SOURCES, Opponent
from webapp.matches.models import Event, Match, Seat
from webapp.rating_labels import rating_label

#: The latest matches of a spec, and decisions at most, that its thinking time is read from.
RECENT_MATCHES = 20
RECENT_EVENTS = 600
#: The latest matches against people a level's record is read from.
RECENT_PEOPLE = 200
#: Seconds a level's figures are kept before they are read again.
CACHE_S = 60


@dataclass(frozen=True)
class LevelRow:
    level: Level
    description: str
    rating: int | None  # the leaderboard's rating; None while it has none
    games: int  # rated games on the site
    provisional: bool
    ladder_games: int  # the head-to-head games its rating started from (0: none)
    competitor_id: int | None
    thinking_s: float | None  # median seconds a decision; None before any is stored
    decisions: int
    people: Tally = field(default_factory=Tally)  # people's results against it

    @property
    def people_text(self) -> str:
        """People's record against the level, in words."""
        t = self.people
        if not t.games:
            return "no games against people yet"
        won = t.wins + t.draws / 2
        share = 100 * won / t.games
        return f"people won {won:g} of {t.games} game{'s' if t.games != 1 else ''} ({share:.0f} %)"

    @property
    def rating_label(self) -> str:
        """ "1823", or "1823?" while provisional ("" while not rated)."""
        return "" if self.rating is None else rating_label(self.rating, self.provisional)

    @property
    def games_text(self) -> str:
        """What the rating stands on: "400 ladder games + 12 rated games"."""
        parts = []
        if self.ladder_games:
            parts.append(f"{self.ladder_games} ladder games")
        if self.games or not parts:
            parts.append(f"{self.games} rated game{'s' if self.games != 1 else ''}")
        note = ", provisional" if self.provisional else ""
        return " + ".join(parts) + note

    @property
    def rating_text(self) -> str:
        if self.rating is None:
            return "not yet rated"
        return f"{self.rating_label} ({self.games_text})"

    @property
    def thinking_text(self) -> str:
        if self.thinking_s is None:
            return "not yet measured"
        return f"{seconds_text(self.thinking_s)} a move (median of {self.decisions})"


@dataclass(frozen=True)
class StepRow:
    """One rung of the head-to-head ladder, for the lobby (``step`` None: not measured)."""

    upper: Level
    lower: Level
    step: levels_ladder.Step | None

    @property
    def text(self) -> str:
        if self.step is None:
            return f"{self.upper.title} against {self.lower.title}: not yet measured"
        return levels_ladder.text(self.step)

    @property
    def holds(self) -> bool:
        return self.step is not None and self.step.holds

    @property
    def percent(self) -> int:
        """The upper level's win rate in whole percent (for the bar)."""
        return round(100 * (self.step.win_rate or 0)) if self.step else 0


def _load_ladders() -> dict[str, levels_ladder.Ladder]:
    found = {}
    for game in all_games():
        ladder = levels_ladder.load(game.slug)
        if ladder is not None:
            found[game.slug] = ladder
    return found


#: Every game's shipped ladder, read once at start-up (a game without one, or whose
#: levels changed since it was measured, has none and the lobby says so).
LADDERS: dict[str, levels_ladder.Ladder] = _load_ladders()


def ladder_rows(game: str) -> list[StepRow]:
    """``game``'s head-to-head steps, strongest first (as the levels read on a page);
    empty if the game has no shipped ladder of its current levels."""
    ladder = LADDERS.get(game)
    if ladder is None:
        return []
    found = levels(game)
    pairs = zip(found, found[1:], strict=False)
    return [StepRow(up, low, ladder.step(low, up)) for low, up in reversed(list(pairs))]


def seconds_text(seconds: float) -> str:
    if seconds < 0.001:
        return "under 1 ms"
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.1f} s"


def rows(game: str) -> list[LevelRow]:
    """Every level of ``game`` with its figures, weakest first."""
    key = f"levels:{game}"
    found = cache.get(key)
    if found is None:
        found = [_row(game, lv) for lv in levels(game)]
        cache.set(key, found, CACHE_S)
    return found


def forget(game: str) -> None:
    """Drop the kept figures (after a ladder run, or in tests)."""
    cache.delete(f"levels:{game}")


def _row(game: str, lv: Level) -> LevelRow:
    key = f"agent:{lv.spec}"
    # The leaderboards answer (a variant's "key:…" rows are others' ratings).
    competitor = next(
        (c for c in signals.ask(signals.ratings_of, key=key) if c.game == game and c.key == key),
        None,
    )
    rated = competitor is not None and (competitor.games > 0 or competitor.seeded)
    thinking, decisions = thinking_time(game, lv.spec)
    return LevelRow(
        level=lv,
        description=agents.info(lv.spec.partition(":")[0]).description,
        rating=competitor.rating if rated else None,
        games=competitor.games if rated else 0,
        provisional=competitor.provisional if rated else True,
        ladder_games=competitor.seed_games if rated else 0,
        competitor_id=competitor.pk if rated else None,
        thinking_s=thinking,
        decisions=decisions,
        people=people_record(game, lv.spec),
    )


def people_record(game: str, spec: str) -> Tally:
    """People's results against ``spec`` in its latest finished two-seat matches with a
    person (a signed-in player or a guest; outside bots are not people)."""
    mine = dict(
        Seat.objects.filter(
            agent_spec=spec,
            match__game=game,
            match__status=Match.Status.FINISHED,
            match__num_players=2,
        )
        .order_by("-match_id")
        .values_list("match_id", "index")[:RECENT_PEOPLE]
    )
    people = (
        Seat.objects.filter(match_id__in=mine, agent_spec="")
        .exclude(owner="")
        .exclude(owner__startswith=BOT_KEY)
        .values_list("match_id", "index", "match__result")
    )
    tally = Tally()
    for match_id, index, result in people:
        if index != mine[match_id] and result and result.get("ranks"):
            outcome = Outcome(returns=(), ranks=tuple(result["ranks"]))
            tally.add(result_for(outcome, index))
    return tally


def thinking_time(game: str, spec: str) -> tuple[float | None, int]:
    """(median seconds of ``spec``'s latest stored decisions in ``game``, how many)."""
    seats = list(
        Seat.objects.filter(agent_spec=spec, match__game=game)
        .order_by("-match_id")
        .values_list("match_id", "index")[:RECENT_MATCHES]
    )
    if not seats:
        return None, 0
    by_match: dict[int, set[str]] = {}
    for match_id, index in seats:
        by_match.setdefault(match_id, set()).add(str(index))
    times = []
    events = (
        Event.objects.filter(match_id__in=by_match)
        .exclude(decisions={})
        .order_by("-id")
        .values_list("match_id", "decisions")[:RECENT_EVENTS]
    )
    for match_id, decisions in events:
        for seat, record in (decisions or {}).items():
            if seat in by_match[match_id]:
                seconds = ((record or {}).get("stats") or {}).get("seconds")
                if isinstance(seconds, (int, float)):
                    times.append(float(seconds))
    if not times:
        return None, 0
    return statistics.median(times), len(times)


def resolve(game: str, value: str) -> str:
    """The agent spec for a lobby value: a level's spec for ``level:<name>``, else the
    value itself. ValueError for a level the game does not have."""
    if not value.startswith("level:"):
        return value
    found = level(game, value)
    if found is None:
        raise ValueError(f"there is no level {value.removeprefix('level:')!r} for this game")
    return found.spec


def _level_opponents(game: Game) -> list[Opponent]:
    return [
        Opponent(
            row.level.value,
            f"{row.level.title} ({row.level.spec})",
            f"{row.description} Rating: {row.rating_text}; {row.people_text}.",
            row.thinking_text,
            "Levels",
        )
        for row in rows(game.slug)
    ]


# The levels come first in every opponent list.
if _level_opponents not in OPPONENT_SOURCES:
    OPPONENT_SOURCES.insert(0, _level_opponents)
