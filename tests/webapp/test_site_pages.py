"""Pages around the matches: rules, TV, list filters, profiles, and compression."""

import gzip

import pytest

import games
from webapp.matches import autoplay, services
from webapp.matches.models import Match

from .helpers import ALICE, footsies_people

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


def agents_match(game: str, specs: list[str], finish: bool = True) -> Match:
    plan = services.MatchPlan(game=game, seats=[services.SeatPlan(agent_spec=s) for s in specs])
    match = services.create_match(plan, schedule=False)
    return autoplay.play_out(match.pk) if finish else match


@pytest.mark.parametrize("slug", [g.slug for g in games.all()])
def test_every_game_has_a_rules_page_with_a_picture(client, slug):
    page = client.get(f"/games/{slug}/").content.decode()
    assert f"How to play {games.get(slug).title}" in page
    assert f'src="/static/img/games/{slug}.png"' in page
    assert client.get(f"/static/img/games/{slug}.png").status_code == 200
    assert f'href="/play/{slug}/"' in page


def test_tv_shows_the_live_ai_match_of_each_game(client):
    live = agents_match("footsies", ["footsies-counter", "footsies-bayesian"], finish=False)
    agents_match("octagon", ["random", "random"])  # finished: not on TV
    people = footsies_people()  # live, but people play it
    page = client.get("/tv/").content.decode()
    assert f'id="tv-footsies" data-game="footsies" data-match-id="{live.pk}"' in page
    assert 'id="tv-octagon" data-game="octagon" data-match-id=""' in page
    now = client.get("/tv/footsies/now.json").json()
    assert now["match"] == live.pk and now["match"] != people.pk
    assert client.get("/tv/octagon/now.json").json() == {"match": None}


def test_the_matches_list_filters_by_game_player_and_status(client):
    done = agents_match("footsies", ["random", "footsies-counter"])
    live = agents_match("octagon", ["octagon-greedy", "random"], finish=False)
    mine = footsies_people()

    def listed(query: str) -> set[int]:
        page = client.get("/matches/" + query)
        return {m.pk for m in page.context["page"]}

    assert listed("") == {done.pk, live.pk, mine.pk}
    assert listed("?game=octagon") == {live.pk}
    assert listed("?status=finished") == {done.pk}
    assert listed("?status=live") == {live.pk, mine.pk}
    assert listed("?player=counter") == {done.pk}
    assert listed("?player=alice&game=footsies&status=live") == {mine.pk}
    assert listed("?game=nonsense&status=nonsense") == {done.pk, live.pk, mine.pk}


def test_a_profile_shows_a_persons_record_and_matches(client, django_user_model):
    carol = django_user_model.objects.create_user("carol", password="a-long-pass-123")
    client.force_login(carol)
    client.post("/matches/new/", {"game": "footsies", "mode": "ai", "agent1": "random"})
    match = Match.objects.get()
    page = client.get("/players/carol/").content.decode()
    assert f"/matches/{match.pk}/" in page
    assert "Your API tokens" in page
    assert 'href="/players/carol/"' in page  # the top bar links the profile
    assert client.get("/players/nobody-at-all/").status_code == 404
    assert ALICE  # guests have no profile page: their names are not unique


def test_an_agent_has_a_profile_with_its_record(client):
    match = agents_match("footsies", ["footsies-counter", "random"])
    page = client.get("/players/footsies-counter/")
    assert page.status_code == 200
    rows = page.context["rows"]
    assert rows[0]["game"].slug == "footsies"
    tally = rows[0]["tally"]
    assert sum(tally.values()) == 1
    assert (tally["wins"] == 1) == (0 in match.result["winners"])


def test_pages_and_static_files_are_compressed(client):
    for url in ("/", "/static/css/app.css", "/static/js/games/octagon.js"):
        response = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
        assert response.get("Content-Encoding") == "gzip", url
        body = b"".join(response.streaming_content) if response.streaming else response.content
        plain = gzip.decompress(body)
        assert len(body) < len(plain) / 2, url
