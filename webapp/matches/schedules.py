"""The periodic job of live matches that `make run` installs (editable in the admin)."""

from __future__ import annotations

from django_celery_beat.models import IntervalSchedule, PeriodicTask

IDLE_SWEEP = "Settle idle live matches (lost on time or aborted)"


def install_idle_sweep(every_s: int = 60) -> PeriodicTask:
    interval, _ = IntervalSchedule.objects.get_or_create(
        every=every_s, period=IntervalSchedule.SECONDS
    )
    task, _ = PeriodicTask.objects.update_or_create(
        name=IDLE_SWEEP,
        defaults={
            "task": "webapp.matches.tasks.sweep_idle_matches",
            "interval": interval,
            # A sweep that could not start within its minute is skipped, not stacked.
            "expire_seconds": every_s,
        },
    )
    return task
