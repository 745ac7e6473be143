"""What one socket can make the server do, through the real ASGI server (uvicorn) and
the real Redis channel layer: a flood of hellos gets one catch-up, not one per hello;
frames queued behind a 4429 close are not handled; an unknown match is accepted and
closed with 4404 (a refused handshake reached pages as a bare HTTP 403); a ping gets its
pong at once. Figures print with ``-s``."""

import asyncio
import json
import statistics
import time

import pytest
import websockets
from channels.db import database_sync_to_async

from tests.stack import start_web

from .helpers import ALICE, BOB, footsies_people, session_cookie, store_played

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

HELLO = json.dumps({"type": "hello", "seq": 0})


async def _open(url: str, path: str, cookie: str | None = None):
    return await websockets.connect(
        url.replace("http://", "ws://") + path,
        origin=url,
        additional_headers={"Cookie": cookie} if cookie else {},
        open_timeout=30,
        ping_interval=None,
        max_size=None,
    )


class Tally:
    """Frames and bytes a socket received, until it closed or went quiet."""

    def __init__(self) -> None:
        self.frames = self.bytes = 0
        self.close_code: int | None = None

    async def read(self, ws, until=None, quiet: float = 3.0, limit: float = 120) -> None:
        """Count frames until ``until(frame)`` is true, then until ``quiet`` seconds pass
        with none (a deferred answer comes within 2 s) or the socket closes."""
        deadline = time.monotonic() + limit
        waiting = until is not None
        while time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), limit if waiting else quiet)
            except TimeoutError:
                return
            except websockets.ConnectionClosed as closed:
                self.close_code = closed.rcvd.code if closed.rcvd else None
                return
            self.frames += 1
            self.bytes += len(text.encode())
            if waiting and until(json.loads(text)):
                waiting = False


async def _catch_up_bytes(url: str, match_id: int) -> int:
    """What one page coming back from position 0 is sent: the yardstick."""
    ws = await _open(url, f"/ws/matches/{match_id}/")
    await ws.send(HELLO)
    tally = Tally()
    await tally.read(ws, until=lambda f: f["type"] == "synced", quiet=0.5)
    await ws.close()
    return tally.bytes


async def test_a_hello_flood_is_answered_with_one_catch_up_not_one_per_hello(web_server):
    # A long finished Dice Wars match: a catch-up from 0 is a big answer.
    match = await database_sync_to_async(store_played)("dicewars", ["random", "random"], "flood")
    one = await _catch_up_bytes(web_server, match.pk)
    ws = await _open(web_server, f"/ws/matches/{match.pk}/")
    for _ in range(100):
        await ws.send(HELLO)  # back to back, as the audit sent them
    await ws.send(json.dumps({"type": "dance"}))  # answered once the hellos were read
    tally = Tally()
    await tally.read(ws, until=lambda f: f.get("code") == "malformed")
    await ws.close()
    print(
        f"\n100 hellos: {100 * len(HELLO)} bytes in, {tally.frames} frames and "
        f"{tally.bytes} bytes out (one catch-up is {one} bytes), close {tally.close_code}"
    )
    # Before: every hello got the whole catch-up again (100 of them, ~11 MB in the audit).
    assert tally.bytes <= one + 100 * 1024


