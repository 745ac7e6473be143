"""Celery tasks of bots' clocks. They take ids and are idempotent: a deadline whose move
arrived in time, or that was already flagged, does nothing."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from webapp.bots import play, signals
from webapp.bots.models import BotSeat


@shared_task(acks_late=True, soft_time_limit=30, time_limit=60, ignore_result=True)
def flag_turn(match_id: int, seat: int, ply: int) -> str:
    """Scheduled at a bot's deadline: play a flagged random move if it is still owed."""
    outcome = play.flag(match_id, seat, ply)
    if isinstance(outcome, float):  # ran a little early: come back at the deadline
        flag_turn.apply_async((match_id, seat, ply), countdown=outcome)
        return "early"
    return outcome


@shared_task(ignore_result=True, soft_time_limit=50, time_limit=60, expires=30)
def sweep() -> dict[str, int]:
    """Run by beat: flag turns past their deadline whose task was lost (a broker
    outage); listeners of ``sweeping`` (tournaments: the games that wait for bots) add
    their counts."""
    flagged = 0
    overdue = BotSeat.objects.filter(
        deadline__lt=timezone.now(), turn_ply__isnull=False, match__status="active"
    ).values_list("match_id", "seat", "turn_ply")
    for match_id, seat, ply in list(overdue[:500]):
        if play.flag(match_id, seat, ply) == "flagged":
            flagged += 1
    counts = {"flagged": flagged}
    for more in signals.sweeping.send():
        counts.update(more or {})
    return counts


@shared_task(acks_late=True, ignore_result=True, soft_time_limit=50, time_limit=60)
def bot_online(bot_id: int) -> None:
    """A bot connected: its listeners (tournaments' waiting games) follow."""
    signals.bot_connected.notify(bot_id=bot_id)
