"""Rematch: the same players, game, options, clock and stakes, seats swapped (in a game
of more seats, every player moves one seat on).

Between people a rematch is an offer (lichess's way: nobody is put into a game they did
not agree to). *Rematch* from one player offers it; the others accept or decline it
(*Rematch* pressed by one asked is a yes); it lapses after ``OFFER_S``, or when the one
who offered or one asked leaves the match page (``left_page``, after ``LEAVE_GRACE_S``
so a reload is not leaving). Seats of the site's AI and of outside bots consent by
themselves: a rematch against them only is made at once, as before (a bot's challenge
limits still apply when the match is made).

Every step runs with the old match's row locked, so two answers cannot cross; the
database keeps one open offer per match and one rematch per match, so an offer is never
accepted twice. Both pages hear each state (``offered``, ``declined``, ``lapsed``,
``accepted``, with the new match's address) after the commit.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from webapp.accounts.identity import Identity
from webapp.matches import live, presence, services
from webapp.matches.models import Match, RematchOffer, Seat

#: How long an offer waits for its answer.
OFFER_S = 60
#: A player's page closed this long with no other page of theirs open on the match is a
#: player who left (a reload reconnects well within it).
LEAVE_GRACE_S = 4.0


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


def people(match: Match) -> list[Seat]:
    """The seats whose players must agree to a rematch: people (not the site's AI, not
    an outside bot, which consent by themselves), one seat per person."""
    found: dict[str, Seat] = {}
    for seat in match.seats.all():
        if seat.owner and not seat.is_agent and not seat.is_bot:
            found.setdefault(seat.owner, seat)
    return list(found.values())


def _open_offer(match: Match) -> RematchOffer | None:
    return match.rematch_offers.select_for_update().filter(state=RematchOffer.State.OFFERED).first()


def _latest(match: Match) -> RematchOffer | None:
    return match.rematch_offers.order_by("-created_at", "-id").first()


def _end(offer: RematchOffer, state: str, reason: str) -> None:
    offer.state, offer.reason, offer.ended_at = state, reason, timezone.now()
    offer.save(update_fields=["state", "reason", "ended_at"])
    _push_after_commit(offer)


def _push_after_commit(offer: RematchOffer) -> None:
    match_id = offer.match_id
    transaction.on_commit(lambda: live.rematch_changed(match_id, state_of(match_id)))


def _name(match: Match, key: str) -> str:
    return next((s.name for s in match.seats.all() if s.owner == key), "a player")


def _still_open(offer: RematchOffer | None, now: datetime) -> RematchOffer | None:
    """The offer if it is still open at ``now``; one past its minute lapses here."""
    if offer is not None and offer.expires_at <= now:
        _end(offer, RematchOffer.State.LAPSED, "nobody answered within a minute")
        return None
    return offer


def _start(match: Match, plan: services.MatchPlan, address: str) -> Match:
    plan.address = address
    return services.create_match(plan)


def _locked(
    match_id: Any, identity: Identity | None
) -> tuple[Match, services.MatchPlan, Match | None]:
    """The ended match, locked (inside the caller's transaction), the plan of its rematch
    once ``identity`` may ask for one, and the rematch if it was made already."""
    match = services.lock_match(match_id)
    plan = check_rematch(match, identity)
    return match, plan, Match.objects.filter(rematch_of=match).first()


def rematch(match_id: Any, identity: Identity | None, address: str = "") -> Match | RematchOffer:
    """*Rematch* pressed by a player of an ended match: the rematch already made, the
    rematch made now (nobody else must agree: the site's AI or a bot), a yes to an open
    offer of another player's (which starts the rematch once everyone agreed), or a new
    offer. ``address``: where the request came from (limits count it)."""
    with transaction.atomic():
        match, plan, existing = _locked(match_id, identity)
        if existing is not None:
            return existing
        offer = _still_open(_open_offer(match), timezone.now())
        if offer is not None:
            if identity.key in offer.accepted_by:
                return offer  # asked again: the offer stands
            return _say_yes(match, offer, plan, identity, address)
        asked = [s for s in people(match) if s.owner != identity.key]
        if not asked:
            return _start(match, plan, address)
        offer = RematchOffer.objects.create(
            match=match,
            offered_by=identity.key,
            accepted_by=[identity.key],
            expires_at=timezone.now() + timedelta(seconds=OFFER_S),
        )
        _push_after_commit(offer)
        return offer


def _say_yes(
    match: Match,
    offer: RematchOffer,
    plan: services.MatchPlan,
    identity: Identity,
    address: str,
) -> Match | RematchOffer:
    offer.accepted_by = [*offer.accepted_by, identity.key]
    if {s.owner for s in people(match)} - set(offer.accepted_by):
        offer.save(update_fields=["accepted_by"])  # others still to answer
        _push_after_commit(offer)
        return offer
    # Everyone agreed: the rematch is made now, in the name of whoever offered it.
    plan.created_by = offer.offered_by
    new = _start(match, plan, address)
    offer.save(update_fields=["accepted_by"])
    _end(offer, RematchOffer.State.ACCEPTED, "")
    return new


def accept(match_id: Any, identity: Identity | None, address: str = "") -> Match | RematchOffer:
    """A yes to the open offer; the rematch once everyone has said yes. An offer
    accepted already answers with its rematch (a second yes makes nothing)."""
    with transaction.atomic():
        match, plan, existing = _locked(match_id, identity)
        if existing is not None:
            return existing
        offer = _still_open(_open_offer(match), timezone.now())
        if offer is None:
            lapsed = _latest(match)
            why = f": {lapsed.reason}" if lapsed is not None and lapsed.reason else ""
            raise services.Rejected("no_offer", f"there is no rematch offer to accept{why}")
        if identity.key in offer.accepted_by:
            return offer
        return _say_yes(match, offer, plan, identity, address)


def decline(match_id: Any, identity: Identity | None) -> RematchOffer:
    """No to the open offer (or, from the one who offered, taking it back)."""
    with transaction.atomic():
        match = services.lock_match(match_id)
        check_rematch(match, identity)
        offer = _still_open(_open_offer(match), timezone.now())
        if offer is None:
            raise services.Rejected("no_offer", "there is no rematch offer to decline")
        name = _name(match, identity.key)
        if identity.key == offer.offered_by:
            _end(offer, RematchOffer.State.DECLINED, f"{name} took the offer back")
        else:
            _end(offer, RematchOffer.State.DECLINED, f"{name} declined")
        return offer


def left_page(match_id: int, key: str) -> str:
    """A player's last page of the match closed a moment ago: if they are still away
    and an offer is open that they made or were asked, it lapses. Returns what was done."""
    if not RematchOffer.objects.filter(
        match_id=match_id, state=RematchOffer.State.OFFERED
    ).exists():
        return ""
    if key in presence.here(match_id):
        return ""  # came back (a reload) or another page of theirs is open
    with transaction.atomic():
        match = services.lock_match(match_id)
        offer = _still_open(_open_offer(match), timezone.now())
        if offer is None or key not in {s.owner for s in people(match)}:
            return ""
        _end(offer, RematchOffer.State.LAPSED, f"{_name(match, key)} left the match")
        return "lapsed"


#: Offers the sweep lapses per run (a bound on its work; the next run takes the rest).
SWEEP_BATCH = 200


def sweep() -> int:
    """Offers past their minute lapse, with nobody's page asking (beat, every 5 s)."""
    due = RematchOffer.objects.filter(
        state=RematchOffer.State.OFFERED, expires_at__lte=timezone.now()
    ).values_list("match_id", flat=True)[:SWEEP_BATCH]
    lapsed = 0
    for match_id in list(due):
        with transaction.atomic():
            match = services.lock_match(match_id)
            if _still_open(_open_offer(match), timezone.now()) is None:
                lapsed += 1
    return lapsed


def state_of(match_id: int, now: datetime | None = None) -> dict[str, Any] | None:
    """The rematch as both pages show it: the latest offer's state (an open one past
    its minute reads as lapsed), who offered, who is still asked and how long is left;
    with the new match's address once accepted. None when nobody has offered."""
    match = Match.objects.prefetch_related("seats").get(pk=match_id)
    offer = _latest(match)
    rematch_id = Match.objects.filter(rematch_of=match).values_list("pk", flat=True).first()
    if offer is None:
        if rematch_id is None:
            return None
        # Made at once (against the site's AI, a bot) or before offers were kept.
        return _frame("accepted", rematch_id=rematch_id)
    now = now or timezone.now()
    state, reason = offer.state, offer.reason
    if state == RematchOffer.State.OFFERED and offer.expires_at <= now:
        state, reason = RematchOffer.State.LAPSED, "nobody answered within a minute"
    seats = {s.owner: s for s in people(match)}
    waiting = [s for key, s in seats.items() if key not in offer.accepted_by]
    here = presence.here(match.pk) if state == RematchOffer.State.OFFERED else set()
    by = seats.get(offer.offered_by)
    return _frame(
        state,
        rematch_id=rematch_id,
        by=by.name if by else _name(match, offer.offered_by),
        by_seat=by.index if by else None,
        waiting_for=[s.index for s in waiting],
        waiting_names=[s.name for s in waiting],
        away=[s.name for s in waiting if s.owner not in here],
        left_ms=max(0, round((offer.expires_at - now).total_seconds() * 1000)),
        reason=reason,
    )


def _frame(state: str, rematch_id: int | None = None, **fields: Any) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "rematch", "state": state, **fields}
    if rematch_id is not None:
        frame["match"] = rematch_id
        frame["url"] = reverse("matches:detail", args=[rematch_id])
    return frame
