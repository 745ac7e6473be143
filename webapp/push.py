"""Pushes to open pages from synchronous code (Celery tasks, the sockets' database
threads, views): one long-lived event loop per process sends them, in order.

``async_to_sync(layer.group_send)`` from a worker builds a new event loop — and with it a
new Redis connection pool and connection — for every frame: about a third of an AI
move's time went there. Here the loop, its pool and its connections live as long as the
process, and the caller does not wait: the frame is queued, and the loop's one sender
hands frames to the channel layer in the order they were queued (pages resync by
``seq`` if one is ever lost). While Redis is away (restarting) a frame is tried again
until it is ``KEEP_TRYING_S`` old, so a restart delays frames rather than dropping them.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from typing import Any

from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

#: How long a frame is tried again while Redis cannot be reached (a restart takes a few
#: seconds); a page still open after that resyncs by ``seq``.
KEEP_TRYING_S = 15.0
#: Pauses between tries, the last one repeated.
RETRY_PAUSES_S = (0.1, 0.25, 0.5, 1.0)


class _Pusher:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue | None = None

    def push(self, group: str, message: dict[str, Any]) -> None:
        loop, queue = self._started()
        loop.call_soon_threadsafe(queue.put_nowait, (group, message, time.monotonic()))

    def drain(self, timeout: float = 10.0) -> None:
        """Wait until every queued frame has gone out (tests, and a process about to exit)."""
        loop, queue = self._started()
        asyncio.run_coroutine_threadsafe(queue.join(), loop).result(timeout)

    def _started(self) -> tuple[asyncio.AbstractEventLoop, asyncio.Queue]:
        with self._lock:
            # A forked worker process inherits the object but not the thread: start anew.
            if self._loop is None or self._pid != os.getpid():
                loop = asyncio.new_event_loop()
                self._queue = asyncio.Queue()
                self._loop, self._pid = loop, os.getpid()
                ready = threading.Event()
                threading.Thread(
                    target=self._run, args=(loop, self._queue, ready), name="push", daemon=True
                ).start()
                ready.wait(5)
            return self._loop, self._queue

    @staticmethod
    def _run(loop: asyncio.AbstractEventLoop, queue: asyncio.Queue, ready) -> None:
        asyncio.set_event_loop(loop)

        async def send_in_order() -> None:
            layer = get_channel_layer()
            ready.set()
            while True:
                group, message, queued_at = await queue.get()
                try:
                    await _send_until_sent(layer, group, message, queued_at)
                finally:
                    queue.task_done()

        loop.run_until_complete(send_in_order())


async def _send_until_sent(layer, group: str, message: dict[str, Any], queued_at: float) -> None:
    for attempt in range(10_000):
        try:
            await layer.group_send(group, message)
            return
        except Exception:  # stored already; pages that miss it resync by seq
            if time.monotonic() - queued_at > KEEP_TRYING_S:
                log.exception("could not push to %s; dropped after %d tries", group, attempt + 1)
                return
            if attempt == 0:
                log.warning("could not push to %s; trying again", group)
            await asyncio.sleep(RETRY_PAUSES_S[min(attempt, len(RETRY_PAUSES_S) - 1)])


_pusher = _Pusher()
push = _pusher.push
drain = _pusher.drain
