"""OpenSkill ratings, one leaderboard per game, updated after every finished match.

Matches are taken in one global order (``RatedMatch.seq``), under a lock
(``RatingOrder``), so the live numbers and ``manage.py rebuild_ratings`` (which replays
that order) are the same.
Plackett–Luce ranks any number of seats at once, so Dice Wars rates 2–8 players.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from django.db import transaction
from django.db.models import Max
from openskill.models import PlackettLuce

from webapp.accounts.identity import is_bot_key
from webapp.leaderboards.models import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Competitor,
    RatedMatch,
    RatingChange,
    RatingOrder,
)
from webapp.matches.bulk import insert_many
from webapp.matches.clocks import board_of, is_correspondence
from webapp.matches.models import Match, Seat

MODEL = PlackettLuce()
BATCH = 1000


def competitor_key(seat) -> tuple[str, str, str] | None:
    """(key, kind, name) of whoever sat in a seat, or None if that seat is not rated
    (a guest, or a seat nobody took)."""
    if seat.agent_spec:
        return f"agent:{seat.agent_spec}", Competitor.Kind.AGENT, seat.agent_spec
    if is_bot_key(seat.owner):  # an outside bot: its seats hold "bot:<id>"
        return seat.owner, Competitor.Kind.BOT, seat.name
    if seat.user_id:
        return f"user:{seat.user_id}", Competitor.Kind.PERSON, seat.name
    return None


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
        "pk", "game", "result", "rated", "time_control"
    )
    by_id.update(
        {
            pk: Finished(pk, game, result, seats[pk], rated, is_correspondence(control))
            for pk, game, result, rated, control in found
        }
    )
    return [by_id[m] for m in match_ids]


def _competitors(matches: list[Finished]) -> dict[tuple[str, str], Competitor]:
    """Every competitor of a batch of matches by (game, key), made where missing: a
    few queries for the whole batch, not a few per seat."""
    wanted: dict[tuple[str, str], Competitor] = {}
    for match in matches:
        for seat in match.seats:
            found = competitor_key(seat)
            if found is not None:
                key, kind, name = found
                wanted.setdefault(
                    (match.board, key),
                    Competitor(
                        game=match.board, key=key, kind=kind, name=name, user_id=seat.user_id
                    ),
                )
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


def _seated(match: Finished, competitors: dict) -> list[Competitor] | None:
    keys = [competitor_key(s) for s in match.seats]
    if any(k is None for k in keys) or len({k[0] for k in keys}) != len(keys):
        return None  # a guest played, or one competitor held two seats: not rated
    return [competitors[(match.board, k[0])] for k in keys]


def apply(matches: list[Finished], seqs: Iterable[int]) -> None:
    """Rate finished matches in order as numbers ``seqs``, with a handful of bulk writes
    for the whole batch. The ratings are those of rating them one at a time: each match
    sees the ratings the one before left."""
    competitors = _competitors(matches)
    rated, changes, touched = [], [], {}
    for match, seq in zip(matches, seqs, strict=True):
        ranks = (match.result or {}).get("ranks")
        seated = _seated(match, competitors) if ranks and match.rated else None
        rated.append((match.pk, seq, seated is not None))
        if seated is None:
            continue
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
    """Recompute every rating from the stored matches, in their rated order."""
    with transaction.atomic():
        RatingOrder.lock()
        order = list(RatedMatch.objects.order_by("seq").values_list("match_id", "seq"))
        RatingChange.objects.all().delete()
        RatedMatch.objects.all().delete()
        Competitor.objects.update(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA, games=0)
        for start in range(0, len(order), BATCH):
            part = order[start : start + BATCH]
            apply(finished([m for m, _ in part]), [seq for _, seq in part])
        top = RatedMatch.objects.aggregate(Max("seq"))["seq__max"] or 0
    return top
