"""Production settings pass Django's deploy check; var/ is readable by its owner only;
the embedded Redis answers only on 127.0.0.1 and only with its password, and keeps what
was queued on it across a crash."""

import os
import secrets
import signal
import stat
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.contrib.sessions.models import Session
from django.utils import timezone

from tests.stack import start_worker
from webapp.config.celery import app as celery_app
from webapp.embedded_redis import EmbeddedRedis

from .helpers import wait_for

ROOT = Path(__file__).resolve().parents[2]


# What the test run sets for itself, not for the processes these tests start (the
# browser tests allow async-unsafe database calls, which the deploy check rightly flags).
RUN_ONLY = (
    "DJANGO_SETTINGS_MODULE",
    "DATABASE_URL",
    "SECRET_KEY",
    "DEBUG",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
)


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in RUN_ONLY}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "webapp.config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def production(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment the README's production section sets."""
    return {
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "arena.example.org",
        "CSRF_TRUSTED_ORIGINS": "https://arena.example.org",
        "HTTPS": "on",
        "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto: https",
        "DICEARENA_VAR": str(tmp_path),
        **extra,
    }


def test_the_deploy_check_is_clean_with_production_settings(tmp_path):
    result = manage("check", "--deploy", "--fail-level", "WARNING", **production(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_the_deploy_check_fails_without_https(tmp_path):
    env = production(tmp_path, HTTPS="off")
    plain = manage("check", "--deploy", "--fail-level", "WARNING", **env)
    assert plain.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in plain.stderr


def test_the_proxy_header_setting_is_read_from_the_environment(tmp_path):
    result = manage(
        "shell",
        "-c",
        "from django.conf import settings as s; print(s.SECURE_PROXY_SSL_HEADER, s.SESSION_COOKIE_SECURE)",
        **production(tmp_path),
    )
    assert result.stdout.strip().splitlines()[-1] == "('HTTP_X_FORWARDED_PROTO', 'https') True"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_var_files_are_readable_by_their_owner_only(tmp_path):
    # What `make run` leaves under var/: the secret key and the SQLite database (with its
    # WAL files, written here by a first table), the embedded Redis's files.
    var = tmp_path / "var"
    env = {"DICEARENA_VAR": str(var), "SECRET_KEY": "", "DATABASE_URL": ""}
    write = "from django.db import connection; connection.cursor().execute('create table t (x)')"
    result = manage("shell", "-c", write, **env)
    assert result.returncode == 0, result.stderr
    server = EmbeddedRedis(var / "redis")
    redis.Redis.from_url(server.start()).set("x", "1")
    server.stop()
    files = [p for p in var.rglob("*") if p.is_file()]
    names = {p.name for p in files}
    assert {"secret_key", "dicearena.sqlite3", "password", "appendonly.aof"} <= names, names
    assert mode(var) == 0o700 and mode(var / "redis") == 0o700
    readable = {str(p.relative_to(var)): oct(mode(p)) for p in files if mode(p) & 0o077}
    assert readable == {}


def test_an_existing_world_readable_var_is_closed_on_start(tmp_path):
    var = tmp_path / "var"
    var.mkdir(mode=0o755)
    (var / "secret_key").write_text(secrets.token_urlsafe(50))
    (var / "secret_key").chmod(0o644)
    result = manage("check", DICEARENA_VAR=str(var), SECRET_KEY="", DATABASE_URL="")
    assert result.returncode == 0, result.stderr
    assert mode(var) == 0o700 and mode(var / "secret_key") == 0o600


# ----- the embedded Redis -------------------------------------------------------------


@pytest.fixture
def embedded(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis")
    yield server
    server.stop()


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/")[0])


def test_the_embedded_redis_wants_its_password_and_listens_on_loopback_only(embedded):
    url = embedded.start()
    password = (embedded.directory / "password").read_text().strip()
    assert len(password) >= 32 and url.startswith(f"redis://:{password}@127.0.0.1:")
    assert password not in embedded.public_url
    port = port_of(url)
    with pytest.raises(redis.AuthenticationError):
        redis.Redis(host="127.0.0.1", port=port).ping()
    with pytest.raises(redis.AuthenticationError):
        redis.Redis(host="127.0.0.1", port=port, password="guess").ping()
    client = redis.Redis.from_url(url)
    assert client.config_get("bind") == {"bind": "127.0.0.1"}
    assert client.config_get("protected-mode") == {"protected-mode": "yes"}
    # Nor is the password on its command line, where `ps` would show it.
    cmdline = Path(f"/proc/{embedded.process.pid}/cmdline").read_bytes()
    assert password.encode() not in cmdline
    # A restart keeps the password, and the port when asked: the same URL works again.
    embedded.stop()
    assert embedded.start(port=port) == url
    assert redis.Redis.from_url(url).ping()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_task_queued_before_a_crash_runs_after_the_restart(embedded, log_dir):
    expired = timezone.now() - timedelta(days=1)
    Session.objects.create(session_key="stale", session_data="", expire_date=expired)
    url = embedded.start()
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    # Sent through the project's app on a connection of its own: a second Celery app
    # would become the current one and take every later task of this process with it.
    with celery_app.connection_for_write(url) as broker:
        celery_app.send_task(
            "webapp.accounts.tasks.clear_expired_sessions", queue=queue, connection=broker
        )
    assert redis.Redis.from_url(url).llen(queue) == 1
    # Redis dies without a chance to save anything, and comes back on another port.
    os.killpg(embedded.process.pid, signal.SIGKILL)
    embedded.process.wait()
    embedded.process = None
    url = embedded.start()
    assert redis.Redis.from_url(url).llen(queue) == 1
    # A real worker on the restarted Redis runs the queued task.
    worker = start_worker(log_dir, name="aof-worker", env={"REDIS_URL": url})
    try:
        wait_for(lambda: not Session.objects.filter(session_key="stale").exists(), timeout=30)
    finally:
        worker.stop()
