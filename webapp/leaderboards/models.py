from __future__ import annotations

import math

from django.conf import settings
from django.db import models

from webapp.matches.models import Match
from webapp.rating_labels import is_provisional, rating_label

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3
#: The scale people know (Elo's, as lichess and FIDE show it): everyone starts at 1500,
#: and a gap of 400 points means 10-to-1 odds. What a gap means is where the rater's
#: updates settle: Plackett–Luce moves two players apart until the stronger one's
#: expected score is 1 / (1 + exp(-Δμ / c)), c = √(2β² + σ₁² + σ₂²), about β√2 for
#: settled players (β = 25/6); 10-to-1 is Δμ = β√2 · ln 10 ≈ 13.6, so one μ unit is
#: about 29.5 points, and every gap lands on Elo's odds (Elo is logistic too).
#: (OpenSkill's ``predict_win`` uses Φ instead, which its updates do not settle at:
#: on that scale a level that beats another 74 % of the time stood 320 points above it.)
START = 1500
POINTS_PER_MU = 400 / (math.sqrt(2) * (DEFAULT_MU / 6) * math.log(10))


def points(mu: float) -> int:
    """μ on the familiar scale: 1500 at the start."""
    return round(START + (mu - DEFAULT_MU) * POINTS_PER_MU)


def rating_text(mu: float, provisional: bool) -> str:
    """What a page shows for μ: "1623", or "1623?" while the rating is provisional."""
    return rating_label(points(mu), provisional)


class Competitor(models.Model):
    """Whoever earns a rating in one game: an agent configuration or a registered person."""

    class Kind(models.TextChoices):
        AGENT = "agent", "agent"
        PERSON = "person", "person"
        BOT = "bot", "outside bot"

    game = models.CharField(max_length=32)
    key = models.CharField(max_length=240)  # "agent:<spec>" or "user:<id>"
    kind = models.CharField(max_length=8, choices=Kind.choices)
    name = models.CharField(max_length=200)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    mu = models.FloatField(default=DEFAULT_MU)
    sigma = models.FloatField(default=DEFAULT_SIGMA)
    #: Rated games on the site.
    games = models.PositiveIntegerField(default=0)
    #: Where the rating starts instead of (DEFAULT_MU, DEFAULT_SIGMA), and how many
    #: games that start stands for: a level's place on its head-to-head ladder
    #: (``webapp.leaderboards.seeds``). None: everyone else, who starts at 1500.
    seed_mu = models.FloatField(null=True, blank=True)
    seed_sigma = models.FloatField(null=True, blank=True)
    seed_games = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="unique_competitor")]

    def __str__(self) -> str:
        return f"{self.name} ({self.game})"

    @property
    def ordinal(self) -> float:
        """The conservative estimate μ − 3σ (kept for the API and for ranking ties)."""
        return self.mu - 3 * self.sigma

    @property
    def rating(self) -> int:
        """The rating people read: μ on the familiar scale (1500 at the start)."""
        return points(self.mu)

    @property
    def provisional(self) -> bool:
        return is_provisional(self.games + self.seed_games, self.sigma)

    @property
    def seeded(self) -> bool:
        return self.seed_mu is not None

    @property
    def seed_rating(self) -> int | None:
        """Where a level's rating started (its ladder), on the familiar scale."""
        return None if self.seed_mu is None else points(self.seed_mu)

    @property
    def rating_text(self) -> str:
        return rating_text(self.mu, self.provisional)


class RatedMatch(models.Model):
    """A finished match taken into the ratings, in the order ``seq`` (rebuilds follow it).
    Matches that cannot be rated (a guest played) are recorded too, with rated False."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="rating")
    seq = models.PositiveIntegerField(unique=True)
    rated = models.BooleanField(default=True)


class RatingOrder(models.Model):
    """The one row every rater locks before it numbers matches (``RatedMatch.seq``).

    Locking the newest RatedMatch row was not enough on PostgreSQL: a rater that waited
    for that lock got the same row back once the first committed, numbered its matches
    from the old newest seq and hit ``ratedmatch_seq_key``. This row never goes away,
    so the second rater waits here and reads the newest seq only after the first commits.
    """

    id = models.PositiveSmallIntegerField(primary_key=True, default=1)

    @classmethod
    def lock(cls) -> None:
        """Wait for, and hold until the transaction ends, the right to number matches."""
        if list(cls.objects.select_for_update().filter(pk=1)):
            return
        # A new (or flushed) database: made once; a racing rater's row is as good.
        cls.objects.get_or_create(pk=1)
        list(cls.objects.select_for_update().filter(pk=1))


class RatingChange(models.Model):
    competitor = models.ForeignKey(Competitor, on_delete=models.CASCADE, related_name="changes")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["competitor", "match"], name="unique_rating_change")
        ]

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def rating(self) -> int:
        return points(self.mu)

    @property
    def rating_before(self) -> int:
        return points(self.mu_before)
