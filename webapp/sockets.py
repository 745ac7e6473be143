"""The base of every socket consumer of the site.

channels 4.2 made ``AsyncConsumer.dispatch`` close stale database connections before
every message it hands to a handler, through ``sync_to_async``: a hop to a thread and
back for each frame to each open page. With 700 pages open that hop was a tenth of the
web tier's CPU (docs/reliability.md, "Cost per move"). Our consumers never touch the
database on the event loop: every query runs in ``database_sync_to_async``, which
closes stale connections in its own thread before and after, so the hop does nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

#: WebSocket close code 1013, "try again later": the page reconnects by itself.
CLOSE_TRY_AGAIN = 1013


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


class PageSocket(SocketConsumer):
    """A page's socket whose news come over the channel layer. When Redis goes away under
    it, it is closed with 1013 so the page reconnects (joining its groups again) and
    catches up, rather than a traceback and an open socket that never hears again."""

    #: What the log calls it: "match socket closed, channel layer lost: …".
    socket_name = "socket"
    closed = False

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        except (OSError, RedisError) as exc:
            log.warning("%s closed, channel layer lost: %s", self.socket_name, exc)
            if not self.closed:
                self.closed = True
                await self.base_send({"type": "websocket.close", "code": CLOSE_TRY_AGAIN})


class NoSuchSocket:
    """A WebSocket handshake to a path with no socket: refused (the server answers HTTP
    403, as for a page whose origin is not allowed), where the router raised and the
    server answered 500 with a 2.2 KB traceback in its log for every such request.

    Not a 404 through ASGI's denial-response extension: uvicorn's default WebSocket
    protocol (websockets-sansio) then logs "ASGI callable returned without completing
    handshake." at ERROR for every refusal (Kludex/uvicorn#3138, open)."""

    async def __call__(self, scope, receive, send) -> None:
        await receive()  # the handshake: websocket.connect
        await send({"type": "websocket.close", "code": 1000})
