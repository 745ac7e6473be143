"""How bots' seats keep their clocks, on what the match services announce
(``webapp.matches.signals``; connected in ``webapp.bots.listeners``).

- ``check_new_match``: a new match seats bots → their challenge limits;
- ``seats_created``: a new match has bot seats → their clock rows, and a
  ``match_started`` frame to each bot after the commit;
- ``advanced``: a position was stored → start the clock of every bot seat due to act
  (a ``turn`` frame and a deadline task after the commit), stop the others;
- ``finished``: after a match ends → ``match_over`` frames.

All but ``finished`` run inside the services' transaction with the match locked.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.core import TERMINAL, State
from webapp.accounts.identity import BOT_KEY
from webapp.bots import frames, live
from webapp.bots.challenges import check_limits
from webapp.bots.clock import TimeControl
from webapp.bots.models import BotSeat
from webapp.bots.tasks import flag_turn
from webapp.matches.models import Match

log = logging.getLogger(__name__)


def bot_id_of(owner_key: str) -> int | None:
    """The bot behind a seat owner key ("bot:<id>"), or None for people."""
    if owner_key.startswith(BOT_KEY) and owner_key[len(BOT_KEY) :].isdigit():
        return int(owner_key[len(BOT_KEY) :])
    return None


def seated_bots(plan) -> list[tuple[int, int]]:
    """(seat index, bot id) of every bot a match plan seats."""
    found = (
        (index, bot_id_of(seat.identity.key))
        for index, seat in enumerate(plan.seats)
        if seat.identity is not None
    )
    return [(index, bot_id) for index, bot_id in found if bot_id is not None]


def bot_ids(plan) -> list[int]:
    """The bots seated by a match plan."""
    return sorted({bot_id for _, bot_id in seated_bots(plan)})


def check_new_match(plan) -> None:
    """Before a match with bots is made (in its transaction): their challenge limits."""
    bots = bot_ids(plan)
    if bots:
        check_limits(plan, bots)


def seats_created(match: Match, plan) -> None:
    bot_seats = seated_bots(plan)
    if not bot_seats:
        return
    control = TimeControl.parse(plan.time_control)
    rows = BotSeat.objects.bulk_create(
        BotSeat(
            match=match,
            seat=index,
            bot_id=bot_id,
            move_ms=control.move_ms,
            bank_ms=control.bank_ms,
        )
        for index, bot_id in bot_seats
    )
    started = [(row.bot_id, frames.match_started(match, row)) for row in rows]
    transaction.on_commit(lambda: live.send_all(started))


def advanced(match: Match, state: State) -> None:
    rows = list(BotSeat.objects.filter(match_id=match.pk))
    if not rows:
        return
    acting = set(state.acting_seats()) if state.current() != TERMINAL else set()
    now = timezone.now()
    turns = []
    for row in rows:
        if row.seat in acting and row.turn_ply != match.ply:
            row.turn_ply, row.turn_started_at = match.ply, now
            row.deadline = now + timedelta(milliseconds=row.move_ms + row.bank_ms)
            turns.append(row)
        elif row.seat not in acting and row.turn_ply is not None:
            row.turn_ply = row.turn_started_at = row.deadline = None
        else:
            continue
        row.save(update_fields=["turn_ply", "turn_started_at", "deadline"])
    if not turns:
        return
    deadlines = [(row.seat, row.turn_ply, row.deadline) for row in turns]

    def after_commit() -> None:
        # A forfeit in the same transaction ends the match: no turn to announce then.
        if match.is_over:
            return
        # Built after the commit, outside the match lock: a turn frame lists every legal
        # move (hundreds in The Octagon Theory), and nobody else must wait for that.
        live.send_all([(row.bot_id, frames.turn(match, row, state)) for row in turns])
        schedule_flags(match.pk, deadlines)

    transaction.on_commit(after_commit)


def schedule_flags(match_id: int, deadlines) -> None:
    now = timezone.now()
    for seat, ply, deadline in deadlines:
        countdown = max(0.0, (deadline - now).total_seconds())
        try:
            flag_turn.apply_async((match_id, seat, ply), countdown=countdown)
        except Exception:  # the sweep flags overdue turns whose task was lost
            log.exception("could not queue the deadline of match %s", match_id)


def finished(match_id: int) -> None:
    rows = list(BotSeat.objects.filter(match_id=match_id))
    if not rows:
        return
    BotSeat.objects.filter(match_id=match_id).update(
        turn_ply=None, turn_started_at=None, deadline=None
    )
    match = Match.objects.get(pk=match_id)
    live.send_all([(row.bot_id, frames.match_over(match, row)) for row in rows])
