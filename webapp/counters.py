"""The app's own Redis client (one per process) and the quotas counted in it.

A quota is a fixed window: a counter per clock minute or hour, created on the first
request of the window and expiring after it, so nothing needs cleaning up and every
web and worker process counts against the same figure. A request may count more than
one (``amount``: worker-seconds, say) and against several quotas at once (a person's,
their address's, the site's): admitted by all, or charged to none.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

import redis
from django.conf import settings
from django.utils import timezone
from kombu.exceptions import OperationalError

_client: redis.Redis | None = None

#: Window names and how a moment is labelled in each (and how long a counter lives).
WINDOWS = {"minute": ("%Y%m%d%H%M", 120), "hour": ("%Y%m%d%H", 3700)}


def client() -> redis.Redis:
    global _client
    if _client is None:
        _client = redis.Redis.from_url(
            settings.REDIS_URL,
            socket_timeout=settings.CELERY_REDIS_SOCKET_TIMEOUT,
            socket_connect_timeout=settings.CELERY_REDIS_SOCKET_CONNECT_TIMEOUT,
            health_check_interval=settings.CELERY_REDIS_BACKEND_HEALTH_CHECK_INTERVAL,
        )
    return _client


T = TypeVar("T")
log = logging.getLogger(__name__)

#: How long work that must reach Redis (queueing the next AI move) is tried again while
#: Redis is away: a restart takes a few seconds, and a move stored meanwhile must not
#: leave its match waiting for the sweeps. Past that the error is raised.
KEEP_TRYING_S = 15.0
#: Pauses between tries, the last one repeated.
RETRY_PAUSES_S = (0.1, 0.25, 0.5, 1.0)
#: What "Redis is away" looks like, from redis-py and from Celery's publishing.
AWAY = (redis.ConnectionError, redis.TimeoutError, OperationalError)


def keep_trying(action: Callable[[], T], for_s: float = KEEP_TRYING_S) -> T:
    """``action()``, tried again while Redis cannot be reached, for up to ``for_s``."""
    started = time.monotonic()
    for attempt in range(10_000):
        try:
            return action()
        except AWAY:
            if time.monotonic() - started > for_s:
                raise
            if attempt == 0:
                log.warning("Redis is away; trying again for up to %.0f s", for_s)
            time.sleep(RETRY_PAUSES_S[min(attempt, len(RETRY_PAUSES_S) - 1)])
    raise AssertionError("unreachable")  # pragma: no cover


def key(*parts: object) -> str:
    """A key of this app's in Redis: its parts after the app's prefix (the queue's name,
    so two sites sharing a Redis never share a count)."""
    return ":".join([settings.CELERY_TASK_DEFAULT_QUEUE, *map(str, parts)])


def quota_key(name: str, window: str, moment: datetime | None = None) -> str:
    """The counter of the ``window`` ("minute" or "hour") holding ``moment`` (now by
    default) for quota ``name``."""
    label = (moment or timezone.now()).strftime(WINDOWS[window][0])
    return key(name, label)


def seconds_left(window: str, moment: datetime) -> int:
    """Whole seconds from ``moment`` until its ``window`` ends (when a refused request
    may be tried again); windows start on the minute or the hour, UTC."""
    length = {"minute": 60, "hour": 3600}[window]
    return max(1, math.ceil(length - moment.timestamp() % length))


@dataclass(frozen=True)
class Over:
    """A refused charge: the first quota it would have taken past its limit, and the
    seconds until its window ends."""

    name: str
    wait_s: int


def charge(quotas: Sequence[tuple[str, int]], window: str, amount: int = 1) -> Over | None:
    """Count ``amount`` against every quota ``(name, limit)`` of the current ``window``.
    None if all stay within their limits; otherwise nothing stays counted and the
    answer names the quota that was full."""
    moment = timezone.now()  # once: two readings of the clock may straddle windows
    keys = [quota_key(name, window, moment) for name, _limit in quotas]
    pipe = client().pipeline()
    for key in keys:
        pipe.incrby(key, amount)
        pipe.expire(key, WINDOWS[window][1])
    counts = pipe.execute()[::2]
    full = [name for count, (name, limit) in zip(counts, quotas, strict=True) if count > limit]
    if not full:
        return None
    # Refused: give it all back, so a refused request never uses up anyone's quota.
    pipe = client().pipeline()
    for key in keys:
        pipe.decrby(key, amount)
    pipe.execute()
    return Over(full[0], seconds_left(window, moment))


def take(name: str, limit: int, window: str) -> bool:
    """Count one against quota ``name``; False (and not counted) once ``limit`` were
    taken in the current window."""
    return charge([(name, limit)], window) is None
