"""Rate limits per bot token: frames per second on a socket (a token bucket in the
consumer) and connections per minute across every web process (a counter in Redis)."""

from __future__ import annotations

import time

import redis
from django.conf import settings

_redis: redis.Redis | None = None


class Bucket:
    """``rate`` frames a second on average, bursts up to ``burst``."""

    def __init__(self, rate: float, burst: float, clock=time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.at = burst, clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


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
