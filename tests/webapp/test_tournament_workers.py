"""Tournaments on real Celery workers over the real broker, including a worker that
dies in the middle."""

import pytest

from tests.stack import start_worker
from webapp.matches.models import Match
from webapp.tournaments import services
from webapp.tournaments.models import Tournament, TournamentGame
from webapp.tournaments.tasks import sweep_stale_games

from .helpers import wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


def submit(**kw) -> Tournament:
    plan = dict(
        game="footsies", entrants=["random", "footsies-counter"], games_per_pairing=6, seed="w1"
    )
    plan.update(kw)
    return services.create_tournament(services.TournamentPlan(**plan))


def assert_complete(tournament: Tournament) -> None:
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    games = tournament.games.all()
    assert all(g.status == TournamentGame.Status.DONE and g.match_id for g in games)
    stored = Match.objects.filter(created_by=f"tournament:{tournament.pk}")
    # No game lost, none stored twice.
    assert stored.count() == tournament.total_games == tournament.games_done
    assert len({g.match_id for g in games}) == tournament.total_games


def test_a_worker_runs_a_small_tournament_to_the_end(celery_worker):
    tournament = submit()
    wait_for(lambda: Tournament.objects.get(pk=tournament.pk).is_over, timeout=90)
    assert_complete(tournament)


def test_a_tournament_survives_its_worker_dying(log_dir):
    # Slow games in small chunks, so the worker dies with work in its hands.
    env = {"DICEARENA_TOURNAMENT_CHUNK": "2"}
    first = start_worker(log_dir, "doomed", env=env)
    try:
        tournament = submit(
            entrants=["montecarlo:playouts=60", "random"], games_per_pairing=12, seed="w2"
        )
        wait_for(lambda: Tournament.objects.get(pk=tournament.pk).games_done >= 2, timeout=120)
    finally:
        first.kill()
    tournament.refresh_from_db()
    assert tournament.games_done < tournament.total_games, "it finished before the kill"
    second = start_worker(log_dir, "rescuer", env=env)
    try:
        # The sweep finds the games of the dead worker and queues them again.
        assert sweep_stale_games(stale_seconds=0) > 0
        wait_for(lambda: Tournament.objects.get(pk=tournament.pk).is_over, timeout=180)
    finally:
        second.stop()
    assert_complete(tournament)
