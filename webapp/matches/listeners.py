"""``matches`` listens to itself where a module cannot import the one that acts: the
services and the analyses announce, ``tasks`` (which imports both to run moves and
analyses on the workers) queues the work. And to the leaderboards: a live match that got
rated is analysed automatically. And to the accounts: a guest who signs up keeps their
matches. Imported by ``MatchesConfig.ready``, with the named
levels (they add their group to the lobby's opponents)."""

from __future__ import annotations

from webapp.accounts import signals as accounts
from webapp.accounts.identity import Identity
from webapp.admission import Asker
from webapp.matches import analyses, levels, signals, tasks, timeouts
from webapp.matches.models import Match, Seat

__all__ = ["levels"]  # imported for its registration in the lobby


def queue_analysis(match_id: int, asker: Asker) -> None:
    tasks.analyse_match.delay(match_id, asker.person, asker.address)


def analyse_rated(match_id: int) -> None:
    analyses.auto_analyse(match_id)  # never raises; within the hour's budget


def claim_guest_matches(guest: Identity, user: Identity) -> None:
    """A guest signed up: their seats (in matches under way and finished) and the
    matches they started are the account's from now on, under its name. Finished ones
    keep their ratings as they were (a guest's seat is never rated); their result texts
    ("Guest 1a2b resigned") name the account instead."""
    ended = Match.objects.filter(seats__owner=guest.key, result__isnull=False).distinct()
    for match in ended.prefetch_related("seats"):
        reason = (match.result or {}).get("reason")
        if not isinstance(reason, str):
            continue
        for old in {s.name for s in match.seats.all() if s.owner == guest.key and s.name}:
            reason = reason.replace(old, user.name)
        if reason != match.result["reason"]:
            match.result = {**match.result, "reason": reason}
            match.save(update_fields=["result"])
    Seat.objects.filter(owner=guest.key).update(
        owner=user.key, user_id=user.user_id, name=user.name
    )
    Match.objects.filter(created_by=guest.key).update(created_by=user.key)


signals.agents_due.connect(tasks.queue_ai_move)
accounts.guest_signed_up.connect(claim_guest_matches)
signals.clock_checking.connect(timeouts.settle)
analyses.analysis_wanted.connect(queue_analysis)
signals.match_rated.connect(analyse_rated)
