from __future__ import annotations

from django.conf import settings
from django.db import models

import games
from agents.core.seeding import new_match_seed, seed_hash
from webapp.accounts.identity import is_bot_key


class Match(models.Model):
    """One game being played or played: options + secret seed + the event log.

    ``ply`` counts the events stored so far; it is the sequence number clients resync
    by, and moves name the ply they answer so a stale or repeated one is refused.
    """

    class Status(models.TextChoices):
        ACTIVE = "active", "in play"
        FINISHED = "finished", "finished"
        ABORTED = "aborted", "aborted"

    game = models.CharField(max_length=32, db_index=True)
    options = models.JSONField(default=dict, blank=True)
    num_players = models.PositiveSmallIntegerField()
    seed = models.CharField(max_length=64, default=new_match_seed, editable=False)
    seed_sha256 = models.CharField(max_length=64, editable=False)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    ply = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    #: Seconds between AI moves, so people can watch AI-vs-AI matches unfold.
    pace = models.FloatField(default=0)
    created_by = models.CharField(max_length=80, blank=True, default="")
    #: People's clock (``webapp.matches.clocks``): "" untimed, "5+3" live (minutes per
    #: match + seconds added per move), "3d" correspondence (days per move).
    time_control = models.CharField(max_length=12, blank=True, default="")
    #: False: a casual match (a seek posted unrated) is never rated.
    rated = models.BooleanField(default=True)
    #: The match this one is a rematch of; unique, so two players asking at once get
    #: the same rematch, not two.
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "-created_at"])]

    def save(self, *args, **kwargs):
        if not self.seed_sha256:
            self.seed_sha256 = seed_hash(self.seed)
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    @property
    def group_name(self) -> str:
        return f"match-{self.pk}"

    @property
    def game_rules(self):
        return games.get(self.game)

    @property
    def is_over(self) -> bool:
        return self.status != self.Status.ACTIVE

    @property
    def revealed_seed(self) -> str | None:
        """The seed is secret while the match runs; the end reveals it (fair dice)."""
        return self.seed if self.is_over else None


class Seat(models.Model):
    """Who plays a seat: an agent (by spec) or a person (by identity key)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    agent_spec = models.CharField(max_length=200, blank=True, default="")
    owner = models.CharField(max_length=80, blank=True, default="", db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    name = models.CharField(max_length=120)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="unique_seat"),
        ]

    @property
    def is_agent(self) -> bool:
        return bool(self.agent_spec)

    @property
    def is_bot(self) -> bool:
        """An outside bot's seat (its owner key is "bot:<id>"): labelled as a bot."""
        return is_bot_key(self.owner)

    @property
    def is_open(self) -> bool:
        """A seat for a person that nobody has taken yet."""
        return not self.agent_spec and not self.owner

    def __str__(self) -> str:
        return f"seat {self.index} of {self.match_id}: {self.name}"


class SeatClock(models.Model):
    """The clock of one person's seat in a match with a time control.

    The server owns it: ``running_since`` is the database's time when the seat's turn
    began, and the time is charged on the locked move path. ``deadline`` is when the seat
    flags if it has not moved (the sweep's index). ``out``: the seat left play on time
    (Dice Wars goes on without it). Until ``moved``, the seat's turn runs on the
    first-move window instead (``clocks.first_move_ms``): its time is not charged, and a
    seat that lets the window run out has the match aborted, not lost."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="clocks")
    seat = models.PositiveSmallIntegerField()
    left_ms = models.BigIntegerField()
    running_since = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    out = models.BooleanField(default=False)
    #: When the seat left play (orders the leavers in the final ranking).
    out_at = models.DateTimeField(null=True, blank=True)
    #: Move and bank, once the match is over: what was left of the move's own time when
    #: it ended (a resignation, a flag, the last move), so a page loaded later shows
    #: that, not the fresh move's time a turn would have had. None during play.
    move_left_at_end_ms = models.IntegerField(null=True, blank=True)
    #: The seat has made its first move: its own clock runs from its next turn on.
    moved = models.BooleanField(default=False)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="unique_seat_clock"),
        ]


class Event(models.Model):
    """One applied event, in order. The database refuses a second event at one ply."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    ply = models.PositiveIntegerField()
    actor = models.SmallIntegerField()  # a seat, or games.core.CHANCE / SIMULTANEOUS
    move = models.JSONField()  # the record's text form: "A", or {"0": "A", "1": "G"}
    #: Per deciding seat: {"<seat>": {"thinking": ..., "stats": ...}} for AI decisions.
    decisions = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ply"]
        constraints = [
            models.UniqueConstraint(fields=["match", "ply"], name="unique_event_ply"),
        ]

    def as_record_item(self) -> list:
        return [self.actor, self.move]


class PendingChoice(models.Model):
    """A hidden choice at a simultaneous node, kept until every acting seat has chosen."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="pending")
    ply = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    move = models.CharField(max_length=200)
    decision = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "ply", "seat"], name="unique_pending_choice"),
        ]


class Analysis(models.Model):
    """The stored analysis of a finished match (``agents.analyse``): one row per match,
    which the database keeps unique, so a match is never analysed twice. A worker claims
    the row (pending → running) before computing; ``reason`` is the short text people
    see when it failed (never a traceback)."""

    class Status(models.TextChoices):
        PENDING = "pending", "waiting for a worker"
        RUNNING = "running", "being analysed"
        DONE = "done", "done"
        FAILED = "failed", "failed"

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(max_length=200, blank=True, default="")
    #: What ``agents.analyse.analyse`` returned (docs/analysis.md), once done.
    result = models.JSONField(null=True, blank=True)
    #: Who asked: "replay page" or "rated match" (the automatic analysis of rated games).
    requested_by = models.CharField(max_length=40, blank=True, default="")
    requested_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status"])]

    def __str__(self) -> str:
        return f"analysis of match {self.match_id}: {self.status}"


class RematchOffer(models.Model):
    """A player's offer of a rematch to the other people of an ended match (lichess's
    way: nobody is put into a game they did not agree to). Seats of the site's AI and of
    outside bots consent by themselves. It is accepted once every person asked has said
    yes; it lapses after ``rematches.OFFER_S`` or as soon as the one who offered or one
    asked leaves the match page. The database keeps one open offer per match, and the
    rematch itself once (``Match.rematch_of``), so an offer is never accepted twice."""

    class State(models.TextChoices):
        OFFERED = "offered", "offered"
        DECLINED = "declined", "declined"
        LAPSED = "lapsed", "lapsed"
        ACCEPTED = "accepted", "accepted"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rematch_offers")
    offered_by = models.CharField(max_length=80)  # an owner key
    #: The owner keys of the people who said yes so far (the one who offered first).
    accepted_by = models.JSONField(default=list)
    state = models.CharField(max_length=16, choices=State.choices, default=State.OFFERED)
    #: Why it ended, for both pages ("bob declined", "alice left the match", ...).
    reason = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=models.Q(state="offered"),
                name="one_open_rematch_offer_per_match",
            ),
        ]

    def __str__(self) -> str:
        return f"rematch offer on {self.match_id}: {self.state}"
