"""OpenSkill ratings, one leaderboard per game, updated after every finished match that
counts (``counting``: not casual, no guest, and for our agents only on the lobby's rules,
against a person or in a tournament).

Matches are taken in one global order (``RatedMatch.seq``), under a lock
(``RatingOrder``), so the live numbers and ``manage.py rebuild_ratings`` (which replays
that order) are the same. Everyone starts at 1500 except the levels, which start from
their head-to-head ladder (``seeds``).
Plackett–Luce ranks any number of seats at once, so Dice Wars rates 2–8 players.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from django.db import transaction
from django.db.models import F, Max, Value
from django.db.models.functions import Coalesce
from openskill.models import PlackettLuce

from webapp.leaderboards.counting import competitor_key, why_not
from webapp.leaderboards.models import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Competitor,
    RatedMatch,
    RatingChange,
    RatingOrder,
)
from webapp.leaderboards.seeds import seeded
from webapp.matches.bulk import insert_many
from webapp.matches.clocks import board_of, is_correspondence
from webapp.matches.models import Match, Seat

MODEL = PlackettLuce()
BATCH = 1000


class Finished(NamedTuple):
    """What rating needs of a finished match (read as plain rows: a batch holds
    hundreds of tournament games, and model instances would cost more than the rating)."""

    pk: int
    game: str
    result: dict | None
    seats: list[SeatRow]
    #: False for a casual match (a seek posted unrated): recorded, never rated.
    rated: bool = True
    #: Days a move: rated on the game's correspondence board, apart from live play.
    correspondence: bool = False
    #: The stored options (None: the engine's defaults) and who made the match
    #: ("tournament:<id>" for a tournament's games): what ``counting.why_not`` reads.
    options: dict | None = None
    created_by: str = ""

    @property
    def board(self) -> str:
        return board_of(self.game, self.correspondence)


class SeatRow(NamedTuple):
    agent_spec: str
    owner: str
    user_id: int | None
    name: str


def finished(match_ids: list[int], known: dict[int, Finished] | None = None) -> list[Finished]:
    """The matches ``match_ids`` with their seats, in the order given; those in
    ``known`` (just stored by the caller) are not read again."""
    by_id = {m: known[m] for m in match_ids if known and m in known}
    wanted = [m for m in match_ids if m not in by_id]
    seats: dict[int, list[SeatRow]] = {m: [] for m in wanted}
    rows = (
        Seat.objects.filter(match_id__in=wanted)
        .order_by("match_id", "index")
        .values_list("match_id", "agent_spec", "owner", "user_id", "name")
    )
    for match_id, *seat in rows if wanted else ():
        seats[match_id].append(SeatRow(*seat))
    found = Match.objects.filter(pk__in=wanted).values_list(
        "pk", "game", "result", "rated", "time_control", "options", "created_by"
    )
    by_id.update(
        {
            pk: Finished(
                pk, game, result, seats[pk], rated, is_correspondence(control), options, by
            )
            for pk, game, result, rated, control, options, by in found
        }
    )
    return [by_id[m] for m in match_ids]


def _competitors(matches: list[Finished]) -> dict[tuple[str, str], Competitor]:
    """Every competitor of a batch of rated matches by (game, key), made where missing:
    a few queries for the whole batch, not a few per seat."""
    wanted: dict[tuple[str, str], Competitor] = {}
    for match in matches:
        for seat in match.seats:
            found = competitor_key(seat)
            if found is not None:
                key, kind, name = found
                if (match.board, key) not in wanted:
                    # A level starts where its ladder puts it (seeds), anyone else at 1500.
                    wanted[(match.board, key)] = seeded(match.board, key, kind, name, seat.user_id)
    games = {g for g, _ in wanted}
    keys = {k for _, k in wanted}

    def known() -> dict[tuple[str, str], Competitor]:
        rows = Competitor.objects.filter(game__in=games, key__in=keys)
        return {(c.game, c.key): c for c in rows if (c.game, c.key) in wanted}

    have = known()
    if len(have) < len(wanted):
        missing = [c for k, c in wanted.items() if k not in have]
        Competitor.objects.bulk_create(missing, ignore_conflicts=True)  # a racing rater
        have = known()
    return have


def _seated(match: Finished, competitors: dict) -> list[Competitor]:
    return [competitors[(match.board, competitor_key(s)[0])] for s in match.seats]


def apply(matches: list[Finished], seqs: Iterable[int]) -> None:
    """Rate finished matches in order as numbers ``seqs``, with a handful of bulk writes
    for the whole batch. The ratings are those of rating them one at a time: each match
    sees the ratings the one before left. Only matches that count (``counting``) move
    a rating; the others are numbered too, as not rated."""
    counted = {m.pk for m in matches if (m.result or {}).get("ranks") and why_not(m) is None}
    competitors = _competitors([m for m in matches if m.pk in counted])
    rated, changes, touched = [], [], {}
    for match, seq in zip(matches, seqs, strict=True):
        rated.append((match.pk, seq, match.pk in counted))
        if match.pk not in counted:
            continue
        ranks = match.result["ranks"]
        seated = _seated(match, competitors)
        before = [MODEL.rating(mu=c.mu, sigma=c.sigma) for c in seated]
        after = MODEL.rate([[r] for r in before], ranks=list(ranks))
        for seat, (competitor, old, (new,)) in enumerate(zip(seated, before, after, strict=True)):
            changes.append(
                (
                    competitor.pk,
                    match.pk,
                    seq,
                    seat,
                    ranks[seat],
                    new.mu,
                    new.sigma,
                    old.mu,
                    old.sigma,
                )
            )
            competitor.mu, competitor.sigma = new.mu, new.sigma
            competitor.games += 1
            touched[competitor.pk] = competitor
    insert_many(RatedMatch, ["match", "seq", "rated"], rated)
    insert_many(
        RatingChange,
        ["competitor", "match", "seq", "seat", "rank", "mu", "sigma", "mu_before", "sigma_before"],
        changes,
    )
    Competitor.objects.bulk_update(list(touched.values()), ["mu", "sigma", "games"])


def rate_finished_matches(known: dict[int, Finished] | None = None) -> int:
    """Take every finished, not yet rated match into the ratings; returns how many.
    ``known`` may give matches the caller just stored, so they are not read back."""
    done = 0
    while True:
        with transaction.atomic():
            # One rater at a time (on SQLite the immediate write lock does it too). Read
            # after the lock is held, the newest seq and the pending matches include
            # whatever the rater before committed.
            RatingOrder.lock()
            seq = (RatedMatch.objects.aggregate(Max("seq"))["seq__max"] or 0) + 1
            pending = list(
                Match.objects.filter(status=Match.Status.FINISHED, rating__isnull=True)
                .order_by("finished_at", "id")
                .values_list("pk", flat=True)[:BATCH]
            )
            apply(finished(pending, known), range(seq, seq + len(pending)))
            done += len(pending)
        if len(pending) < BATCH:
            return done


def rebuild() -> int:
    """Recompute every rating from the stored matches, in their rated order, each
    from where it starts (a level's seed), by today's rules of what counts
    (``counting``): a database rated by an earlier version comes out as if rated now."""
    with transaction.atomic():
        RatingOrder.lock()
        order = list(RatedMatch.objects.order_by("seq").values_list("match_id", "seq"))
        RatingChange.objects.all().delete()
        RatedMatch.objects.all().delete()
        # Back to where each started: a level's seed, anyone else 1500.
        Competitor.objects.update(
            mu=Coalesce(F("seed_mu"), Value(DEFAULT_MU)),
            sigma=Coalesce(F("seed_sigma"), Value(DEFAULT_SIGMA)),
            games=0,
        )
        for start in range(0, len(order), BATCH):
            part = order[start : start + BATCH]
            apply(finished([m for m, _ in part]), [seq for _, seq in part])
        top = RatedMatch.objects.aggregate(Max("seq"))["seq__max"] or 0
    return top
