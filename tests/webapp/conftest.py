"""Fixtures the web tests share."""

import pytest


@pytest.fixture
def guest(client):
    """A test client that has visited the site once: it holds a guest key."""
    client.get("/")
    return client
