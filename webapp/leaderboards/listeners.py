"""The leaderboards listen to the match services: a finished match is rated after the
commit (with whatever else finished meanwhile); a live one that got rated is then
announced (``match_rated``) for the automatic analysis. Connected when this module is
imported, by ``LeaderboardsConfig.ready``."""

from __future__ import annotations

import logging
from typing import Any

from webapp.accounts.identity import Identity
from webapp.leaderboards.counting import NotRated, why_not
from webapp.leaderboards.models import Competitor, RatedMatch, RatingChange
from webapp.leaderboards.rating import Finished, SeatRow, finished, rate_finished_matches
from webapp.matches import signals
from webapp.matches.models import Match
from webapp.rating_labels import is_provisional, rating_label

log = logging.getLogger(__name__)


def rate(match_id: int, status: str, played: dict[int, Any] | None) -> None:
    """Rate it (an abort has no result and is never rated). A failure must not undo or
    hide the stored result: the next finished match catches up."""
    if status != Match.Status.FINISHED:
        return
    # A batch of in-memory games: rated from what is in hand rather than read back.
    known = (
        {
            pk: Finished(
                pk,
                game,
                result,
                [SeatRow(s, "", None, s) for s in specs],
                options=options,
                created_by=created_by,
            )
            for pk, (game, result, specs, options, created_by) in played.items()
        }
        if played is not None
        else None
    )
    try:
        rate_finished_matches(known)
    except Exception:
        log.exception("rating after match %s failed; it will be rated with the next", match_id)
        return
    # Matches finished live (not a tournament's batch) that count get analysed
    # automatically, within the hour's budget (webapp.matches.analyses).
    if played is None and RatedMatch.objects.filter(match_id=match_id, rated=True).exists():
        signals.match_rated.notify(match_id=match_id)


signals.match_ended.connect(rate)


def rating_changes(match: Match) -> list[dict[str, Any]]:
    """The game-over panel's rating changes, seat by seat, each rating also as pages
    write it ("1623?" while provisional, then and now)."""
    changes = RatingChange.objects.filter(match=match).select_related("competitor")
    found = []
    for c in sorted(changes, key=lambda c: c.seat):
        # Games behind the rating before this match: its rated games so far, and the
        # ladder games a level started from.
        before = c.competitor.seed_games + c.competitor.changes.filter(seq__lt=c.seq).count()
        found.append(
            {
                "seat": c.seat,
                "name": c.competitor.name,
                "before": c.rating_before,
                "after": c.rating,
                "delta": c.rating - c.rating_before,
                "before_text": rating_label(
                    c.rating_before, is_provisional(before, c.sigma_before)
                ),
                "after_text": rating_label(c.rating, is_provisional(before + 1, c.sigma)),
            }
        )
    return found


#: Why a finished match moved no rating, in words (``counting.NotRated``).
NOT_RATED = {
    NotRated.CASUAL: "Casual game: no rating changes.",
    NotRated.TWO_SEATS: "Not rated: one player held more than one seat.",
    NotRated.DEMONSTRATION: (
        "Not rated: AIs playing each other outside a tournament are a demonstration, "
        "which moves no rating."
    ),
    NotRated.RULES: (
        "Not rated: the AIs are rated only on the lobby's rules, and this match changed them."
    ),
}


def rating_note(match: Match, identity: Identity | None) -> list[str]:
    """Why the finished ``match`` moved no rating, said to the asker: a guest who played
    is told to sign up, a signed-in player that a guest played ([] if it was rated, is
    not over, or is not rated yet: the card asks again)."""
    if match.status != Match.Status.FINISHED:
        return []
    taken = RatedMatch.objects.filter(match=match).values_list("rated", flat=True).first()
    if taken is None or taken:
        return []
    reason = why_not(finished([match.pk])[0])
    if reason == NotRated.GUEST:
        seats = {s.owner for s in match.seats.all()}
        if identity is not None and identity.is_guest and identity.key in seats:
            return [
                "Not rated: you played as a guest. Sign up (your games come with you) to "
                "be rated from your next game."
            ]
        return ["Not rated: a player in this game is a guest, and guests are not rated."]
    return [NOT_RATED.get(reason, "Not rated.") if reason else "Not rated."]


def ratings_of(key: str) -> list[Competitor]:
    """The rating rows of an owner key and of its variants ("key:…"), every game."""
    return list(
        Competitor.objects.filter(key=key) | Competitor.objects.filter(key__startswith=f"{key}:")
    )


signals.rating_changes.connect(rating_changes)
signals.rating_note.connect(rating_note)
signals.ratings_of.connect(ratings_of)
