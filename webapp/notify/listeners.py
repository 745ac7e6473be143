"""What a person hears of their games. Turn e-mails for correspondence games: when a
stored position starts a person's clock, a mail is queued after the commit. Every open
page of theirs (``/ws/me/``, ``live``): a match of theirs with another player started,
and the games waiting for their move changed. Connected by ``NotifyConfig.ready``."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.core import State
from webapp.matches import clocks, services, signals
from webapp.matches.models import Match, Seat
from webapp.notify import live
from webapp.notify.tasks import turn_mail


def turn_started(match: Match, state: State, seats: list[int]) -> None:
    """Only seats whose turn began now: a turn that goes on (a Dice Wars attack) is not
    mailed again."""
    control = clocks.control_of(match)
    if control is None or not control.correspondence or match.is_over:
        return
    people = {s.index for s in match.seats.all() if s.user_id is not None}
    for seat in seats:
        if seat in people:
            turn_mail.delay_on_commit(match.pk, seat, match.ply)


def _people(seats) -> list[str]:
    return [s.owner for s in seats if s.owner and not s.is_agent and not s.is_bot]


def position_stored(match: Match, state: State) -> None:
    """In a game with another player (a person or a bot), whose move it is changed:
    the people's pages count their waiting games again, after the commit. (Against the
    site's AI the person is on the match page, which asks itself after each move.)"""
    seats = services.seat_rows(match).values()
    if sum(1 for s in seats if not s.is_agent) < 2:
        return
    people = _people(seats)
    if people:
        transaction.on_commit(lambda: live.turns_changed(people))


def match_ended(match_id: int, status: str, played: Any) -> None:
    if played is not None:
        return  # games played in memory by agents: nobody's turn
    people = _people(Seat.objects.filter(match_id=match_id))
    if people:
        live.turns_changed(people)


signals.turn_started.connect(turn_started)
signals.position_stored.connect(position_stored)
signals.match_started.connect(live.game_started)
signals.match_ended.connect(match_ended)
