"""Each kind of work on a queue of its own (docs/reliability.md): analyses are answered while a
tournament holds its workers, and the beat's sweeps run while tournaments and analyses
both have work waiting. Real workers on the real broker, each on one queue."""

from contextlib import ExitStack

import pytest
from django.conf import settings

from tests.stack import others_off, start_worker
from webapp.admission import Asker
from webapp.config.celery import app
from webapp.matches.tasks import sweep_idle_matches
from webapp.replays import positions
from webapp.tournaments import services
from webapp.tournaments.models import Tournament, TournamentGame

from .helpers import finished_match, submit, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


def _queue_of(task: str) -> str:
    return app.amqp.router.route({}, task)["queue"].name


def _succeeded(task: str, worker) -> bool:
    """The worker's log says it ran ``task`` to the end (Celery's INFO line)."""
    return any(f"{task}[" in line and "succeeded" in line for line in worker.output().splitlines())


def test_every_beat_job_and_nothing_else_goes_to_the_system_queue():
    app.loader.import_default_modules()  # every app's tasks, as a worker has them
    system = settings.DICEARENA_SYSTEM_QUEUE
    beat_jobs = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {_queue_of(task) for task in beat_jobs} == {system}
    others = {name for name in app.tasks if not name.startswith("celery.")} - beat_jobs
    assert others and all(_queue_of(task) != system for task in others)


def test_analyses_and_sweeps_are_served_while_a_tournament_holds_its_workers(log_dir):
    queues = [
        settings.CELERY_TASK_DEFAULT_QUEUE,
        settings.DICEARENA_ANALYSIS_QUEUE,
        settings.DICEARENA_SYSTEM_QUEUE,
    ]
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="wq1")
    tournament = None
    with ExitStack() as stack:
        for queue in queues:  # only the workers started here may answer
            stack.enter_context(others_off(queue))
        busy, analysis, system = (
            start_worker(log_dir, name, queues=[queue])
            for name, queue in zip(("busy", "analysis", "system"), queues, strict=True)
        )
        try:
            tournament = submit(
                game="buttonmen", entrants=["buttonmen-mc", "buttonmen-mc:"], games_per_pairing=4
            )
            wait_for(
                lambda: tournament.games.filter(status=TournamentGame.Status.RUNNING).exists(),
                timeout=60,
            )
            asker = Asker("guest:queues", "10.70.0.1")
            # The analysis worker is kept busy too: 3 opinions of 1 s for both seats.
            tokens = [positions.request(match.pk, 0, "footsies-nash", 1, asker) for _ in range(3)]
            sweep_idle_matches.delay()
            wait_for(lambda: _succeeded("sweep_idle_matches", system), timeout=60)
            for token in tokens:
                wait_for(lambda t=token: positions.result(t)["status"] == "done", timeout=90)
            assert "analyse_position[" in analysis.output()
            assert "analyse_position[" not in busy.output() + system.output()
            assert "sweep_idle_matches[" not in busy.output() + analysis.output()
        finally:
            if tournament is not None and not Tournament.objects.get(pk=tournament.pk).is_over:
                services.cancel(tournament.pk)
            for worker in (busy, analysis, system):
                worker.stop()


def test_one_clients_queued_analyses_leave_a_worker_for_another_visitor(log_dir):
    """Three slow opinions (2 s for each of two seats) from one address and two analysis
    processes: another visitor's quick one is answered before the client's queued ones."""
    queue = settings.DICEARENA_ANALYSIS_QUEUE
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="wq2")
    with others_off(queue):
        worker = start_worker(log_dir, "fair-analysis", concurrency=2, queues=[queue])
        try:
            heavy, other = Asker("", "10.72.0.1"), Asker("guest:other", "10.72.0.2")
            slow = "footsies-mcts:simulations=1000000,depth=100"
            theirs = [positions.request(match.pk, 0, slow, 2, heavy) for _ in range(3)]
            wait_for(lambda: positions.result(theirs[0])["status"] == "running", timeout=60)
            mine = positions.request(match.pk, 0, "footsies-nash", 0.5, other)
            wait_for(lambda: positions.result(mine)["status"] == "done", timeout=60)
            # Without the per-address turn, their first two would hold both processes and
            # the third would go before mine: two or three done by now. With it, at most
            # one (on a slow machine the one already running may finish first).
            statuses = [positions.result(t)["status"] for t in theirs]
            assert statuses.count("done") <= 1, statuses
            for token in theirs:  # theirs are answered too, in turn
                wait_for(lambda t=token: positions.result(t)["status"] == "done", timeout=90)
            assert "waiting for a slot" in worker.output()
        finally:
            worker.stop()
