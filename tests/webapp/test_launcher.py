"""`make run`'s launcher on embedded defaults: it serves, and Ctrl-C leaves nothing behind."""

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

from tests.stack import free_port
from webapp.launcher import site_url

ROOT = Path(__file__).resolve().parents[2]


def _answers(url: str, timeout: float = 180) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as page:
                return page.status == 200
        except OSError:
            time.sleep(0.3)
    return False


def _wait_line(lines: list[str], text: str, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(text in line for line in lines):
            return
        time.sleep(0.2)
    raise AssertionError(f"no {text!r} in:\n{''.join(lines)}")


def _part(launcher, word: str) -> psutil.Process:
    """The launcher's direct child whose command line has ``word``."""
    for child in psutil.Process(launcher.pid).children():
        if word in " ".join(child.cmdline()):
            return child
    raise AssertionError(f"no {word} process")


@pytest.mark.timeout(1500)
def test_it_serves_everything_and_stops_every_process_on_ctrl_c(tmp_path):
    asked = free_port()
    # The port asked for is taken: the launcher serves on the next free one, and the
    # links in turn e-mails follow it there.
    taken = socket.socket()
    taken.bind(("127.0.0.1", asked))
    taken.listen()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("REDIS_URL", "DATABASE_URL", "DJANGO_SETTINGS_MODULE", "DICEARENA_SITE_URL")
    }
    env.update(
        DICEARENA_VAR=str(tmp_path),
        PORT=str(asked),
        WORKER_CONCURRENCY="1",
        LIVE_WORKER_CONCURRENCY="1",
        ANALYSIS_WORKER_CONCURRENCY="1",
    )
    launcher = subprocess.Popen(
        [sys.executable, "-m", "webapp.launcher"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(launcher.stdout.readline, "")))
    reader.start()
    try:
        # A fresh database is migrated first: minutes on a loaded machine (over 150 s
        # with both cores busy), seconds on an idle one.
        _wait_line(lines, "is running at", timeout=420)
        served = re.search(r"is running at (http://127\.0\.0\.1:(\d+))/", "".join(lines))
        assert served, "".join(lines)
        site, port = served.group(1), int(served.group(2))
        assert port != asked
        # Every part that may write a link (the mails come from the live worker) has the
        # address really served.
        for part in ("uvicorn", "live@", "worker@"):
            assert _part(launcher, part).environ().get("DICEARENA_SITE_URL") == site, part
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
            assert b"Footsies" in page.read()
        # The embedded Redis and the SQLite database live under the var directory.
        assert (tmp_path / "dicearena.sqlite3").exists()
        # It holds the generated password: redis://:<password>@127.0.0.1:<port>/0
        assert "@127.0.0.1:" in (tmp_path / "redis.url").read_text()
        # A worker per queue; batch work (tournaments, analyses) yields the CPU to what a
        # person waits for (live AI moves, the sweeps).
        base = psutil.Process(launcher.pid).nice()
        niceness = {
            name: _part(launcher, f"{name}@").nice() - base
            for name in ("worker", "live", "analysis", "system")
        }
        assert niceness == {"worker": 10, "live": 0, "analysis": 10, "system": 0}
        # A crashed part comes back on its own, on the same port; the rest go on.
        _part(launcher, "uvicorn").kill()
        _wait_line(lines, "restarting web")
        assert _answers(f"http://127.0.0.1:{port}/matches/")
        _part(launcher, "worker@").kill()  # the tournament worker (the other is live@)
        _wait_line(lines, "restarting worker")
        assert launcher.poll() is None and _answers(f"http://127.0.0.1:{port}/")
        # So does the embedded Redis, on the URL every part holds.
        url = (tmp_path / "redis.url").read_text()
        _part(launcher, "redis-server").kill()
        _wait_line(lines, "embedded Redis back at")
        assert (tmp_path / "redis.url").read_text() == url
        assert launcher.poll() is None and _answers(f"http://127.0.0.1:{port}/matches/")
        family = psutil.Process(launcher.pid).children(recursive=True)
        assert len(family) >= 4  # redis, web, worker, beat (and the worker's pool)
    finally:
        taken.close()
        launcher.send_signal(signal.SIGINT)
        launcher.wait(60)
        reader.join(10)
    gone, alive = psutil.wait_procs(family, timeout=15)
    assert not alive, f"left behind: {alive}"
    assert not (tmp_path / "redis.url").exists()


@pytest.mark.parametrize(
    "host,allowed,url",
    [
        ("127.0.0.1", "", "http://127.0.0.1:8001"),
        ("0.0.0.0", "", "http://127.0.0.1:8001"),
        ("0.0.0.0", "*,arena.example.org", "http://arena.example.org:8001"),
        ("::", ".example.org,box.lan", "http://box.lan:8001"),
        ("::1", "", "http://[::1]:8001"),
    ],
)
def test_the_site_address_is_where_it_serves(host, allowed, url):
    assert site_url(host, 8001, allowed) == url


@pytest.fixture(autouse=True)
def _no_db():
    yield
