"""Connections per minute per bot token, across every web process (a counter in Redis).
Frames per second on one socket are the consumer's token bucket (``FrameBudget``)."""

from __future__ import annotations

import time

import redis
from django.conf import settings

_redis: redis.Redis | None = None


def _client() -> redis.Redis:
    global _redis
    if _redis is None:
        _redis = redis.Redis.from_url(settings.REDIS_URL)
    return _redis


def connect_allowed(bot_id: int) -> bool:
    """At most DICEARENA_BOT_CONNECTS_PER_MIN connections a minute per bot; a Redis
    that cannot be reached lets the connection through rather than lock every bot out."""
    window = int(time.time() // 60)
    prefix = settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]
    key = f"{prefix}:bot-connects:{bot_id}:{window}"
    try:
        pipe = _client().pipeline()
        pipe.incr(key)
        pipe.expire(key, 120)
        count, _ = pipe.execute()
    except redis.RedisError:
        return True
    return count <= settings.DICEARENA_BOT_CONNECTS_PER_MIN
