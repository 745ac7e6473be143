"""Bot tournaments played in the test's own process, batch by batch, as the workers
play them (test_tournament_workers covers the real workers)."""

import pytest

from webapp.tournaments import playing, services, tasks
from webapp.tournaments.models import Tournament


@pytest.fixture(autouse=True)
def in_process(monkeypatch):
    """Nothing is handed to a worker: the test plays the games itself."""
    monkeypatch.setattr(services, "_start", lambda tournament_id: None)
    monkeypatch.setattr(tasks, "fan_out", lambda tournament_id, pending: 0)


def play_to_the_end(tournament, capture) -> list[int]:
    """Play every game as workers would; returns the round under way after each pass."""
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    seen = []
    for _ in range(20):
        with capture(execute=True):
            playing.play_for(tournament.pk, 60)
        tournament.refresh_from_db()
        seen.append(tournament.round)
        if tournament.is_over:
            break
    return seen
