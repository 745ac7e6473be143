"""Sockets left idle longer than every timeout in the chain (redis-py's 5 s socket
timeout, channels-redis' 5 s blocking receive, proxies' 20–60 s) still carry the next
move: in-process over the real Redis channel layer, and through the real ASGI server."""

import asyncio
import json

import pytest
import websockets
from channels.db import database_sync_to_async

from webapp.matches.models import Event

from .helpers import connect, session_cookie
from .test_consumer import new_match, receive

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

#: Longer than redis-py's default socket timeout (5 s) four times over.
IDLE_S = 21


async def test_it_carries_a_move_after_the_sockets_idled_over_the_channel_layer():
    match = await new_match()
    alice = await connect(match.pk, "alice")
    bob = await connect(match.pk, "bob")
    watcher = await connect(match.pk, None)
    await asyncio.sleep(IDLE_S)
    await alice.send_json_to({"type": "move", "seat": 0, "seq": 0, "move": "A"})
    await receive(alice, "ack")
    assert (await receive(bob, "chosen"))["seats"] == [0]
    await bob.send_json_to({"type": "move", "seat": 1, "seq": 0, "move": "B"})
    for comm in (alice, bob, watcher):
        assert (await receive(comm, "event"))["seq"] == 1
    for comm in (alice, bob, watcher):
        await comm.disconnect()


async def _open(url: str, match_id: int, guest: str | None):
    cookie = await session_cookie(guest)
    ws_url = url.replace("http://", "ws://") + f"/ws/matches/{match_id}/"
    return await websockets.connect(
        ws_url, origin=url, additional_headers={"Cookie": cookie}, open_timeout=30
    )


async def _next(ws, kind: str, timeout: float = 10) -> dict:
    async with asyncio.timeout(timeout):
        while True:
            frame = json.loads(await ws.recv())
            if frame["type"] == kind:
                return frame


async def test_the_real_server_keeps_idle_sockets_and_carries_the_next_move(web_server):
    match = await new_match()
    alice = await _open(web_server, match.pk, "alice")
    bob = await _open(web_server, match.pk, "bob")
    await asyncio.sleep(IDLE_S)
    # Nothing closed the sockets while they idled.
    assert alice.close_code is None and bob.close_code is None
    await alice.send(json.dumps({"type": "move", "seat": 0, "seq": 0, "move": "DP"}))
    await _next(alice, "ack")
    await _next(bob, "chosen")
    await bob.send(json.dumps({"type": "move", "seat": 1, "seq": 0, "move": "G"}))
    assert (await _next(alice, "event"))["seq"] == 1
    assert (await _next(bob, "event"))["seq"] == 1
    count = database_sync_to_async(Event.objects.filter(match_id=match.pk).count)
    assert await count() == 1
    await alice.close()
    await bob.close()
