"""The reference client keeps its frames under the server's rate: a frame over the
limit is dropped, and a dropped move is a lost turn."""

import asyncio
import time

from agents.remote import PACE_SHARE, Pacer


def test_frames_asked_for_at_once_are_spaced_at_the_paced_rate():
    pacer = Pacer(frames_per_s=50)
    sent: list[float] = []

    async def send() -> None:
        await pacer.turn()
        sent.append(time.monotonic())

    async def burst() -> None:
        await asyncio.gather(*(send() for _ in range(20)))

    asyncio.run(burst())
    gaps = [b - a for a, b in zip(sent, sent[1:], strict=False)]
    interval = 1 / (PACE_SHARE * 50)
    # A slow machine may space them further apart, never closer (sleep never ends early).
    assert min(gaps) >= interval * 0.95
    assert len(sent) == 20


def test_the_welcome_rate_replaces_the_default():
    pacer = Pacer()
    pacer.set_rate(100)
    assert abs(pacer.interval - 1 / (PACE_SHARE * 100)) < 1e-12
