"""Faults on the real stack, as figures the issue names: 500 sockets on one web server
lose no frame (the channel layer's pool once ran out at ~220), a restarted web server
gives returning pages exactly the events they missed, and one move sent from two
sockets at once is stored once."""

import asyncio
import json

import pytest
import websockets
from channels.db import database_sync_to_async

from tests.stack import start_web
from webapp.matches import services
from webapp.matches.models import Event, PendingChoice

from .helpers import ALICE, BOB, connect, footsies_people, session_cookie
from .test_consumer import receive

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

SOCKETS = 500
MATCHES = 10


async def _open(url: str, match_id: int, cookie: str | None = None):
    headers = {"Cookie": cookie} if cookie else {}
    return await websockets.connect(
        url.replace("http://", "ws://") + f"/ws/matches/{match_id}/",
        origin=url,
        additional_headers=headers,
        open_timeout=60,
        ping_interval=None,
    )


async def _events(ws, want: int, timeout: float = 60) -> list[int]:
    """The sequence numbers of the next ``want`` event frames."""
    seqs: list[int] = []
    async with asyncio.timeout(timeout):
        while len(seqs) < want:
            frame = json.loads(await ws.recv())
            if frame["type"] == "event":
                seqs.append(frame["seq"])
    return seqs


async def test_five_hundred_sockets_get_every_frame(web_server):
    matches = [await database_sync_to_async(footsies_people)() for _ in range(MATCHES)]
    sockets = []
    for i in range(SOCKETS):
        sockets.append((matches[i % MATCHES], await _open(web_server, matches[i % MATCHES].pk)))
    submit = database_sync_to_async(services.submit_move)
    for ply in range(3):
        for match in matches:
            await submit(match.pk, 0, ply, "B", identity=ALICE)
            await submit(match.pk, 1, ply, "B", identity=BOB)
    got = await asyncio.gather(*(_events(ws, 3) for _, ws in sockets))
    assert all(seqs == [1, 2, 3] for seqs in got)  # 1,500 frames, none lost
    for _, ws in sockets:
        await ws.close()


async def test_a_restarted_web_server_sends_exactly_the_missed_events(log_dir):
    match = await database_sync_to_async(footsies_people)()
    cookie = await session_cookie("alice")
    web, url = await asyncio.to_thread(start_web, log_dir)
    ws = await _open(url, match.pk, cookie)
    submit = database_sync_to_async(services.submit_move)
    await submit(match.pk, 0, 0, "A", identity=ALICE)
    await submit(match.pk, 1, 0, "B", identity=BOB)
    assert await _events(ws, 1) == [1]
    await asyncio.to_thread(web.stop)
    for ply, (a, b) in enumerate([("B", "B"), ("G", "A")], start=1):
        await submit(match.pk, 0, ply, a, identity=ALICE)
        await submit(match.pk, 1, ply, b, identity=BOB)
    web, url = await asyncio.to_thread(start_web, log_dir)
    try:
        ws = await _open(url, match.pk, cookie)
        await ws.send(json.dumps({"type": "hello", "seq": 1}))
        assert await _events(ws, 2) == [2, 3]
        synced = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert synced == {**synced, "type": "synced", "seq": 3}
        await ws.close()
    finally:
        await asyncio.to_thread(web.stop)


async def test_one_move_from_two_sockets_at_once_is_stored_once():
    match = await database_sync_to_async(footsies_people)()
    first = await connect(match.pk, "alice")
    second = await connect(match.pk, "alice")
    bob = await connect(match.pk, "bob")
    for ply in range(20):
        move = {"type": "move", "seat": 0, "seq": ply, "move": "B"}
        await asyncio.gather(first.send_json_to(move), second.send_json_to(move))
        answers = sorted([(await receive_answer(first)), (await receive_answer(second))])
        assert answers == ["ack", "already_chosen"]
        await bob.send_json_to({"type": "move", "seat": 1, "seq": ply, "move": "B"})
        await receive(bob, "ack")
        await receive(first, "event")
        await receive(second, "event")
    count = database_sync_to_async(Event.objects.filter(match=match).count)
    pending = database_sync_to_async(PendingChoice.objects.filter(match=match).count)
    assert await count() == 20 and await pending() == 0
    for comm in (first, second, bob):
        await comm.disconnect()


async def receive_answer(comm) -> str:
    """``ack`` or the error code of the next answer to a move."""
    while True:
        frame = json.loads(await comm.receive_from(timeout=30))
        if frame["type"] == "ack":
            return "ack"
        if frame["type"] == "error":
            return frame["code"]
