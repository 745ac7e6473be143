"""The TV page's socket, ``/ws/tv/``: the match of the moment for each game, pushed
(``webapp.matches.tv`` announces; docs/protocol.md, "TV")."""

from __future__ import annotations

import json
import logging

from django.conf import settings
from redis.exceptions import RedisError

from webapp.matches import tv
from webapp.matches.consumers import CLOSE_RATE_LIMITED, CLOSE_TRY_AGAIN, FrameBudget, in_thread
from webapp.sockets import PageSocket

log = logging.getLogger(__name__)


class TvConsumer(PageSocket):
    """``/ws/tv/``: read-only. ``{"type": "tv", "screens": {game: match id or null}}``
    on connecting, after each ``hello``, and as watchable matches start (with
    ``started``) and end."""

    socket_name = "tv socket"

    closed = False

    async def connect(self) -> None:
        self.budget = FrameBudget(settings.DICEARENA_FRAMES_PER_S, settings.DICEARENA_FRAME_BURST)
        try:
            await self.channel_layer.group_add(tv.GROUP, self.channel_name)
        except (OSError, RedisError) as exc:
            log.warning("tv socket refused, channel layer unreachable: %s", exc)
            await self.accept()
            await self._close(CLOSE_TRY_AGAIN)
            return
        self.joined = True
        await self.accept()
        await self._screens()

    async def disconnect(self, code: int) -> None:
        self.closed = True
        if getattr(self, "joined", False):
            try:
                await self.channel_layer.group_discard(tv.GROUP, self.channel_name)
            except (OSError, RedisError):
                pass  # the membership expires on its own

    async def _close(self, code: int) -> None:
        if not self.closed:
            self.closed = True
            await self.close(code=code)

    async def _send(self, frame: dict) -> None:
        if not self.closed:
            await self.send(text_data=json.dumps(frame))

    async def receive(self, text_data=None, bytes_data=None) -> None:
        if self.closed:
            return
        if not self.budget.take():
            await self._send(
                {"type": "error", "code": "rate_limited", "message": "too many frames"}
            )
            await self._close(CLOSE_RATE_LIMITED)
            return
        try:
            message = json.loads(text_data or "")
        except ValueError:
            message = None
        if isinstance(message, dict) and message.get("type") == "hello":
            await self._screens()
            return
        await self._send(
            {"type": "error", "code": "read_only", "message": "this socket only says hello"}
        )

    async def layer_resumed(self, message: dict) -> None:
        """Redis came back (``webapp.layer``): a start or end announced meanwhile reached
        nobody, so the page is told what is on now."""
        await self._screens()

    async def tv_now(self, event: dict) -> None:
        await self._send({"type": "tv", **event["frame"]})

    async def _screens(self) -> None:
        await self._send({"type": "tv", "screens": await self._now_playing()})

    @in_thread
    def _now_playing(self) -> dict[str, int | None]:
        return tv.now_playing()
