"""No one can stall the AIs from the lobby: a person runs a few AI-vs-AI matches at
once, aborts their own, a match whose AI task was lost resumes without anyone
watching, and a failing agent's traceback stays in the server log."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from agents.core import Decision
from webapp.matches import services
from webapp.matches.models import Event, Match
from webapp.matches.tasks import resume_stuck_matches

from .helpers import ALICE, BOB, footsies_vs_ai, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def ai_match(created_by: str = ALICE.key, schedule: bool = False) -> Match:
    plan = services.MatchPlan(
        game="footsies",
        seats=[services.SeatPlan(agent_spec="random"), services.SeatPlan(agent_spec="random")],
        options={"rounds": 3},
        created_by=created_by,
    )
    return services.create_match(plan, schedule=schedule)


def test_it_refuses_one_ai_match_too_many_for_one_person():
    for _ in range(settings.DICEARENA_MAX_LIVE_AI_MATCHES):
        ai_match()
    with pytest.raises(services.Rejected) as refused:
        ai_match()
    assert refused.value.code == "too_many_live" and "at most" in refused.value.message
    ai_match(created_by=BOB.key)  # someone else is not limited by Alice's matches
    footsies_vs_ai()  # nor is playing against an AI


def test_the_person_who_started_an_ai_match_can_abort_it_and_start_another():
    matches = [ai_match() for _ in range(settings.DICEARENA_MAX_LIVE_AI_MATCHES)]
    with pytest.raises(services.Rejected) as refused:
        services.abort_match(matches[0].pk, BOB)
    assert refused.value.code == "not_yours"
    services.abort_match(matches[0].pk, ALICE)
    assert Match.objects.get(pk=matches[0].pk).status == Match.Status.ABORTED
    with pytest.raises(services.Rejected) as again:
        services.abort_match(matches[0].pk, ALICE)
    assert again.value.code == "over"
    ai_match()


def test_a_player_can_abort_only_before_the_first_move():
    match = footsies_vs_ai(options={"rounds": 3})
    with pytest.raises(services.Rejected):
        services.abort_match(match.pk, BOB)  # not a player here
    services.submit_move(match.pk, 0, 0, "A", identity=ALICE)
    with pytest.raises(services.Rejected) as refused:
        services.abort_match(match.pk, ALICE)
    assert refused.value.code == "started"
    fresh = footsies_vs_ai(options={"rounds": 3})
    services.abort_match(fresh.pk, ALICE)
    assert Match.objects.get(pk=fresh.pk).status == Match.Status.ABORTED


def test_the_abort_page_answers_and_changes_the_match(client):
    match = ai_match(created_by="")
    response = client.post(f"/matches/{match.pk}/abort/", follow=True)
    assert response.status_code == 200
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE  # not the creator
    assert client.post("/matches/987654/abort/").status_code == 404


@pytest.mark.worker
def test_a_match_whose_ai_task_was_lost_resumes_without_a_viewer(celery_worker):
    match = ai_match(schedule=False)  # no task was ever queued: as if lost
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - timedelta(minutes=5))
    assert resume_stuck_matches() >= 1
    wait_for(lambda: Event.objects.filter(match=match).exclude(actor=-1).exists(), timeout=60)


def test_a_failing_agents_traceback_goes_to_the_log_not_to_viewers(caplog):
    decision = Decision(move="A", thinking=None)
    decision.stats.update(
        {"fallback": "error", "error": "ValueError: boom", "trace": "File /srv/secret.py"}
    )
    record = services.decision_record(decision, "match 1 ply 0 seat 1")
    assert record["stats"] == {"fallback": "error", "error": "ValueError: boom"}
    assert "/srv/secret.py" in caplog.text
