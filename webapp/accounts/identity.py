"""Who is asking: a signed-in user, or a guest known by a key kept in their session.

A seat belongs to an identity string ("user:7" or "guest:<key>"), so guests can play
without signing up and keep their seats for as long as their session lives. A guest key
is made only when a request is about to own something (a new match, a seat): pages that
only show things read the session and never write one, so a cookieless visit or a
crawler stores nothing.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass

GUEST_KEY = "guest_key"
#: The owner key of an outside bot's seats: "bot:<id>" (``webapp.bots``). Here, at the
#: bottom of the apps, so that every part that must tell a bot's seat apart reads it.
BOT_KEY = "bot:"


def is_bot_key(key: str) -> bool:
    """Is this owner key an outside bot's ("bot:<id>")?"""
    return key.startswith(BOT_KEY)


@dataclass(frozen=True)
class Identity:
    key: str
    name: str
    user_id: int | None = None

    @property
    def is_guest(self) -> bool:
        return self.user_id is None

    @property
    def is_bot(self) -> bool:
        """An outside bot (its seats' owner key is "bot:<id>"); it has no user of its own."""
        return is_bot_key(self.key)

    @property
    def group_name(self) -> str:
        """The channel group of every open page of this person (``/ws/me/``)."""
        return person_group(self.key)


def person_group(key: str) -> str:
    """The channel group of an owner key's open pages: "me-user-7", "me-guest-<key>"
    (a group name may hold letters, digits, hyphens, underscores and dots)."""
    return "me-" + key.replace(":", "-")


def ensure_guest_key(session) -> str:
    if not session.get(GUEST_KEY):
        session[GUEST_KEY] = secrets.token_urlsafe(12)
    return session[GUEST_KEY]


def owner_identity(request) -> Identity:
    """The identity a request acts as when it is about to own something; a guest without
    a key gets one now (the session is saved with the response)."""
    if not request.user.is_authenticated:
        ensure_guest_key(request.session)
    return identity_of(request.user, request.session)


def identity_of(user, session) -> Identity | None:
    """The identity of a request or a WebSocket scope; None if it has no session yet."""
    if user is not None and user.is_authenticated:
        return Identity(key=f"user:{user.pk}", name=user.get_username(), user_id=user.pk)
    guest = session.get(GUEST_KEY) if session is not None else None
    if not guest:
        return None
    return Identity(key=f"guest:{guest}", name=f"Guest {guest[:4]}")


def address_of(request) -> str:
    """Where a request comes from, as limits count it: the peer's IPv4 address, or the
    /64 network of an IPv6 one (what one subscriber is handed, so hopping between its
    addresses gains nothing). The web server believes ``X-Forwarded-For`` only from
    the proxies ``FORWARDED_ALLOW_IPS`` names (none by default: ``launcher.proxy_argv``),
    so the peer is the visitor behind a named proxy and no client picks its own."""
    peer = request.META.get("REMOTE_ADDR", "") if request is not None else ""
    try:
        ip = ipaddress.ip_address(peer)
    except ValueError:
        return peer or "unknown"
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(getattr(ip, "ipv4_mapped", None) or ip)
