"""Connections per minute per bot token, across every web process (a counter in Redis).
Frames per second on one socket are the consumer's token bucket (``FrameBudget``)."""

from __future__ import annotations

import redis
from django.conf import settings

from webapp import counters


def connect_allowed(bot_id: int) -> bool:
    """At most DICEARENA_BOT_CONNECTS_PER_MIN connections a minute per bot; a Redis
    that cannot be reached lets the connection through rather than lock every bot out."""
    try:
        return counters.take(
            f"bot-connects:{bot_id}", settings.DICEARENA_BOT_CONNECTS_PER_MIN, "minute"
        )
    except redis.RedisError:
        return True
