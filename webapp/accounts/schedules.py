"""The periodic job of the accounts app, installed like the tournaments' (by
``manage.py load_demo``, which `make run` calls; editable in the admin afterwards)."""

from __future__ import annotations

from django_celery_beat.models import IntervalSchedule, PeriodicTask

SESSION_CLEANUP = "Clear expired sessions"


def install_session_cleanup(every_s: int = 24 * 3600) -> PeriodicTask:
    """Once a day, delete expired sessions, so the table holds only live visitors.
    A run that could not start within an hour (beat or the workers were down) is
    dropped: the next day's run deletes the same rows."""
    interval, _ = IntervalSchedule.objects.get_or_create(
        every=every_s, period=IntervalSchedule.SECONDS
    )
    task, _ = PeriodicTask.objects.update_or_create(
        name=SESSION_CLEANUP,
        defaults={
            "task": "webapp.accounts.tasks.clear_expired_sessions",
            "interval": interval,
            "expire_seconds": min(every_s, 3600),
        },
    )
    return task
