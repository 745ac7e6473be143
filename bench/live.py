"""Live play under load, on loopback: N players moving against light AIs and M
spectators on K live matches, through the real web tier, Celery workers, Redis and
database. Prints JSON figures.

    python bench/live.py --json [--matches 200] [--spectators 500] [--duration 120]
                         [--think 3] [--web-workers 2] [--worker-concurrency 2]
                         [--profile DIR] [--clocked N] [--clock 5+3]
                         [--games footsies buttonmen octagon dicewars dungeon]

Each match seats one bench player (a guest with its own session cookie) against the
`random` agent; players think ``--think`` seconds (0.5×–1.5×) and play a random legal
move; spectators are spread over the matches. A finished match is replaced by a new one
for the same player, and its spectators follow. Figures:

- ``move_to_frame_ms``: a move sent → the first frame that carries it back to its player
  (the event it completes, or the ``chosen`` frame at a simultaneous turn);
- ``move_to_ai_reply_ms``: a move sent → the event of the AI's next move;
- ``first_frame_ms``: a socket opened → its snapshot (hello without a sequence number);
- ``clock_error_ms`` (with ``--clocked N``: N of the matches are between two bench
  players on a people's clock, ``--clock``): for every running clock a page is sent, what
  the page shows on arrival minus what the server's clock says is left then (its
  ``deadline`` less now). The page shows ``left_ms`` aged by the frame's time on the way
  (from its ``at``, by the server's clock as the page's pings learn it, as
  static/js/arena.js does), signed (above 0: the page shows more time than is left),
  and ``clock_error_abs_ms`` its size either way; ``clock_error_unaged_ms`` is
  ``left_ms`` as it came;
- ``lost_events``: events a page (a player's or a spectator's) never got, because the
  next event frame it got skipped them (a page would resync); ``repeated_events``;
- ``replays``: once the load stops, every match played replays from its record with each
  roll checked against its seed (``webapp.matches.fairness``): verified and failed;
- errors (error frames, exceptions), unexpected disconnects, bytes per frame by role,
  and each process's CPU (% of one core, averaged) and peak memory.

Uses REDIS_URL / DATABASE_URL when set (the database must exist; it is migrated), else
an embedded Redis and a SQLite file in a temporary directory.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402
import websockets  # noqa: E402

AI = "random"


def percentiles(values: list[float]) -> dict[str, float | int | None]:
    if not values:
        return {"n": 0, "p50": None, "p95": None, "p99": None, "max": None}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {"n": len(ordered), "p50": at(0.50), "p95": at(0.95), "p99": at(0.99),
            "max": round(ordered[-1], 1)}  # fmt: skip


@dataclass
class Figures:
    move_to_frame: list[float] = field(default_factory=list)
    move_to_ai_reply: list[float] = field(default_factory=list)
    first_frame: list[float] = field(default_factory=list)
    clock_error: list[float] = field(default_factory=list)
    clock_error_unaged: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    disconnects: int = 0
    frames: Counter = field(default_factory=Counter)
    frame_bytes: Counter = field(default_factory=Counter)
    moves: int = 0
    matches_finished: int = 0
    lost_events: int = 0  # events a page never got: its next event skipped them
    repeated_events: int = 0  # events a page got twice
    measuring: bool = False

    def event(self, seq: int, frame_seq: int) -> int:
        """A page at ``seq`` gets the event frame leading to ``frame_seq``: count what it
        skipped or repeats; the page's sequence number after it."""
        if self.measuring:
            if frame_seq > seq + 1:
                self.lost_events += frame_seq - seq - 1
            elif frame_seq <= seq:
                self.repeated_events += 1
        return max(seq, frame_seq)

    def frame(self, role: str, kind: str, size: int) -> None:
        if self.measuring:
            self.frames[role, kind] += 1
            self.frame_bytes[role, kind] += size


