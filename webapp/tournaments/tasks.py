"""Tournament tasks. They take ids, re-read the database and are idempotent.

Fan-out: ``start_tournament`` queues up to ``DICEARENA_TOURNAMENT_TASKS`` copies of
``play_games``; each claims batches of pending games until none are left, so the work
spreads over every worker process that listens, whatever the games weigh. A task plays
for at most ``SLICE_S`` and then queues its own continuation, so tasks stay short and
tournaments take turns. The last stored game finishes the tournament; the sweep hands
the games of a dead worker (no beat) to the others.
"""

from __future__ import annotations

import logging
import math
import time
from datetime import UTC, datetime, timedelta

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils import timezone

from webapp.accounts.identity import Identity
from webapp.errors import Rejected
from webapp.tournaments import live, people, playing
from webapp.tournaments.models import Tournament, TournamentGame
from webapp.tournaments.services import Invalid, TournamentPlan, create_tournament

log = logging.getLogger(__name__)

#: Seconds one ``play_games`` task claims new batches for before handing over.
SLICE_S = 30.0
#: A game whose workers died this many times is abandoned instead of tried again.
MAX_ATTEMPTS = 3
#: A running tournament with pending games and no beat for this long lost its queued
#: tasks (a broker without persistence restarted, say): queue them again.
STALLED_S = 300

# The longest a play_games task may run: its slice, then one more game at the per-game
# limit, then storing. The broker's visibility timeout is set above this.
PLAY_SOFT_LIMIT_S = int(SLICE_S + settings.DICEARENA_TOURNAMENT_GAME_S + 60)


def fan_out(tournament_id: int, pending: int) -> int:
    tasks = max(0, min(pending, settings.DICEARENA_TOURNAMENT_TASKS))
    for _ in range(tasks):
        play_games.delay(tournament_id)
    return tasks


@shared_task(acks_late=True, soft_time_limit=60, time_limit=90, ignore_result=True)
def start_tournament(tournament_id: int) -> str:
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.status != Tournament.Status.QUEUED:
            return "not queued"
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = timezone.now()
        tournament.save(update_fields=["status", "started_at"])
    pending = tournament.games.filter(status=TournamentGame.Status.PENDING).count()
    live.progress(tournament_id)
    if not pending:
        playing.finish(tournament_id)
        return "nothing to play"
    return f"{fan_out(tournament_id, pending)} tasks for {pending} games"


@shared_task(
    acks_late=True,
    soft_time_limit=PLAY_SOFT_LIMIT_S,
    time_limit=PLAY_SOFT_LIMIT_S + 30,
    ignore_result=True,
)
def play_games(tournament_id: int) -> str:
    """Play batches of one tournament's pending games for up to SLICE_S."""
    try:
        stored = playing.play_for(tournament_id, SLICE_S)
    except playing.Stopped:
        return "stopped: the tournament is over"
    except SoftTimeLimitExceeded:
        log.error("tournament %s: a batch ran past its time limit", tournament_id)
        return "time limit"
    left = TournamentGame.objects.filter(
        tournament_id=tournament_id, status=TournamentGame.Status.PENDING
    ).exists()
    tournament = Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.RUNNING)
    # Bot tournaments wait for their bots: the bots' connections and sweep start them.
    if left and tournament.exists() and not playing.has_bots(tournament.get()):
        play_games.delay(tournament_id)  # hand over: other work gets its turn
    return f"stored {stored}"


@shared_task(ignore_result=True, soft_time_limit=120, time_limit=180, expires=60)
def sweep_stale_games(stale_seconds: int | None = None) -> int:
    """Hand the games of dead workers to others: a running game without a beat for
    ``DICEARENA_STALE_GAME_S`` goes back to pending (or, after MAX_ATTEMPTS, is
    abandoned) and the tournament's tasks are queued again. Safe to run any time: a
    game is stored once whoever plays it. Returns the games handed over."""
    stale = settings.DICEARENA_STALE_GAME_S if stale_seconds is None else stale_seconds
    now = timezone.now()
    cutoff = now - timedelta(seconds=stale)
    handed = 0
    for tournament in Tournament.objects.filter(status=Tournament.Status.RUNNING):
        dead, given_up = _hand_back(tournament, cutoff)
        handed += dead
        pending = tournament.games.filter(status=TournamentGame.Status.PENDING).count()
        last = tournament.games.aggregate(last=Max("beat_at"))["last"] or tournament.started_at
        stalled = last is None or last < now - timedelta(seconds=min(STALLED_S, stale * 10))
        if pending and (dead or (stalled and not playing.has_bots(tournament))):
            fan_out(tournament.pk, pending)
        elif given_up or not tournament.games.filter(status=TournamentGame.Status.RUNNING).exists():
            playing.finish(tournament.pk)  # every game is in: close it if nobody did
    return handed


