from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

import games
from agents.tournament import FORMATS, make_format
from webapp.bots.tournament_games import is_bot_spec
from webapp.matches.models import Match
from webapp.tournaments import words


class Tournament(models.Model):
    """A tournament: entrants (agents, outside bots or people), a format, a seed; its
    games are normal matches. One for people opens for entries first (``OPEN``) and
    plays its games live, with the tournament's clock (``webapp.tournaments.people``)."""

    #: The formats, from their registry (``agents.tournament.FORMATS``): ``Format.SWISS``
    #: is "swiss". A format added there needs a migration here (its choice).
    Format = models.TextChoices(
        "Format", [(slug.upper(), (slug, cls.label)) for slug, cls in FORMATS.items()]
    )

    class Status(models.TextChoices):
        #: A tournament for people, taking entries until it starts.
        OPEN = "open", "open for entries"
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        FINISHED = "finished", "finished"
        CANCELLED = "cancelled", "cancelled"
        FAILED = "failed", "failed"

    name = models.CharField(max_length=120)
    game = models.CharField(max_length=32, db_index=True)
    format = models.CharField(max_length=16, choices=Format.choices)
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveSmallIntegerField(default=2)
    games_per_pairing = models.PositiveIntegerField()
    #: Rounds the format plays (Swiss: as asked; every other format: 1), and the round
    #: under way. A round's games are made when the round before it is over.
    rounds = models.PositiveSmallIntegerField(default=1)
    round = models.PositiveSmallIntegerField(default=1)
    seed = models.CharField(max_length=64)
    #: A tournament for people: its games' time control ("5+3" live, "3d"
    #: correspondence), as ``Match.time_control``; blank for agents and bots.
    clock = models.CharField(max_length=12, blank=True, default="")
    #: A scheduled tournament for people starts itself then (if two have joined).
    starts_at = models.DateTimeField(null=True, blank=True)
    #: An arena: how long it runs once started, and when it stops pairing (set at the
    #: start). Games under way then still count when they end.
    window_min = models.PositiveSmallIntegerField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    budget_iterations = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    total_games = models.PositiveIntegerField(default=0)
    games_done = models.PositiveIntegerField(default=0)
    preset = models.CharField(max_length=64, blank=True, default="")
    #: "fighters": Button Men's fighter grid (games_per_pairing counts runs of 144 games).
    grid = models.CharField(max_length=16, blank=True, default="")
    #: "<periodic task name>:<slot>" for scheduled runs: one tournament per slot, ever.
    schedule_key = models.CharField(max_length=200, null=True, blank=True, unique=True)
    created_by = models.CharField(max_length=80, blank=True, default="")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} #{self.pk}"

    def tournament_format(self, entrants: int | None = None):
        """The format object (``agents.tournament``) that pairs this tournament's rounds;
        ``entrants``: their number, when the caller has them already (else counted)."""
        if entrants is None:
            entrants = self.entries.count()
        takes = FORMATS[self.format].params if self.format in FORMATS else ()
        withdrawn = None
        if "withdrawn" in takes:
            withdrawn = dict(
                self.entries.filter(out_from_round__isnull=False).values_list(
                    "index", "out_from_round"
                )
            )
        return make_format(
            self.format,
            entrants,
            self.games_per_pairing,
            self.seed,
            self.players,
            # A format that makes its own rounds (a knockout's bracket) stored them.
            self.rounds if "rounds" in takes else None,
            withdrawn,
        )

    @property
    def format_class(self):
        """The format's class in the registry (its label, columns, rules)."""
        return FORMATS[self.format]

    @property
    def window_open(self) -> bool:
        """An arena whose time window has not closed yet (other formats have none)."""
        return self.ends_at is not None and timezone.now() < self.ends_at

    @property
    def takes_late_entries(self) -> bool:
        """A running arena takes entries until its window closes."""
        return self.status == self.Status.RUNNING and self.window_open

    @property
    def game_rules(self):
        return games.get(self.game)

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.CANCELLED, self.Status.FAILED)

    @property
    def group_name(self) -> str:
        return f"tournament-{self.pk}"

    def progress(self) -> dict:
        """Games done, total, and a time-left estimate from the pace so far."""
        eta = None
        if self.started_at and self.games_done and not self.is_over:
            elapsed = (timezone.now() - self.started_at).total_seconds()
            eta = round(elapsed / self.games_done * (self.total_games - self.games_done), 1)
        progress = {
            "id": self.pk,
            "status": self.status,
            "games_done": self.games_done,
            "total_games": self.total_games,
            "round": self.round,
            "rounds": self.rounds,
            "eta_s": eta,
        }
        if self.ends_at:  # an arena: when it stops pairing
            progress["ends_at"] = self.ends_at.isoformat()
        joined = None
        if self.clock:  # a tournament for people: its page redraws when someone joins
            states = dict(
                self.entries.values("state")
                .annotate(n=models.Count("id"))
                .values_list("state", "n")
            )
            joined = progress["entrants"] = sum(states.values())
            # ... pauses, resumes or withdraws (the page draws who is paired again).
            progress["roster"] = "/".join(str(states.get(s, 0)) for s in Entry.State.values)
        # What the pages print, in words (webapp.tournaments.words).
        progress["progress_text"] = words.progress_words(self, joined, with_round=False)
        progress["status_text"] = self.get_status_display()
        return progress


