"""Celery task of turn e-mails: takes ids, idempotent (one row per match, seat and
position), retried a few times when the mail server is away."""

from __future__ import annotations

from celery import shared_task

from webapp.notify.mail import send_turn_mail


@shared_task(
    bind=True,
    acks_late=True,
    soft_time_limit=30,
    time_limit=60,
    ignore_result=True,
    max_retries=5,
)
def turn_mail(self, match_id: int, seat: int, ply: int) -> str:
    try:
        return send_turn_mail(match_id, seat, ply)
    except OSError as exc:  # the SMTP server refused or is down: try again later
        raise self.retry(exc=exc, countdown=60) from exc
