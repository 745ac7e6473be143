"""The stored analysis of a match (docs/analysis.md): requested once, computed once, refused
clearly for matches that are not finished; the replay page's URLs; a real worker."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from webapp.matches import analyses, services
from webapp.matches.models import Analysis, Match
from webapp.matches.tasks import ai_move, analyse_match
from webapp.replays.frames import views_of

from .helpers import finished_match, footsies_vs_ai, lobby_rules, row_counts, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def queued(monkeypatch):
    """The match ids analyses are queued for, kept from the broker: the session's real
    worker must not race these tests for the rows they compute in this process."""
    seen: list[int] = []
    monkeypatch.setattr(analyses, "_queue", lambda match_id, asker: seen.append(match_id))
    return seen


def test_analyses_go_to_their_own_queue_never_the_live_or_the_tournaments_one():
    from django.conf import settings

    from webapp.config.celery import app

    queue = app.amqp.router.route({}, analyse_match.name)["queue"].name
    assert queue == settings.DICEARENA_ANALYSIS_QUEUE
    assert queue not in (settings.DICEARENA_LIVE_QUEUE, settings.CELERY_TASK_DEFAULT_QUEUE)


def test_two_requests_make_one_row_and_queue_one_task(queued):
    match = finished_match()
    first = analyses.request_analysis(match.pk)
    second = analyses.request_analysis(match.pk)
    assert first.pk == second.pk
    assert Analysis.objects.filter(match=match).count() == 1
    assert first.status == Analysis.Status.PENDING
    assert queued == [match.pk]


def test_the_database_refuses_a_second_analysis_of_a_match():
    match = finished_match()
    Analysis.objects.create(match=match)
    with pytest.raises(IntegrityError), transaction.atomic():
        Analysis.objects.create(match=match)


def test_the_task_stores_the_analysis_once_when_run_twice(queued):
    match = finished_match()
    analyses.request_analysis(match.pk)
    assert analyse_match(match.pk) == "done"
    row = Analysis.objects.get(match=match)
    assert row.status == Analysis.Status.DONE and row.reason == ""
    stored_at = row.finished_at
    result = row.result
    assert result["game"] == "footsies"
    assert len(result["plies"]) == match.ply
    for ply in result["plies"]:
        assert abs(sum(ply["win_prob"]) - 1) < 1e-6
    assert result["plies"][0]["win_prob"] == [0.5, 0.5]  # Footsies is exact
    # A duplicate delivery, or a second request, computes nothing.
    assert analyse_match(match.pk) == "nothing to do"
    analyses.request_analysis(match.pk)
    row.refresh_from_db()
    assert row.finished_at == stored_at and row.result == result
    assert Analysis.objects.filter(match=match).count() == 1
    assert queued == [match.pk]


def test_the_task_alone_makes_the_row_once():
    match = finished_match()
    assert analyse_match(match.pk) == "done"
    assert analyse_match(match.pk) == "nothing to do"
    assert Analysis.objects.filter(match=match, status="done").count() == 1


def test_two_workers_claiming_at_once_get_it_once():
    match = finished_match()
    analyses.do_request_once(match)
    assert analyses.claim(match.pk) is not None
    assert analyses.claim(match.pk) is None


def test_a_running_analysis_whose_worker_died_is_claimed_again():
    match = finished_match()
    analyses.do_request_once(match)
    first = analyses.claim(match.pk)
    Analysis.objects.filter(pk=first.pk).update(
        started_at=timezone.now() - timedelta(seconds=analyses.HARD_LIMIT_S + 1)
    )
    second = analyses.claim(match.pk)
    assert second is not None
    # The dead worker's late answer is not stored over the new claim.
    assert analyses.finish(first, {"late": True}) is False
    assert analyses.finish(second, {"plies": []}) is True


@pytest.mark.parametrize("bad", [987654321, "abc", None, -1])
def test_bad_ids_are_refused_and_change_nothing(bad, queued):
    before = row_counts()
    with pytest.raises(services.Rejected) as exc:
        analyses.request_analysis(bad)
    assert exc.value.code == "no-match"
    assert "no match" in exc.value.message
    assert analyse_match(bad) == "no-match"
    assert row_counts() == before
    assert queued == []


def test_an_unfinished_match_is_refused():
    match = footsies_vs_ai()
    before = row_counts()
    with pytest.raises(services.Rejected) as exc:
        analyses.request_analysis(match.pk)
    assert exc.value.code == "not-finished"
    assert "still being played" in exc.value.message
    assert analyse_match(match.pk) == "not-finished"
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ABORTED)
    with pytest.raises(services.Rejected, match="aborted"):
        analyses.request_analysis(match.pk)
    assert row_counts() == before


def test_a_failure_shows_a_short_reason_and_can_be_retried(monkeypatch, queued):
    match = finished_match()

    def broken(match):
        raise RuntimeError("/srv/secret/path.py line 3: boom")

    works = analyses.compute
    monkeypatch.setattr(analyses, "compute", broken)
    assert analyse_match(match.pk) == "failed"
    row = Analysis.objects.get(match=match)
    assert row.status == "failed"
    assert "/srv" not in row.reason and "Traceback" not in row.reason and row.reason
    monkeypatch.setattr(analyses, "compute", works)
    analyses.request_analysis(match.pk)  # try again
    assert Analysis.objects.get(match=match).status == "pending"
    assert analyse_match(match.pk) == "done"


def test_a_timeout_is_a_failure_in_words(monkeypatch):
    from celery.exceptions import SoftTimeLimitExceeded

    match = finished_match()

    def slow(match):
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(analyses, "compute", slow)
    assert analyse_match(match.pk) == "timed out"
    assert "longer than" in Analysis.objects.get(match=match).reason


@override_settings(DICEARENA_ANALYSIS_QUEUE_MAX=1)
def test_requests_wait_when_the_analysts_are_busy(queued):
    one, two = finished_match(seed="b1"), finished_match(seed="b2")
    analyses.request_analysis(one.pk)
    with pytest.raises(services.Rejected) as exc:
        analyses.request_analysis(two.pk)
    assert exc.value.code == "busy"
    assert not Analysis.objects.filter(match=two).exists()


@pytest.fixture
def in_process(monkeypatch):
    """AI moves only where the test plays them: nothing queued for the session's worker,
    which would otherwise race this process to the end of the match."""
    monkeypatch.setattr(services, "_queue_after_commit", lambda match, due: None)


def _play_ai_match_to_the_end() -> Match:
    """A live AI-vs-AI match played by calling the AI task in this process, so its end
    runs match_finished here (ratings, then the automatic analysis). A tournament's game
    on the lobby's rules, so it is rated (a visitor's demonstration is not)."""
    plan = services.MatchPlan(
        game="footsies",
        seats=[
            services.SeatPlan(agent_spec="random"),
            services.SeatPlan(agent_spec="footsies-counter"),
        ],
        options=lobby_rules("footsies"),
        created_by="tournament:0",
    )
    match = services.create_match(plan, schedule=False)
    while not match.is_over:
        for seat in (0, 1):
            ai_move(match.pk, match.ply, seat)
        match.refresh_from_db()
    return match


@override_settings(DICEARENA_AUTO_ANALYSES_PER_HOUR=1)
def test_rated_matches_are_analysed_automatically_within_the_hours_budget(queued, in_process):
    from webapp import counters

    counters.client().delete(counters.quota_key("auto-analyses", "hour"))
    first = _play_ai_match_to_the_end()
    assert first.rating.rated
    row = Analysis.objects.get(match=first)
    assert row.requested_by == analyses.FROM_RATING
    second = _play_ai_match_to_the_end()  # over the budget: not analysed
    assert not Analysis.objects.filter(match=second).exists()
    assert queued == [first.pk]


def test_no_automatic_analysis_by_default_in_tests(queued, in_process):
    match = _play_ai_match_to_the_end()
    assert not Analysis.objects.filter(match=match).exists()
    assert queued == []


# ----- the pages ---------------------------------------------------------------------------


def test_the_game_over_card_links_the_analysis():
    from webapp.matches.summary import summary

    match = finished_match()
    url = summary(match, None)["analysis"]
    assert url == reverse("replays:analysis", args=[match.pk])
    resp = Client().get(url)
    assert resp.status_code == 302
    assert resp["Location"] == reverse("replays:replay", args=[match.pk]) + "#analysis"
    assert Client().get(reverse("replays:analysis", args=[987654])).status_code == 404


def test_the_replay_page_asks_for_and_shows_the_analysis(queued):
    match = finished_match()
    client = Client(enforce_csrf_checks=False)
    page = client.get(reverse("replays:replay", args=[match.pk])).content.decode()
    assert 'id="analyse-form"' in page and "Analyse this match" in page
    status = client.get(reverse("replays:analysis-json", args=[match.pk])).json()
    assert status["status"] == "none" and status["result"] is None
    resp = client.post(reverse("replays:analysis", args=[match.pk]), HTTP_ACCEPT="application/json")
    assert resp.status_code == 202 and resp.json()["status"] == "pending"
    # A form without JavaScript gets the replay page back.
    resp = client.post(reverse("replays:analysis", args=[match.pk]))
    assert resp.status_code == 302
    analyse_match(match.pk)
    status = client.get(reverse("replays:analysis-json", args=[match.pk])).json()
    assert status["status"] == "done" and status["result"]["game"] == "footsies"
    page = client.get(reverse("replays:replay", args=[match.pk])).content.decode()
    assert 'data-status="done"' in page
    data = page.split('id="analysis-data" type="application/json">')[1].split("</script>")[0]
    assert json.loads(data)["game"] == "footsies"


def test_refused_requests_answer_in_words():
    client = Client()
    unfinished = footsies_vs_ai()
    url = reverse("replays:analysis", args=[unfinished.pk])
    resp = client.post(url, HTTP_ACCEPT="application/json")
    assert resp.status_code == 409 and "only finished matches" in resp.json()["message"]
    resp = client.post(reverse("replays:analysis", args=[987654]), HTTP_ACCEPT="application/json")
    assert resp.status_code == 404 and resp.json()["error"] == "no-match"
    assert client.get(reverse("replays:analysis-json", args=[987654])).status_code == 404
    assert not Analysis.objects.exists()


def test_a_real_worker_analyses_a_requested_match(celery_worker):
    match = finished_match(game="dungeon", specs=("random", "random"), seed="w1")
    analyses.request_analysis(match.pk)
    row = wait_for(
        lambda: Analysis.objects.filter(match=match, status__in=["done", "failed"]).first(),
        timeout=120,
    )
    assert row.status == "done", row.reason
    assert len(row.result["plies"]) == match.ply
    assert len(row.result["luck"]) == 2


def test_the_replay_as_one_seat_saw_it():
    match = finished_match()
    client = Client()

    def frames_of(query: str) -> list:
        page = client.get(f"/matches/{match.pk}/replay/{query}").content.decode()
        data = page.split('id="frames" type="application/json">')[1].split("</script>")[0]
        frames = json.loads(data)  # patches after the first: rebuilt as the page does
        return [{**f, "view": v} for f, v in zip(frames, views_of(frames), strict=True)]

    everything = frames_of("")
    assert everything[0]["view"]["seat"] is None
    red = frames_of("?view=0")
    assert all(f["view"]["seat"] == 0 for f in red)
    # Each blind exchange carries both choices in words, for the page to show or hide.
    assert everything[1]["event"]["choices"].keys() == {"0", "1"}
    assert "{" not in "".join(everything[1]["event"]["choices"].values())
    # A seat that is not there, or garbage, is the spectator's view.
    for bad in ("?view=2", "?view=-1", "?view=x"):
        assert frames_of(bad)[0]["view"]["seat"] is None, bad


def test_a_stuck_analysis_says_so_and_can_be_asked_for_again(queued):
    match = finished_match()
    analyses.request_analysis(match.pk)
    assert analyses.status_of(Analysis.objects.get(match=match))["stuck"] is False
    Analysis.objects.filter(match=match).update(
        requested_at=timezone.now() - timedelta(seconds=analyses.HARD_LIMIT_S + 1)
    )
    status = analyses.status_of(Analysis.objects.get(match=match))
    assert status["stuck"] and "stuck" in status["text"]
    page = Client().get(reverse("replays:replay", args=[match.pk])).content.decode()
    assert "Try the analysis again" in page
    analyses.request_analysis(match.pk)
    assert queued == [match.pk, match.pk]
    assert analyses.status_of(Analysis.objects.get(match=match))["stuck"] is False
    assert analyse_match(match.pk) == "done"


def test_a_match_lost_on_time_ends_its_timeline_at_the_result():
    match = finished_match("dicewars", ("random", "dicewars-naive"), seed="r1")
    # As if seat 1 had lost on time halfway: the record stops, the result stands.
    half = match.ply // 2
    match.events.filter(ply__gte=half).delete()
    Match.objects.filter(pk=match.pk).update(
        ply=half, result={"winners": [0], "reason": "seat 1 lost on time"}
    )
    assert analyse_match(match.pk) == "done"
    result = Analysis.objects.get(match=match).result
    assert len(result["plies"]) == half
    assert result["final"]["win_prob"] == [1.0, 0.0]
