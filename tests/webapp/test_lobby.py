"""The lobby: one page per game, defaults a person enjoys, a form that only asks what
the mode needs and keeps what was entered when it is refused."""

import html

import pytest

import games
from webapp.matches import lobby
from webapp.matches.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


def test_it_has_a_lobby_page_per_game_linked_from_home(client):
    home = client.get("/").content.decode()
    for game in games.all():
        assert f'href="/play/{game.slug}/"' in home
        assert f'href="/games/{game.slug}/"' in home
        page = client.get(f"/play/{game.slug}/")
        assert page.status_code == 200
        assert f"/games/{game.slug}/" in page.content.decode()
    assert client.get("/play/chess/").status_code == 404


def test_the_default_opponent_is_a_real_ai_not_random(guest):
    from webapp.matches.levels import resolve

    for game in games.all():
        spec = resolve(game.slug, lobby.default_opponent(game))
        assert spec != "random"
        guest.post("/matches/new/", {"game": game.slug, "mode": "ai"})
        match = Match.objects.filter(game=game.slug).get()
        ai = [s.agent_spec for s in match.seats.all() if s.agent_spec]
        assert ai == [spec] * (game.min_players - 1)


def test_the_preselected_opponent_is_one_of_the_levels_listed_beside_the_form(guest):
    import re

    from agents.levels import levels

    for game in games.all():
        page = guest.get(f"/play/{game.slug}/").content.decode()
        select = re.search(r'<select id="agent1".*?</select>', page, re.S).group(0)
        chosen = re.findall(r'<option value="([^"]+)"[^>]*\bselected\b', select)
        listed = [lv.value for lv in levels(game.slug)]
        assert len(chosen) == 1 and chosen[0] in listed, (game.slug, chosen)
        assert f'data-level-value="{chosen[0]}"' in page


def test_footsies_defaults_to_first_to_three_rounds_and_says_so(guest):
    page = guest.get("/play/footsies/").content.decode()
    assert 'name="opt_rounds" value="5"' in page
    assert "first to win 3 of 5 rounds" in page
    guest.post(
        "/matches/new/",
        {"game": "footsies", "mode": "ai", "opt_rounds": "5", "opt_blocks": "3"},
    )
    match = Match.objects.get()
    assert match.options["rounds"] == 5
    assert "first to win 3 of 5 rounds" in guest.get(f"/matches/{match.pk}/").content.decode()
    # The seed's single round stays an option.
    guest.post("/matches/new/", {"game": "footsies", "mode": "ai", "opt_rounds": "1"})
    assert Match.objects.order_by("-id").first().options["rounds"] == 1


def test_watching_dice_wars_takes_an_agent_per_seat(guest):
    specs = ["dicewars-sdc", "dicewars-naive", "dicewars-ste", "random"]
    data = {"game": "dicewars", "mode": "watch", "players": "4"}
    data.update({f"agent{i}": spec for i, spec in enumerate(specs)})
    guest.post("/matches/new/", data)
    match = Match.objects.get()
    assert [s.agent_spec for s in match.seats.all()] == specs
    assert match.pace > 0


def test_three_seats_of_one_agent_are_told_apart_by_colour(guest):
    from webapp.matches.levels import resolve

    guest.post("/matches/new/", {"game": "dicewars", "mode": "watch", "players": "3"})
    names = [s.name for s in Match.objects.get().seats.all()]
    spec = resolve("dicewars", lobby.default_opponent(games.get("dicewars")))
    assert names == [f"{spec} (Red)", f"{spec} (Blue)", f"{spec} (Green)"]


def test_playing_dice_wars_against_several_ais_gives_each_its_agent(guest):
    guest.post(
        "/matches/new/",
        {
            "game": "dicewars",
            "mode": "ai",
            "players": "3",
            "seat": "1",
            "agent0": "dicewars-naive",
            "agent1": "dicewars-ste",  # your own seat: ignored
            "agent2": "dicewars-ste4",
        },
    )
    seats = list(Match.objects.get().seats.all())
    assert [s.agent_spec for s in seats] == ["dicewars-naive", "", "dicewars-ste4"]
    assert seats[1].owner.startswith("guest:")


def test_a_refused_form_comes_back_as_it_was_filled_in(guest):
    response = guest.post(
        "/matches/new/",
        {
            "game": "footsies",
            "mode": "friend",
            "seat": "1",
            "agent1": "footsies-counter",
            "opt_blocks": "lots",
            "opt_rounds": "7",
        },
    )
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert "option 'blocks' must be a whole number" in page
    assert 'name="opt_blocks" value="lots"' in page
    assert 'name="opt_rounds" value="7"' in page
    assert 'value="friend" checked' in page
    assert '<option value="1" data-seat="1" selected>' in page
    assert Match.objects.count() == 0


def test_the_opponent_list_is_open_to_other_sources(guest, monkeypatch):
    def bots(game):
        return [lobby.Opponent("random", "Bot Bob", "an outside bot", "instant", "Outside bots")]

    monkeypatch.setattr(lobby, "OPPONENT_SOURCES", [*lobby.OPPONENT_SOURCES, bots])
    page = guest.get("/play/octagon/").content.decode()
    assert '<optgroup label="Outside bots">' in page and "Bot Bob" in page


def test_a_friend_match_is_an_open_challenge_until_someone_joins(guest, client_factory):
    guest.post("/matches/new/", {"game": "octagon", "mode": "friend"})
    match = Match.objects.get()
    mine = guest.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="invite-url"' in mine and f"/matches/{match.pk}/" in mine
    friend = client_factory()
    friend.get("/")
    listed = friend.get("/matches/open/").content.decode()
    assert f"/matches/{match.pk}/join/" in listed
    assert f"/matches/{match.pk}/join/" in friend.get("/").content.decode()
    friend.post(f"/matches/{match.pk}/join/")
    assert f"/matches/{match.pk}/join/" not in friend.get("/matches/open/").content.decode()
    assert 'id="invite-url"' not in guest.get(f"/matches/{match.pk}/").content.decode()


@pytest.fixture
def client_factory():
    from django.test import Client

    return Client
