"""The first-move window on the real stack: nobody has the match page open but a
spectator's socket; Celery beat runs the clock sweep on the real worker, which aborts
the match whose side never moved, and the abort reaches the socket over the real Redis
channel layer. No rating moves."""

import asyncio
import json
import time

import pytest
from channels.db import database_sync_to_async

from tests.stack import start_beat
from webapp.leaderboards.models import RatedMatch, RatingChange
from webapp.matches import services
from webapp.matches.models import Match, SeatClock

from .helpers import ALICE, BOB, connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker, pytest.mark.asyncio]


async def receive(comm, kind: str, timeout: float) -> dict:
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        left = deadline - asyncio.get_running_loop().time()
        frame = json.loads(await comm.receive_from(timeout=max(0.1, left)))
        if frame["type"] == kind:
            return frame


@database_sync_to_async
def clocked_people() -> Match:
    plan = services.MatchPlan(
        game="octagon",
        seats=[services.SeatPlan(identity=ALICE), services.SeatPlan(identity=BOB)],
        clock="5+3",
    )
    return services.create_match(plan, schedule=False)


@database_sync_to_async
def window_end(match: Match):
    """When the first mover's first-move window ends."""
    return SeatClock.objects.get(match=match, running_since__isnull=False).deadline


async def test_beats_sweep_aborts_a_match_whose_first_move_never_came(
    celery_worker, log_dir, tmp_path, settings
):
    settings.DICEARENA_FIRST_MOVE_S = 2  # the window the match's clock is started with
    beat = start_beat(log_dir, tmp_path / "celerybeat-schedule")
    try:
        match = await clocked_people()
        ends = await window_end(match)
        watcher = await connect(match.pk, "carol")  # a spectator, not a player
        await watcher.send_json_to({"type": "hello", "seq": 0})
        await receive(watcher, "synced", 30)
        # Within the window, the sweep's 5 s and a loaded machine's delays.
        frame = await receive(watcher, "status", 60)
        late = time.time() - ends.timestamp()
        print(f"\naborted and pushed {late:.1f} s after the first-move window ended")
        assert frame["status"]["status"] == "aborted"
        assert "did not make a first move in time" in frame["status"]["result"]["reason"]
        await watcher.disconnect()
    finally:
        await asyncio.to_thread(beat.stop)

    @database_sync_to_async
    def stored():
        match.refresh_from_db()
        return match.status, RatedMatch.objects.count(), RatingChange.objects.count()

    assert await stored() == (Match.Status.ABORTED, 0, 0)
    logs = "".join(p.read_text(errors="replace") for p in log_dir.glob("worker*.log"))
    assert "sweep_clocks" in logs
