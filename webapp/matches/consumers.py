"""The match socket: snapshot/resync, moves in, frames out.

Protocol (JSON text frames), client → server:
  {"type": "hello", "seq": N}      resync: every event frame after N, then live frames
  {"type": "move", "seat": S, "seq": N, "move": "A"}   N = the position it answers
server → client: "snapshot", "event", "chosen", "seats", "ack", "error" frames; an
error names a ``code`` and carries a ``message`` for people, and changes nothing.
"""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from webapp.accounts.identity import Identity, identity_of
from webapp.matches import frames, live, services, snapshots
from webapp.matches.models import Match


class MatchConsumer(AsyncWebsocketConsumer):
    match_id: int
    identity: Identity | None
    seat: int | None

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.identity = identity_of(self.scope.get("user"), self.scope.get("session"))
        found = await self._find_seat()
        if found is False:
            await self.close(code=4404)
            return
        self.seat = found
        self.group = live.group_name(self.match_id)
        # Join before any catch-up is computed, so no frame falls between the two.
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        raw = text_data if text_data is not None else bytes_data
        if raw is None or len(raw) > settings.DICEARENA_MAX_FRAME_BYTES:
            limit = settings.DICEARENA_MAX_FRAME_BYTES
            await self._error("too_large", f"a frame is at most {limit} bytes")
            return
        try:
            message = json.loads(raw)
        except (ValueError, UnicodeDecodeError, RecursionError):
            await self._error("malformed", "frames are JSON objects")
            return
        if not isinstance(message, dict):
            await self._error("malformed", "frames are JSON objects")
            return
        kind = message.get("type")
        if kind == "hello":
            await self._hello(message.get("seq"))
        elif kind == "move":
            await self._move(message)
        else:
            await self._error("malformed", f"unknown frame type {kind!r}")

    async def match_frame(self, event: dict) -> None:
        await self.send(text_data=json.dumps(frames.for_seat(event["frame"], self.seat)))

    # ----- handlers --------------------------------------------------------------------

    async def _hello(self, seq) -> None:
        await self._nudge()
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
            await self.send(text_data=json.dumps(await self._snapshot()))
            return
        for frame in await self._frames_since(seq):
            await self.send(text_data=json.dumps(frames.for_seat(frame, self.seat)))

    async def _move(self, message: dict) -> None:
        seat = message.get("seat", self.seat)
        try:
            await self._submit(seat, message.get("seq"), message.get("move"))
        except services.Rejected as exc:
            await self._error(exc.code, exc.message)
            return
        await self.send(text_data=json.dumps({"type": "ack", "seq": message.get("seq")}))

    async def _error(self, code: str, message: str) -> None:
        await self.send(text_data=json.dumps({"type": "error", "code": code, "message": message}))

    # ----- database helpers ------------------------------------------------------------

    @database_sync_to_async
    def _find_seat(self):
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return False
        return snapshots.seat_of(match, self.identity)

    @database_sync_to_async
    def _snapshot(self) -> dict:
        match = Match.objects.get(pk=self.match_id)
        return snapshots.build(match, snapshots.seat_of(match, self.identity))

    @database_sync_to_async
    def _frames_since(self, seq: int) -> list[dict]:
        match = Match.objects.get(pk=self.match_id)
        # A seat taken after connecting (joining an open seat) changes what we may see.
        self.seat = snapshots.seat_of(match, self.identity)
        return live.frames_since(match, seq)

    @database_sync_to_async
    def _nudge(self) -> None:
        services.nudge_ai(self.match_id)

    @database_sync_to_async
    def _submit(self, seat, seq, move) -> None:
        services.submit_move(self.match_id, seat, seq, move, identity=self.identity)
