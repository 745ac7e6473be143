"""The person socket, ``/ws/me/`` (docs/protocol.md, "The person socket"): every page of
a signed-in person or a guest opens it, so that what concerns them reaches whatever page
they are on within moments, pushed — a new game of theirs (``game``), the games waiting
for their move (``turns``), their choice of the new-game sound (``me``) — and the seeks
page follows the open seeks on it (``follow``; anyone may, without an identity).

Client → server: ``hello`` (answered with ``me`` and ``turns``; also the page's
heartbeat), ``follow`` ``{"what": "seeks"}``, ``sound`` ``{"on": bool}``, ``ping``.
Server → client: ``me``, ``turns``, ``game``, ``seeks`` (the list changed: fetch it),
``following``, ``pong`` and ``error``. The group a socket joins is a property of its
identity (``Identity.group_name``); its database work runs in threads.
"""

from __future__ import annotations

import asyncio
import logging
import time

from django.conf import settings
from redis.exceptions import RedisError

from webapp.accounts.identity import Identity, identity_of
from webapp.accounts.models import Preferences
from webapp.matches import frames, waiting
from webapp.matches.consumers import (
    CLOSE_TRY_AGAIN,
    FrameBudget,
    in_thread,
    take_frame,
)
from webapp.notify import live
from webapp.seeks.live import SEEKS_GROUP
from webapp.sockets import PageSocket

log = logging.getLogger(__name__)

#: Nudges to count the waiting games again that arrive this close together are
#: answered once (a move ends one turn and starts another: two nudges, one count).
RECOUNT_AFTER_S = 0.2
#: Counts one socket may ask for at once by hello, then one every 2 s (a page says hello
#: on connecting, every 25 s, and after a move of its own: far below this).
HELLO_BURST = 4
HELLOS_PER_S = 0.5


class PersonConsumer(PageSocket):
    socket_name = "person socket"
    identity: Identity | None = None
    closed = False
    recount: asyncio.Task | None = None

    async def connect(self) -> None:
        self.identity = identity_of(self.scope.get("user"), self.scope.get("session"))
        self.budget = FrameBudget(settings.DICEARENA_FRAMES_PER_S, settings.DICEARENA_FRAME_BURST)
        self.hellos = FrameBudget(HELLOS_PER_S, HELLO_BURST)
        self.groups_joined: list[str] = []
        try:
            if self.identity is not None:
                await self._join(self.identity.group_name)
        except (OSError, RedisError) as exc:
            log.warning("person socket refused, channel layer unreachable: %s", exc)
            await self.accept()
            await self._close(CLOSE_TRY_AGAIN)
            return
        await self.accept()

    async def _join(self, group: str) -> None:
        if group not in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
            self.groups_joined.append(group)

    async def disconnect(self, code: int) -> None:
        self.closed = True
        if self.recount is not None:
            self.recount.cancel()
        for group in self.groups_joined:
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except (OSError, RedisError):
                pass  # the membership expires on its own

    async def send(self, text_data=None, bytes_data=None, close=False):
        if self.closed:
            return
        await super().send(text_data, bytes_data, close)

    async def _close(self, code: int) -> None:
        if not self.closed:
            await self.close(code=code)
            self.closed = True

    async def _frame(self, frame: dict) -> None:
        await self.send(text_data=frames.dumps(frame))

    async def _error(self, code: str, message: str) -> None:
        await self._frame({"type": "error", "code": code, "message": message})

    # ----- from the page ---------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        message = await take_frame(self, text_data, bytes_data)
        if message is None:
            return
        kind = message.get("type")
        if kind == "hello":
            await self._hello()
        elif kind == "ping":
            pong = {"type": "pong", "now": round(time.time() * 1000)}
            if isinstance(message.get("id"), int) and not isinstance(message["id"], bool):
                pong["id"] = message["id"] % 2**53
            await self._frame(pong)
        elif kind == "follow":
            await self._follow(message.get("what"))
        elif kind == "sound":
            await self._sound(message.get("on"))
        else:
            await self._error("malformed", f"unknown frame type {str(kind)[:40]!r}")

    async def _hello(self) -> None:
        if not self.hellos.take():
            self._recount_soon()  # past its budget: merged into one count
            return
        await self._frame(await self._me())
        await self._frame(await self._turns())

    async def _follow(self, what) -> None:
        if what != "seeks":
            await self._error("malformed", "a page may follow the seeks")
            return
        try:
            await self._join(SEEKS_GROUP)
        except (OSError, RedisError):
            await self._close(CLOSE_TRY_AGAIN)
            return
        await self._frame({"type": "following", "what": "seeks"})

    async def _sound(self, on) -> None:
        if not isinstance(on, bool):
            await self._error("malformed", "on is true or false")
            return
        if self.identity is None or self.identity.user_id is None:
            # A guest's choice is kept by their browser (the page stores it).
            await self._error("no_account", "a guest's choice is kept by the browser")
            return
        await self._save_sound(on)

    # ----- from the server -------------------------------------------------------------

    async def me_frame(self, event: dict) -> None:
        await self.send(text_data=event["text"])

    async def me_turns(self, event: dict) -> None:
        self._recount_soon()

    async def seeks_changed(self, event: dict) -> None:
        await self._frame({"type": "seeks"})

    async def layer_resumed(self, message: dict) -> None:
        """Redis came back (``webapp.layer``): what was pushed meanwhile reached nobody,
        so the page hears the count of its games again, and a seeks page fetches the
        list again."""
        if SEEKS_GROUP in self.groups_joined:
            await self._frame({"type": "seeks"})
        self._recount_soon()

    def _recount_soon(self) -> None:
        if self.closed or (self.recount is not None and not self.recount.done()):
            return  # one count answers every nudge that came meanwhile
        self.recount = asyncio.create_task(self._recount())

    async def _recount(self) -> None:
        await asyncio.sleep(RECOUNT_AFTER_S)
        if not self.closed:
            await self._frame(await self._turns())

    # ----- database helpers ------------------------------------------------------------

    @in_thread
    def _me(self) -> dict:
        """Who the page is, as far as it needs: signed in or a guest, and the sound."""
        user_id = self.identity.user_id if self.identity else None
        sound = Preferences.for_user_id(user_id).new_game_sound if user_id else None
        return {"type": "me", "signed_in": user_id is not None, "sound": sound}

    @in_thread
    def _turns(self) -> dict:
        """The games waiting for the person's move (the tab's "(1) Your turn")."""
        rows = waiting.your_turn(self.identity)
        user_id = self.identity.user_id if self.identity else None
        badge = Preferences.for_user_id(user_id).title_badge if user_id else True
        return {
            "type": "turns",
            "count": len(rows),
            "badge": badge,
            "games": [{"match": w.match.pk, "game": w.match.game} for w in rows],
        }

    @in_thread
    def _save_sound(self, on: bool) -> None:
        prefs = Preferences.for_user_id(self.identity.user_id)
        prefs.new_game_sound = on
        prefs.save()
        live.preferences_changed(self.identity.key, {"type": "me", "signed_in": True, "sound": on})