class Stack:
    """Redis, the database, the web tier and the workers, as production runs them."""

    def __init__(self, args, tmp: Path) -> None:
        self.args, self.tmp = args, tmp
        self.procs: dict[str, subprocess.Popen] = {}
        self.redis = None

    def start(self) -> str:
        prefix = f"bench-{uuid.uuid4().hex[:8]}"
        os.environ.update(
            DJANGO_SETTINGS_MODULE="webapp.config.settings",
            DICEARENA_VAR=str(self.tmp),
            DICEARENA_QUEUE=prefix,
            DICEARENA_CHANNEL_PREFIX=prefix,
            ALLOWED_HOSTS="127.0.0.1,localhost",
            PYTHONUNBUFFERED="1",
        )
        if not os.environ.get("REDIS_URL"):
            from webapp.embedded_redis import EmbeddedRedis

            self.redis = EmbeddedRedis(self.tmp / "redis")
            os.environ["REDIS_URL"] = self.redis.start()
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        port = free_port()
        web = [sys.executable, "-m", "uvicorn"]
        workers = self.args.web_workers
        profile = getattr(self.args, "profile", None)
        if profile:
            # One web process under cProfile (uvicorn exits cleanly on SIGTERM, and the
            # profile is written then): where the web tier's CPU goes, by function.
            Path(profile).mkdir(parents=True, exist_ok=True)
            web = [sys.executable, "-m", "cProfile", "-o", str(Path(profile) / "web.prof"),
                   "-m", "uvicorn", "--timeout-graceful-shutdown", "5"]  # fmt: skip
            workers = 1
        deflate = "false" if getattr(self.args, "no_ws_deflate", False) else "true"
        self._spawn("web", [*web, "webapp.config.asgi:application",
                            "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning",
                            "--ws-per-message-deflate", deflate,
                            "--workers", str(workers)])  # fmt: skip
        from django.conf import settings

        from webapp.launcher import worker_argv

        if getattr(self.args, "as_launched", False):
            # A worker per queue, as `make run` and production start them.
            from webapp.launcher import worker_queues

            for name, queue, processes, nice in worker_queues(prefix):
                argv = worker_argv([queue], f"{name}-{prefix}@%h", processes)
                self._spawn(name, ["nice", "-n", str(nice), *argv])
        else:
            # Both queues: live AI moves have a queue of their own (see settings).
            queues = [settings.CELERY_TASK_DEFAULT_QUEUE, settings.DICEARENA_LIVE_QUEUE]
            self._spawn("worker", worker_argv(queues, f"{prefix}@%h", self.args.worker_concurrency))
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url + "/matches/", timeout=2):
                    return url
            except OSError:
                for name, proc in self.procs.items():
                    if proc.poll() is not None:
                        raise RuntimeError(f"{name} exited: {self.log(name)}") from None
                time.sleep(0.3)
        raise RuntimeError("the web server did not come up")

    def _spawn(self, name: str, argv: list[str]) -> None:
        log = open(self.tmp / f"{name}.log", "w")  # noqa: SIM115 - lives as long as the child
        self.procs[name] = subprocess.Popen(
            argv, cwd=ROOT, env=os.environ.copy(), stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip

    def log(self, name: str) -> str:
        return (self.tmp / f"{name}.log").read_text(errors="replace")[-3000:]

    def processes(self) -> dict[str, psutil.Process]:
        """Every process of the stack, named by role (children included)."""
        out: dict[str, psutil.Process] = {}
        for name, proc in self.procs.items():
            root = psutil.Process(proc.pid)
            out[f"{name}-main"] = root
            for i, child in enumerate(root.children(recursive=True)):
                out[f"{name}-{i + 1}"] = child
        if self.redis is not None and self.redis.process is not None:
            out["redis"] = psutil.Process(self.redis.process.pid)
        out["bench-clients"] = psutil.Process()
        return out

    def stop(self) -> None:
        for name, proc in self.procs.items():
            # uvicorn raises the signal again once it has shut down: after SIGINT that is
            # a KeyboardInterrupt, so cProfile's ``finally`` still writes the profile.
            sig = 2 if name == "web" and getattr(self.args, "profile", None) else 15
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, sig)
        for proc in self.procs.values():
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)
        if self.redis is not None:
            self.redis.stop()


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ----- Django side: sessions and matches (run in a thread; the ORM is synchronous) ------


def new_guest(name: str) -> str:
    from django.contrib.sessions.backends.db import SessionStore

    from webapp.accounts.identity import GUEST_KEY

    store = SessionStore()
    store[GUEST_KEY] = name
    store.save()
    return store.session_key


