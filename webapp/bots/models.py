"""Outside bots: accounts with a hashed token, their seats and clocks in matches, and
the time control of tournaments they enter."""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone

from webapp.accounts.identity import BOT_KEY
from webapp.matches.models import Match

#: A bot's name is shown on leaderboards and written into entrant lists as ``bot:<name>``.
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$")
TOKEN_PREFIX = "dab_"


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Bot(models.Model):
    """An outside AI that connects to ``/ws/bot/`` with its token.

    Only the token's SHA-256 is kept; the token is shown once, when it is made or
    rotated. A revoked bot has no digest, so no token opens its socket until it is
    rotated again.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bots"
    )
    name = models.CharField(max_length=40, unique=True)
    games = models.JSONField(default=list)  # game slugs it plays
    description = models.CharField(max_length=500, blank=True, default="")
    accepts_challenges = models.BooleanField(default=True)
    token_digest = models.CharField(max_length=64, unique=True, null=True, blank=True)
    token_prefix = models.CharField(max_length=12, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    token_made_at = models.DateTimeField(null=True, blank=True)
    #: The channel of the socket that speaks for the bot now ("" when none).
    channel = models.CharField(max_length=200, blank=True, default="")
    seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            # "Alpha" and "alpha" would be one entrant to a reader of a leaderboard.
            models.UniqueConstraint(Lower("name"), name="unique_bot_name_any_case"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def spec(self) -> str:
        """How tournaments name it among the agents' spec strings."""
        return f"bot:{self.name}"

    @property
    def identity_key(self) -> str:
        """The owner key of its seats (people's seats hold "user:<id>" or "guest:<key>")."""
        return f"{BOT_KEY}{self.pk}"

    @property
    def revoked(self) -> bool:
        return not self.token_digest

    @property
    def online(self) -> bool:
        if not self.channel or self.seen_at is None:
            return False
        return timezone.now() - self.seen_at < timedelta(seconds=settings.DICEARENA_BOT_ONLINE_S)

    def plays(self, game: str) -> bool:
        return game in self.games

    def rotate(self) -> str:
        """A new token (the old one stops working at once); returns it, to show once."""
        token = TOKEN_PREFIX + secrets.token_urlsafe(30)
        self.token_digest = token_digest(token)
        self.token_prefix = token[:10]
        self.token_made_at = timezone.now()
        self.save(update_fields=["token_digest", "token_prefix", "token_made_at"])
        return token

    def revoke(self) -> None:
        self.token_digest = None
        self.save(update_fields=["token_digest"])

    @classmethod
    def find(cls, token: str) -> Bot | None:
        """The bot a token opens, or None (unknown, revoked or malformed)."""
        if not token or len(token) > 200 or not token.startswith(TOKEN_PREFIX):
            return None
        return cls.objects.filter(token_digest=token_digest(token)).first()


class BotSeat(models.Model):
    """A bot's seat in one match: its clock and strikes.

    Every writer holds the match's row lock first (the services lock the match), so a
    move and the deadline task can never both spend the same turn.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="bot_seats")
    seat = models.PositiveSmallIntegerField()
    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="seats")
    move_ms = models.PositiveIntegerField()
    bank_ms = models.PositiveIntegerField()  # overage left for the rest of the match
    strikes = models.PositiveSmallIntegerField(default=0)
    #: The position the bot must answer now (None: not its turn, or already answered).
    turn_ply = models.PositiveIntegerField(null=True, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="unique_bot_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.bot} in seat {self.seat} of match {self.match_id}"

    def clock(self, now=None) -> dict[str, int]:
        """What the turn frame tells the bot: milliseconds for this move, bank left,
        and the whole time left before a random move is played for it."""
        now = now or timezone.now()
        left = self.move_ms + self.bank_ms
        if self.deadline is not None and self.turn_ply is not None:
            left = max(0, int((self.deadline - now).total_seconds() * 1000))
        return {"move_ms": self.move_ms, "bank_ms": self.bank_ms, "left_ms": left}


class TournamentClock(models.Model):
    """The time control of a tournament with bots, and how long it waits for one."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="bot_clock"
    )
    move_ms = models.PositiveIntegerField()
    bank_ms = models.PositiveIntegerField()
    wait_s = models.PositiveIntegerField()
