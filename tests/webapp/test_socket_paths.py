"""WebSocket handshakes to what is not there, through the real server (uvicorn as
``make run`` starts it): a path with no socket is refused (HTTP 403), an unknown
tournament is accepted and closed with 4404 like an unknown match, and neither leaves a
line in the server's log. The audit: a path with no route answered HTTP 500 with a
2.2 KB traceback logged each time, and an unknown tournament a bare 403."""

import asyncio

import pytest
import websockets

from tests.stack import start_web

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

NOWHERE = [
    "/ws/",
    "/ws/nothing/",
    "/ws/matches/",
    "/ws/matches/abc/",
    "/ws/tournaments/",
    "/ws/bot/extra/",
    "/ws/matches/1/extra/",
]


async def _handshake(url: str, path: str):
    return await websockets.connect(
        url.replace("http://", "ws://") + path, origin=url, open_timeout=30, ping_interval=None
    )


async def test_paths_with_no_socket_are_refused_and_log_nothing(log_dir):
    web, url = await asyncio.to_thread(start_web, log_dir)
    try:
        for path in NOWHERE:
            with pytest.raises(websockets.InvalidStatus) as refused:
                await _handshake(url, path)
            assert refused.value.response.status_code == 403, path
        for kind in ("matches", "tournaments"):
            ws = await _handshake(url, f"/ws/{kind}/987654321/")
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), 30)
            assert closed.value.rcvd.code == 4404, kind
    finally:
        await asyncio.to_thread(web.stop)
    # No error and no traceback (the audit: a 2.2 KB traceback for each).
    log = web.log_path.read_text(errors="replace")
    assert not any(word in log for word in ("ERROR", "Traceback", "Exception")), log[-3000:]
