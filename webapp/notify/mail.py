"""Composing and sending one turn e-mail through Django's e-mail framework (console or
file backend for `make run`, SMTP in production: README, "E-mail")."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction

from games.core import CHANCE, SIMULTANEOUS
from webapp.accounts.models import Preferences
from webapp.matches.models import Match, SeatClock
from webapp.notify import links
from webapp.notify.models import TurnMail

log = logging.getLogger(__name__)


def send_turn_mail(match_id: int, seat: int, ply: int) -> str:
    """Mail the person in ``seat`` that the match waits for their move at ``ply``, once.
    Does nothing when the turn has passed, the person has no address or turned mails
    off. The row is claimed in the transaction that sends, so a failed send leaves no
    row (a retry may send) and a second sender waits on it, then finds it taken."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.ACTIVE, ply=ply).first()
    if match is None:
        return "moved on"
    if not SeatClock.objects.filter(match=match, seat=seat, running_since__isnull=False).exists():
        return "not their turn"
    row = match.seats.select_related("user").filter(index=seat).first()
    user = row.user if row is not None else None
    if user is None or not user.email:
        return "no address"
    if not Preferences.for_user(user).email_on_turn:
        return "turned off"
    seats = {s.index: s.name for s in match.seats.all()}
    others = ", ".join(name for index, name in seats.items() if index != seat)
    url = settings.DICEARENA_SITE_URL.rstrip("/") + links.make(match.pk, user.pk)
    title = match.game_rules.title
    what = _what_happened(match, seat, seats, title)
    try:
        with transaction.atomic():
            TurnMail.objects.create(match=match, seat=seat, ply=ply, to=user.email)
            send_mail(
                subject=f"Your turn: {title} #{match.pk} against {others}",
                message=(
                    f"Hello {user.get_username()},\n\n"
                    f"{what}\n"
                    f"Open it: {url}\n\n"
                    "The link works for "
                    f"{settings.DICEARENA_TURN_LINK_MAX_AGE_S // 86400} days. "
                    "Turn these mails off in your account settings: "
                    f"{settings.DICEARENA_SITE_URL.rstrip('/')}/accounts/settings/\n"
                ),
                from_email=None,  # DEFAULT_FROM_EMAIL
                recipient_list=[user.email],
            )
    except IntegrityError:
        return "already sent"
    log.info("turn mail for match %s seat %s ply %s sent", match_id, seat, ply)
    return "sent"


def _what_happened(match: Match, seat: int, seats: dict[int, str], title: str) -> str:
    """The mail's first line: what made it your turn. Before anyone else has moved (the
    match was just made, or the friend has only sat down) the game has started; after,
    the player who moved last is named."""
    last = (
        match.events.exclude(actor=CHANCE)
        .exclude(actor=seat)
        .order_by("-ply")
        .values_list("actor", flat=True)
        .first()
    )
    if last is None:
        against = ", ".join(name for index, name in seats.items() if index != seat)
        return f"Your {title} game #{match.pk} against {against} has started: it's your move."
    mover = "the other players" if last == SIMULTANEOUS else seats.get(last, "your opponent")
    return f"{mover} moved; it's your move in {title} game #{match.pk}."
