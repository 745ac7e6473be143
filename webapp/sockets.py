"""The base of every socket consumer of the site.

channels 4.2 made ``AsyncConsumer.dispatch`` close stale database connections before
every message it hands to a handler, through ``sync_to_async``: a hop to a thread and
back for each frame to each open page. With 700 pages open that hop was a tenth of the
web tier's CPU (docs/reliability.md, "Cost per move"). Our consumers never touch the
database on the event loop: every query runs in ``database_sync_to_async``, which
closes stale connections in its own thread before and after, so the hop does nothing.
"""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer


class SocketConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def layer_resumed(self, message: dict[str, Any]) -> None:
        """This process's subscription to Redis was lost and is back (a Redis restart):
        frames published meanwhile reached nobody (``webapp.layer``). A socket that
        pushes news catches up here; this one has none to catch up."""
