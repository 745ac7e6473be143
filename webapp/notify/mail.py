"""Composing and sending one turn e-mail through Django's e-mail framework (console or
file backend for `make run`, SMTP in production: README, "E-mail")."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction

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
    others = ", ".join(s.name for s in match.seats.all() if s.index != seat)
    url = settings.DICEARENA_SITE_URL.rstrip("/") + links.make(match.pk, user.pk)
    title = match.game_rules.title
    try:
        with transaction.atomic():
            TurnMail.objects.create(match=match, seat=seat, ply=ply, to=user.email)
            send_mail(
                subject=f"Your turn: {title} #{match.pk} against {others}",
                message=(
                    f"Hello {user.get_username()},\n\n"
                    f"{others} moved; your {title} game #{match.pk} waits for you.\n"
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