def new_match(guest: str, game: str, ai: str = AI, other: str = "", clock: str = "") -> int:
    """A match of ``guest`` against the AI, or (``other``) against another bench guest
    on a people's ``clock``."""
    from webapp.accounts.identity import Identity
    from webapp.matches import services

    me = Identity(key=f"guest:{guest}", name=guest)
    if other:
        opponent = services.SeatPlan(identity=Identity(key=f"guest:{other}", name=other))
    else:
        opponent = services.SeatPlan(agent_spec=ai)
    plan = services.MatchPlan(
        game=game, seats=[services.SeatPlan(identity=me), opponent], created_by=me.key,
        clock=clock,
    )  # fmt: skip
    return services.create_match(plan).pk


# ----- the clients -------------------------------------------------------------------


class Slot:
    """One live match of one player; spectators follow the slot's current match."""

    def __init__(self, index: int, game: str, ai: str = AI, clock: str = "") -> None:
        self.index, self.game, self.ai, self.clock = index, game, ai, clock
        # A clocked match seats two bench players, each with a guest session of its own.
        self.guests = [f"bench{index}", *([f"bench{index}b"] if clock else [])]
        self.cookies = [""] * len(self.guests)
        self.match_id = 0
        self.changed = asyncio.Event()

    def new_match(self) -> int:
        other = self.guests[1] if self.clock else ""
        return new_match(self.guests[0], self.game, self.ai, other, self.clock)


async def open_socket(url: str, match_id: int, cookie: str | None):
    ws_url = url.replace("http://", "ws://") + f"/ws/matches/{match_id}/"
    headers = {"Cookie": f"sessionid={cookie}"} if cookie else {}
    return await websockets.connect(
        ws_url, origin=url, additional_headers=headers, open_timeout=60, max_size=2**22,
        ping_interval=None,
    )  # fmt: skip


async def snapshot(ws, figures: Figures, role: str) -> dict:
    started = time.perf_counter()
    said_hello = time.time() * 1000
    await ws.send(json.dumps({"type": "hello"}))
    while True:
        raw = await ws.recv()
        frame = json.loads(raw)
        figures.frame(role, frame["type"], len(raw))
        if frame["type"] == "snapshot":
            figures.first_frame.append((time.perf_counter() - started) * 1000)
            frame["said_hello_ms"] = said_hello
            return frame


async def player(
    url: str, slot: Slot, figures: Figures, args, stop: asyncio.Event, seat: int = 0
) -> None:
    """One bench player; in a clocked match the first of the two makes the next match
    when one ends and the second follows it there."""
    rng = random.Random(slot.index * 2 + seat)
    while not stop.is_set():
        changed = slot.changed
        try:
            async with await open_socket(url, slot.match_id, slot.cookies[seat]) as ws:
                finished = await play_match(ws, slot, figures, args, rng, stop)
            if finished and seat == 0:
                figures.matches_finished += 1
                slot.match_id = await asyncio.to_thread(slot.new_match)
                slot.changed.set()
                slot.changed = asyncio.Event()
            elif finished:
                waits = [asyncio.ensure_future(changed.wait()), asyncio.ensure_future(stop.wait())]
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                for waiting in waits:
                    waiting.cancel()
        except (websockets.ConnectionClosed, OSError, TimeoutError) as exc:
            if stop.is_set():
                return
            figures.disconnects += 1
            figures.errors[f"player:{type(exc).__name__}"] += 1
            await asyncio.sleep(1)