async def test_sockets_saying_hello_nine_times_a_second_get_no_more_than_their_share(web_server):
    match = await database_sync_to_async(store_played)("dicewars", ["random", "random"], "steady")
    one = await _catch_up_bytes(web_server, match.pk)
    game = await database_sync_to_async(footsies_people)()
    sockets = [await _open(web_server, f"/ws/matches/{match.pk}/") for _ in range(10)]
    tallies = [Tally() for _ in sockets]
    seconds, sent = 6.0, 0

    async def flood(ws) -> int:
        count, started = 0, time.monotonic()
        while time.monotonic() - started < seconds:
            await ws.send(HELLO)
            count += 1
            await asyncio.sleep(1 / 9)
        return count

    async def play() -> list[float]:
        """Another person's moves meanwhile: the time from a move to its ack."""
        alice = await _open(web_server, f"/ws/matches/{game.pk}/", await session_cookie("alice"))
        bob = await _open(web_server, f"/ws/matches/{game.pk}/", await session_cookie("bob"))
        waits: list[float] = []
        for ply in range(8):
            for ws, seat in ((alice, 0), (bob, 1)):
                started = time.monotonic()
                await ws.send(json.dumps({"type": "move", "seat": seat, "seq": ply, "move": "B"}))
                while json.loads(await asyncio.wait_for(ws.recv(), 60))["type"] != "ack":
                    pass
                waits.append(time.monotonic() - started)
        await alice.close()
        await bob.close()
        return waits

    readers = [
        asyncio.create_task(t.read(ws, quiet=3.0)) for t, ws in zip(tallies, sockets, strict=True)
    ]
    counts = await asyncio.gather(*(flood(ws) for ws in sockets), play())
    waits = counts.pop()
    sent = sum(counts)
    await asyncio.gather(*readers)
    for ws in sockets:
        await ws.close()
    out = sum(t.bytes for t in tallies)
    print(
        f"\n10 sockets, 9 hellos/s, {seconds:.0f} s: {sent} hellos ({sent * len(HELLO)} bytes) "
        f"in, {sum(t.frames for t in tallies)} frames and {out} bytes out; another "
        f"player's move->ack p50 {statistics.median(waits) * 1000:.0f} ms, "
        f"max {max(waits) * 1000:.0f} ms"
    )
    assert len(waits) == 16
    # Each socket: one catch-up, then small "synced" frames at the resync rate.
    assert out <= 10 * (one + 20 * 1024)


async def test_frames_queued_behind_a_4429_close_are_not_handled(log_dir):
    match = await database_sync_to_async(store_played)("footsies", ["random", "random"], "close")
    web, url = await asyncio.to_thread(start_web, log_dir)
    try:
        ws = await _open(url, f"/ws/matches/{match.pk}/")
        for _ in range(200):
            await ws.send(json.dumps({"type": "dance"}))
        tally = Tally()
        await tally.read(ws, limit=60)
        assert tally.close_code == 4429
    finally:
        await asyncio.to_thread(web.stop)
    log = web.log_path.read_text(errors="replace")
    assert "after sending 'websocket.close'" not in log, log[-2000:]
    assert "Exception" not in log, log[-2000:]


async def test_an_unknown_match_is_accepted_then_closed_with_4404(web_server):
    ws = await _open(web_server, "/ws/matches/987654321/")
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await asyncio.wait_for(ws.recv(), 10)
    assert closed.value.rcvd.code == 4404


async def test_a_ping_is_answered_with_its_pong(web_server):
    game = await database_sync_to_async(footsies_people)(ALICE, BOB)
    ws = await _open(web_server, f"/ws/matches/{game.pk}/")
    before = time.time() * 1000
    await ws.send(json.dumps({"type": "ping", "id": 7}))
    pong = json.loads(await asyncio.wait_for(ws.recv(), 10))
    # With the server's clock, which a page compares with its own to age clock frames.
    assert (pong["type"], pong["id"]) == ("pong", 7)
    assert before - 1000 <= pong.pop("now") <= time.time() * 1000 + 1000
    await ws.send(json.dumps({"type": "ping", "id": "x" * 100}))
    pong = json.loads(await asyncio.wait_for(ws.recv(), 10))
    assert pong.keys() == {"type", "now"}
    await ws.close()


async def test_half_sent_handshakes_are_closed_by_the_server(web_server):
    """Slowloris: connections that send part of a WebSocket handshake and then nothing.
    uvicorn alone kept all of them open (2,000 for 70 s in the audit)."""
    host, port = web_server.removeprefix("http://").split(":")
    head = (
        f"GET /ws/matches/1/ HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
    ).encode()  # no blank line: the head is never finished
    streams = []
    for _ in range(200):
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(head)
        streams.append((reader, writer))
    started = time.monotonic()

    async def closed_by_server(reader) -> bytes:
        answer = b""
        while chunk := await reader.read(1024):
            answer += chunk
        return answer

    async with asyncio.timeout(60):
        answers = await asyncio.gather(*(closed_by_server(r) for r, _ in streams))
    print(
        f"\n200 half-sent handshakes closed by the server after {time.monotonic() - started:.1f} s"
    )
    assert all(a.startswith(b"HTTP/1.1 408") for a in answers), answers[0]
    for _, writer in streams:
        writer.close()
