"""`make run`'s launcher on embedded defaults: it serves, and Ctrl-C leaves nothing behind."""

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

from tests.stack import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_it_serves_everything_and_stops_every_process_on_ctrl_c(tmp_path):
    port = free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("REDIS_URL", "DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update(DICEARENA_VAR=str(tmp_path), PORT=str(port), WORKER_CONCURRENCY="1")
    launcher = subprocess.Popen(
        [sys.executable, "-m", "webapp.launcher"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = launcher.stdout.readline()
            lines.append(line)
            if "is running at" in line or launcher.poll() is not None:
                break
        assert f"http://127.0.0.1:{port}/" in "".join(lines), "".join(lines)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
            assert b"Footsies" in page.read()
        # The embedded Redis and the SQLite database live under the var directory.
        assert (tmp_path / "dicearena.sqlite3").exists()
        # It holds the generated password: redis://:<password>@127.0.0.1:<port>/0
        assert "@127.0.0.1:" in (tmp_path / "redis.url").read_text()
        family = psutil.Process(launcher.pid).children(recursive=True)
        assert len(family) >= 4  # redis, web, worker, beat (and the worker's pool)
    finally:
        launcher.send_signal(signal.SIGINT)
        launcher.wait(60)
    gone, alive = psutil.wait_procs(family, timeout=15)
    assert not alive, f"left behind: {alive}"
    assert not (tmp_path / "redis.url").exists()


@pytest.fixture(autouse=True)
def _no_db():
    yield
