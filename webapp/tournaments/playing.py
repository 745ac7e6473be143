"""Playing a tournament's games in batches, idempotently.

A worker claims a batch of pending games under row locks (skipping rows another worker
holds), plays them in memory with the arena's runner (``agents.match.play_match``, same
seeding), then stores the whole batch as normal matches in one transaction that first
drops any game someone else stored meanwhile, and rates them once. A batch holds about
``BATCH_S`` of play, so light games go hundreds at a time and heavy ones alone.

While it plays, the worker *beats*: every ``BEAT_S`` it stamps the games in its hands, so
the sweep can tell a game whose worker died (no beat for ``DICEARENA_STALE_GAME_S``)
from a slow one. The same beat notices a cancelled tournament and stops at once. Every
move gets the live per-move budget; a game longer than ``DICEARENA_TOURNAMENT_GAME_S``
is abandoned, not played for ever.
"""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from agents.buttonstats.study import first_mover
from agents.core import Budget
from agents.match import MatchResult, play_match
from webapp.bots.tournament_games import is_bot_spec
from webapp.hooks import Hook
from webapp.matches import services as match_services
from webapp.tournaments import live
from webapp.tournaments.bot_games import play_live
from webapp.tournaments.entrants import plays_live
from webapp.tournaments.models import Entry, Tournament, TournamentGame
from webapp.tournaments.services import do_add_games
from webapp.tournaments.standings import played_so_far

#: Seconds of play one batch aims at: long enough that storing it costs little per
#: game, short enough that progress moves and two workers finish close together.
BATCH_S = 0.25
MAX_BATCH = 1000
#: Seconds between beats (stamping the games in hand, looking for a cancellation).
BEAT_S = 2.0

Status = TournamentGame.Status


class Stopped(Exception):
    """The tournament was cancelled (or otherwise ended) while its games were played."""


class TooLong(Exception):
    """One game ran past the per-game limit."""


def worker_name() -> str:
    """ "<host>#<pid>": who holds a game, for people reading the admin."""
    return f"{socket.gethostname()}#{os.getpid()}"


@dataclass
class Abandoned:
    """A game given up on; it counts as done but has no match and no result."""

    reason: str


class Beat:
    """Stamps the games in hand every ``BEAT_S`` and stops play if the tournament
    is no longer running. Called after every event, so it must be cheap."""

    def __init__(self, tournament_id: int, ids: list[int], me: str) -> None:
        self.tournament_id, self.ids, self.me = tournament_id, ids, me
        self.due = time.monotonic() + BEAT_S

    def __call__(self) -> None:
        if time.monotonic() < self.due:
            return
        self.due = time.monotonic() + BEAT_S
        TournamentGame.objects.filter(pk__in=self.ids, status=Status.RUNNING).update(
            beat_at=timezone.now()
        )
        running = Tournament.Status.RUNNING
        if not Tournament.objects.filter(pk=self.tournament_id, status=running).exists():
            raise Stopped


class Claimed(NamedTuple):
    """What playing and storing a claimed game needs (plain values: batches hold
    hundreds of light games, and model instances would cost more than the games)."""

    pk: int
    seating: list[int]
    seed: str
    options: dict[str, Any]


def claim(tournament_id: int, me: str, size: int) -> list[Claimed]:
    """Take up to ``size`` pending games of a running tournament (none if it is over)."""
    with transaction.atomic():
        running = Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.RUNNING)
        if not running.exists():
            return []
        ids = list(
            TournamentGame.objects.select_for_update(skip_locked=True)
            .filter(tournament_id=tournament_id, status=Status.PENDING, match__isnull=True)
            .order_by("pairing", "number")
            .values_list("pk", flat=True)[:size]
        )
        if not ids:
            return []
        now = timezone.now()
        TournamentGame.objects.filter(pk__in=ids).update(
            status=Status.RUNNING,
            worker=me,
            started_at=now,
            beat_at=now,
            attempts=F("attempts") + 1,
        )
        claimed = TournamentGame.objects.filter(pk__in=ids).order_by("pairing", "number")
        return [Claimed(*row) for row in claimed.values_list("pk", "seating", "seed", "options")]


