"""The frames a bot receives (docs/bot-api.md). Built from states and rows; sent by
``webapp.bots.live`` after the commit that made them true."""

from __future__ import annotations

from typing import Any

from games.core import SIMULTANEOUS, State
from webapp.bots.models import Bot, BotSeat
from webapp.matches.models import Match

PROTOCOL = 1


def welcome(bot: Bot) -> dict[str, Any]:
    from django.conf import settings

    return {
        "type": "welcome",
        "protocol": PROTOCOL,
        "bot": bot.name,
        "games": bot.games,
        "limits": {
            "frames_per_s": settings.DICEARENA_BOT_FRAMES_PER_S,
            "max_frame_bytes": settings.DICEARENA_BOT_MAX_FRAME_BYTES,
            "strikes_to_forfeit": 3,
        },
    }


def match_started(match: Match, row: BotSeat) -> dict[str, Any]:
    return {
        "type": "match_started",
        "match": match.pk,
        "game": match.game,
        "seat": row.seat,
        "players": [s.name for s in match.seats.all()],
        "options": match.options,
        "seed_sha256": match.seed_sha256,
        "clock": {"move_ms": row.move_ms, "bank_ms": row.bank_ms},
    }


def turn(match: Match, row: BotSeat, state: State) -> dict[str, Any]:
    return {
        "type": "turn",
        "match": match.pk,
        "seat": row.seat,
        "game": match.game,
        "seq": row.turn_ply,
        "simultaneous": state.current() == SIMULTANEOUS,
        "observation": state.observation(row.seat),
        "legal": [state.move_to_str(m) for m in state.legal_moves(row.seat)],
        "clock": row.clock(),
        "strikes": row.strikes,
    }


def match_over(match: Match, row: BotSeat) -> dict[str, Any]:
    return {
        "type": "match_over",
        "match": match.pk,
        "seat": row.seat,
        "status": match.status,
        "result": match.result,
        "seed": match.revealed_seed,
        "strikes": row.strikes,
    }


def error(code: str, message: str, **about: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, **about}
