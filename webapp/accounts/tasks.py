"""Housekeeping of login state, run by Celery beat (see webapp.accounts.schedules)."""

from __future__ import annotations

from importlib import import_module

from celery import shared_task
from django.conf import settings
from django.utils import timezone


@shared_task(ignore_result=True, soft_time_limit=120, time_limit=180)
def clear_expired_sessions() -> int:
    """Delete the sessions past their expiry date: guests who never came back, people who
    closed the tab without signing out. Idempotent (a second run finds none); returns how
    many went, when the session engine can tell."""
    engine = import_module(settings.SESSION_ENGINE)
    store = engine.SessionStore
    if hasattr(store, "get_model_class"):  # database-backed sessions: one DELETE
        deleted, _ = store.get_model_class().objects.filter(expire_date__lt=timezone.now()).delete()
        return deleted
    store.clear_expired()  # other engines expire on their own or clean up here
    return 0