class Entry(models.Model):
    class State(models.TextChoices):
        #: Paired as the format says.
        ACTIVE = "active", "playing"
        #: An arena: not paired until they resume (their game under way still counts).
        PAUSED = "paused", "paused"
        #: A running arena or Swiss: out of the pairing for good, keeping their score
        #: (an arena's may join again while its window is open).
        WITHDRAWN = "withdrawn", "withdrawn"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    index = models.PositiveSmallIntegerField()
    #: An agent's spec, a bot's "bot:<name>", or a person's "person:<identity key>".
    agent_spec = models.CharField(max_length=200)
    #: What the pages call a person entrant (their name when they joined).
    name = models.CharField(max_length=120, blank=True, default="")
    state = models.CharField(max_length=16, choices=State.choices, default=State.ACTIVE)
    #: A Swiss: the first round this entrant is not paired in (it withdrew while the
    #: round before was under way); the format pairs every earlier round as it was.
    out_from_round = models.PositiveSmallIntegerField(null=True, blank=True)

    @property
    def is_bot(self) -> bool:
        """An outside bot's entry ("bot:<name>"): labelled as a bot on the pages."""
        return is_bot_spec(self.agent_spec)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "index"], name="unique_entry"),
            # A person enters a tournament once (agents may be entered twice, to compare).
            models.UniqueConstraint(
                fields=["tournament", "agent_spec"],
                condition=models.Q(agent_spec__startswith="person:"),
                name="one_tournament_entry_per_person",
            ),
        ]

    def __str__(self) -> str:
        return self.agent_spec


class TournamentGame(models.Model):
    """One scheduled game. The database refuses a second row for one slot and a second
    match for one game, so a re-queued game can never be played into the results twice."""

    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        RUNNING = "running", "running"
        DONE = "done", "done"
        #: Given up on (past the per-game limit, or its workers kept dying): no match.
        ABANDONED = "abandoned", "abandoned"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="games")
    round = models.PositiveSmallIntegerField(default=1)
    pairing = models.PositiveIntegerField()
    number = models.PositiveIntegerField()
    seating = models.JSONField()  # entry index per seat
    seed = models.CharField(max_length=64)
    #: Options of this game on top of the tournament's (a fighter grid sets the fighters).
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_game"
    )
    worker = models.CharField(max_length=200, blank=True, default="")
    started_at = models.DateTimeField(null=True, blank=True)
    #: Stamped every few seconds by the worker playing it: a running game without a
    #: recent beat lost its worker, and the sweep hands it to another.
    beat_at = models.DateTimeField(null=True, blank=True)
    #: Times a worker took it; a game whose workers keep dying is abandoned.
    attempts = models.PositiveSmallIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: Per seat: {"seconds": thinking time, "decisions": n, "failures": n}; and facts
    #: for the results pages (e.g. Button Men's fighters).
    stats = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["pairing", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "pairing", "number"], name="unique_tournament_game"
            ),
        ]
