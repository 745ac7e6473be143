"""Frames to bots over the channel layer: every socket of a bot listens on its group.
Called only after a commit; a bot that misses a frame catches up with ``hello``."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def group_name(bot_id: int) -> str:
    return f"bot-{bot_id}"


def send(bot_id: int, frame: dict) -> None:
    try:
        async_to_sync(get_channel_layer().group_send)(
            group_name(bot_id), {"type": "bot.frame", "frame": frame}
        )
    except Exception:  # the move is stored; the bot resyncs with hello
        log.exception("could not push to bot %s", bot_id)


def send_all(frames: list[tuple[int, dict]]) -> None:
    for bot_id, frame in frames:
        send(bot_id, frame)
