"""The game-over card: the result in words for the person looking, the rating change of
every rated player, and where to go next."""

from __future__ import annotations

from typing import Any

from django.urls import NoReverseMatch, reverse

from webapp.matches import signals
from webapp.matches.models import Match


def headline(match: Match, seat: int | None) -> str:
    if match.status == Match.Status.ACTIVE:
        return "In play"  # no result yet: never "Draw"
    if match.status == Match.Status.ABORTED:
        return "Match aborted"
    result = match.result or {}
    winners = result.get("winners") or []
    if not winners:
        return "Draw"
    if seat is not None:
        return "You won" if seat in winners else "You lost"
    names = {s.index: s.name for s in match.seats.all()}
    return " and ".join(names[w] for w in winners) + " won"


def rating_changes(match: Match) -> list[dict[str, Any]]:
    return signals.ask(signals.rating_changes, match=match)  # the leaderboards answer


def rating_note(match: Match, identity) -> str:
    """Why the match moved no rating, for the asker ("" if it did, or not yet)."""
    return next(iter(signals.ask(signals.rating_note, match=match, identity=identity)), "")


def _url(name: str, match_id: int) -> str | None:
    try:
        return reverse(name, args=[match_id])
    except NoReverseMatch:
        return None


def tournament_of(match: Match, identity) -> dict[str, Any] | None:
    """The tournament the match is a game of, with the asker's next game in it (the
    tournaments answer; None for a match of no tournament)."""
    found = signals.ask(signals.match_context, match=match, identity=identity)
    return next((c["tournament"] for c in found if "tournament" in c), None)


def summary(match: Match, seat: int | None, identity=None) -> dict[str, Any]:
    result = match.result or {}
    rematch = Match.objects.filter(rematch_of=match).values_list("pk", flat=True).first()
    return {
        "match": match.pk,
        "status": match.status,
        "headline": headline(match, seat),
        "reason": result.get("reason", ""),
        "ratings": rating_changes(match),
        "rating_note": rating_note(match, identity),
        "rated": hasattr(match, "rating") and match.rating.rated,
        "replay": _url("replays:replay", match.pk),
        "analysis": _url("replays:analysis", match.pk),
        # A rematch is of a match that is over.
        "rematch": _url("matches:rematch", match.pk)
        if seat is not None and match.is_over
        else None,
        "rematch_match": rematch,
        "new_opponent": reverse("play", args=[match.game]),
        "tournament": tournament_of(match, identity),
    }