def release(tournament_id: int, me: str) -> int:
    """Hand back the games this worker holds but did not store (stopped or failed)."""
    return TournamentGame.objects.filter(
        tournament_id=tournament_id, status=Status.RUNNING, worker=me, match__isnull=True
    ).update(status=Status.PENDING, worker="")


def entrant_specs(tournament: Tournament) -> list[str]:
    return list(tournament.entries.order_by("index").values_list("agent_spec", flat=True))


def has_bots(tournament: Tournament) -> bool:
    """Outside bots play their games live, one by one (``webapp.bots.tournament_games``)."""
    return any(is_bot_spec(s) for s in entrant_specs(tournament))


def play_game(game_id: int) -> str:
    """Play one pending game by id: live if a bot or a person sits in it, else in memory
    and stored (the bots' pump starts a tournament's waiting games this way)."""
    with transaction.atomic():
        game = (
            TournamentGame.objects.select_for_update().select_related("tournament").get(pk=game_id)
        )
        tournament = game.tournament
        if game.status != Status.PENDING or game.match_id is not None or tournament.is_over:
            return "skipped"
        game.status, game.worker = Status.RUNNING, worker_name()
        game.started_at = game.beat_at = timezone.now()
        game.attempts += 1
        game.save(update_fields=["status", "worker", "started_at", "beat_at", "attempts"])
    specs = entrant_specs(tournament)
    seats = [specs[i] for i in game.seating]
    if any(plays_live(s) for s in seats):
        return play_live(game, seats)
    claimed = Claimed(game.pk, game.seating, game.seed, game.options)
    try:
        outcome = play_one(tournament, specs, claimed, Beat(tournament.pk, [game.pk], game.worker))
        return "played" if store(tournament, specs, [(claimed, outcome)]) else "duplicate"
    except BaseException:
        release(tournament.pk, game.worker)
        raise


def play_one(
    tournament: Tournament, specs: list[str], game: Claimed, beat: Callable[[], None]
) -> MatchResult | Abandoned:
    """Play one game with the live per-move budget and the per-game limit."""
    limit = settings.DICEARENA_TOURNAMENT_GAME_S
    deadline = time.monotonic() + limit

    def on_event(_state, _step) -> None:
        if time.monotonic() > deadline:
            raise TooLong
        beat()

    seats = [specs[i] for i in game.seating]
    budget = Budget(
        iterations=tournament.budget_iterations, seconds=settings.DICEARENA_AI_BUDGET_SECONDS
    )
    options = {**tournament.options, **game.options}
    try:
        return play_match(tournament.game, seats, game.seed, options, len(seats), budget, on_event)
    except TooLong:
        return Abandoned(f"longer than the {limit} s a tournament game may take")


def seat_stats(result: MatchResult, players: int) -> dict[str, Any]:
    per_seat = []
    for seat in range(players):
        decisions = result.decisions(seat)
        per_seat.append(
            {
                "seconds": round(sum(d.stats.get("seconds", 0.0) for d in decisions), 6),
                "decisions": len(decisions),
                "failures": sum(1 for d in decisions if "fallback" in d.stats),
            }
        )
    facts = {}
    view = result.state.observation(None)
    if "fighters" in view:  # Button Men: results by fighter
        facts["fighters"] = [f.get("name") if isinstance(f, dict) else f for f in view["fighters"]]
        # The button statistics' first-mover figures (a replay of the opening events).
        facts["first"] = first_mover(result)
    return {"seats": per_seat, **facts}


