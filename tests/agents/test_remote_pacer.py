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

    start = time.monotonic()
    asyncio.run(burst())
    interval = 1 / (PACE_SHARE * 50)
    assert len(sent) == 20
    # The k-th frame goes no sooner than k intervals after the burst began. (Pairs of
    # frames may sit closer: a sleep that overran leaves the next one less to wait.
    # Sooner than its slot by more than the event loop's clock granularity, never.)
    for k, at in enumerate(sorted(sent)):
        assert at - start >= k * interval - 0.002, (k, at - start)
    # And the burst as a whole keeps to the rate.
    assert sorted(sent)[-1] - start >= 19 * interval - 0.002


def test_the_welcome_rate_replaces_the_default():
    pacer = Pacer()
    pacer.set_rate(100)
    assert abs(pacer.interval - 1 / (PACE_SHARE * 100)) < 1e-12
