"""Turn e-mails for correspondence games: when a stored position starts a person's
clock, a mail is queued after the commit. Connected by ``NotifyConfig.ready``."""

from __future__ import annotations

from games.core import State
from webapp.matches import clocks, signals
from webapp.matches.models import Match
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


signals.turn_started.connect(turn_started)
