"""The link in a turn e-mail: signed (django.core.signing) and expiring, so it names one
game for one person and cannot be made up or used for ever. It opens the game; it does
not sign anyone in (a forwarded mail must not hand over an account)."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse

SALT = "dicearena.notify.turn-link"


def make(match_id: int, user_id: int) -> str:
    """The path of the link (the mail puts the site's address in front)."""
    token = signing.dumps({"m": match_id, "u": user_id}, salt=SALT, compress=True)
    return reverse("notify:open", args=[token])


def read(token: str) -> tuple[int, int]:
    """(match id, user id); ``signing.SignatureExpired`` or ``BadSignature`` if not valid."""
    data = signing.loads(token, salt=SALT, max_age=settings.DICEARENA_TURN_LINK_MAX_AGE_S)
    if not isinstance(data, dict) or not isinstance(data.get("m"), int):
        raise signing.BadSignature("not a turn link")
    return data["m"], int(data.get("u", 0))
