"""AI moves computed by a real Celery worker on the real broker."""

import pytest

from webapp.matches import services
from webapp.matches.models import Event, Match, PendingChoice
from webapp.matches.tasks import ai_move

from .helpers import ALICE, footsies_vs_ai, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


@pytest.fixture(autouse=True)
def every_ai_move_on_the_worker(settings):
    """These tests are about the worker: instant agents' replies are not played in the
    request here (webapp/matches/instant.py; tests/webapp/test_instant_replies.py)."""
    settings.DICEARENA_INSTANT_MOVES = 0


def test_the_worker_answers_a_persons_move(celery_worker):
    # Best of three, so no single exchange can end the match.
    match = footsies_vs_ai(opponent="footsies-counter", schedule=True, options={"rounds": 3})
    # The worker's hidden choice arrives without any move of ours.
    wait_for(lambda: PendingChoice.objects.filter(match=match, seat=1).exists())
    services.submit_move(match.pk, 0, 0, "B", identity=ALICE)
    event = Event.objects.get(match=match, ply=0)
    assert set(event.move) == {"0", "1"}
    decision = event.decisions["1"]
    assert decision["thinking"]["rule"]  # what the counter player weighed
    assert decision["stats"]["seconds"] >= 0
    # ... and it chooses again for the next turn.
    wait_for(lambda: PendingChoice.objects.filter(match=match, ply=1, seat=1).exists())


def test_an_ai_versus_ai_match_plays_to_the_end_on_the_worker(celery_worker):
    plan = services.MatchPlan(
        game="footsies",
        seats=[
            services.SeatPlan(agent_spec="footsies-counter"),
            services.SeatPlan(agent_spec="random"),
        ],
        pace=0.01,
    )
    match = services.create_match(plan)
    wait_for(lambda: Match.objects.get(pk=match.pk).is_over, timeout=60)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert Event.objects.filter(match=match).count() == match.ply > 0


def test_a_duplicate_delivery_does_nothing():
    match = footsies_vs_ai(opponent="random")
    assert ai_move(match.pk, 0, 1) == "played"
    assert ai_move(match.pk, 0, 1) == "already chosen"
    assert ai_move(match.pk, 5, 1) == "stale"
    assert ai_move(match.pk, 0, 0) == "not an agent"
    assert PendingChoice.objects.filter(match=match).count() == 1


def test_a_page_connecting_to_a_stuck_match_gets_the_ai_moving(celery_worker, monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    from webapp.matches import services as match_services

    # The AI's task is lost (a broker outage, say): nothing is queued at creation.
    monkeypatch.setattr(match_services, "schedule_ai", lambda match_id: None)
    match = footsies_vs_ai(opponent="random", schedule=True)
    monkeypatch.undo()
    assert not match_services.nudge_ai(match.pk)  # not overdue yet
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - timedelta(minutes=1))
    assert match_services.nudge_ai(match.pk)
    wait_for(lambda: PendingChoice.objects.filter(match=match, seat=1).exists())


def test_three_hundred_nudges_queue_one_ai_move():
    from datetime import timedelta

    from celery.signals import before_task_publish
    from django.utils import timezone

    published = []

    def count(sender=None, body=None, **kwargs):
        if sender == ai_move.name:
            published.append(tuple(body[0]))

    before_task_publish.connect(count)
    try:
        match = footsies_vs_ai(opponent="random")  # nothing queued yet
        Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - timedelta(minutes=1))
        # Every page that says hello nudges an overdue AI; only the first queues it.
        for _ in range(300):
            services.nudge_ai(match.pk)
        services.schedule_ai(match.pk)
    finally:
        before_task_publish.disconnect(count)
    assert published == [(match.pk, 0, 1)]
