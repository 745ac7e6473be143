import shutil
import tempfile
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def log_dir():
    path = Path(tempfile.mkdtemp(prefix="dicearena-test-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, django_db_blocker, log_dir):
    """One real Celery worker on the real broker, on this run's own queue."""
    from tests.stack import start_worker

    worker = start_worker(log_dir)
    yield worker
    worker.stop()


@pytest.fixture(scope="session")
def web_server(django_db_setup, django_db_blocker, log_dir, celery_worker):
    """The ASGI server (HTTP + WebSocket) as `make run` starts it, on a free port."""
    from tests.stack import start_web

    web, url = start_web(log_dir)
    yield url
    web.stop()