def store(
    tournament: Tournament,
    specs: list[str],
    outcomes: list[tuple[Claimed, MatchResult | Abandoned]],
) -> int:
    """Store a played batch in one transaction; games stored meanwhile by someone else
    (a re-delivered task, a worker thought dead) are skipped. Returns games stored."""
    with transaction.atomic():
        open_ids = set(
            TournamentGame.objects.select_for_update()
            .filter(pk__in=[g.pk for g, _ in outcomes])
            .exclude(status__in=[Status.DONE, Status.ABANDONED])
            .values_list("pk", flat=True)
        )
        todo = [(g, r) for g, r in outcomes if g.pk in open_ids]
        if not todo:
            return 0
        played = [(g, r) for g, r in todo if isinstance(r, MatchResult)]
        matches = match_services.do_store_played(
            [
                match_services.PlayedMatch(
                    game=tournament.game,
                    options={**tournament.options, **g.options},
                    seed=g.seed,
                    specs=[specs[i] for i in g.seating],
                    played=r,
                    created_by=f"tournament:{tournament.pk}",
                )
                for g, r in played
            ]
        )
        links = [
            (game.pk, match.pk, seat_stats(result, len(game.seating)))
            for (game, result), match in zip(played, matches, strict=True)
        ]
        abandoned = [
            (g.pk, None, {"abandoned": r.reason}) for g, r in todo if isinstance(r, Abandoned)
        ]
        _link(links + abandoned)
        now = timezone.now()
        for status, rows in ((Status.DONE, links), (Status.ABANDONED, abandoned)):
            TournamentGame.objects.filter(pk__in=[pk for pk, _, _ in rows]).update(
                status=status, finished_at=now, beat_at=now
            )
        # Last, so the row lock is held briefly; a tournament cancelled while the batch
        # was played keeps none of it (the cancel holds the same lock, so no race).
        running = Tournament.objects.filter(pk=tournament.pk, status=Tournament.Status.RUNNING)
        if not running.update(games_done=F("games_done") + len(todo)):
            raise Stopped
        transaction.on_commit(lambda: after_game(tournament.pk))
    return len(todo)


def _link(rows: list[tuple[int, int | None, dict]]) -> None:
    """Set (game id, match id, stats) for a batch in one statement. Django's
    bulk_update builds a CASE per row and field, which costs more than playing a light
    game; UPDATE ... FROM a VALUES list works on PostgreSQL and SQLite alike."""
    if not rows:
        return
    table = connection.ops.quote_name(TournamentGame._meta.db_table)
    as_json = "::jsonb" if connection.vendor == "postgresql" else ""
    values = ", ".join(["(%s, %s, %s)"] * len(rows))
    params = [x for pk, match_id, stats in rows for x in (pk, match_id, json.dumps(stats))]
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH v(id, match_id, stats) AS (VALUES {values}) "
            f"UPDATE {table} SET match_id = CAST(v.match_id AS BIGINT), stats = v.stats{as_json} "
            f"FROM v WHERE {table}.id = v.id",
            params,
        )


def play_for(tournament_id: int, seconds: float) -> int:
    """Claim, play and store batches of one tournament for about ``seconds`` (then the
    task hands over, so tasks stay short); returns the games stored."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return 0
    specs = entrant_specs(tournament)
    if any(plays_live(s) for s in specs):
        return pump(tournament_id)  # games with bots or people go live, one by one
    me = worker_name()
    until = time.monotonic() + seconds
    size, stored = 1, 0
    while time.monotonic() < until:
        games = claim(tournament_id, me, size)
        if not games:
            break
        beat = Beat(tournament_id, [g.pk for g in games], me)
        started = time.perf_counter()
        try:
            outcomes = [(g, play_one(tournament, specs, g, beat)) for g in games]
            # Sized by play alone: storing costs per batch more than per game.
            each = (time.perf_counter() - started) / len(games)
            stored += store(tournament, specs, outcomes)
        except BaseException:  # stopped, a soft time limit, a database error
            release(tournament_id, me)
            raise
        size = max(1, min(MAX_BATCH, int(BATCH_S / max(each, 1e-5))))
    return stored


#: Progress pushes at most this often per tournament and process (and always the last):
#: light batches are stored several times a second.
PROGRESS_EVERY_S = 1.0
_pushed: dict[int, float] = {}


def after_game(tournament_id: int) -> None:
    tournament = Tournament.objects.get(pk=tournament_id)
    if tournament.ends_at is not None:
        pair_arena(tournament_id)  # pairs whoever is free, or closes it after its window
        return
    # Every game made so far is in: the round is over (the last one, or one of Swiss's).
    if tournament.games_done >= tournament.games.count():
        finish(tournament_id)  # pushes the progress (and starts the next round)
    elif time.monotonic() - _pushed.get(tournament_id, 0.0) >= PROGRESS_EVERY_S:
        _pushed[tournament_id] = time.monotonic()
        live.progress(tournament_id)


def finish(tournament_id: int) -> bool:
    """Once every game made so far is stored or abandoned: start the format's next
    round if it has one, else mark the tournament finished (an arena: not before its
    window has closed). Idempotent: the tournament's row lock makes one caller do it,
    and a round is made once (its games' slots are unique). True when the tournament
    finished."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.is_over or tournament.window_open:
            return False
        games = tournament.games
        if games.exclude(status__in=[Status.DONE, Status.ABANDONED]).exists():
            return False
        upcoming = tournament.tournament_format().next_round(played_so_far(tournament))
        if upcoming:
            do_add_games(tournament, [(f, {}) for f in upcoming])
            tournament.round = upcoming[0].round
            tournament.save(update_fields=["round"])
            transaction.on_commit(lambda: _next_round_started(tournament_id, len(upcoming)))
            return False
        abandoned = games.filter(status=Status.ABANDONED).count()
        if abandoned:
            tournament.error = (
                f"{abandoned} of {tournament.total_games} games were abandoned "
                f"(see each game's reason); the standings count the others"
            )
        tournament.status = Tournament.Status.FINISHED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "finished_at", "error"])
        transaction.on_commit(lambda: live.progress(tournament_id))
    return True


