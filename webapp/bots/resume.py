"""What a bot that says ``hello`` (after connecting or reconnecting) is told: every
match of its that it does not know, every turn it owes, and every match it knew that
ended while it was away."""

from __future__ import annotations

from webapp.bots import frames
from webapp.bots.models import Bot, BotSeat
from webapp.matches.models import Match
from webapp.matches.positions import load_state

#: A hello that lists more matches than this is cut short (a bot plays only so many).
MAX_KNOWN = 200


def frames_for(bot: Bot, known: dict[int, int]) -> list[dict]:
    """``known``: the match ids (and sequence numbers) hello listed, checked by
    ``wire.known_matches``."""
    known_ids = set(list(known)[:MAX_KNOWN])
    out: list[dict] = []
    rows = BotSeat.objects.filter(bot=bot).filter(
        match__status=Match.Status.ACTIVE
    ) | BotSeat.objects.filter(bot=bot, match_id__in=known_ids)
    for row in rows.select_related("match").order_by("match_id", "seat"):
        match = row.match
        if match.is_over:
            out.append(frames.match_over(match, row))
            continue
        if match.pk not in known_ids:
            out.append(frames.match_started(match, row))
        if row.turn_ply == match.ply:
            out.append(frames.turn(match, row, load_state(match)))
    return out
