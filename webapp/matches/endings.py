"""Ends that are not a game's own: a player resigns, aborts before moving, or lets the
clock run out. ``check_*`` validates, ``do_*`` writes; each runs in one transaction with
the match row locked, so a resignation cannot cross a move that ends the match.

A resignation or a loss on time is a result like any other (ranks, rated when the
players are); an abort has no result and is never rated. None of them adds an event:
the log stays the game's own, and replays and fair-dice checks are untouched.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.core import SIMULTANEOUS, Outcome
from webapp.accounts.identity import Identity
from webapp.errors import Rejected
from webapp.matches import clocks, services
from webapp.matches.models import Match
from webapp.matches.positions import load_state

log = logging.getLogger(__name__)


def _seat_of(match: Match, identity: Identity | None) -> int:
    if identity is not None:
        for seat in match.seats.all():
            if seat.owner == identity.key:
                return seat.index
    raise Rejected("not_a_player", "only a player of this match can do that")


def _beaten(num_players: int, losers: list[int], reason: str) -> Outcome:
    """Every loser ranks last, everyone else shares first place."""
    returns = tuple(-1.0 if s in losers else 1.0 for s in range(num_players))
    return Outcome.from_returns(returns, reason)


def _finish(match: Match, outcome: Outcome) -> None:
    services.end_match(match, Match.Status.FINISHED, outcome.to_json())


# ----- resigning -------------------------------------------------------------------------


def check_resign(match: Match, identity: Identity | None) -> int:
    if match.is_over:
        raise Rejected("over", "this match is over")
    return _seat_of(match, identity)


def do_resign(match: Match, seat: int) -> None:
    name = match.seats.get(index=seat).name
    _finish(match, _beaten(match.num_players, [seat], f"{name} resigned"))


def resign(match_id: int, identity: Identity | None) -> Match:
    with transaction.atomic():
        match = services.lock_match(match_id)
        seat = check_resign(match, identity)
        do_resign(match, seat)
    return match


# ----- aborting: services.check_abort / abort_match (the one rule for the page, the
# socket frame and the clock) -------------------------------------------------------------


def has_moved(match: Match, seat: int) -> bool:
    """Has this seat made a move of its own (a simultaneous choice counts)?"""
    events = match.events.filter(actor__in=[seat, SIMULTANEOUS])
    return events.exists() or match.pending.filter(seat=seat).exists()


def do_abort(match: Match, why: str, reason: str = "") -> None:
    """``why`` goes to the log; ``reason``, if any, to the players' game-over card."""
    services.do_abort(match, reason)
    log.info("match %s aborted: %s", match.pk, why)


# ----- the clock: nothing stays live forever ----------------------------------------------


def _idle_since(match: Match) -> datetime:
    last = match.events.order_by("-ply").values_list("created_at", flat=True).first()
    return last or match.created_at


def settle_idle(match: Match, now: datetime) -> str:
    """Decide one idle match (locked): who must move and has not, for too long, loses on
    time; a match that never got going (an open seat nobody took, nobody moved, or
    everyone who must move is away) is aborted. Returns what was done."""
    limit = timedelta(seconds=settings.DICEARENA_IDLE_S)
    if now - _idle_since(match) < limit:
        return "active"
    seats = {s.index: s for s in match.seats.all()}
    if any(s.is_open for s in seats.values()):
        control = clocks.control_of(match)
        if control is not None and control.correspondence:
            # A friend invited to a game at their own pace may take a while to come:
            # the open seat waits as long as one move may.
            if now - match.created_at < timedelta(days=control.days):
                return "waiting for a player"
        do_abort(match, "abandoned: nobody took the open seat")
        return "aborted"
    if match.time_control:
        return "clocked"  # its clocks decide (timeouts); correspondence has no idle loss
    state = load_state(match)
    chosen = set(match.pending.filter(ply=match.ply).values_list("seat", flat=True))
    waiting_for = [s for s in state.acting_seats() if s not in chosen]
    people = [s for s in waiting_for if not seats[s].is_agent]
    if not people:
        # Only agents are due: resume_stuck_matches queues their lost tasks again; a
        # match whose agents still have not answered in three times the limit is dropped.
        if now - _idle_since(match) > 3 * limit:
            do_abort(match, "abandoned: its agents never answered")
            return "aborted"
        return "waiting for its agents"
    nobody_moved = not any(has_moved(match, s) for s, row in seats.items() if not row.is_agent)
    everyone_away = len(people) == len(state.acting_seats()) and len(people) > 1
    if nobody_moved or everyone_away:
        do_abort(match, "abandoned before it got going")
        return "aborted"
    # Nobody loses a game they never saw: a person who has not made a first move yet
    # (the other side moved, they never came) has the match aborted, as a clock's
    # first-move window does (timeouts.settle).
    absent = [s for s in people if not has_moved(match, s)]
    if absent:
        names = " and ".join(seats[s].name for s in absent)
        reason = f"{names} did not make a first move"
        do_abort(match, "abandoned: " + reason, reason)
        return "aborted"
    names = " and ".join(seats[s].name for s in people)
    outcome = _beaten(match.num_players, people, f"{names} lost on time")
    _finish(match, outcome)
    return "lost on time"


def sweep_idle(now: datetime | None = None) -> dict[str, int]:
    """Settle every live match idle longer than DICEARENA_IDLE_S; counts by outcome."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.DICEARENA_IDLE_S)
    done: dict[str, int] = {}
    candidates = Match.objects.filter(status=Match.Status.ACTIVE, created_at__lt=cutoff)
    for match_id in candidates.values_list("pk", flat=True):
        with transaction.atomic():
            match = services.lock_match(match_id)
            if match.is_over:
                continue
            what = settle_idle(match, now)
        done[what] = done.get(what, 0) + 1
    return done
