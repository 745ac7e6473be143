"""Every game's pages work: a finished AI match of each game has a match page, a replay
with one frame per event, a record that replays, and verifies as fair dice."""

import json

import pytest

import games
from webapp.matches import autoplay, services
from webapp.matches.fairness import verify

pytestmark = pytest.mark.django_db

SLUGS = [g.slug for g in games.all()]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_finished_match_of_every_game_shows_replays_and_verifies(client, slug):
    game = games.get(slug)
    plan = services.MatchPlan(
        game=slug, seats=[services.SeatPlan(agent_spec="random") for _ in range(game.min_players)]
    )
    match = autoplay.play_out(services.create_match(plan, schedule=False).pk)
    assert match.is_over
    assert client.get(f"/matches/{match.pk}/").status_code == 200
    replay = client.get(f"/matches/{match.pk}/replay/")
    assert replay.status_code == 200
    assert len(replay.context["frames"]) == match.ply + 1
    record = json.loads(client.get(f"/matches/{match.pk}/record.json").content)["record"]
    assert games.replay(record).outcome().ranks == tuple(match.result["ranks"])
    assert verify(match).ok


@pytest.mark.parametrize("slug", SLUGS)
def test_the_lobby_starts_every_game_against_an_agent(client, slug):
    client.get("/")
    response = client.post("/matches/new/", {"game": slug, "mode": "ai", "opponent": "random"})
    assert response.status_code == 302 and "/matches/" in response.url
    assert client.get(response.url).status_code == 200


def test_the_home_page_shows_every_game_and_counts_them(client):
    page = client.get("/").content.decode()
    assert f"{len(SLUGS)} turn-based dice games." in page
    for slug in SLUGS:
        assert f'id="game-{slug}"' in page