async def play_match(ws, slot: Slot, figures: Figures, args, rng, stop) -> bool:
    """Play until the match ends (True) or the bench stops (False)."""
    snap = await snapshot(ws, figures, "player")
    server = ServerClock()
    if snap.get("clock"):  # as a page does: the snapshot's clock is a first sample
        server.sample(snap["clock"]["at"], time.time() * 1000 - snap["said_hello_ms"])
    clock_error(snap.get("clock"), figures, server)
    seq, legal, seat = snap["seq"], snap["legal"], snap["you"]
    over = snap["status"]["status"] != "active"
    sent_at: float | None = None
    sent_seq = -1
    awaiting_reply = False
    reply_from = 0.0
    next_move_at = time.monotonic() + rng.uniform(0.5, 1.5) * args.think
    while not stop.is_set() and not over:
        if slot.clock and time.time() * 1000 - server.pinged_at >= 2000:
            # As a page does: a ping every 2 s (the clocked matches' pages use the pongs).
            server.ping_id += 1
            server.pinged_at = time.time() * 1000
            await ws.send(json.dumps({"type": "ping", "id": server.ping_id}))
        if legal and sent_at is None and time.monotonic() >= next_move_at:
            move = rng.choice(legal)
            sent_seq, sent_at = seq, time.perf_counter()
            await ws.send(json.dumps({"type": "move", "seat": seat, "seq": seq, "move": move}))
            if figures.measuring:
                figures.moves += 1
        try:
            wait = max(0.01, next_move_at - time.monotonic()) if legal and sent_at is None else 1
            wait = min(wait, 2) if slot.clock else wait
            raw = await asyncio.wait_for(ws.recv(), timeout=wait)
        except TimeoutError:
            continue
        frame = json.loads(raw)
        kind = frame["type"]
        figures.frame("player", kind, len(raw))
        now = time.perf_counter()
        if kind == "event":
            seq = figures.event(seq, frame["seq"])
            legal = frame.get("legal", [])
            over = frame["turn"]["over"]
            if sent_at is not None and seq == sent_seq + 1:
                record(figures.move_to_frame, now - sent_at, figures)
                awaiting_reply = not frame["turn"]["simultaneous"] and not over
                reply_from = sent_at
                sent_at = None
                next_move_at = time.monotonic() + rng.uniform(0.5, 1.5) * args.think
            elif awaiting_reply and not slot.clock and frame["event"]["actor"] not in (-1, seat):
                record(figures.move_to_ai_reply, now - reply_from, figures)
                awaiting_reply = False
        elif kind == "chosen" and sent_at is not None and seat in frame["seats"]:
            record(figures.move_to_frame, now - sent_at, figures)
            sent_at = None
            legal = []  # chosen; wait for the turn to resolve
            next_move_at = time.monotonic() + rng.uniform(0.5, 1.5) * args.think
        elif kind == "clock":
            clock_error(frame["clock"], figures, server)
        elif kind == "pong":
            server.pong(frame)
        elif kind == "error":
            if figures.measuring:
                figures.errors[f"frame:{frame['code']}"] += 1
            sent_at = None
            await ws.send(json.dumps({"type": "hello", "seq": seq}))
    return over


class ServerClock:
    """The server's clock as a page learns it (static/js/arena.js): the snapshot's clock
    and each pong carry the server's time; of the last 8, the shortest round trip's
    offset is kept."""

    def __init__(self) -> None:
        self.samples: list[tuple[float, float]] = []  # (round trip, server − us), ms
        self.pinged_at = 0.0
        self.ping_id = 0

    def pong(self, frame: dict) -> None:
        if frame.get("id") == self.ping_id and "now" in frame:
            self.sample(frame["now"], time.time() * 1000 - self.pinged_at)

    def sample(self, server_ms: float, lag: float) -> None:
        """The server's time, taken about half of ``lag`` before now."""
        now = time.time() * 1000
        self.samples = [*self.samples[-7:], (lag, server_ms + lag / 2 - now)]

    @property
    def offset(self) -> float | None:
        return min(self.samples)[1] if self.samples else None


def clock_error(clock: dict | None, figures: Figures, server: ServerClock) -> None:
    """Each running clock of a frame just arrived: what a page shows now less what the
    server's deadline leaves now (one machine, so one wall clock). The page shows
    ``left_ms`` aged by the frame's time on the way (its ``at``, by the server's clock as
    the pongs tell it), or, before its first pong, ``left_ms`` as it is."""
    if not clock or not figures.measuring:
        return
    now = time.time()
    for seat in clock["seats"]:
        if seat["running"] and seat["deadline"]:
            left = (datetime.fromisoformat(seat["deadline"]).timestamp() - now) * 1000
            figures.clock_error_unaged.append(seat["left_ms"] - left)
            shown = seat["left_ms"]
            if server.offset is not None and clock.get("at"):
                age = now * 1000 + server.offset - clock["at"]
                if 0 < age < 10_000:
                    shown -= age
            figures.clock_error.append(shown - left)


def record(values: list[float], seconds: float, figures: Figures) -> None:
    if figures.measuring:
        values.append(seconds * 1000)


