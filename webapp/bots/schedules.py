"""The bots' periodic sweep, installed after every migrate (beat runs it)."""

from __future__ import annotations

from django_celery_beat.models import IntervalSchedule, PeriodicTask

SWEEP_NAME = "Flag overdue bot moves and start tournament games waiting for bots"


def install_sweep(every_s: int = 10) -> PeriodicTask:
    interval, _ = IntervalSchedule.objects.get_or_create(
        every=every_s, period=IntervalSchedule.SECONDS
    )
    task, _ = PeriodicTask.objects.update_or_create(
        name=SWEEP_NAME,
        defaults={
            "task": "webapp.bots.tasks.sweep",
            "interval": interval,
            "expire_seconds": every_s,
        },
    )
    return task
