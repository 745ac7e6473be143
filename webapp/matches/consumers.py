"""The match socket: snapshot/resync, moves in, frames out (docs/protocol.md).

Client → server: ``hello`` (resync from a sequence number; also the page's heartbeat),
``ping`` (the page's lag probe), ``move``, ``resign``, ``abort`` and ``rematch``
(offer, accept or decline one). Server → client:
``snapshot``, ``event``, ``synced``, ``chosen``, ``seats``, ``status``, ``rematch``,
``pong``, ``ack`` and ``error`` frames; an error names a ``code`` and carries a ``message``
for people, and changes nothing.

The consumer never blocks its event loop: database work runs in threads
(``database_sync_to_async``), frames arrive already serialised. A socket is budgeted by
what it makes the server do, not only by what it sends: frames in (``FrameBudget``),
resyncs (hellos past their budget wait and are merged into one answer), and the bytes
its resyncs send (``RESYNC_BYTES_*``); past a budget it is closed with 4429, and nothing
it had queued is handled after that.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

from channels.db import database_sync_to_async
from django.conf import settings
from redis.exceptions import RedisError

from webapp.accounts.identity import Identity, identity_of
from webapp.matches import (
    clocks,
    endings,
    frames,
    live,
    presence,
    rematches,
    services,
    snapshots,
    timeouts,
)
from webapp.matches.models import Match
from webapp.sockets import CLOSE_TRY_AGAIN, PageSocket

log = logging.getLogger(__name__)

#: Close code for a socket past one of its budgets (frames, resyncs' bytes).
CLOSE_RATE_LIMITED = 4429
#: Close code for an unknown match (sent after accepting: a refused handshake would
#: reach the page as a bare HTTP 403, with no code to read).
CLOSE_UNKNOWN_MATCH = 4404
#: Seconds between two AI nudges from one socket (a hello flood must not queue work).
NUDGE_EVERY_S = 10.0
#: Resyncs (hellos answered) one socket gets at once, then one every 2 s; hellos past
#: that wait and are answered together, from the newest sequence number. A page says
#: hello on connecting, every 25 s, and when it finds a gap: far below this.
HELLO_BURST = 4
HELLOS_PER_S = 0.5
#: After this process's subscription to Redis comes back, how long a socket waits
#: before catching up from the database (``layer_resumed``).
CATCH_UP_AFTER_S = 0.2
#: Bytes one socket's resyncs may send at once, then a second: a page catching up after
#: a long absence gets one snapshot (tens of KB), a hello flood gets closed.
RESYNC_BYTES_BURST = 1_000_000
RESYNC_BYTES_PER_S = 50_000


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


async def take_frame(socket, text_data: str | None, bytes_data: bytes | None) -> dict | None:
    """A page socket's next frame as a JSON object, or None once answered: ignored after
    the close, refused (and the socket closed) past its frame budget, an error frame for
    one too large or malformed. ``socket`` has ``closed``, ``budget``, ``_error`` and
    ``_close`` (the match and person sockets)."""
    if socket.closed:
        return None  # queued before the close: not handled
    if not socket.budget.take():
        await socket._error("rate_limited", "too many frames; reconnect and slow down")
        await socket._close(CLOSE_RATE_LIMITED)
        return None
    try:
        return read_frame(text_data, bytes_data, settings.DICEARENA_MAX_FRAME_BYTES)
    except BadFrame as bad:
        await socket._error(bad.code, bad.text)
        return None


class FrameBudget:
    """A token bucket: ``burst`` tokens at once, refilled at ``rate`` tokens a second.
    A person clicks a few times a second at most; a page's heartbeat is one frame in 25 s.
    Also counts bytes (``take(n)``) and resyncs."""

    def __init__(self, rate: float, burst: float, now=time.monotonic) -> None:
        self.rate, self.burst, self._now = rate, burst, now
        self.tokens = burst
        self.at = now()

    def _refill(self) -> None:
        now = self._now()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self, amount: float = 1) -> bool:
        self._refill()
        if self.tokens < amount:
            return False
        self.tokens -= amount
        return True

    def wait(self) -> float:
        """Seconds until one token is there (0 when it is already)."""
        self._refill()
        return max(0.0, (1 - self.tokens) / self.rate) if self.rate > 0 else float("inf")


def in_thread(func):
    """Database work off the event loop, on any of the executor's threads rather than
    one shared thread: one socket's slow query must not queue every other socket's."""
    return database_sync_to_async(func, thread_sensitive=False)


#: What a player's page leaving may still have to do (a rematch offer lapsing), kept
#: here so the task outlives its closed socket.
_LEAVING: set[asyncio.Task] = set()


class MatchConsumer(PageSocket):
    socket_name = "match socket"
    match_id: int
    identity: Identity | None
    seat: int | None
    closed = False
    hello_later: asyncio.Task | None = None
    present = False

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.identity = identity_of(self.scope.get("user"), self.scope.get("session"))
        self.budget = FrameBudget(settings.DICEARENA_FRAMES_PER_S, settings.DICEARENA_FRAME_BURST)
        self.hellos = FrameBudget(HELLOS_PER_S, HELLO_BURST)
        self.resync_bytes = FrameBudget(RESYNC_BYTES_PER_S, RESYNC_BYTES_BURST)
        self.nudged_at = float("-inf")
        # The position up to which a resync has already sent this socket everything:
        # a hello from further back asks again for frames it was sent (a flood).
        self.resynced_to: int | None = None
        # The last event this socket was sent (a resync's or a push's): what its page
        # has, to catch up from when pushes may have been lost (``layer_resumed``).
        self.sent_to: int | None = None
        # A hello waiting for its turn (newest sequence number wins), and its task.
        self.hello_wanted = None
        # Frames go out one writer at a time, so a late resync and a pushed event
        # cannot overtake each other.
        self.out = asyncio.Lock()
        found = await self._find_seat()
        if found is False:
            await self.accept()
            await self._close(CLOSE_UNKNOWN_MATCH)
            return
        self.seat = found
        group = live.group_name(self.match_id)
        # Join before any catch-up is computed, so no frame falls between the two.
        try:
            await self.channel_layer.group_add(group, self.channel_name)
        except (OSError, RedisError) as exc:
            # Redis is away (restarting): say "try again", not an HTTP 500.
            log.warning("match socket refused, channel layer unreachable: %s", exc)
            await self.accept()
            await self._close(CLOSE_TRY_AGAIN)
            return
        self.group = group
        if self.seat is not None and self.identity is not None:
            self.present = await self._arrive()  # a player on the page (rematch offers)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        self.closed = True
        if self.hello_later is not None:
            self.hello_later.cancel()
        if self.present:
            self.present = False
            task = asyncio.create_task(self._leave())
            _LEAVING.add(task)
            task.add_done_callback(_LEAVING.discard)
        if hasattr(self, "group"):
            try:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            except (OSError, RedisError):
                pass  # the membership expires on its own

    async def send(self, text_data=None, bytes_data=None, close=False):
        if self.closed:
            return  # never after the close: the frame would only raise in the server
        await super().send(text_data, bytes_data, close)

    async def _close(self, code: int) -> None:
        if not self.closed:
            await self.close(code=code)
            self.closed = True
            if self.hello_later is not None:
                self.hello_later.cancel()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        message = await take_frame(self, text_data, bytes_data)
        if message is None:
            return
        kind = message.get("type")
        if kind == "hello":
            await self._hello(message.get("seq"))
        elif kind == "ping":
            await self._pong(message.get("id"))
        elif kind == "move":
            await self._move(message)
        elif kind in ("give_time", "flag"):
            try:
                await self._clock(kind, message.get("seat"))
            except services.Rejected as exc:
                await self._error(exc.code, exc.message)
        elif kind == "rematch":
            # Every page (this one too) hears the offer's new state from the group push.
            try:
                await self._rematch(message.get("do"))
            except services.Rejected as exc:
                await self._error(exc.code, exc.message)
        elif kind in ("resign", "abort"):
            # Every page (this one too) hears the new status from the group push.
            try:
                await self._end(kind)
            except services.Rejected as exc:
                await self._error(exc.code, exc.message)
        else:
            await self._error("malformed", f"unknown frame type {str(kind)[:40]!r}")

    async def match_frames(self, event: dict) -> None:
        if self.closed:
            return
        async with self.out:
            for texts in event["batch"]:
                await self.send(text_data=frames.for_audience(texts, self.seat))
            seq = event.get("seq")
            if seq is not None and self.sent_to is not None:
                self.sent_to = max(self.sent_to, seq)

    async def layer_resumed(self, event: dict) -> None:
        """This process's subscription to Redis is back after a restart: frames pushed
        meanwhile reached nobody. Send what the page lacks since the last event it was
        sent, as a hello from there would (the server's own doing: no budget of the
        page's is charged). A page that never synced asks itself, with its hello."""
        if self.closed or not hasattr(self, "group") or self.sent_to is None:
            return
        # Past the moment Redis took the subscription back: a frame published before
        # that is in the database by then (frames go out after their commit).
        await asyncio.sleep(CATCH_UP_AFTER_S)
        async with self.out:
            if self.closed:
                return
            texts, self.resynced_to = await self._resync(self.sent_to, self.resynced_to, False)
            self.sent_to = max(self.sent_to, self.resynced_to)
            for text in texts:
                await self.send(text_data=text)

    # ----- handlers --------------------------------------------------------------------

    async def _hello(self, seq) -> None:
        self.hello_wanted = seq
        if self.hello_later is not None and not self.hello_later.done():
            return  # merged into the answer already waiting
        if self.hellos.take():
            await self._answer_hello()
        else:
            self.hello_later = asyncio.create_task(self._answer_hello(self.hellos.wait()))

    async def _answer_hello(self, after: float = 0.0) -> None:
        if after:
            await asyncio.sleep(after)
            self.hellos.take()
        seq, self.hello_wanted = self.hello_wanted, None
        now = time.monotonic()
        nudge = now - self.nudged_at >= NUDGE_EVERY_S
        if nudge:
            self.nudged_at = now
        async with self.out:
            if self.closed:
                return
            texts, self.resynced_to = await self._resync(seq, self.resynced_to, nudge)
            self.sent_to = max(self.sent_to or 0, self.resynced_to)
            if not self.resync_bytes.take(sum(len(t) for t in texts)):
                await self._error("rate_limited", "too many resyncs; reconnect and slow down")
                await self._close(CLOSE_RATE_LIMITED)
                return
            for text in texts:
                await self.send(text_data=text)

    async def _pong(self, ping_id) -> None:
        # ``now``: the server's clock (epoch ms), from which a page learns how far its own
        # is off, to age the clock frames it is sent by their time on the way.
        pong = {"type": "pong", "now": round(time.time() * 1000)}
        if isinstance(ping_id, int) and not isinstance(ping_id, bool) and abs(ping_id) < 2**53:
            pong["id"] = ping_id
        await self.send(text_data=frames.dumps(pong))

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
    def _resync(self, seq, resynced_to: int | None, nudge: bool) -> tuple[list[str], int]:
        """What a page saying hello at ``seq`` lacks: the events it missed (or the whole
        snapshot when it is far behind or names no position), then a ``synced`` frame;
        and the position it then has. Frames an earlier resync sent this socket (up to
        ``resynced_to``) are not sent again: they are ahead of this answer on the wire."""
        match = Match.objects.prefetch_related("seats").get(pk=self.match_id)
        # A seat taken after connecting (joining an open seat) changes what we may see.
        seat = snapshots.seat_of(match, self.identity)
        if seat != self.seat:
            self.seat, resynced_to = seat, None
        if nudge and not match.is_over and any(s.is_agent for s in match.seats.all()):
            services.nudge_ai(self.match_id)
        texts: list[str] = []
        known = isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq <= match.ply
        if (
            resynced_to is not None
            and resynced_to <= match.ply
            and (not known or seq < resynced_to)
        ):
            seq, known = resynced_to, True
        if not known or match.ply - seq > live.CATCH_UP_LIMIT:
            texts.append(frames.dumps(snapshots.build(match, self.seat)))
        elif seq < match.ply:
            texts += [frames.for_audience(t, self.seat) for t in live.frames_since(match, seq)]
        chosen = sorted(match.pending.filter(ply=match.ply).values_list("seat", flat=True))
        synced = {"type": "synced", "seq": match.ply, "chosen": chosen}
        synced["seats"] = frames.seat_list(match)
        # A match can end with no event (resigned, aborted, lost on time): say so.
        synced["status"] = frames.status(match)
        if match.time_control:
            synced["clock"] = clocks.as_frame(match, clocks.db_now())
        texts.append(frames.dumps(synced))
        return texts, match.ply

    @in_thread
    def _arrive(self) -> bool:
        try:
            presence.arrived(self.match_id, self.channel_name, self.identity.key)
        except Exception:  # Redis away: the offer's minute still ends any offer
            log.warning("could not note a player on match %s", self.match_id, exc_info=True)
            return False
        return True

    async def _leave(self) -> None:
        """The player's page closed: if no page of theirs is back on the match after
        a reload's while, an open rematch offer they made or were asked lapses."""
        try:
            await in_thread(presence.left)(self.match_id, self.channel_name)
            await asyncio.sleep(rematches.LEAVE_GRACE_S)
            await in_thread(rematches.left_page)(self.match_id, self.identity.key)
        except Exception:
            log.warning("leaving match %s: could not settle", self.match_id, exc_info=True)

    @in_thread
    def _rematch(self, do) -> None:
        if do == "offer":
            rematches.rematch(self.match_id, self.identity, "")
        elif do == "accept":
            rematches.accept(self.match_id, self.identity, "")
        elif do == "decline":
            rematches.decline(self.match_id, self.identity)
        else:
            raise services.Rejected("malformed", "a rematch frame says offer, accept or decline")

    @in_thread
    def _end(self, kind: str) -> None:
        end = endings.resign if kind == "resign" else services.abort_match
        end(self.match_id, self.identity)

    @in_thread
    def _clock(self, kind: str, seat) -> None:
        # Every page (this one too) hears the clocks or the status from the group push.
        if kind == "flag":
            timeouts.flag(self.match_id)
        else:
            timeouts.give_time(self.match_id, self.identity, seat)

    @in_thread
    def _submit(self, seat, seq, move) -> None:
        services.submit_move(self.match_id, seat, seq, move, identity=self.identity)
