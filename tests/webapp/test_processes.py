"""The processes tests start end with their test: stopping one waits until its whole
group is gone, and what a test leaves running (a process, a PostgreSQL session) is
found, named and stopped before the database is flushed for the next test."""

import subprocess
import sys

import pytest
from django.db import connection

from tests.stack import Process, Running, database_url, group_alive, other_database_sessions

from .helpers import wait_for

#: A parent whose child, in its group, takes a moment to finish after SIGTERM (as a
#: Celery pool's children do, holding their database connections meanwhile).
SLOW_CHILD = """
import os, signal, sys, time
if os.fork() == 0:
    signal.signal(signal.SIGTERM, lambda *_: (time.sleep(1.5), os._exit(0)))
print("forked", flush=True)
time.sleep(600)
"""


def test_stopping_a_process_waits_for_its_whole_group(log_dir):
    process = Process("slow-child", [sys.executable, "-c", SLOW_CHILD], log_dir / "slow.log")
    wait_for(lambda: "forked" in process.output(), timeout=60)
    process.stop()
    assert not group_alive(process.pid)


def test_what_a_test_leaves_running_is_named_and_stopped(log_dir):
    running = Running()
    server = Process("forgotten", [sys.executable, "-c", SLOW_CHILD], log_dir / "forgotten.log")
    client = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    left = running.stop_new()
    assert any("forgotten" in line for line in left), left
    assert any(f"pid {client.pid}" in line for line in left), left
    assert not group_alive(server.pid)
    assert client.wait(30) is not None


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL sessions")
def test_a_database_session_left_open_is_named(log_dir):
    holder = Process(
        "holder",
        [sys.executable, "-c", "import psycopg, sys, time; c = psycopg.connect(sys.argv[1]);"
         " print('connected', flush=True); time.sleep(600)", database_url()],
        log_dir / "holder.log",
    )  # fmt: skip
    wait_for(lambda: "connected" in holder.output(), timeout=60)
    assert any("was still open" in line for line in other_database_sessions(timeout=0))
    holder.stop()
    assert other_database_sessions() == []
