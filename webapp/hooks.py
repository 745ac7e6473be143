"""A tiny hook registry: an app announces what happened, other apps listen.

The announcing app defines a ``Hook`` next to the code that fires it and never imports
its listeners; listening apps connect in their ``listeners`` module, which
``ListeningApp.ready`` loads. So imports run one way, from the listener to the announcer, and
``matches`` needs no knowledge of bots, tournaments, ratings or analyses.

Two ways to fire:
- ``send`` inside the announcer's transaction: a listener's exception propagates (a
  refusal such as a bot's challenge limit must undo the whole change);
- ``notify`` after the commit (``notify_on_commit``): the change is stored whatever a
  listener does, so each listener's failure is logged and the others still run.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from importlib import import_module
from typing import Any

from django.apps import AppConfig
from django.db import transaction

log = logging.getLogger(__name__)


class ListeningApp(AppConfig):
    """An app that listens: its ``listeners`` module connects it to the hooks of the
    apps it listens to. Django calls ``ready`` once every model is loaded, the first
    moment that module may be imported; so it is loaded here, by name, for every such
    app alike, and no app imports another's code from inside a function. (An app's
    ``apps.py`` subclasses it as ``hooks.ListeningApp``: a second AppConfig class in
    that module would make Django pick neither.)"""

    def ready(self) -> None:
        import_module(f"{self.name}.listeners")


Listener = Callable[..., Any]


class Hook:
    def __init__(self, name: str) -> None:
        self.name = name
        self._listeners: list[tuple[int, str, Listener]] = []

    def connect(self, listener: Listener, order: int = 50) -> Listener:
        """Add a listener (lower ``order`` runs first; ratings before analyses, say).
        Connecting the same function twice keeps one."""
        key = f"{listener.__module__}.{listener.__qualname__}"
        self._listeners = [entry for entry in self._listeners if entry[1] != key]
        self._listeners.append((order, key, listener))
        self._listeners.sort(key=lambda entry: entry[0])
        return listener

    def listeners(self) -> list[Listener]:
        return [listener for _, _, listener in self._listeners]

    def send(self, **kwargs: Any) -> list[Any]:
        """Call every listener in order; exceptions propagate. Returns their results."""
        return [listener(**kwargs) for listener in self.listeners()]

    def notify(self, **kwargs: Any) -> None:
        """Call every listener; one that fails is logged and the rest still run."""
        for listener in self.listeners():
            try:
                listener(**kwargs)
            except Exception:
                log.exception("a listener of %s failed (%s)", self.name, kwargs)

    def notify_on_commit(self, **kwargs: Any) -> None:
        transaction.on_commit(lambda: self.notify(**kwargs))

    def __repr__(self) -> str:
        return f"Hook({self.name!r}, {len(self._listeners)} listeners)"