def _hand_back(tournament: Tournament, cutoff) -> tuple[int, int]:
    Status = TournamentGame.Status
    with transaction.atomic():
        dead = list(
            tournament.games.select_for_update(skip_locked=True)
            .filter(status=Status.RUNNING, beat_at__lt=cutoff, match__isnull=True)
            .values_list("pk", "attempts")
        )
        give_up = [pk for pk, attempts in dead if attempts >= MAX_ATTEMPTS]
        retry = [pk for pk, attempts in dead if attempts < MAX_ATTEMPTS]
        TournamentGame.objects.filter(pk__in=retry).update(status=Status.PENDING, worker="")
        if give_up:
            TournamentGame.objects.filter(pk__in=give_up).update(
                status=Status.ABANDONED,
                finished_at=timezone.now(),
                stats={"abandoned": f"its worker stopped {MAX_ATTEMPTS} times"},
            )
            Tournament.objects.filter(pk=tournament.pk).update(
                games_done=F("games_done") + len(give_up)
            )
    if dead:
        log.warning("tournament %s: %d games of dead workers handed back", tournament.pk, len(dead))
    return len(dead), len(give_up)


@shared_task(ignore_result=True, soft_time_limit=60, time_limit=90, expires=3000)
def scheduled_tournament(spec: dict, periodic_name: str, every_s: int = 3600) -> str:
    """Run by beat: one tournament per period slot, ever (the slot is a unique key)."""
    slot = int(time.time() // max(1, every_s))
    plan = TournamentPlan(**spec, schedule_key=f"{periodic_name}:{slot}")
    try:
        tournament = create_tournament(plan, created_by=f"schedule:{periodic_name}")
    except Invalid as exc:
        log.error("scheduled tournament %s is invalid: %s", periodic_name, exc)
        return "invalid"
    except IntegrityError:  # the unique slot key: this period already ran
        return "already ran this period"
    return f"tournament {tournament.pk}"


@shared_task(ignore_result=True, soft_time_limit=60, time_limit=90, expires=25)
def start_due_tournaments() -> dict:
    """Scheduled tournaments for people whose time has come start (or are cancelled
    with too few people)."""
    return people.start_due()


@shared_task(ignore_result=True, soft_time_limit=60, time_limit=90, expires=240)
def scheduled_people_tournament(
    spec: dict,
    periodic_name: str,
    every_s: int = 86400,
    open_s: int | None = None,
    lead_s: int | None = None,
    offset_s: int = 0,
) -> str:
    """Run by beat every few minutes: every event of a schedule for people that starts
    within ``lead_s`` seconds is made now (open for entries until its start), so the
    next ones are listed with a countdown well ahead. Events start ``offset_s`` past
    each multiple of ``every_s`` (UTC: the hourly arena on the hour). One per start
    time, ever (its slot key is unique). ``open_s``: the old name of ``lead_s``."""
    every = max(1, every_s)
    lead = lead_s if lead_s is not None else max(open_s or 0, every)
    now = time.time()
    first = math.floor((now - offset_s) / every) + 1  # the next start after now
    last = math.floor((now + lead - offset_s) / every)
    maker = Identity(key=f"{people.SCHEDULE}{periodic_name}", name=periodic_name)
    made = []
    for slot in range(first, last + 1):
        starts = datetime.fromtimestamp(offset_s + slot * every, tz=UTC)
        try:
            tournament = people.create(
                people.PeoplePlan(**spec),
                maker,
                starts_at=starts,
                schedule_key=f"{periodic_name}@{starts:%Y-%m-%dT%H:%M:%SZ}",
            )
        except Rejected as exc:
            log.error("scheduled tournament %s is invalid: %s", periodic_name, exc.message)
            return "invalid"
        except IntegrityError:  # the unique slot key: this start has its event already
            continue
        made.append(tournament.pk)
    if not made:
        return "nothing new to announce"
    return "tournaments " + ", ".join(str(pk) for pk in made)
