"""Progress pushes to open tournament pages (after commit)."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from webapp.tournaments.models import Tournament

log = logging.getLogger(__name__)


def progress(tournament_id: int) -> None:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return
    try:
        async_to_sync(get_channel_layer().group_send)(
            tournament.group_name,
            {"type": "tournament.progress", "progress": tournament.progress()},
        )
    except Exception:  # the page polls nothing; it catches up on its next frame or reload
        log.exception("could not push progress of tournament %s", tournament_id)
