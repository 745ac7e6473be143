"""Admission of analysis work by worker-seconds (docs/reliability.md): per person and per address,
not per cookie, so one client cannot take the analysts from everyone else. Real Redis
counts; requests go through the whole Django stack."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from webapp import counters
from webapp.matches import analyses
from webapp.matches.models import Analysis

from .helpers import finished_match

pytestmark = pytest.mark.django_db(transaction=True)

#: An opinion of a Footsies turn at 5 s: both seats decide, so 10 worker-seconds.
HEAVY = {"agent": "footsies-mcts:simulations=1000000,depth=100", "budget": "5"}


def shares(person: int, address: int, site: int):
    """Worker-seconds of analysis a minute for a person, an address and the site."""
    return override_settings(
        DICEARENA_ANALYSIS_S_PER_PERSON=person,
        DICEARENA_ANALYSIS_S_PER_ADDRESS=address,
        DICEARENA_ANALYSIS_S_PER_MINUTE=site,
    )


@pytest.fixture(autouse=True)
def fresh_quotas(frozen_minute):
    """This run's analysis quotas start empty for each test, and all its requests count
    in one minute's window."""
    client = counters.client()
    pattern = f"{counters.quota_key('analysis-s', 'minute').rsplit(':', 1)[0]}:*"
    client.delete(*client.keys(pattern) or ["-"])
    yield
    client.delete(*client.keys(pattern) or ["-"])


@pytest.fixture
def queued(monkeypatch):
    """Opinions and analyses asked for, kept from the broker (the limits are the point)."""
    from webapp.replays.tasks import analyse_position

    seen: list = []
    monkeypatch.setattr(analyse_position, "delay", lambda *args: seen.append(args))
    monkeypatch.setattr(analyses, "_queue", lambda match_id, asker: seen.append(match_id))
    return seen


def ask_opinion(match, address: str, client: Client | None = None):
    """ "Analyse from here" as a cookieless script sends it: a new client each time."""
    client = client or Client(REMOTE_ADDR=address)
    return client.post(f"/matches/{match.pk}/position/0/analyse/", HEAVY)


@shares(person=20, address=30, site=1000)
def test_a_cookieless_client_at_its_limit_is_refused_while_another_visitor_is_admitted(queued):
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="adm1")
    answers = [ask_opinion(match, "10.20.0.1") for _ in range(5)]
    assert [a.status_code for a in answers] == [202, 202, 202, 429, 429]
    refused = answers[-1]
    assert refused.json()["error"] == "throttled"
    assert 1 <= int(refused["Retry-After"]) <= 60
    message = refused.json()["message"]
    assert "your address" in message and f"try again in {refused['Retry-After']} s" in message
    assert len(queued) == 3  # a refused request queues nothing
    # Another visitor, from another address, is admitted as usual.
    assert ask_opinion(match, "10.20.0.2").status_code == 202
    # IPv6: one subscriber's /64 is one address for the limits.
    assert [ask_opinion(match, f"2001:db8:1:2::{i}").status_code for i in range(4)] == [
        202,
        202,
        202,
        429,
    ]
    assert ask_opinion(match, "2001:db8:1:3::1").status_code == 202


@shares(person=20, address=1000, site=1000)
def test_a_person_is_limited_whatever_address_they_ask_from(queued):
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="adm2")
    get_user_model().objects.create_user("ada", password="a long password 1")
    ada = Client()
    ada.login(username="ada", password="a long password 1")
    codes = []
    for i in range(3):
        ada.defaults["REMOTE_ADDR"] = f"10.30.0.{i}"
        codes.append(ask_opinion(match, "", ada).status_code)
    assert codes == [202, 202, 429]
    assert "than is left of what you may ask" in ask_opinion(match, "", ada).json()["message"]
    assert ask_opinion(match, "10.30.0.9").status_code == 202  # someone else


@shares(person=1000, address=10, site=1000)
def test_match_analyses_are_charged_to_the_address_only_when_they_queue_work(queued):
    one, two = finished_match(seed="adm3"), finished_match(seed="adm4")

    def ask(match, address):
        return Client(REMOTE_ADDR=address).post(
            f"/matches/{match.pk}/analysis/", HTTP_ACCEPT="application/json"
        )

    assert ask(one, "10.40.0.1").status_code == 202  # 8 worker-seconds of 10
    assert ask(one, "10.40.0.1").status_code == 202  # already on its way: free
    refused = ask(two, "10.40.0.1")
    assert refused.status_code == 429 and refused["Retry-After"]
    assert not Analysis.objects.filter(match=two).exists()
    assert ask(two, "10.40.0.2").status_code == 202
    assert queued == [one.pk, two.pk]


@shares(person=1000, address=1000, site=25)
def test_the_sites_backstop_answers_busy_with_when_to_come_back(queued):
    match = finished_match("footsies", ("footsies-counter", "footsies-nash"), seed="adm5")
    codes = [ask_opinion(match, f"10.50.0.{i}").status_code for i in range(3)]
    assert codes == [202, 202, 503]
    busy = ask_opinion(match, "10.50.0.9")
    assert busy.json()["error"] == "busy" and int(busy["Retry-After"]) >= 1


@shares(person=1000, address=10, site=1000)
def test_the_editors_opinions_are_charged_too(queued, monkeypatch):
    from webapp.replays import editor
    from webapp.replays.tasks import analyse_given_position

    monkeypatch.setattr(analyse_given_position, "delay", lambda *args: queued.append(args))
    code = editor.code(editor.starting_view("octagon"))

    def ask(address):
        return Client(REMOTE_ADDR=address).post(
            "/analyse/octagon/run/", {"p": code, "agent": "octagon-greedy", "budget": "5"}
        )

    assert [ask("10.60.0.1").status_code for _ in range(3)] == [202, 202, 429]
    assert ask("10.60.0.2").status_code == 202
