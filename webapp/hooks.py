"""A tiny hook registry: an app announces what happened, other apps listen.

The announcing app defines a ``Hook`` next to the code that fires it and never imports
its listeners; listening apps connect in their ``listeners`` module, which
``ListeningApp.ready`` loads. So imports run one way, from the listener to the announcer, and
``matches`` needs no knowledge of bots, tournaments, ratings or analyses.

A hook's declaration names the apps that listen to it, in the order their listeners
run (``Hook("match_ended", ("leaderboards", "bots", ...))``: ratings first, so a bot's
``match_over`` frame may name its new rating): that one line is the order. Each app
connects at most one listener, at its own position (the app whose code the listener is;
``at=`` says it otherwise); ``connect`` refuses an app the declaration does not name and
a second listener at a taken position.

Once every ``ListeningApp`` is ready (the last one's ``ready``), ``check_listeners``
raises ``ImproperlyConfigured`` for a hook that misses a listener of an app it names —
an app left out of ``INSTALLED_APPS``, or whose ``AppConfig`` does not load its
listeners — so ``manage.py`` (``make run`` migrates through it), the workers, the web
server and the tests fail at start-up instead of, say, never queueing an AI's move. A
hook declared ``optional=True`` (a question whose askers do without an answer) may go
unheard; a required one fired while a listener is missing raises too (a hook declared in
a module imported after the start-up check).

Two ways to fire:
- ``send`` inside the announcer's transaction: a listener's exception propagates (a
  refusal such as a bot's challenge limit must undo the whole change);
- ``notify`` after the commit (``notify_on_commit``): the change is stored whatever a
  listener does, so each listener's failure is logged and the others still run.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable, Iterable, Sequence
from importlib import import_module
from typing import Any

from django.apps import AppConfig, apps
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction

log = logging.getLogger(__name__)


class ListeningApp(AppConfig):
    """An app that listens: its ``listeners`` module connects it to the hooks of the
    apps it listens to. Django calls ``ready`` once every model is loaded, the first
    moment that module may be imported; so it is loaded here, by name, for every such
    app alike, and no app imports another's code from inside a function. (An app's
    ``apps.py`` subclasses it as ``hooks.ListeningApp``: a second AppConfig class in
    that module would make Django pick neither.) The last of them to be ready checks
    that every hook has its listeners (``check_listeners``)."""

    def ready(self) -> None:
        import_module(f"{self.name}.listeners")
        listening = [c for c in apps.get_app_configs() if isinstance(c, ListeningApp)]
        if listening[-1] is self:
            check_listeners()


Listener = Callable[..., Any]

#: Every hook declared (test hooks go when they are no longer used).
_declared: weakref.WeakSet[Hook] = weakref.WeakSet()


def _app_of(listener: Listener) -> str:
    config = apps.get_containing_app_config(listener.__module__)
    if config is None:
        raise ImproperlyConfigured(
            f"{listener.__module__}.{listener.__qualname__} belongs to no installed app: "
            "connect it with at=<the app's label>"
        )
    return config.label


class Hook:
    def __init__(self, name: str, order: Sequence[str], *, optional: bool = False) -> None:
        """``order``: the labels of the apps that listen, in the order their listeners
        run. ``optional``: the hook may go unheard (else each of them must listen)."""
        if len(set(order)) != len(order):
            raise ImproperlyConfigured(f"hook {name} names an app twice: {list(order)}")
        self.name = name
        self.order = tuple(order)
        self.optional = optional
        self._at: dict[str, tuple[str, Listener]] = {}
        _declared.add(self)

    def connect(self, listener: Listener, at: str | None = None) -> Listener:
        """Add ``listener`` at the position of its app (``at``: the app's label; by
        default the app its module belongs to). Connecting the same function again
        keeps one; another listener at a taken position, or an app the declaration does
        not name, is refused."""
        position = at or _app_of(listener)
        key = f"{listener.__module__}.{listener.__qualname__}"
        if position not in self.order:
            raise ImproperlyConfigured(
                f"{key} listens to hook {self.name} as {position!r}, which its "
                f"declaration does not name (it names {list(self.order)})"
            )
        taken = self._at.get(position)
        if taken is not None and taken[0] != key:
            raise ImproperlyConfigured(
                f"{key} listens to hook {self.name} at {position!r}, where {taken[0]} "
                "listens already"
            )
        self._at[position] = (key, listener)
        return listener

    def missing(self) -> list[str]:
        """The apps named in the declaration that have no listener connected."""
        return [app for app in self.order if app not in self._at]

    def listeners(self) -> list[Listener]:
        """The listeners, in the declared order."""
        return [self._at[app][1] for app in self.order if app in self._at]

    def _heard(self) -> list[Listener]:
        if not self.optional and len(self._at) < len(self.order):
            raise ImproperlyConfigured(_missing_text(self))
        return self.listeners()

    def send(self, **kwargs: Any) -> list[Any]:
        """Call every listener in order; exceptions propagate. Returns their results."""
        return [listener(**kwargs) for listener in self._heard()]

    def notify(self, **kwargs: Any) -> None:
        """Call every listener; one that fails is logged and the rest still run."""
        for listener in self._heard():
            try:
                listener(**kwargs)
            except Exception:
                log.exception("a listener of %s failed (%s)", self.name, kwargs)

    def notify_on_commit(self, **kwargs: Any) -> None:
        transaction.on_commit(lambda: self.notify(**kwargs))

    def __repr__(self) -> str:
        return f"Hook({self.name!r}, {len(self._at)}/{len(self.order)} listeners)"


def _missing_text(hook: Hook) -> str:
    """One line per app that the hook expects to listen and that does not."""
    lines = []
    for label in hook.missing():
        try:
            name = apps.get_app_config(label).name
        except LookupError:
            why = f"no app {label!r} is in INSTALLED_APPS"
        else:
            why = (
                f"does {name}'s AppConfig (a hooks.ListeningApp) load {name}.listeners, "
                f"and does that connect to {hook.name}?"
            )
        lines.append(f"hook {hook.name} has no listener from app {label!r}: {why}")
    return "\n".join(lines)


def check_listeners(hooks: Iterable[Hook] | None = None) -> None:
    """Raise ``ImproperlyConfigured`` naming each required hook (of ``hooks``, else of
    every hook declared) and the apps whose listener it misses."""
    chosen = sorted(_declared if hooks is None else hooks, key=lambda hook: hook.name)
    problems = [_missing_text(hook) for hook in chosen if not hook.optional and hook.missing()]
    if problems:
        raise ImproperlyConfigured("\n".join(problems))
