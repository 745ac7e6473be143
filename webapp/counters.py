"""The app's own Redis client (one per process) and site-wide quotas counted in it.

A quota is a fixed window: a counter per clock minute or hour, created on the first
request of the window and expiring after it, so nothing needs cleaning up and every
web and worker process counts against the same figure.
"""

from __future__ import annotations

import redis
from django.conf import settings
from django.utils import timezone

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


def quota_key(name: str, window: str) -> str:
    """The counter of the current ``window`` ("minute" or "hour") for quota ``name``."""
    label = timezone.now().strftime(WINDOWS[window][0])
    return f"{settings.CELERY_TASK_DEFAULT_QUEUE}:{name}:{label}"


def take(name: str, limit: int, window: str) -> bool:
    """Count one against quota ``name``; False once more than ``limit`` were taken in
    the current window."""
    key = quota_key(name, window)  # once: two readings of the clock may straddle windows
    pipe = client().pipeline()
    pipe.incr(key)
    pipe.expire(key, WINDOWS[window][1])
    count, _ = pipe.execute()
    return int(count) <= limit
