"""Nobody can starve the live AIs (docs/reliability.md): live matches with AIs per person and per
address (a client that drops its cookie is still one address), new matches a minute
and sign-ups an hour per address, each refusal clear and changing nothing; and one
client's slow AIs never hold every live worker (a real worker)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from tests.stack import others_off, start_worker
from webapp.matches import services
from webapp.matches.models import Event, Match

from .helpers import row_counts, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

SLOW = "mcts:iterations=100000"


@pytest.fixture
def no_ai_tasks(monkeypatch):
    monkeypatch.setattr(services, "_queue_after_commit", lambda match, due: None)


def new_match(address: str, client: Client | None = None, **form):
    """The lobby's form as a script sends it; a new client (no cookie) unless given."""
    client = client or Client(REMOTE_ADDR=address)
    data = {"game": "octagon", "mode": "ai", "agent1": SLOW, **form}
    return client.post("/matches/new/", data)


@override_settings(DICEARENA_MAX_VS_AI_MATCHES_PER_ADDRESS=2, DICEARENA_MAX_VS_AI_MATCHES=5)
def test_a_cookieless_client_gets_a_few_matches_against_ais_and_a_clear_refusal(no_ai_tasks):
    assert [new_match("10.80.0.1").status_code for _ in range(2)] == [302, 302]
    before = row_counts()
    refused = new_match("10.80.0.1")
    assert refused.status_code == 429
    text = refused.content.decode()
    assert "your address already has 2 matches against an AI running (at most 2)" in text
    assert 'name="agent1"' in text  # the form comes back as filled in
    assert row_counts() == before  # no match, no seat, no guest's session
    assert new_match("10.80.0.2").status_code == 302  # another visitor plays
    # A match that ends frees its place.
    Match.objects.filter(status=Match.Status.ACTIVE).update(status=Match.Status.ABORTED)
    assert new_match("10.80.0.1").status_code == 302


@override_settings(DICEARENA_MAX_LIVE_AI_MATCHES_PER_ADDRESS=3)
def test_dropping_the_cookie_no_longer_dodges_the_cap_on_ai_vs_ai_matches(no_ai_tasks):
    watch = {"mode": "watch", "agent0": SLOW}
    codes = [new_match("10.81.0.1", **watch).status_code for _ in range(6)]  # 6 cookie jars
    assert codes == [302, 302, 302, 429, 429, 429]
    assert Match.objects.filter(status=Match.Status.ACTIVE).count() == 3
    # One person hopping addresses meets their own cap.
    guest = Client()
    for i in range(settings.DICEARENA_MAX_LIVE_AI_MATCHES):
        guest.defaults["REMOTE_ADDR"] = f"10.82.0.{i}"
        assert new_match("", guest, **watch).status_code == 302
    guest.defaults["REMOTE_ADDR"] = "10.82.0.99"
    refused = new_match("", guest, **watch)
    assert refused.status_code == 429 and "you already have 3 AI-vs-AI matches" in (
        refused.content.decode()
    )


@override_settings(DICEARENA_NEW_MATCHES_PER_MINUTE=3)
def test_new_matches_are_throttled_per_address(no_ai_tasks, frozen_minute):
    friend = {"mode": "friend"}  # no AI at all: only the rate counts
    assert [new_match("10.83.0.1", **friend).status_code for _ in range(3)] == [302] * 3
    before = row_counts()
    refused = new_match("10.83.0.1", **friend)
    assert refused.status_code == 429
    wait = int(refused["Retry-After"])
    assert 1 <= wait <= 60
    assert f"try again in {wait} s" in refused.content.decode()
    assert row_counts() == before
    assert new_match("10.83.0.2", **friend).status_code == 302


@override_settings(DICEARENA_SIGNUPS_PER_HOUR=2)
def test_sign_ups_are_throttled_per_address(frozen_minute):
    def sign_up(name: str, address: str):
        password = "a fairly long password 7"
        return Client(REMOTE_ADDR=address).post(
            "/accounts/signup/", {"username": name, "password1": password, "password2": password}
        )

    assert [sign_up(f"farm{i}", "10.84.0.1").status_code for i in range(2)] == [302, 302]
    before = row_counts()
    refused = sign_up("farm2", "10.84.0.1")
    assert refused.status_code == 429 and refused["Retry-After"]
    assert "2 accounts an hour at most may be made from one address" in refused.content.decode()
    assert row_counts() == before
    assert sign_up("farm2", "10.84.0.2").status_code == 302
    assert get_user_model().objects.filter(username__startswith="farm").count() == 3


@pytest.mark.worker
def test_one_clients_slow_ais_leave_a_live_worker_for_everyone_else(log_dir, settings):
    """Two AI-vs-AI matches of slow AIs (each move thinks 20 s) from one address, and a
    live worker of two processes: another player's light AI still answers first — on the
    worker too (instant replies off here: this is about sharing the live worker)."""
    settings.DICEARENA_INSTANT_MOVES = 0
    live_queue = settings.DICEARENA_LIVE_QUEUE
    with others_off(live_queue):
        live = start_worker(
            log_dir,
            "fair-live",
            concurrency=2,
            queues=[live_queue],
            env={"DICEARENA_AI_BUDGET_SECONDS": "20"},
        )
        try:
            watch = {"mode": "watch", "agent0": SLOW}
            heavy = [new_match("10.85.0.1", **watch) for _ in range(2)]
            assert [r.status_code for r in heavy] == [302, 302]

            def received() -> int:
                lines = live.output().splitlines()
                return sum("ai_move[" in line and "received" in line for line in lines)

            wait_for(lambda: received() >= 2, timeout=60)  # both slow AIs asked to move
            slow = list(Match.objects.values_list("pk", flat=True))
            victim = services.create_match(
                services.MatchPlan(
                    game="octagon",
                    seats=[
                        services.SeatPlan(agent_spec="octagon-greedy"),
                        services.SeatPlan(identity=services.Identity("guest:v", "v")),
                    ],
                    created_by="guest:v",
                )
            )
            wait_for(lambda: Event.objects.filter(match=victim, actor=0).exists(), timeout=60)
            # The slow AIs have not moved yet: one thinks, the other waits its turn.
            assert not Event.objects.filter(match__in=slow, actor__gte=0).exists()
            assert "waiting for a slot" in live.output()
        finally:
            for match in Match.objects.filter(status=Match.Status.ACTIVE):
                Match.objects.filter(pk=match.pk).update(status=Match.Status.ABORTED)
            live.stop()
