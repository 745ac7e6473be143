"""What running out of time means, by the rules: the seat loses; in Dice Wars with
others still in play, the seat leaves play and the match goes on without it.

Settled under the match's row lock, from the database's clock, on three paths that
must agree: a move that arrives too late, a page whose clock reached zero (``flag``),
and the periodic sweep (``sweep``) for matches nobody is watching.

A seat whose first-move window ran out (``clocks.first_move_ms``) never started playing:
the match is aborted — no result, no rating, no loss for anyone — as lichess does.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction

from games.core import Outcome
from webapp.accounts.identity import Identity
from webapp.errors import Rejected
from webapp.matches import clocks, live, services
from webapp.matches.models import Match, SeatClock
from webapp.matches.positions import load_state

log = logging.getLogger(__name__)


def settle(match: Match, now: datetime) -> str:
    """Decide a locked match whose clocks may have run out; returns what was done ("",
    "lost on time" or "left play")."""
    if match.is_over or not match.time_control:
        return ""
    late = clocks.overdue(match, now)
    if not late:
        return ""
    names = {s.index: s.name for s in match.seats.all()}
    rows = clocks.rows(match)
    absent = [s for s in late if not rows[s].moved]
    if absent:
        who = " and ".join(names[s] for s in absent)
        reason = f"{who} did not make a first move in time"
        services.do_abort(match, reason)
        log.info("match %s aborted: %s", match.pk, reason)
        return "aborted"
    state = load_state(match)
    gone = clocks.out_seats(match)
    eliminated = set(getattr(state, "eliminated", ()))
    in_play = [s for s in range(match.num_players) if s not in eliminated and s not in gone]
    remaining = [s for s in in_play if s not in late]
    who = " and ".join(names[s] for s in late)
    if match.game in clocks.LEAVES_PLAY and len(remaining) > 1:
        clocks.leave(match, late, now)
        # The seat's turn is ended for it now, and every later one (services._advance):
        # pages hear it as the events of those moves and a clock frame saying "out"
        # (not as a status frame, which would take the next player's moves away).
        services.pass_for_leavers(match, state)
        log.info("match %s: %s left play on time", match.pk, who)
        return "left play"
    # The match ends: whoever ran out loses; seats that left earlier rank below them.
    losers = [s for s in range(match.num_players) if s not in remaining]
    returns = tuple(1.0 if s in remaining else -1.0 for s in range(match.num_players))
    order = [*late, *reversed(gone)]  # the later a seat left, the better it placed
    ranks = tuple(
        1 if s in remaining else len(remaining) + 1 + (order.index(s) if s in order else 0)
        for s in range(match.num_players)
    )
    outcome = Outcome(returns=returns, ranks=ranks, reason=f"{who} lost on time")
    services.end_match(match, Match.Status.FINISHED, {**outcome.to_json(), "flagged": late})
    log.info("match %s: %s lost on time (losers %s)", match.pk, who, losers)
    return "lost on time"


def flag(match_id: int) -> str:
    """Anyone may ask (a page whose clock reached zero): the rules decide, from the
    server's clock; asking early changes nothing."""
    with transaction.atomic():
        match = services.lock_match(match_id)
        return settle(match, clocks.db_now())


#: Matches the sweep settles per run (a bound on its work; the next run takes the rest).
SWEEP_BATCH = 200


def sweep() -> dict[str, int]:
    """Settle every active match with a clock past its deadline, even with nobody
    connected. Safe to run twice: each match is settled under its row lock."""
    now = clocks.db_now()
    due = (
        SeatClock.objects.filter(deadline__lte=now, match__status=Match.Status.ACTIVE)
        .values_list("match_id", flat=True)
        .distinct()[:SWEEP_BATCH]
    )
    done: dict[str, int] = {}
    for match_id in list(due):
        what = flag(match_id)
        if what:
            done[what] = done.get(what, 0) + 1
    return done


# ----- giving time -----------------------------------------------------------------------


def check_give_time(match: Match, identity: Identity | None, seat: object) -> int:
    """A player of a live clocked match gives another seat's clock GIFT_S; returns the
    seat. ``seat`` may be left out in a two-player match (the opponent)."""
    if match.is_over:
        raise Rejected("over", "this match is over")
    control = clocks.control_of(match)
    if control is None or control.correspondence:
        raise Rejected("no_clock", "only a live match with a clock has time to give")
    mine = [s.index for s in match.seats.all() if identity is not None and s.owner == identity.key]
    if not mine:
        raise Rejected("not_a_player", "only a player of this match can give time")
    rows = clocks.rows(match)
    if seat is None:
        others = [s for s in rows if s not in mine and not rows[s].out]
        if len(others) != 1:
            raise Rejected("bad_seat", "say which seat gets the time")
        seat = others[0]
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in rows:
        raise Rejected("bad_seat", f"seat {seat!r} has no clock in this match")
    if seat in mine:
        raise Rejected("own_clock", "you can give time to your opponents, not to yourself")
    if rows[seat].out:
        raise Rejected("out", "that seat has left play")
    return seat


def give_time(match_id: int, identity: Identity | None, seat: object = None) -> int:
    with transaction.atomic():
        match = services.lock_match(match_id)
        now = clocks.db_now()
        if settle(match, now):  # a clock already at zero is not brought back
            raise_after = Rejected("over", "that clock had already run out")
        else:
            raise_after = None
            seat = check_give_time(match, identity, seat)
            clocks.give(match, seat, now)
            frame = clocks.as_frame(match, now)
            transaction.on_commit(lambda: live.clock_changed(match.pk, frame))
    if raise_after is not None:
        raise raise_after
    return seat
