"""Tournaments on real Celery workers over the real broker: a worker that dies in the
middle, a cancellation that stops games already running, and live AI moves that a busy
tournament cannot hold up."""

import psutil
import pytest
from django.conf import settings
from django.core.management import call_command

from tests.stack import others_off, start_worker
from webapp.matches.models import Match, PendingChoice
from webapp.tournaments import services
from webapp.tournaments.models import Tournament, TournamentGame
from webapp.tournaments.tasks import sweep_stale_games

from .helpers import footsies_vs_ai, submit, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]

Status = TournamentGame.Status


def assert_complete(tournament: Tournament) -> None:
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    games = tournament.games.all()
    assert all(g.status == Status.DONE and g.match_id for g in games)
    stored = Match.objects.filter(created_by=f"tournament:{tournament.pk}")
    # No game lost, none stored twice.
    assert stored.count() == tournament.total_games == tournament.games_done
    assert len({g.match_id for g in games}) == tournament.total_games


def test_a_worker_runs_a_small_tournament_to_the_end(celery_worker):
    tournament = submit()
    wait_for(lambda: Tournament.objects.get(pk=tournament.pk).is_over, timeout=90)
    assert_complete(tournament)


def pool_pids(worker) -> set[int]:
    return {p.pid for p in psutil.Process(worker.proc.pid).children(recursive=True)}


def test_a_tournament_survives_its_worker_dying(log_dir, capsys):
    with others_off(settings.CELERY_TASK_DEFAULT_QUEUE):
        # 300 games of about 10 ms, so the worker dies with a batch in its hands.
        first = start_worker(log_dir, "doomed", queues=[settings.CELERY_TASK_DEFAULT_QUEUE])
        pids = pool_pids(first)

        def held_by_the_doomed() -> list[int]:
            running = tournament.games.filter(status=Status.RUNNING).values_list("pk", "worker")
            return [pk for pk, worker in running if int(worker.rsplit("#", 1)[1]) in pids]

        try:
            tournament = submit(
                entrants=["montecarlo:playouts=8", "random"], games_per_pairing=300, seed="w2"
            )
            wait_for(
                lambda: (
                    tournament.games.filter(status=Status.DONE).count() >= 20
                    and held_by_the_doomed()
                ),
                timeout=120,
            )
        finally:
            first.kill()  # SIGKILL: no clean shutdown, its batch stays "running"
        held = held_by_the_doomed()
        tournament.refresh_from_db()
        assert tournament.games_done < tournament.total_games, "it finished before the kill"
        second = start_worker(log_dir, "rescuer", queues=[settings.CELERY_TASK_DEFAULT_QUEUE])
        try:
            # The sweep finds the games of the dead worker (no beat) and hands them over.
            assert sweep_stale_games(stale_seconds=0) >= len(held)
            wait_for(lambda: Tournament.objects.get(pk=tournament.pk).is_over, timeout=180)
        finally:
            second.stop()
        assert_complete(tournament)
        assert Match.objects.filter(created_by=f"tournament:{tournament.pk}").count() == 300
        # Every stored game is a normal match whose dice follow from its revealed seed
        # (the command raises if any does not).
        ids = [str(g.match_id) for g in tournament.games.all()]
        call_command("verify_replays", *ids)
        assert "300 of 300 matches verified" in capsys.readouterr().out


def test_cancelling_stops_the_games_already_running(log_dir):
    with others_off(settings.CELERY_TASK_DEFAULT_QUEUE):
        worker = start_worker(log_dir, "cancelled", queues=[settings.CELERY_TASK_DEFAULT_QUEUE])
        try:
            # Games of seconds each: a cancellation must not wait for them, and a game
            # that ends after it is not stored.
            tournament = submit(
                game="buttonmen", entrants=["buttonmen-mc", "buttonmen-mc:"], games_per_pairing=4
            )
            wait_for(lambda: tournament.games.filter(status=Status.RUNNING).exists(), timeout=60)
            services.cancel(tournament.pk)
            # The worker notices at its next beat, stops and hands the game back unplayed.
            wait_for(
                lambda: not tournament.games.filter(status=Status.RUNNING).exists(), timeout=30
            )
            tournament.refresh_from_db()
            assert tournament.status == Tournament.Status.CANCELLED
            assert tournament.games_done == 0
            assert "stopped: the tournament is over" in worker.output()
        finally:
            worker.stop()


def test_live_ai_moves_are_answered_while_a_tournament_holds_its_workers(log_dir, settings):
    settings.DICEARENA_INSTANT_MOVES = 0  # the counter player's choice goes to a worker
    live_queue = settings.DICEARENA_LIVE_QUEUE
    # Only the live worker started here may answer.
    with others_off(live_queue):
        busy = start_worker(log_dir, "busy", queues=[settings.CELERY_TASK_DEFAULT_QUEUE])
        live = start_worker(log_dir, "live", queues=[live_queue])
        tournament = None
        try:
            tournament = submit(
                game="buttonmen", entrants=["buttonmen-mc", "buttonmen-mc:"], games_per_pairing=4
            )
            wait_for(lambda: tournament.games.filter(status=Status.RUNNING).exists(), timeout=60)
            match = footsies_vs_ai(opponent="footsies-counter", schedule=True)
            wait_for(lambda: PendingChoice.objects.filter(match=match, seat=1).exists(), timeout=30)
            assert "ai_move[" in live.output() and "ai_move[" not in busy.output()
        finally:
            if tournament is not None and not Tournament.objects.get(pk=tournament.pk).is_over:
                services.cancel(tournament.pk)
            busy.stop()
            live.stop()
