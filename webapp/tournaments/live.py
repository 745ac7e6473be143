"""Progress pushes to open tournament pages (after commit)."""

from __future__ import annotations

import logging

from webapp import push
from webapp.tournaments.models import Tournament

log = logging.getLogger(__name__)


def progress(tournament_id: int) -> None:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return
    push.push(
        tournament.group_name,
        {"type": "tournament.progress", "progress": tournament.progress()},
    )
