"""One way to install a periodic job for Celery beat (django-celery-beat's database
scheduler): an interval, a task name and an expiry, idempotent and editable in the admin."""

from __future__ import annotations

import json

from django_celery_beat.models import IntervalSchedule, PeriodicTask


def install_every(
    name: str, task: str, every_s: int, expire_s: int, kwargs: dict | None = None
) -> PeriodicTask:
    """Run ``task`` every ``every_s`` seconds; a run that could not start within
    ``expire_s`` seconds (beat or the workers were down) is dropped, not piled up."""
    interval, _ = IntervalSchedule.objects.get_or_create(
        every=every_s, period=IntervalSchedule.SECONDS
    )
    job, _ = PeriodicTask.objects.update_or_create(
        name=name,
        defaults={
            "task": task,
            "interval": interval,
            "expire_seconds": expire_s,
            "kwargs": json.dumps(kwargs or {}),
        },
    )
    return job
