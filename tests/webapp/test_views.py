"""Pages: lobby, new match, match page, recent matches, replay and record export, 404."""

import json

import pytest

import games
from webapp.matches import services
from webapp.matches.models import Match
from webapp.replays.frames import views_of

from .helpers import ALICE, BOB, footsies_people

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


def play(match, moves):
    for a, b in moves:
        ply = Match.objects.get(pk=match.pk).ply
        services.submit_move(match.pk, 0, ply, a, identity=ALICE)
        services.submit_move(match.pk, 1, ply, b, identity=BOB)


def test_the_lobby_offers_footsies_and_its_opponents(client):
    assert "/play/footsies/" in client.get("/").content.decode()
    page = client.get("/play/footsies/").content.decode()
    assert "Footsies" in page
    assert 'value="footsies-counter"' in page and 'value="random"' in page


def test_it_starts_a_match_against_an_agent_from_the_lobby(client):
    client.get("/")  # a guest key is given on the first visit
    response = client.post(
        "/matches/new/",
        {"game": "footsies", "mode": "ai", "opponent": "footsies-counter", "seat": "1"},
    )
    match = Match.objects.get()
    assert response.status_code == 302 and response.url == f"/matches/{match.pk}/"
    seats = list(match.seats.order_by("index"))
    assert seats[0].agent_spec == "footsies-counter"
    assert seats[1].owner.startswith("guest:")
    page = client.get(response.url).content.decode()
    assert "(you)" in page and match.seed_sha256 in page and match.seed not in page


def test_it_refuses_bad_lobby_input_with_a_message_and_no_match(client):
    assert client.post("/matches/new/", {"game": "nope"}).url == "/"
    for data in (
        {"game": "footsies", "mode": "ai", "opponent": "no-such-bot"},
        {"game": "footsies", "mode": "ai", "opponent": "random", "opt_blocks": "many"},
        {"game": "footsies", "mode": "ai", "opponent": "random", "seat": "7"},
        {"game": "footsies", "mode": "chess"},
    ):
        response = client.post("/matches/new/", data)
        assert response.status_code == 400, data
        assert response.context["error"], data
        assert 'id="form-error"' in response.content.decode()
    assert Match.objects.count() == 0


def test_the_lobby_refuses_an_ai_match_over_the_agents_limits_and_says_which(client):
    data = {
        "game": "footsies",
        "mode": "watch",
        "agent0": "random",
        "agent1": "footsies-br:model=mcts:iterations=1000000000",
    }
    response = client.post("/matches/new/", data)
    assert response.status_code == 400  # the lobby comes back with the reason on top
    assert "iterations=1000000000 is above its limit of 100000" in response.context["error"]
    assert Match.objects.count() == 0


def test_it_starts_a_match_with_options(client):
    client.get("/")
    client.post(
        "/matches/new/",
        {
            "game": "footsies",
            "mode": "ai",
            "opponent": "random",
            "opt_rounds": "3",
            "opt_block_exhaustion": "loss",
        },
    )
    assert Match.objects.get().options["rounds"] == 3
    assert Match.objects.get().options["block_exhaustion"] == "loss"


def test_unknown_matches_are_a_404_page(client):
    for url in ("/matches/424242/", "/matches/424242/replay/", "/matches/424242/record.json"):
        response = client.get(url)
        assert response.status_code == 404
        assert "Not found" in response.content.decode()


def test_recent_matches_list_results_and_replay_links(client):
    match = footsies_people()
    play(match, [("DP", "A")])
    page = client.get("/matches/").content.decode()
    assert f"/matches/{match.pk}/replay/" in page
    assert "alice</span> won" in page


def test_the_record_download_replays_to_the_same_end(client):
    match = footsies_people()
    play(match, [("A", "B"), ("A", "G"), ("A", "G")])
    response = client.get(f"/matches/{match.pk}/record.json")
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    state = games.replay(data["record"])
    assert state.is_terminal() and state.outcome().winners == (0,)
    assert data["match"]["seed"] == Match.objects.get(pk=match.pk).seed


def test_the_replay_page_carries_every_frame_and_starts_at_the_ply_in_the_url(client):
    match = footsies_people()
    play(match, [("A", "B"), ("B", "B"), ("DP", "A")])
    response = client.get(f"/matches/{match.pk}/replay/?ply=2")
    assert response.context["start"] == 2
    frames = response.context["frames"]
    assert [f["ply"] for f in frames] == [0, 1, 2, 3]
    views = views_of(frames)  # patches after the first, rebuilt as the page does
    assert views[1]["blocks"] == [3, 2]
    assert views[3]["over"] is True
    assert client.get(f"/matches/{match.pk}/replay/?ply=abc").context["start"] == 3


def test_a_person_can_sign_up_log_in_and_play_as_themselves(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "carol", "password1": "a-long-pass-123", "password2": "a-long-pass-123"},
    )
    assert response.status_code == 302
    client.post("/matches/new/", {"game": "footsies", "mode": "ai", "opponent": "random"})
    seat = Match.objects.get().seats.get(index=0)
    assert seat.user.username == "carol" and seat.name == "carol"
    client.post("/accounts/logout/")
    assert (
        client.post(
            "/accounts/login/", {"username": "carol", "password": "a-long-pass-123"}
        ).status_code
        == 302
    )


def test_a_friend_takes_the_open_seat(client, django_user_model):
    client.get("/")
    client.post("/matches/new/", {"game": "footsies", "mode": "friend"})
    match = Match.objects.get()
    assert match.seats.get(index=1).is_open
    from django.test import Client

    friend = Client()
    friend.get("/")
    assert "Take the open seat" in friend.get(f"/matches/{match.pk}/").content.decode()
    friend.post(f"/matches/{match.pk}/join/")
    assert not match.seats.get(index=1).is_open
