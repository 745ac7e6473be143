"""The page's starting point: the position now, the move log, who you are."""

from __future__ import annotations

from webapp.accounts.identity import Identity
from webapp.matches import clocks, frames
from webapp.matches.models import Match
from webapp.matches.positions import remember, walk


def seat_of(match: Match, identity: Identity | None) -> int | None:
    """The seat this identity plays in the match (its first, if several), else None."""
    if identity is None:
        return None
    for seat in match.seats.all():
        if seat.owner == identity.key:
            return seat.index
    return None


def build(match: Match, seat: int | None) -> dict:
    events = list(match.events.order_by("ply"))
    log = []
    state = None
    for before, event, after in walk(match, events):
        log.append(frames.log_entry(before, event))
        state = after
    if state is None:
        state = match.game_rules.new_state(match.num_players, match.options)
    remember(match.pk, state)
    chosen = sorted(match.pending.filter(ply=match.ply).values_list("seat", flat=True))
    snap = frames.snapshot(match, state, log, chosen, seat)
    if match.time_control:
        snap["clock"] = clocks.as_frame(match, clocks.db_now())
    return snap
