"""Pushes to the pages that follow the open seeks (the seeks page, on its person socket:
``webapp.notify.consumers``). Called only after a commit: the list changed (a seek
posted, joined, taken or cancelled), and each page fetches its rows again."""

from __future__ import annotations

from django.db import transaction

from webapp import push

#: The channel group of every page that follows the open seeks.
SEEKS_GROUP = "seeks"


def seeks_changed() -> None:
    push.push(SEEKS_GROUP, {"type": "seeks.changed"})


def after_commit() -> None:
    """Arrange the push for when the current transaction commits."""
    transaction.on_commit(seeks_changed)
