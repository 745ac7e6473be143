"""Analyse from here: one agent's opinion of one position of a finished match,
computed by a task that takes ids, kept in Redis for the page to fetch."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings

from webapp.admission import Asker
from webapp.matches.services import Rejected
from webapp.replays import positions
from webapp.replays.tasks import analyse_position

from .helpers import finished_match, footsies_vs_ai, row_counts, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

ASKER = Asker("guest:positions", "10.0.0.1")


def test_an_agents_opinion_in_words():
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="q1")
    _m, req = positions.check_request(match.pk, 0, "footsies-nash", "0.5")
    answer = positions.opinion(req)
    assert answer["status"] == "done"
    assert set(answer["readable"]) == {"0", "1"}  # both choose blind at a Footsies turn
    r = answer["readable"]["0"]
    assert r["verb"] == "Its choice" and r["played"]
    assert "solved game" in r["headline"]
    assert "{" not in r["headline"] + r["played"]


def test_the_task_keeps_its_answer_and_runs_once(monkeypatch):
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="q2")
    token = "test-token-q2"
    assert analyse_position(match.pk, 1, "footsies-nash", 0.5, token) == "done"
    first = positions.result(token)
    assert first["status"] == "done" and first["readable"]
    assert analyse_position(match.pk, 1, "footsies-nash", 0.5, token) == "already done"
    assert positions.result(token) == first


def test_nothing_to_decide_at_the_end():
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="q3")
    _m, req = positions.check_request(match.pk, match.ply, "footsies-nash", 1)
    answer = positions.opinion(req)
    assert answer["readable"] == {} and "over" in answer["text"]


@pytest.mark.parametrize(
    "args, code",
    [
        ((987654, 0, "footsies-nash", 1), "no-match"),
        (("x", 0, "footsies-nash", 1), "no-match"),
        ((None, 99, "footsies-nash", 1), "bad-ply"),
        ((None, -1, "footsies-nash", 1), "bad-ply"),
        ((None, "two", "footsies-nash", 1), "bad-ply"),
        ((None, 0, "dicewars-ste4", 1), "bad-agent"),
        ((None, 0, "no-such-agent", 1), "bad-agent"),
        ((None, 0, "footsies-nash", 0), "bad-budget"),
        ((None, 0, "footsies-nash", 60), "bad-budget"),
        ((None, 0, "footsies-nash", "lots"), "bad-budget"),
    ],
)
def test_bad_requests_are_refused_and_change_nothing(args, code):
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="q4")
    args = (match.pk if args[0] is None else args[0], *args[1:])
    before = row_counts()
    with pytest.raises(Rejected) as exc:
        positions.request(*args, ASKER)
    assert exc.value.code == code
    assert exc.value.message
    assert row_counts() == before


def test_a_match_being_played_is_not_analysed():
    match = footsies_vs_ai()
    with pytest.raises(Rejected) as exc:
        positions.request(match.pk, 0, "footsies-nash", 1, ASKER)
    assert exc.value.code == "not-finished"
    resp = Client().post(
        f"/matches/{match.pk}/position/0/analyse/", {"agent": "footsies-nash", "budget": "1"}
    )
    assert resp.status_code == 409


@override_settings(DICEARENA_ANALYSIS_S_PER_MINUTE=0)
def test_the_sites_quota_refuses_more():
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="q5")
    with pytest.raises(Rejected) as exc:
        positions.request(match.pk, 0, "footsies-nash", 1, ASKER)
    assert exc.value.code == "busy"


def test_the_pages(celery_worker):
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="q6")
    client = Client()
    page = client.get(f"/matches/{match.pk}/position/0/").content.decode()
    assert 'id="position-form"' in page and "footsies-nash" in page
    assert client.get(f"/matches/{match.pk}/position/{match.ply + 1}/").status_code == 404
    replay = client.get(f"/matches/{match.pk}/replay/?ply=0").content.decode()
    assert f"/matches/{match.pk}/position/0/" in replay
    resp = client.post(
        f"/matches/{match.pk}/position/0/analyse/", {"agent": "footsies-nash", "budget": "0.5"}
    )
    assert resp.status_code == 202
    url = resp.json()["url"]
    answer = wait_for(lambda: (a := client.get(url).json())["status"] == "done" and a, timeout=60)
    assert answer["readable"]["0"]["played"]
    assert client.get(f"/matches/{match.pk}/position/0/result/nope.json").status_code == 404
    bad = client.post(f"/matches/{match.pk}/position/0/analyse/", {"agent": "x", "budget": "1"})
    assert bad.status_code == 400 and bad.json()["error"] == "bad-agent"
