"""Real processes for the tests that are about them: a Celery worker on the real broker
and the ASGI web server, both pointed at the test database of this run."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from django.conf import settings
from django.db import connection

from webapp.launcher import HTTP_PROTOCOL, worker_argv

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


class Process:
    """A child process in its own group, stopped with everything it started."""

    def __init__(self, name: str, argv: list[str], log: Path, env: dict | None = None) -> None:
        self.name = name
        self.log_path = log
        self.log = open(log, "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            argv,
            env={**process_env(), **(env or {})},
            cwd=ROOT,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def alive(self) -> bool:
        return self.proc.poll() is None

    def output(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.log.close()

    def kill(self) -> None:
        """Die like a crashed machine: no clean shutdown."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


def start_worker(
    log_dir: Path,
    name: str = "worker",
    concurrency: int = 1,
    env: dict | None = None,
    queues: list[str] | None = None,
) -> Process:
    """A worker on this run's queues: by default every one (tournaments, live AI moves,
    analyses, the system's sweeps)."""
    queues = queues or [
        settings.CELERY_TASK_DEFAULT_QUEUE,
        settings.DICEARENA_LIVE_QUEUE,
        settings.DICEARENA_ANALYSIS_QUEUE,
        settings.DICEARENA_SYSTEM_QUEUE,
    ]
    hostname = f"{name}-{os.environ['DICEARENA_TEST_RUN']}-{time.monotonic_ns()}@%h"
    worker = Process(
        name,
        [*worker_argv(queues, hostname, concurrency, "INFO"), "--without-heartbeat"],
        log_dir / f"{name}.log",
        env,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if not worker.alive():
            raise RuntimeError(f"worker died:\n{worker.output()}")
        if "ready." in worker.output():
            return worker
        time.sleep(0.2)
    worker.stop()
    raise RuntimeError(f"worker not ready:\n{worker.output()}")


def start_web(log_dir: Path, env: dict | None = None) -> tuple[Process, str]:
    port = free_port()
    web = Process(
        "web",
        [
            sys.executable, "-m", "uvicorn", "webapp.config.asgi:application",
            "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning",
            "--http", HTTP_PROTOCOL,
        ],
        log_dir / f"web-{port}.log",  # one per server: a test may start its own
        env,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if not web.alive():
            raise RuntimeError(f"web server died:\n{web.output()}")
        try:
            with urllib.request.urlopen(url + "/matches/", timeout=2) as r:
                if r.status == 200:
                    return web, url
        except OSError:
            time.sleep(0.2)
    web.stop()
    raise RuntimeError(f"web server not ready:\n{web.output()}")
