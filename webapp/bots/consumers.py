"""The bot socket, ``/ws/bot/``: a bot authenticates with ``Authorization: Bearer
<token>``, receives ``turn`` frames for every match it sits in and answers with
``move`` frames (docs/bot-api.md). Errors come back as ``error`` frames with a code and
change nothing (except the strikes the rules give for illegal and late moves).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

from channels.db import database_sync_to_async
from django.conf import settings

from webapp.bots import frames, live, play, resume, wire
from webapp.bots.models import Bot
from webapp.bots.ratelimit import connect_allowed
from webapp.bots.tasks import bot_online
from webapp.matches import services
from webapp.matches.consumers import BadFrame, FrameBudget
from webapp.sockets import SocketConsumer

#: Close codes (4000–4999 are the application's own; 1011 is WebSocket's "server error").
UNAUTHORIZED, REPLACED, TOO_MANY, SERVER_ERROR = 4401, 4409, 4429, 1011
#: Rejected frames in a row that close the socket: a bot stuck in a loop of garbage.
MAX_ERRORS_IN_A_ROW = 50

log = logging.getLogger(__name__)


def bearer_token(scope) -> str:
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            text = value.decode("latin-1")
            kind, _, token = text.partition(" ")
            return token.strip() if kind.lower() == "bearer" else ""
    return ""


class BotConsumer(SocketConsumer):
    bot: Bot | None = None

    async def connect(self) -> None:
        self.bot = await self._authenticate(bearer_token(self.scope))
        await self.accept()
        if self.bot is None:
            await self._refuse(UNAUTHORIZED, "unauthorized", "unknown or revoked bot token")
            return
        if not await database_sync_to_async(connect_allowed)(self.bot.pk):
            self.bot = None
            limit = settings.DICEARENA_BOT_CONNECTS_PER_MIN
            await self._refuse(TOO_MANY, "rate_limited", f"at most {limit} connections a minute")
            return
        self.group = live.group_name(self.bot.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        previous = await self._take_over()
        if previous:
            await self.channel_layer.send(previous, {"type": "bot.replaced"})
        self.bucket = FrameBudget(
            settings.DICEARENA_BOT_FRAMES_PER_S, 2 * settings.DICEARENA_BOT_FRAMES_PER_S
        )
        self.errors = 0
        self.sent: dict[tuple[int, int, int], float] = {}
        self.turns: set[tuple[int, int, int]] = set()  # every turn frame this socket sent
        self.heartbeat = asyncio.ensure_future(self._heartbeat())
        await self._send(frames.welcome(self.bot))
        await self._bot_online()

    async def disconnect(self, code: int) -> None:
        if getattr(self, "heartbeat", None):
            self.heartbeat.cancel()
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self._leave()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        if self.bot is None:
            return
        if not self.bucket.take():
            limit = settings.DICEARENA_BOT_FRAMES_PER_S
            await self._error("rate_limited", f"at most {limit} frames a second; frame dropped")
            return
        try:
            message = wire.read_frame(text_data, bytes_data, settings.DICEARENA_BOT_MAX_FRAME_BYTES)
        except BadFrame as bad:
            await self._error(bad.code, bad.text)
            return
        try:
            await self._handle(message)
        except Exception:
            # A frame we failed to foresee: the bot hears it and gets a proper close,
            # instead of a socket that drops with no close frame.
            log.exception("bot %s: a frame failed", self.bot.pk)
            await self._refuse(SERVER_ERROR, "server_error", "the server failed on that frame")

    async def _handle(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "move":
            await self._move(message)
        elif kind == "hello":
            await self._hello(message.get("matches"))
        elif kind == "ping":
            await self._send({"type": "pong", "id": message.get("id")})
        else:
            await self._error("malformed", f"unknown frame type {str(kind)[:40]!r}")

    # ----- channel layer messages -------------------------------------------------------

    async def bot_frame(self, event: dict) -> None:
        frame = event["frame"]
        kind = frame.get("type")
        if kind == "turn":
            key = (frame["match"], frame["seat"], frame["seq"])
            if key in self.turns:
                return  # hello's catch-up and the live frame crossed: the bot has it
            self.turns.add(key)
            self.sent[key] = time.perf_counter()
        elif kind == "match_over":
            self.turns = {t for t in self.turns if t[0] != frame["match"]}
        await self._send(frame)

    async def bot_replaced(self, event: dict) -> None:
        await self._refuse(REPLACED, "replaced", "another connection with this token took over")

    # ----- handlers ---------------------------------------------------------------------

    async def _move(self, message: dict) -> None:
        match, seat, seq = message.get("match"), message.get("seat"), message.get("seq")
        try:
            played = await self._submit(
                match, seat, seq, message.get("move"), message.get("thinking")
            )
        except services.Rejected as exc:
            await self._error(exc.code, exc.message, match=match, seq=seq)
            return
        self.errors = 0
        sent = self.sent.pop((played.match, played.seat, played.seq), None)
        if played.penalty is None:  # a penalty's error frame comes through the group
            ack = {"type": "ack", "match": played.match, "seat": played.seat, "seq": played.seq}
            if sent is not None and played.stored_at is not None:
                # From the turn frame leaving this socket to the move committed.
                ack["stored_ms"] = round((played.stored_at - sent) * 1000, 3)
            await self._send(ack)

    async def _hello(self, matches) -> None:
        try:
            known = wire.known_matches(matches)
        except ValueError as exc:
            await self._error("malformed", str(exc))
            return
        for frame in await database_sync_to_async(resume.frames_for)(self.bot, known):
            await self.bot_frame({"frame": frame})

    async def _send(self, frame: dict) -> None:
        await self.send(text_data=json.dumps(frame))

    async def _error(self, code: str, message: str, **about) -> None:
        await self._send(frames.error(code, message, **about))
        self.errors += 1
        if self.errors >= MAX_ERRORS_IN_A_ROW:
            await self._refuse(
                TOO_MANY, "too_many_errors", f"{self.errors} rejected frames in a row"
            )

    async def _refuse(self, code: int, error: str, message: str) -> None:
        await self._send(frames.error(error, message))
        await self.close(code=code)

    async def _heartbeat(self) -> None:
        every = settings.DICEARENA_BOT_ONLINE_S / 3
        while True:
            await asyncio.sleep(every)
            await self._touch()

    # ----- database helpers -------------------------------------------------------------

    @database_sync_to_async
    def _authenticate(self, token: str) -> Bot | None:
        return Bot.find(token)

    @database_sync_to_async
    def _take_over(self) -> str:
        """Become the bot's socket; returns the channel of the one it replaces."""
        from django.db import transaction
        from django.utils import timezone

        with transaction.atomic():
            bot = Bot.objects.select_for_update().get(pk=self.bot.pk)
            previous = bot.channel
            bot.channel, bot.seen_at = self.channel_name, timezone.now()
            bot.save(update_fields=["channel", "seen_at"])
        return previous if previous != self.channel_name else ""

    @database_sync_to_async
    def _touch(self) -> None:
        from django.utils import timezone

        Bot.objects.filter(pk=self.bot.pk, channel=self.channel_name).update(seen_at=timezone.now())

    @database_sync_to_async
    def _leave(self) -> None:
        from django.utils import timezone

        Bot.objects.filter(pk=self.bot.pk, channel=self.channel_name).update(
            channel="", seen_at=timezone.now()
        )

    @database_sync_to_async
    def _bot_online(self) -> None:
        try:
            bot_online.delay(self.bot.pk)
        except Exception:  # the sweep starts waiting games too
            pass

    @database_sync_to_async
    def _submit(self, match, seat, seq, move, thinking) -> play.Played:
        return play.submit(self.bot, match, seat, seq, move, thinking)
