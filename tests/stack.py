"""Real processes for the tests that are about them: a Celery worker on the real broker
and the ASGI web server, both pointed at the test database of this run.

Every process started here is stopped by the test that started it, and waited for
(the whole process group gone, not a pause), before that test's database flush: a
server still reading while PostgreSQL truncates the tables deadlocks the flush.
``Process.running`` lists those not yet stopped, for the check that none outlives its test.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
from django.conf import settings
from django.db import connection

from webapp.launcher import HTTP_PROTOCOL, proxy_argv, worker_argv

ROOT = Path(__file__).resolve().parent.parent


def database_url() -> str:
    """A URL for the test database (the run's own), for processes we start."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}{port}/{db['NAME']}"


def process_env() -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "webapp.config.settings",
        "DATABASE_URL": database_url(),
        "REDIS_URL": settings.REDIS_URL,
        "ALLOWED_HOSTS": "localhost,127.0.0.1",
        "DICEARENA_DEFAULT_PACE": "0.05",
        "PYTHONUNBUFFERED": "1",
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: How long a stopped process may take to finish what it holds (a warm Celery shutdown
#: ends its current task) before it is killed; generous for a loaded machine.
STOP_GRACE_S = 30
#: How long processes may take to start on a loaded machine.
START_S = 120


class Process:
    """A process in its own group, stopped with everything it started: a child of this
    process, or one the fork server made (``Process.forked``)."""

    #: Started and not yet stopped, in any test.
    running: set[Process] = set()

    def __init__(self, name: str, argv: list[str], log: Path, env: dict | None = None) -> None:
        self.name = name
        self.log_path = log
        with open(log, "w") as out:
            self.proc: subprocess.Popen | None = subprocess.Popen(
                argv,
                env={**process_env(), **(env or {})},
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.pid = self.proc.pid
        Process.running.add(self)

    @classmethod
    def forked(cls, name: str, pid: int, log: Path) -> Process:
        process = cls.__new__(cls)
        process.name, process.log_path, process.proc, process.pid = name, log, None, pid
        Process.running.add(process)
        return process

    def alive(self) -> bool:
        if self.proc is not None:
            return self.proc.poll() is None
        return _runs(self.pid)

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        """A clean shutdown, then every process of the group gone (a Celery pool's
        children outlive their parent by a moment, holding database connections)."""
        self._end(signal.SIGTERM)

    def kill(self) -> None:
        """Die like a crashed machine: no clean shutdown."""
        self._end(signal.SIGKILL)

    def _end(self, how: signal.Signals) -> None:
        if self.alive():
            _signal_group(self.pid, how)
        deadline = time.monotonic() + STOP_GRACE_S
        while self.alive() or group_alive(self.pid):
            if time.monotonic() > deadline:  # what lingers past the grace is killed
                _signal_group(self.pid, signal.SIGKILL)
            time.sleep(0.02)
        if self.proc is not None:
            self.proc.wait()
        Process.running.discard(self)


def _signal_group(pgid: int, how: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError):  # it ended meanwhile
        os.killpg(pgid, how)


def _runs(pid: int) -> bool:
    """Whether the process exists and is not a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def group_alive(pgid: int) -> bool:
    """Whether any process of the group still runs (zombies hold nothing: they do not
    count)."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.getpgid(int(entry)) == pgid and _runs(int(entry)):
                    return True
            except OSError:
                continue
    return False


class ForkServer:
    """``tests.forkserver``: the site imported once; workers and web servers forked from
    it in a fraction of a second, so that every test can have its own."""

    def __init__(self, log_dir: Path) -> None:
        self.log_dir = log_dir
        with open(_log_path(log_dir, "forkserver"), "w") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tests.forkserver"],
                env=process_env(),
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=out,
                text=True,
                start_new_session=True,
            )
        if self.proc.stdout.readline().strip() != "ready":
            raise RuntimeError(f"the fork server did not start: see {out.name}")

    def _fork(self, name: str, order: dict) -> Process:
        log = _log_path(self.log_dir, name)
        log.touch()  # there before the child, which may take a while to open it
        self.proc.stdin.write(json.dumps({**order, "log": str(log)}) + "\n")
        self.proc.stdin.flush()
        return Process.forked(name, int(self.proc.stdout.readline()), log)

    def worker(self, name: str = "worker", setup: str | None = None) -> Process:
        """A worker on every one of this run's queues, as ``start_worker`` starts it;
        ``setup`` ("module:function") is called in it first."""
        # Its arguments from "worker" on: the fork server is the Celery program already.
        argv = _worker_argv(name, 1, None)
        order = {"kind": "worker", "argv": argv[argv.index("worker") :], "setup": setup}
        return self._fork(name, order)

    def web(self, setup: str | None = None, values: dict | None = None) -> tuple[Process, str]:
        """A web server; ``values``: settings it runs with (read at call time)."""
        port = free_port()
        order = {"kind": "web", "port": port, "setup": setup, "settings": values or {}}
        return self._fork("web", order), f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        self.proc.stdin.close()  # its loop ends; it has forked nothing still running
        try:
            self.proc.wait(STOP_GRACE_S)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _run_queues() -> list[str]:
    """Every queue of this run: tournaments, live AI moves, analyses, the system's sweeps."""
    return [
        settings.CELERY_TASK_DEFAULT_QUEUE,
        settings.DICEARENA_LIVE_QUEUE,
        settings.DICEARENA_ANALYSIS_QUEUE,
        settings.DICEARENA_SYSTEM_QUEUE,
    ]


def _hostname(name: str) -> str:
    return f"{name}-{os.environ['DICEARENA_TEST_RUN']}-{time.monotonic_ns()}@%h"


def _worker_argv(name: str, concurrency: int, queues: list[str] | None) -> list[str]:
    """A test worker's command line: on this run's queues (by default every one:
    ``_run_queues``), without heartbeats."""
    return [
        *worker_argv(queues or _run_queues(), _hostname(name), concurrency, "INFO"),
        "--without-heartbeat",
    ]


def start_worker(
    log_dir: Path,
    name: str = "worker",
    concurrency: int = 1,
    env: dict | None = None,
    queues: list[str] | None = None,
) -> Process:
    """A worker on this run's queues (by default every one), ready to take tasks."""
    worker = Process(name, _worker_argv(name, concurrency, queues), _log_path(log_dir, name), env)
    wait_ready(worker)
    return worker


def start_web(log_dir: Path, env: dict | None = None) -> tuple[Process, str]:
    """The ASGI server on a free port, serving, with the options ``make run`` gives it
    (forwarded headers believed only from ``FORWARDED_ALLOW_IPS`` in ``env``)."""
    port = free_port()
    web = Process(
        "web",
        [
            sys.executable, "-m", "uvicorn", "webapp.config.asgi:application",
            "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning",
            "--http", HTTP_PROTOCOL, *proxy_argv({**process_env(), **(env or {})}),
        ],
        _log_path(log_dir, "web"),
        env,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    wait_ready(web, url)
    return web, url


def start_beat(log_dir: Path, schedule: Path) -> Process:
    """Celery beat with the site's schedule (its periodic sweeps), once it ticks."""
    beat = Process(
        "beat",
        [sys.executable, "-m", "celery", "-A", "webapp.config", "beat", "--loglevel", "INFO",
         "--schedule", str(schedule)],
        _log_path(log_dir, "beat"),
    )  # fmt: skip
    deadline = time.monotonic() + START_S
    while "beat: Starting" not in beat.output():
        if not beat.alive() or time.monotonic() > deadline:
            beat.stop()
            raise RuntimeError(f"beat did not start:\n{beat.output()}")
        time.sleep(0.1)
    return beat


def wait_ready(process: Process, url: str | None = None) -> None:
    """Until the worker logs "ready." or the web server at ``url`` answers; a process
    that dies or is not ready in ``START_S`` is stopped and its log raised."""
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if not process.alive():
            raise RuntimeError(f"{process.name} died:\n{process.output()}")
        if _serves(url) if url else "ready." in process.output():
            return
        time.sleep(0.1)
    process.stop()
    raise RuntimeError(f"{process.name} not ready in {START_S} s:\n{process.output()}")


def _serves(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/matches/", timeout=5) as r:
            return r.status == 200
    except OSError:
        return False


def _log_path(log_dir: Path, name: str) -> Path:
    """A log of its own for every process, so a later one never overwrites it."""
    return log_dir / f"{name}-{time.monotonic_ns()}.log"


def purge_queues() -> None:
    """Drop every task still queued on this run's queues: what a test queued belongs to
    it, and must not run in a later test against that test's database."""
    from webapp.config.celery import app

    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=3)  # no endless retrying without a Redis
        for queue in _run_queues():
            conn.default_channel.queue_purge(queue)


@contextlib.contextmanager
def others_off(queue: str):
    """Workers of this run that other tests started (the session's worker) stop taking
    from ``queue`` meanwhile, so the workers a test starts hold all of its work."""
    from webapp.config.celery import app

    run = settings.CELERY_TASK_DEFAULT_QUEUE.rsplit("-", 1)[-1]
    others = [n for r in app.control.ping(timeout=1.0) or [] for n in r if run in n]
    if others:
        app.control.cancel_consumer(queue, destination=others, reply=True)
    try:
        yield
    finally:
        if others:
            app.control.add_consumer(queue, destination=others, reply=True)


class Running:
    """What runs when a test starts, to find what it started and left running."""

    def __init__(self) -> None:
        self.children = {p.pid for p in psutil.Process().children()}
        self.processes = set(Process.running)

    def stop_new(self) -> list[str]:
        """Stops the processes started since, that still run, and names them."""
        left = []
        for process in Process.running - self.processes:
            left.append(f"{process.name} (pid {process.pid})")
            process.stop()
        for child in psutil.Process().children():
            if child.pid not in self.children and _runs(child.pid) and not _interpreters(child):
                left.append(_describe(child))
                with contextlib.suppress(OSError):
                    # The whole group when it leads one (as ``Process`` children do).
                    if os.getpgid(child.pid) == child.pid:
                        os.killpg(child.pid, signal.SIGKILL)
                    else:
                        child.kill()
        return [f"{what} was still running" for what in left]


def _interpreters(process: psutil.Process) -> bool:
    """Python's own helper for spawned pools (multiprocessing's resource tracker): it
    starts with the first spawned pool and lives as long as the test run, touching no
    database; it is not something a test left running."""
    try:
        return "multiprocessing.resource_tracker" in " ".join(process.cmdline())
    except psutil.Error:
        return False


def _describe(process: psutil.Process) -> str:
    try:
        return f"pid {process.pid} ({' '.join(process.cmdline())[:120]})"
    except psutil.Error:
        return f"pid {process.pid}"


def our_ports() -> set[int]:
    """The local ports of this process's TCP connections: its own database sessions'."""
    return {c.laddr.port for c in psutil.Process().net_connections("tcp") if c.laddr}


def database_sessions(cursor) -> list[tuple]:
    """(pid, client port, state, query) of the test database's other PostgreSQL sessions."""
    cursor.execute(
        "SELECT pid, client_port, state, query FROM pg_stat_activity"
        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )
    return cursor.fetchall()


def other_database_sessions(timeout: float = 30) -> list[str]:
    """The test database's PostgreSQL sessions that are not this process's, once the
    processes they belonged to are gone (a session ends a moment after its client)."""
    if connection.vendor != "postgresql":
        return []
    deadline = time.monotonic() + timeout
    while True:
        ours = our_ports()
        with connection.cursor() as cursor:
            others = [row for row in database_sessions(cursor) if row[1] not in ours]
        if not others or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    return [
        f"PostgreSQL session {pid} ({state}: {query[:80]!r}) was still open"
        for pid, _, state, query in others
    ]
