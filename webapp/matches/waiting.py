"""Every game waiting for one person's move: the "Your turn" card, page and tab badge.

Matches with a clock say whose turn it is in their clock rows (a running clock is a seat
to move), read in one query, soonest deadline first. Untimed matches are few per person
(a live match with nobody moving ends in 15 minutes), so their positions are read.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import F

from webapp.accounts.identity import Identity
from webapp.matches import clocks
from webapp.matches.models import Match, SeatClock
from webapp.matches.positions import load_state

#: The most games the list shows (the rest wait their turn in the list).
LIMIT = 50


@dataclass
class Waiting:
    match: Match
    seat: int
    deadline: datetime | None
    control: str  # "" untimed, else the time control's words

    @property
    def opponents(self) -> str:
        return ", ".join(s.name for s in self.match.seats.all() if s.index != self.seat)


def your_turn(identity: Identity | None, limit: int = LIMIT) -> list[Waiting]:
    if identity is None:
        return []
    running = (
        SeatClock.objects.filter(
            running_since__isnull=False,
            match__status=Match.Status.ACTIVE,
            match__seats__owner=identity.key,
            match__seats__index=F("seat"),
        )
        .select_related("match")
        .prefetch_related("match__seats")
        .order_by("deadline")[:limit]
    )
    found = [
        Waiting(row.match, row.seat, row.deadline, clocks.parse(row.match.time_control).label)
        for row in running
    ]
    untimed = (
        Match.objects.filter(status=Match.Status.ACTIVE, time_control="", seats__owner=identity.key)
        .prefetch_related("seats")
        .order_by("-created_at")[: max(0, limit - len(found))]
    )
    for match in untimed:
        if any(s.is_open for s in match.seats.all()):
            continue  # not started: the friend has not sat down yet
        seat = next(s.index for s in match.seats.all() if s.owner == identity.key)
        state = load_state(match)
        chosen = set(match.pending.filter(ply=match.ply).values_list("seat", flat=True))
        if seat in state.acting_seats() and seat not in chosen:
            found.append(Waiting(match, seat, None, ""))
    return found
