"""OpenSkill ratings, one leaderboard per game, updated after every finished match.

Matches are taken in one global order (``RatedMatch.seq``), under a lock, so the live
numbers and ``manage.py rebuild_ratings`` (which replays that order) are the same.
Plackett–Luce ranks any number of seats at once, so Dice Wars rates 2–8 players.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Max
from openskill.models import PlackettLuce

from webapp.leaderboards.models import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Competitor,
    RatedMatch,
    RatingChange,
)
from webapp.matches.models import Match

MODEL = PlackettLuce()
BATCH = 200


def competitor_key(seat) -> tuple[str, str, str] | None:
    """(key, kind, name) of whoever sat in a seat, or None if that seat is not rated
    (a guest, or a seat nobody took)."""
    if seat.agent_spec:
        return f"agent:{seat.agent_spec}", Competitor.Kind.AGENT, seat.agent_spec
    if seat.owner.startswith("bot:"):  # an outside bot: its seats hold "bot:<id>"
        return seat.owner, Competitor.Kind.BOT, seat.name
    if seat.user_id:
        return f"user:{seat.user_id}", Competitor.Kind.PERSON, seat.name
    return None


def _competitors(match: Match) -> list[Competitor] | None:
    seats = list(match.seats.all())
    keys = [competitor_key(s) for s in seats]
    if any(k is None for k in keys) or len({k[0] for k in keys}) != len(keys):
        return None  # a guest played, or one competitor held two seats: not rated
    found = []
    for seat, (key, kind, name) in zip(seats, keys, strict=True):
        competitor, _ = Competitor.objects.get_or_create(
            game=match.game,
            key=key,
            defaults={"kind": kind, "name": name, "user_id": seat.user_id},
        )
        found.append(competitor)
    return found


def apply(match: Match, seq: int) -> bool:
    """Rate one finished match as number ``seq``; False if it is not ratable."""
    result = match.result or {}
    ranks = result.get("ranks")
    competitors = _competitors(match) if ranks else None
    RatedMatch.objects.create(match=match, seq=seq, rated=competitors is not None)
    if competitors is None:
        return False
    before = [MODEL.rating(mu=c.mu, sigma=c.sigma) for c in competitors]
    after = MODEL.rate([[r] for r in before], ranks=list(ranks))
    for seat, (competitor, old, (new,)) in enumerate(zip(competitors, before, after, strict=True)):
        RatingChange.objects.create(
            competitor=competitor,
            match=match,
            seq=seq,
            seat=seat,
            rank=ranks[seat],
            mu=new.mu,
            sigma=new.sigma,
            mu_before=old.mu,
            sigma_before=old.sigma,
        )
        competitor.mu, competitor.sigma = new.mu, new.sigma
        competitor.games += 1
        competitor.save(update_fields=["mu", "sigma", "games"])
    return True


def rate_finished_matches() -> int:
    """Take every finished, not yet rated match into the ratings; returns how many."""
    done = 0
    while True:
        try:
            with transaction.atomic():
                # One rater at a time: the lock on the newest RatedMatch row (and, on
                # SQLite, the immediate write lock) keeps seq a single order.
                last = RatedMatch.objects.select_for_update().order_by("-seq").first()
                seq = (last.seq if last else 0) + 1
                pending = list(
                    Match.objects.filter(status=Match.Status.FINISHED, rating__isnull=True)
                    .order_by("finished_at", "id")
                    .prefetch_related("seats")[:BATCH]
                )
                for match in pending:
                    apply(match, seq)
                    seq += 1
                done += len(pending)
        except IntegrityError:
            continue  # another rater took these first; look again
        if len(pending) < BATCH:
            return done


def rebuild() -> int:
    """Recompute every rating from the stored matches, in their rated order."""
    with transaction.atomic():
        order = list(RatedMatch.objects.order_by("seq").values_list("match_id", "seq"))
        RatingChange.objects.all().delete()
        RatedMatch.objects.all().delete()
        Competitor.objects.update(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA, games=0)
        matches = Match.objects.in_bulk([m for m, _ in order])
        for match_id, seq in order:
            apply(matches[match_id], seq)
        top = RatedMatch.objects.aggregate(Max("seq"))["seq__max"] or 0
    return top
