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
