"""Tournament tasks. They take ids, re-read the database and are idempotent.

Fan-out: the games go out in chunks to every worker as a chord whose body finalizes
the tournament (with an error callback). The last stored game also finalizes, so a
chunk lost with a dead worker cannot leave a finished tournament open; the sweep
re-queues games whose worker died.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta

from celery import chord, shared_task
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from webapp.tournaments import live, playing
from webapp.tournaments.models import Tournament, TournamentGame

log = logging.getLogger(__name__)


def _chunks(ids: list[int]) -> list[list[int]]:
    size = max(1, settings.DICEARENA_TOURNAMENT_CHUNK)
    return [ids[i : i + size] for i in range(0, len(ids), size)]


@shared_task(acks_late=True, soft_time_limit=120, time_limit=180, ignore_result=True)
def start_tournament(tournament_id: int) -> str:
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.status != Tournament.Status.QUEUED:
            return "not queued"
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = timezone.now()
        tournament.save(update_fields=["status", "started_at"])
    ids = list(
        tournament.games.exclude(status=TournamentGame.Status.DONE)
        .order_by("pairing", "number")
        .values_list("pk", flat=True)
    )
    live.progress(tournament_id)
    if not ids:
        playing.finish(tournament_id)
        return "nothing to play"
    header = [play_chunk.s(tournament_id, chunk) for chunk in _chunks(ids)]
    chord(header)(finalize.si(tournament_id).on_error(tournament_failed.si(tournament_id)))
    return f"queued {len(ids)} games"


@shared_task(bind=True, acks_late=True, soft_time_limit=3000, time_limit=3600)
def play_chunk(self, tournament_id: int, game_ids: list[int], live_workers=None) -> int:
    """Play each game of a chunk that still needs playing."""
    played = 0
    workers = set(live_workers) if live_workers is not None else None
    for game_id in game_ids:
        if Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.CANCELLED).exists():
            break
        if playing.play_game(game_id, workers, self.request.hostname) == "played":
            played += 1
    return played


@shared_task(acks_late=True, soft_time_limit=60, time_limit=90, ignore_result=True)
def finalize(tournament_id: int) -> bool:
    return playing.finish(tournament_id)


@shared_task(ignore_result=True, soft_time_limit=60, time_limit=90)
def tournament_failed(tournament_id: int) -> None:
    """The chord's error callback: a chunk raised. Games stored so far stay; the sweep
    retries the rest, and if every game is in after all, the tournament finishes."""
    log.error("a chunk of tournament %s failed", tournament_id)
    if playing.finish(tournament_id):
        return
    Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.RUNNING).update(
        error="a chunk of games failed; the sweep will retry the games left"
    )
    live.progress(tournament_id)


def live_worker_hosts(timeout: float = 1.0) -> set[str]:
    from webapp.config.celery import app

    replies = app.control.ping(timeout=timeout) or []
    # Replies are [{"<node>": {"ok": "pong"}}]; games record "<node>#<pid>".
    return {name for reply in replies for name in reply}


@shared_task(ignore_result=True, soft_time_limit=120, time_limit=180, expires=300)
def sweep_stale_games(stale_seconds: int | None = None) -> int:
    """Re-queue the unfinished games of running tournaments that stopped progressing
    (their worker died). Safe to run any time: re-queued games that someone else has
    played or is playing are skipped."""
    stale = timedelta(
        seconds=settings.DICEARENA_STALE_GAME_S if stale_seconds is None else stale_seconds
    )
    cutoff = timezone.now() - stale
    hosts = sorted(live_worker_hosts())
    requeued = 0
    for tournament in Tournament.objects.filter(status=Tournament.Status.RUNNING):
        games = tournament.games.exclude(status=TournamentGame.Status.DONE)
        recent = tournament.games.filter(finished_at__gt=cutoff).exists()
        orphans = [
            g.pk
            for g in games
            if g.status == TournamentGame.Status.RUNNING
            and (playing.node_of(g.worker) not in hosts or (g.started_at and g.started_at < cutoff))
        ]
        stalled = not recent and (tournament.started_at or timezone.now()) < cutoff
        ids = [g.pk for g in games] if stalled else orphans
        for chunk in _chunks(ids):
            play_chunk.delay(tournament.pk, chunk, hosts)
        requeued += len(ids)
    return requeued


@shared_task(ignore_result=True, soft_time_limit=60, time_limit=90, expires=3000)
def scheduled_tournament(spec: dict, periodic_name: str, every_s: int = 3600) -> str:
    """Run by beat: one tournament per period slot, ever (the slot is a unique key)."""
    from webapp.tournaments.services import Invalid, TournamentPlan, create_tournament

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