#: A round's games are made (after the commit): ``tasks`` fans them out to the workers.
#: A hook, since ``tasks`` imports this module to run the games.
round_started = Hook("round_started", ("tournaments",))


def _next_round_started(tournament_id: int, games: int) -> None:
    round_started.send(tournament_id=tournament_id, games=games)
    # Then the pages: a people's round has its matches by now (made inline), so a page
    # that draws itself again on this push shows every game of the round.
    live.progress(tournament_id)


def busy_entrants(tournament: Tournament) -> set[int]:
    """The entrants of a tournament in a game now (made and not yet over)."""
    busy: set[int] = set()
    unfinished = tournament.games.exclude(status__in=[Status.DONE, Status.ABANDONED])
    for seating in unfinished.values_list("seating", flat=True):
        busy.update(seating)
    return busy


def free_entrants(tournament: Tournament, busy: set[int]) -> list[int]:
    """The entrants an arena may pair now: not in a game, and neither paused nor
    withdrawn (``Entry.State``)."""
    active = tournament.entries.filter(state=Entry.State.ACTIVE)
    return sorted(set(active.values_list("index", flat=True)) - busy)


def pair_arena(tournament_id: int) -> int:
    """An arena: while its window is open, pair everyone free now (``Arena.pair_free``)
    and start their matches; once it has closed, finish it when the last game is over.
    Under the tournament's row lock, so two games ending at once pair each person once.
    Returns the games made."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.status != Tournament.Status.RUNNING or tournament.ends_at is None:
            return 0
        if not tournament.window_open:
            transaction.on_commit(lambda: finish(tournament_id))
            return 0
        entrants = tournament.entries.count()
        last = tournament.games.order_by("-pairing").values_list("pairing", flat=True).first()
        busy = busy_entrants(tournament)
        upcoming = tournament.tournament_format(entrants).pair_free(
            played_so_far(tournament),
            free_entrants(tournament, busy),
            0 if last is None else last + 1,
            # Two who just met wait for the games under way rather than meet again at
            # once; with none under way (the others paused, say), they meet again.
            others_playing=bool(busy),
        )
        if upcoming:
            do_add_games(tournament, [(f, {}) for f in upcoming])
        transaction.on_commit(lambda: _arena_paired(tournament_id))
    return len(upcoming)


def _arena_paired(tournament_id: int) -> None:
    pump(tournament_id)  # the new games become live matches
    live.progress(tournament_id)


#: Waiting games one pump looks at (the rest wait for the next).
PUMP_LIMIT = 500


def pump(tournament_id: int) -> int:
    """Try every waiting game of a running tournament once (games with bots wait for
    them: ``bot_games``); returns how many started."""
    if not Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.RUNNING).exists():
        return 0
    waiting = TournamentGame.objects.filter(
        tournament_id=tournament_id, status=TournamentGame.Status.PENDING, match__isnull=True
    ).order_by("pairing", "number")
    started = 0
    for game_id in list(waiting.values_list("pk", flat=True)[:PUMP_LIMIT]):
        if play_game(game_id) in ("live", "forfeit"):
            started += 1
    return started
