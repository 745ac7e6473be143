import shutil
import tempfile
import warnings
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def log_dir():
    path = Path(tempfile.mkdtemp(prefix="dicearena-test-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


# The worker and the web server live as long as the test that asks for them. They depend
# on ``transactional_db``, so they are set up after it and stopped, and waited for, before
# its flush: a server still reading while PostgreSQL truncates the tables deadlocks it.
# Whatever a test left queued is dropped when it ends (``no_process_outlives_its_test``),
# so it never runs in a later test, against that test's rows.
# They are forked from a parent that has the site imported, so each starts in moments.


@pytest.fixture(scope="session")
def fork_server(django_db_setup, django_db_blocker, log_dir):
    """Started once the test database exists: its children inherit its address."""
    from tests.stack import ForkServer

    server = ForkServer(log_dir)
    yield server
    server.stop()


@pytest.fixture
def celery_worker(request, transactional_db, fork_server, log_dir):
    """One real Celery worker on the real broker, on this run's own queues."""
    worker = fork_server.worker()
    # With a web server as well, both start at once and ``web_server`` waits for both.
    if "web_server" not in request.fixturenames:
        worker = _ready_or_started_afresh(worker, log_dir)
    request.node.stash[WORKER] = worker
    yield worker
    request.node.stash[WORKER].stop()


WORKER = pytest.StashKey()


def _ready_or_started_afresh(worker, log_dir):
    """The forked worker once ready; if it died first (seen once on a very loaded
    machine, with an empty log), a worker started the ordinary way instead."""
    from tests.stack import start_worker, wait_ready

    try:
        wait_ready(worker)
        return worker
    except RuntimeError as dead:
        worker.stop()
        warnings.warn(f"forked worker not ready, starting another: {dead}", stacklevel=1)
        return start_worker(log_dir)


@pytest.fixture
def web_settings() -> dict:
    """Settings the test's web server runs with, by name (those it reads at call time,
    named as their environment variables): a module overrides this fixture."""
    return {}


@pytest.fixture
def web_server(request, transactional_db, fork_server, celery_worker, log_dir, web_settings):
    """The ASGI server (HTTP + WebSocket) as `make run` starts it, on a free port."""
    from tests.stack import start_web, wait_ready

    web, url = fork_server.web(values=web_settings)
    request.node.stash[WORKER] = _ready_or_started_afresh(celery_worker, log_dir)
    try:
        wait_ready(web, url)
    except RuntimeError as dead:
        web.stop()
        warnings.warn(f"forked web server not ready, starting another: {dead}", stacklevel=1)
        web, url = start_web(log_dir, {k: str(v) for k, v in web_settings.items()})
    yield url
    web.stop()


#: Fixtures through which a test uses the database.
DB_FIXTURES = {
    "db",
    "transactional_db",
    "live_server",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
}


@pytest.fixture(autouse=True)
def no_process_outlives_its_test(request):
    """Fails the test whose processes (a server, a worker, a client) still run when it
    ends, after stopping them: they would touch the database while it is flushed, and
    the next test's. On PostgreSQL, also waits for the test database to have no other
    connection left before the flush, and fails if one stays. The tasks a database test
    left queued are dropped: they are about rows the flush removes."""
    uses_db = request.node.get_closest_marker("django_db") or DB_FIXTURES & set(
        request.fixturenames
    )
    if uses_db:
        # Set up first, so its flush comes after this check.
        request.getfixturevalue("_django_db_helper")
    from tests.stack import Running, other_database_sessions, purge_queues

    running = Running()
    yield
    problems = running.stop_new()
    if uses_db:
        problems += other_database_sessions()
        purge_queues()
    assert not problems, "outlived the test: " + "; ".join(problems)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, dropped at the end without a warning: the sessions this
    process's other threads left open (``database_sync_to_async`` keeps a connection
    per thread) are ended first. A server's would have failed its test already."""
    yield
    from django.db import connection

    from tests.stack import database_sessions, our_ports

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        ours = our_ports()
        for pid, port, _, _ in database_sessions(cursor):
            if port in ours:
                cursor.execute("SELECT pg_terminate_backend(%s, 10000)", [pid])
