from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class ApiToken(models.Model):
    """A bearer token for the JSON API. Only its SHA-256 is kept; the token itself is
    shown once, when it is made."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tokens"
    )
    name = models.CharField(max_length=80, default="script")
    digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    @classmethod
    def issue(cls, user, name: str = "script") -> tuple[ApiToken, str]:
        token = "da_" + secrets.token_urlsafe(30)
        row = cls.objects.create(user=user, name=name[:80], digest=_digest(token), prefix=token[:8])
        return row, token

    @classmethod
    def find(cls, token: str) -> ApiToken | None:
        if not token or len(token) > 200:
            return None
        return cls.objects.select_related("user").filter(digest=_digest(token)).first()


class Preferences(models.Model):
    """What a person wants to hear about their games; made with the defaults the first
    time it is read (``for_user``)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    #: An e-mail when a correspondence game waits for your move.
    email_on_turn = models.BooleanField(default=True)
    #: "(1) Your turn" in the browser tab's title.
    title_badge = models.BooleanField(default=True)
    #: A short sound on every open page when a new game of theirs starts (a seek taken,
    #: a pairing, a rematch accepted): guests keep the same choice in their browser.
    new_game_sound = models.BooleanField(default=True)

    @classmethod
    def for_user(cls, user) -> Preferences:
        """The user's preferences; the defaults (unsaved) until they change them."""
        found = cls.objects.filter(user=user).first()
        return found or cls(user=user)

    @classmethod
    def for_user_id(cls, user_id: int) -> Preferences:
        """The same from the user's id (a socket knows no more)."""
        found = cls.objects.filter(user_id=user_id).first()
        return found or cls(user_id=user_id)