async def spectator(url: str, slot: Slot, figures: Figures, stop: asyncio.Event) -> None:
    while not stop.is_set():
        match_id, changed = slot.match_id, slot.changed
        try:
            async with await open_socket(url, match_id, None) as ws:
                seq = (await snapshot(ws, figures, "spectator"))["seq"]
                while not stop.is_set() and not changed.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=1)
                    except TimeoutError:
                        continue
                    frame = json.loads(raw)
                    figures.frame("spectator", frame["type"], len(raw))
                    if frame["type"] == "event":
                        seq = figures.event(seq, frame["seq"])
        except (websockets.ConnectionClosed, OSError, TimeoutError) as exc:
            if stop.is_set():
                return
            figures.disconnects += 1
            figures.errors[f"spectator:{type(exc).__name__}"] += 1
            await asyncio.sleep(1)


async def sample(stack: Stack, usage: dict, stop: asyncio.Event) -> None:
    procs = stack.processes()
    for p in procs.values():
        with contextlib.suppress(psutil.Error):
            p.cpu_percent(None)
    while not stop.is_set():
        await asyncio.sleep(1)
        for name, p in procs.items():
            with contextlib.suppress(psutil.Error):
                usage[name]["cpu"].append(p.cpu_percent(None))
                usage[name]["rss"] = max(usage[name]["rss"], p.memory_info().rss)


async def measure(figures: Figures, args, stop: asyncio.Event, tasks: list, begin=None) -> float:
    """Wait ``args.warmup`` s, call ``begin()`` (if given), keep figures for
    ``args.duration`` s, then stop every task; the seconds measured."""
    await asyncio.sleep(args.warmup)
    if begin is not None:
        begin()
    figures.measuring = True
    started = time.monotonic()
    await asyncio.sleep(args.duration)
    figures.measuring = False
    elapsed = time.monotonic() - started
    stop.set()
    await asyncio.wait(tasks, timeout=15)
    for task in tasks:
        task.cancel()
    return elapsed


def verify_replays() -> dict[str, Any]:
    """Every match the bench played, replayed from its record with each roll checked
    against its seed (``webapp.matches.fairness``), once the load has stopped."""
    from webapp.matches.fairness import verify_all
    from webapp.matches.models import Match

    checked, failed = verify_all(Match.objects.filter(ply__gt=0))
    problems = [f"match {v.match_id}: {v.problem}" for v in failed[:10]]
    return {"verified": checked - len(failed), "failed": len(failed), "problems": problems}


def cpu_per_move(usage: dict, seconds: float, moves: int) -> dict[str, float | None]:
    """CPU milliseconds per player's move, by kind of process (web, worker, redis; the
    bench's own clients apart), and the server's total: the mean share of a core each
    process used while measuring, times the seconds, over the moves made."""
    spent: dict[str, float] = defaultdict(float)
    for name, u in usage.items():
        if u["cpu"]:
            spent[name.split("-")[0]] += statistics.mean(u["cpu"]) / 100 * seconds
    per = {kind: round(s * 1000 / moves, 2) if moves else None for kind, s in sorted(spent.items())}
    server = sum(s for kind, s in spent.items() if kind != "bench")
    per["server"] = round(server * 1000 / moves, 2) if moves else None
    return per


