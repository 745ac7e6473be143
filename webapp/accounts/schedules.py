"""The periodic job of the accounts app, installed like the tournaments' (by
``manage.py load_demo``, which `make run` calls; editable in the admin afterwards)."""

from __future__ import annotations

from django_celery_beat.models import PeriodicTask

from webapp.periodic import install_every

SESSION_CLEANUP = "Clear expired sessions"


def install_session_cleanup(every_s: int = 24 * 3600) -> PeriodicTask:
    """Once a day, delete expired sessions, so the table holds only live visitors. A run
    that could not start within an hour is dropped: the next one deletes the same rows."""
    return install_every(
        SESSION_CLEANUP,
        "webapp.accounts.tasks.clear_expired_sessions",
        every_s,
        expire_s=min(every_s, 3600),
    )
