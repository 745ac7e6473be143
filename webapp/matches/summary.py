"""The game-over card: the result in words for the person looking, the rating change of
every rated player, and where to go next."""

from __future__ import annotations

from typing import Any

from django.urls import NoReverseMatch, reverse

from webapp.matches import rematches, signals
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


def stakes(match: Match) -> dict[str, Any]:
    """Rated or casual, as the match page and the game-over card say it: a casual match
    (chosen so) is never rated, and a match with a guest in it cannot be (guests have no
    rating). ``rated``: the match counts for the ratings when it ends."""
    seats = list(match.seats.all())
    if not match.rated:
        return {"rated": False, "casual": True, "text": "Casual game: no rating changes"}
    if any(not s.is_agent and not s.is_bot and not s.user_id for s in seats):
        return {"rated": False, "casual": False, "text": "Not rated: guests have no rating"}
    return {"rated": True, "casual": False, "text": "Rated game"}


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
    asked = [s for s in rematches.people(match) if s.index != seat]
    return {
        "match": match.pk,
        "status": match.status,
        "headline": headline(match, seat),
        "reason": result.get("reason", ""),
        "ratings": rating_changes(match),
        "rating_note": rating_note(match, identity),
        "rated": hasattr(match, "rating") and match.rating.rated,
        "stakes": stakes(match),
        "replay": _url("replays:replay", match.pk),
        "analysis": _url("replays:analysis", match.pk),
        # A rematch is of a match that is over.
        "rematch": _url("matches:rematch", match.pk)
        if seat is not None and match.is_over
        else None,
        "rematch_match": rematch,
        # Between people a rematch is an offer the others accept: its state now.
        "rematch_offer": rematches.state_of(match.pk),
        "rematch_needs_consent": bool(asked),
        "new_opponent": reverse("play", args=[match.game]),
        "tournament": tournament_of(match, identity),
    }
