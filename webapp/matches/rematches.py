"""Rematch: the same players, game and options, seats swapped (in a game of more seats,
every player moves one seat on). The database keeps one rematch per match."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from webapp.accounts.identity import Identity
from webapp.matches import live, services
from webapp.matches.models import Match, Seat


def _plan_seat(seat: Seat) -> services.SeatPlan:
    if seat.is_agent:
        return services.SeatPlan(agent_spec=seat.agent_spec)
    if seat.is_open:
        return services.SeatPlan(open=True)
    return services.SeatPlan(identity=Identity(seat.owner, seat.name, seat.user_id))


def check_rematch(match: Match, identity: Identity | None) -> services.MatchPlan:
    if not match.is_over:
        raise services.Rejected("not_over", "a rematch is for a match that has ended")
    seats = list(match.seats.all())
    if identity is None or not any(s.owner == identity.key for s in seats):
        raise services.Rejected("not_a_player", "only a player of this match can ask for a rematch")
    # Seat i of the rematch is taken by whoever sat one seat before it: two players swap.
    moved = [seats[(i - 1) % len(seats)] for i in range(len(seats))]
    return services.MatchPlan(
        game=match.game,
        seats=[_plan_seat(s) for s in moved],
        options=dict(match.options),
        pace=match.pace,
        created_by=identity.key,
        rematch_of=match.pk,
        # The same clock and the same stakes: a rematch of a 5+3 rated game is one too.
        clock=match.time_control,
        rated=match.rated,
    )


def rematch(match_id: int, identity: Identity | None, address: str = "") -> Match:
    """The rematch of a match: made now, or the one another player already made.
    ``address`` is where the request came from (limits count it)."""
    match = Match.objects.prefetch_related("seats").get(pk=match_id)
    existing = Match.objects.filter(rematch_of=match).first()
    if existing is not None:
        check_rematch(match, identity)
        return existing
    plan = check_rematch(match, identity)
    plan.address = address
    try:
        new = services.create_match(plan)
    except IntegrityError:
        # Another player's request won the race: theirs is the rematch.
        return Match.objects.get(rematch_of=match)
    transaction.on_commit(lambda: live.rematch_offered(match.pk, new.pk))
    return new
