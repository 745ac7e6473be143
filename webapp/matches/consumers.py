"""The match socket: snapshot/resync, moves in, frames out (docs/protocol.md).

Client → server: ``hello`` (resync from a sequence number; also the page's heartbeat),
``move``, ``resign`` and ``abort``. Server → client: ``snapshot``, ``event``, ``synced``,
``chosen``, ``seats``, ``status``, ``rematch``, ``ack`` and ``error`` frames; an error names a ``code`` and carries a ``message`` for
people, and changes nothing.

The consumer never blocks its event loop: database work runs in threads
(``database_sync_to_async``), frames arrive already serialised, and a socket that sends
more than its share of frames is closed rather than served.
"""

from __future__ import annotations

import json
import time

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from webapp.accounts.identity import Identity, identity_of
from webapp.matches import frames, live, services, snapshots
from webapp.matches.models import Match

#: Close code for a socket that sent frames faster than ``FrameBudget`` allows.
CLOSE_RATE_LIMITED = 4429
#: Close code for an unknown match.
CLOSE_UNKNOWN_MATCH = 4404
#: Seconds between two AI nudges from one socket (a hello flood must not queue work).
NUDGE_EVERY_S = 10.0


class BadFrame(Exception):
    """A frame refused before it is read: too large, not JSON, not an object."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code, self.text = code, text


def read_frame(text_data: str | None, bytes_data: bytes | None, max_bytes: int) -> dict:
    """A socket frame as a JSON object, or BadFrame (JSON nested too deep for the
    parser is malformed too, not a crash)."""
    raw = text_data if text_data is not None else bytes_data
    if raw is None or len(raw) > max_bytes:
        raise BadFrame("too_large", f"a frame is at most {max_bytes} bytes")
    try:
        message = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadFrame("malformed", "frames are JSON objects") from None
    if not isinstance(message, dict):
        raise BadFrame("malformed", "frames are JSON objects")
    return message


class FrameBudget:
    """A token bucket: ``burst`` frames at once, refilled at ``rate`` frames a second.
    A person clicks a few times a second at most; a page's heartbeat is one frame in 25 s."""

    def __init__(self, rate: float, burst: float, now=time.monotonic) -> None:
        self.rate, self.burst, self._now = rate, burst, now
        self.tokens = burst
        self.at = now()

    def take(self) -> bool:
        now = self._now()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def in_thread(func):
    """Database work off the event loop, on any of the executor's threads rather than
    one shared thread: one socket's slow query must not queue every other socket's."""
    return database_sync_to_async(func, thread_sensitive=False)


class MatchConsumer(AsyncWebsocketConsumer):
    match_id: int
    identity: Identity | None
    seat: int | None

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.identity = identity_of(self.scope.get("user"), self.scope.get("session"))
        self.budget = FrameBudget(settings.DICEARENA_FRAMES_PER_S, settings.DICEARENA_FRAME_BURST)
        self.nudged_at = float("-inf")
        found = await self._find_seat()
        if found is False:
            await self.close(code=CLOSE_UNKNOWN_MATCH)
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
        if not self.budget.take():
            await self._error("rate_limited", "too many frames; reconnect and slow down")
            await self.close(code=CLOSE_RATE_LIMITED)
            return
        try:
            message = read_frame(text_data, bytes_data, settings.DICEARENA_MAX_FRAME_BYTES)
        except BadFrame as bad:
            await self._error(bad.code, bad.text)
            return
        kind = message.get("type")
        if kind == "hello":
            await self._hello(message.get("seq"))
        elif kind == "move":
            await self._move(message)
        elif kind in ("resign", "abort"):
            # Every page (this one too) hears the new status from the group push.
            try:
                await self._end(kind)
            except services.Rejected as exc:
                await self._error(exc.code, exc.message)
        else:
            await self._error("malformed", f"unknown frame type {str(kind)[:40]!r}")

    async def match_frame(self, event: dict) -> None:
        await self.send(text_data=frames.for_audience(event["texts"], self.seat))

    # ----- handlers --------------------------------------------------------------------

    async def _hello(self, seq) -> None:
        now = time.monotonic()
        nudge = now - self.nudged_at >= NUDGE_EVERY_S
        if nudge:
            self.nudged_at = now
        for text in await self._resync(seq, nudge):
            await self.send(text_data=text)

    async def _move(self, message: dict) -> None:
        seat = message.get("seat", self.seat)
        seq = message.get("seq")
        try:
            await self._submit(seat, seq, message.get("move"))
        except services.Rejected as exc:
            await self._error(exc.code, exc.message, seq)
            return
        await self.send(text_data=frames.dumps({"type": "ack", "seq": seq}))

    async def _error(self, code: str, message: str, seq=None) -> None:
        frame = {"type": "error", "code": code, "message": message}
        if isinstance(seq, int) and not isinstance(seq, bool):
            frame["seq"] = seq  # which move this answers, so a page can match them up
        await self.send(text_data=frames.dumps(frame))

    # ----- database helpers ------------------------------------------------------------

    @in_thread
    def _find_seat(self):
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return False
        return snapshots.seat_of(match, self.identity)

    @in_thread
    def _resync(self, seq, nudge: bool) -> list[str]:
        """What a page saying hello at ``seq`` lacks: the events it missed (or the whole
        snapshot when it is far behind or names no position), then a ``synced`` frame."""
        match = Match.objects.prefetch_related("seats").get(pk=self.match_id)
        # A seat taken after connecting (joining an open seat) changes what we may see.
        self.seat = snapshots.seat_of(match, self.identity)
        if nudge and not match.is_over and any(s.is_agent for s in match.seats.all()):
            services.nudge_ai(self.match_id)
        texts: list[str] = []
        known = isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq <= match.ply
        if not known or match.ply - seq > live.CATCH_UP_LIMIT:
            texts.append(frames.dumps(snapshots.build(match, self.seat)))
        elif seq < match.ply:
            texts += [frames.for_audience(t, self.seat) for t in live.frames_since(match, seq)]
        chosen = sorted(match.pending.filter(ply=match.ply).values_list("seat", flat=True))
        synced = {"type": "synced", "seq": match.ply, "chosen": chosen}
        synced["seats"] = frames.seat_list(match)
        # A match can end with no event (resigned, aborted, lost on time): say so.
        synced["status"] = frames.status(match)
        texts.append(frames.dumps(synced))
        return texts

    @in_thread
    def _end(self, kind: str) -> None:
        from webapp.matches import endings

        end = endings.resign if kind == "resign" else services.abort_match
        end(self.match_id, self.identity)

    @in_thread
    def _submit(self, seat, seq, move) -> None:
        services.submit_move(self.match_id, seat, seq, move, identity=self.identity)
