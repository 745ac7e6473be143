"""Sign-in throttling: too many failed sign-ins for one account from one address, or
from one address at all, and further attempts from there are refused for a while
without the password even being checked.

An account is counted together with the address trying it, never alone: an attacker
guessing from one address locks only themselves out, and the owner signing in from
anywhere else gets in (before this, five wrong passwords locked any public username,
admins included, for everyone). Guessing from many addresses is slowed by each
address's own limit (an IPv6 /64 counts as one address, ``identity.address_of``).

Failures are counted in Redis (shared by every web process) in a window that starts with
the first failure and expires on its own, so nothing needs cleaning up. A successful
sign-in clears its account's count at that address, not the address's: an attacker
cannot reset the address count by signing in to an account of their own.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from functools import cache

import redis
from django.conf import settings

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limit:
    scope: str  # "account" (with the address trying it) or "address"
    failures: int  # failures allowed in one window
    window_s: int
    message: str  # for people; {minutes} is filled in


def limits() -> list[Limit]:
    per_account, per_address, window_s = settings.DICEARENA_LOGIN_THROTTLE
    return [
        Limit(
            "account",
            per_account,
            window_s,
            "Too many failed sign-ins for this account from your address. Try again in {minutes}.",
        ),
        Limit(
            "address",
            per_address,
            window_s,
            "Too many failed sign-ins from your address. Try again in {minutes}.",
        ),
    ]


@cache
def _client(url: str) -> redis.Redis:
    # Short timeouts: a sign-in must not hang on a Redis that is down.
    return redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)


def _key(limit: Limit, value: str) -> str:
    digest = hashlib.sha256(value.casefold().encode()).hexdigest()[:32]
    return f"{settings.DICEARENA_REDIS_PREFIX}:login-failures:{limit.scope}:{digest}"


def _values(username: str, address: str) -> dict[str, str]:
    # NUL cannot be in an address: "ab" at "c" and "a" at "bc" never share a count.
    return {"account": f"{username or ''}\0{address or ''}", "address": address or ""}


def refusal(username: str, address: str) -> str | None:
    """Why this sign-in is refused now, or None if it may be tried."""
    values = _values(username, address)
    try:
        client = _client(settings.REDIS_URL)
        for limit in limits():
            key = _key(limit, values[limit.scope])
            count = int(client.get(key) or 0)
            if count >= limit.failures:
                wait_s = max(client.ttl(key), 1)
                return limit.message.format(minutes=_minutes(wait_s))
    except redis.RedisError:
        # Sign-ins stay possible while Redis is away; the outage is logged.
        log.warning("login throttle unavailable; sign-in allowed", exc_info=True)
    return None


def record_failure(username: str, address: str) -> None:
    values = _values(username, address)
    try:
        pipe = _client(settings.REDIS_URL).pipeline()
        for limit in limits():
            key = _key(limit, values[limit.scope])
            # The window starts with the first failure; INCR keeps the expiry.
            pipe.set(key, 0, ex=limit.window_s, nx=True)
            pipe.incr(key)
        pipe.execute()
    except redis.RedisError:
        log.warning("login throttle unavailable; failure not counted", exc_info=True)


def record_success(username: str, address: str) -> None:
    account = next(limit for limit in limits() if limit.scope == "account")
    try:
        _client(settings.REDIS_URL).delete(_key(account, _values(username, address)["account"]))
    except redis.RedisError:
        log.warning("login throttle unavailable", exc_info=True)


def _minutes(seconds: int) -> str:
    minutes = -(-seconds // 60)
    return "1 minute" if minutes == 1 else f"{minutes} minutes"
