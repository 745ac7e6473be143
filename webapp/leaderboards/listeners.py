"""The leaderboards listen to the match services: a finished match is rated after the
commit (with whatever else finished meanwhile); a live one that got rated is then
announced (``match_rated``) for the automatic analysis. Connected when this module is
imported, by ``LeaderboardsConfig.ready``."""

from __future__ import annotations

import logging
from typing import Any

from webapp.leaderboards.models import Competitor, RatedMatch, RatingChange
from webapp.leaderboards.rating import Finished, SeatRow, rate_finished_matches
from webapp.matches import signals
from webapp.matches.models import Match

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


signals.match_ended.connect(rate, order=10)


def rating_changes(match: Match) -> list[dict[str, Any]]:
    """The game-over panel's rating changes, seat by seat."""
    changes = RatingChange.objects.filter(match=match).select_related("competitor")
    return [
        {
            "seat": c.seat,
            "name": c.competitor.name,
            "before": c.rating_before,
            "after": c.rating,
            "delta": c.rating - c.rating_before,
        }
        for c in sorted(changes, key=lambda c: c.seat)
    ]


def ratings_of(key: str) -> list[Competitor]:
    """The rating rows of an owner key and of its variants ("key:…"), every game."""
    return list(
        Competitor.objects.filter(key=key) | Competitor.objects.filter(key__startswith=f"{key}:")
    )


signals.rating_changes.connect(rating_changes)
signals.ratings_of.connect(ratings_of)
