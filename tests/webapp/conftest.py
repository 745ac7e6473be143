"""Fixtures the web tests share."""

import pytest


@pytest.fixture(autouse=True)
def no_cached_figures_outlive_their_rows():
    """Django's cache (per process, in memory) keeps figures read from rows, such as a
    lobby's level ratings; the next test's database has other rows, so it starts with
    an empty cache, as a site starts with one after its database is replaced."""
    yield
    from django.core.cache import cache

    cache.clear()


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
