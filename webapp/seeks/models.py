"""A seek: "Button Men, 5+3, rated" posted by one person, accepted by another.

The database keeps what must never happen twice: a seek makes at most one match (the
match is unique), and one person has at most one open seek per game and time control
(a repeated post is refused, not doubled)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Seek(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "open"
        ACCEPTED = "accepted", "accepted"
        CANCELLED = "cancelled", "cancelled"

    game = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    #: As ``Match.time_control``: "" untimed, "5+3" live, "3d" correspondence.
    clock = models.CharField(max_length=12, blank=True, default="")
    rated = models.BooleanField(default=False)
    #: Seats of the match: 2, or 3–8 for Dice Wars (it fills as people join).
    players = models.PositiveSmallIntegerField(default=2)
    created_by = models.CharField(max_length=80)  # an identity key
    name = models.CharField(max_length=120)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    match = models.OneToOneField(
        "matches.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="seek"
    )
    accepted_by = models.CharField(max_length=80, blank=True, default="")
    #: The poster's rating on the seek's board when posted (1500 for a newcomer), and
    #: how far from it an opponent may be (±points; null: anyone). Quick pairing matches
    #: two people only when each is within the other's range.
    rating = models.IntegerField(null=True, blank=True)
    rating_range = models.PositiveSmallIntegerField(null=True, blank=True)
    #: "No bots": outside bots may not take this seek (by default they may, if they ask).
    no_bots = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["created_by", "game", "clock"],
                condition=Q(status="open"),
                name="one_open_seek_per_person_game_clock",
            ),
            models.CheckConstraint(
                condition=Q(status="accepted", match__isnull=False) | ~Q(status="accepted"),
                name="an_accepted_seek_has_its_match",
            ),
        ]
        indexes = [models.Index(fields=["status", "-created_at"])]

    def __str__(self) -> str:
        return f"seek {self.pk}: {self.game} {self.clock or 'untimed'} by {self.name}"


class SeekSeat(models.Model):
    """A person who joined a seek for more than two (the poster is not listed): the
    database keeps one entry per person and seek."""

    seek = models.ForeignKey(Seek, on_delete=models.CASCADE, related_name="joined")
    key = models.CharField(max_length=80)
    name = models.CharField(max_length=120)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["seek", "key"], name="one_entry_per_person"),
        ]