async def run(args, url: str, stack: Stack) -> dict:
    figures = Figures()
    two = [g for g in args.games if g != "dicewars"] or args.games  # clocked: two seats
    slots = [
        Slot(i, two[i % len(two)], clock=args.clock)
        if i < args.clocked
        else Slot(i, args.games[i % len(args.games)])
        for i in range(args.matches)
    ]
    for slot in slots:
        slot.cookies = [await asyncio.to_thread(new_guest, g) for g in slot.guests]
        slot.match_id = await asyncio.to_thread(slot.new_match)
    stop = asyncio.Event()
    tasks = []
    # Sockets open in a ramp (as people arrive), not all in one instant.
    for slot in slots:
        for seat in range(len(slot.guests)):
            tasks.append(asyncio.create_task(player(url, slot, figures, args, stop, seat)))
        await asyncio.sleep(args.ramp / max(1, args.matches + args.spectators))
    for i in range(args.spectators):
        tasks.append(asyncio.create_task(spectator(url, slots[i % len(slots)], figures, stop)))
        await asyncio.sleep(args.ramp / max(1, args.matches + args.spectators))
    usage: dict = defaultdict(lambda: {"cpu": [], "rss": 0})

    def begin() -> None:  # processes are sampled only while measuring
        tasks.append(asyncio.create_task(sample(stack, usage, stop)))

    elapsed = await measure(figures, args, stop, tasks, begin)
    replays = await asyncio.to_thread(verify_replays)
    frames_total = sum(figures.frames.values())
    bytes_total = sum(figures.frame_bytes.values())
    by_role = {}
    for role in ("player", "spectator"):
        n = sum(c for (r, _), c in figures.frames.items() if r == role)
        b = sum(c for (r, _), c in figures.frame_bytes.items() if r == role)
        by_role[role] = {"frames": n, "bytes": b, "bytes_per_frame": round(b / n, 1) if n else None}
    event_n = figures.frames["spectator", "event"]
    return {
        "matches": args.matches,
        "players": args.matches + args.clocked,
        "spectators": args.spectators,
        "games": args.games,
        "ai": AI,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "web_workers": args.web_workers,
        "worker_concurrency": args.worker_concurrency,
        "database": os.environ.get("DATABASE_URL", "").split("://")[0] or "sqlite",
        "moves": figures.moves,
        "moves_per_s": round(figures.moves / elapsed, 1),
        "matches_finished": figures.matches_finished,
        "move_to_frame_ms": percentiles(figures.move_to_frame),
        "move_to_ai_reply_ms": percentiles(figures.move_to_ai_reply),
        "first_frame_ms": percentiles(figures.first_frame),
        "clocked_matches": args.clocked,
        "clock": args.clock if args.clocked else None,
        "clock_error_ms": percentiles(figures.clock_error),
        "clock_error_abs_ms": percentiles([abs(e) for e in figures.clock_error]),
        "clock_error_unaged_ms": percentiles(figures.clock_error_unaged),
        "errors": dict(figures.errors),
        "error_count": sum(figures.errors.values()),
        "disconnects": figures.disconnects,
        "lost_events": figures.lost_events,
        "repeated_events": figures.repeated_events,
        "replays": replays,
        "frames": frames_total,
        "bytes": bytes_total,
        "bytes_per_frame": round(bytes_total / frames_total, 1) if frames_total else None,
        "by_role": by_role,
        "spectator_event_bytes_per_frame": round(
            figures.frame_bytes["spectator", "event"] / event_n, 1
        )
        if event_n
        else None,
        "processes": {
            name: {
                "cpu_percent": round(statistics.mean(u["cpu"]), 1) if u["cpu"] else None,
                "rss_mb": round(u["rss"] / 2**20, 1),
            }
            for name, u in sorted(usage.items())
        },
        # A move cycle: a player's move, the AI's reply and their frames to everyone.
        "cpu_ms_per_move_cycle": cpu_per_move(usage, elapsed, figures.moves),
        "goal": {
            "move_to_frame_p95_ms": 100,
            "move_to_ai_reply_p50_ms": 100,
            "move_to_ai_reply_p95_ms": 300,
            "server_cpu_ms_per_move_cycle": 10,
            "clock_error_max_ms": 100,
            "errors": 0,
            "lost_events": 0,
            "replays_failed": 0,
        },
        "cores": os.cpu_count(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description="live play under load, on loopback")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument("--duration", type=float, default=120, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=10, help="seconds before measuring")
    parser.add_argument("--ramp", type=float, default=20, help="seconds to open all sockets")
    parser.add_argument("--think", type=float, default=3.0, help="mean seconds between moves")
    parser.add_argument(
        "--clocked", type=int, default=0,
        help="how many of the matches are two bench players on a people's clock",
    )  # fmt: skip
    parser.add_argument("--clock", default="5+3", help="the clocked matches' time control")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--worker-concurrency", type=int, default=2)
    parser.add_argument(
        "--games", nargs="+", default=["footsies", "buttonmen", "octagon", "dicewars", "dungeon"]
    )
    parser.add_argument(
        "--no-ws-deflate", action="store_true", help="websocket frames uncompressed"
    )
    parser.add_argument(
        "--profile", metavar="DIR", help="run one web process under cProfile; DIR/web.prof"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    return serve(args, "live", lambda url, stack: run(args, url, stack))


def serve(args, name: str, bench) -> int:
    """Start the stack, run ``bench(url, stack)`` (a coroutine) against it, stop the
    stack whatever happens, and print the figures as JSON."""
    stack = Stack(args, Path(tempfile.mkdtemp(prefix=f"dicearena-{name}-")))
    try:
        url = stack.start()
        result = asyncio.run(bench(url, stack))
    finally:
        stack.stop()
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
