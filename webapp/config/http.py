"""uvicorn's HTTP protocol with a deadline on every request head.

uvicorn arms its keep-alive timer only after a response, so a client that opens a
connection and sends half a request head (a slow or never-finished WebSocket
handshake, "slowloris") holds a connection and its memory for ever: 2,000 of them were
all still open after 70 s. Here a request head must be complete within
``DICEARENA_HEADER_TIMEOUT_S`` (10 s) of its first byte (or of the connection, for the
first request); past that the connection is answered ``408`` and closed. The launcher
and the tests start uvicorn with ``--http webapp.config.http:HeadTimeoutProtocol``.
"""

from __future__ import annotations

import asyncio
import os

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

#: Seconds a client has to send a whole request head (nginx gives 60; a phone on a bad
#: link sends a head of a few hundred bytes in well under a second).
HEADER_TIMEOUT_S = float(os.environ.get("DICEARENA_HEADER_TIMEOUT_S", "10"))

_REQUEST_TIMEOUT = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: 38\r\nconnection: close\r\n\r\nthe request head took too long to send"
)


class HeadTimeoutProtocol(HttpToolsProtocol):
    _head_timer: asyncio.TimerHandle | None = None
    _in_head = False  # a request head has begun and is not complete

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_head = True
        if self._head_timer is None:  # the next request on a kept-alive connection
            self._arm()

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._head_timer = self.loop.call_later(HEADER_TIMEOUT_S, self._head_too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            if self._in_head:  # a connection that never sent a byte is just closed
                self.transport.write(_REQUEST_TIMEOUT)
            self.transport.close()
