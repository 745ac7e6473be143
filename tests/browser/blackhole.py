"""A TCP relay in front of the web server that can turn into a black hole: bytes stop
flowing both ways and nothing is closed, as when a phone walks out of coverage or a
NAT forgets the connection. Chromium's own "offline" emulation closes sockets, which is
the easy case; this is the hard one."""

from __future__ import annotations

import asyncio
import threading
from urllib.parse import urlparse

from tests.stack import free_port


class BlackHole:
    def __init__(self, target_url: str) -> None:
        target = urlparse(target_url)
        self.target = (target.hostname, target.port)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # Connections of an older generation than the last black hole stay dead.
        self.generation = 0
        self.holed = False
        self.loop = asyncio.new_event_loop()
        self._server = None
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        ready.wait(10)

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self._server = self.loop.run_until_complete(
            asyncio.start_server(self._relay, "127.0.0.1", self.port)
        )
        ready.set()
        self.loop.run_forever()

    def black_hole(self) -> None:
        """From now on nothing gets through, and no connection is closed."""
        self.holed = True
        self.generation += 1

    def restore(self) -> None:
        """New connections work again (the black-holed ones stay silent)."""
        self.holed = False

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self._shut(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    async def _shut(self) -> None:
        self._server.close()
        relays = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in relays:
            task.cancel()
        await asyncio.gather(*relays, return_exceptions=True)

    def _alive(self, generation: int) -> bool:
        return not self.holed and generation == self.generation

    async def _relay(self, reader, writer) -> None:
        generation = self.generation
        if not self._alive(generation):
            await self._swallow(reader)  # the handshake goes nowhere
            return
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        await asyncio.gather(
            self._pipe(reader, up_writer, generation),
            self._pipe(up_reader, writer, generation),
            return_exceptions=True,
        )
        for w in (writer, up_writer):
            w.close()

    async def _pipe(self, reader, writer, generation: int) -> None:
        while data := await reader.read(65536):
            if self._alive(generation):
                writer.write(data)
                await writer.drain()
            # else: dropped on the floor, as a dead link does

    @staticmethod
    async def _swallow(reader) -> None:
        while await reader.read(65536):
            pass
