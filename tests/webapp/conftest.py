"""Fixtures the web tests share."""

import pytest


@pytest.fixture
def guest(client):
    """A test client that has visited the site once: it holds a guest key."""
    client.get("/")
    return client


@pytest.fixture
def no_workers(monkeypatch):
    """No AI move is queued for a worker: for tests about pages and services, where AI
    moves are the worker tests' business (``pytest.mark.usefixtures("no_workers")``)."""
    from webapp.matches import services

    monkeypatch.setattr(services, "schedule_ai", lambda match_id: None)


@pytest.fixture
def frozen_minute(monkeypatch):
    """Every request of a test in one window of the quotas (``webapp.counters`` counts per
    clock minute): a test that straddles a minute's edge, as a slow one on a busy machine
    may, would otherwise see its counts start again halfway."""
    from django.utils import timezone

    from webapp import counters

    moment = timezone.now()
    monkeypatch.setattr(counters.timezone, "now", lambda: moment)
