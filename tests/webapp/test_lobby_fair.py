"""Button Men's "Fair random matchup" in the lobby: the match gets two buttons the
button study puts within 45–55 % of each other, as plain names in its options, and
the match page says why they were drawn."""

import html
import random

import pytest

import games
from agents.buttonstats import fair, study
from webapp.matches import lobby
from webapp.matches.models import Match
from webapp.tournaments import buttonstats

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


def _start(guest, **fields):
    form = {"game": "buttonmen", "mode": "ai", "fair": "1", "opt_fighters": ["random", "random"]}
    form.update(fields)
    return guest.post("/matches/new/", form, follow=True)


def test_the_lobby_offers_the_fair_choice_beside_random(client):
    page = client.get("/play/buttonmen/").content.decode()
    assert 'name="fair"' in page and "Fair random matchup" in page
    assert 'name="fair"' not in client.get("/play/pig/").content.decode()


def test_the_fair_choice_makes_a_match_of_a_fair_pair_and_says_why(guest):
    page = _start(guest)
    match = Match.objects.get(game="buttonmen")
    a, b = match.options["fighters"]
    playable = study.playable_names()
    assert a in playable and b in playable and a != b
    # The study the button pages show (none finished here: the shipped one).
    table = buttonstats.current().table
    assert lobby.button_table() is table
    drawn = fair.pair(table, a, b)
    assert drawn.within, drawn
    text = html.unescape(page.content.decode())
    assert page.redirect_chain[-1][0] == f"/matches/{match.pk}/"
    assert drawn.caption() in text
    assert "A fair random matchup, within 45–55 %" in text
    assert f"{drawn.split()} " in text
    # Plain names: the engine's state of the match has the two buttons.
    assert list(games.get("buttonmen").new_state(2, match.options).fighters) == [a, b]


def test_a_button_named_in_my_seat_stays_mine(guest):
    for seat, fighters in ((0, ["Avis", "random"]), (1, ["random", "Avis"])):
        _start(guest, seat=str(seat), opt_fighters=fighters)
        match = Match.objects.filter(game="buttonmen").latest("pk")
        chosen = match.options["fighters"]
        assert chosen[seat] == "Avis" and chosen[1 - seat] != "Avis"
        assert fair.pair(buttonstats.current().table, "Avis", chosen[1 - seat]).within


def test_without_the_choice_random_stays_random(guest):
    guest.post(
        "/matches/new/",
        {"game": "buttonmen", "mode": "ai", "opt_fighters": ["random", "random"]},
    )
    match = Match.objects.get(game="buttonmen")
    assert match.options.get("fighters", ["random", "random"]) == ["random", "random"]


def test_the_draw_is_the_same_from_the_same_seed():
    data = {"opt_fighters": "random, random"}
    first = lobby.fair_fighters(data, 0, random.Random("s"))
    assert first == lobby.fair_fighters(data, 0, random.Random("s"))
    assert first[1].within


def test_a_button_with_too_few_games_is_refused_with_the_reason(guest, monkeypatch):
    monkeypatch.setattr(lobby, "button_table", lambda: {})
    page = guest.post(
        "/matches/new/",
        {"game": "buttonmen", "mode": "ai", "fair": "1", "opt_fighters": ["Avis", "random"]},
    )
    assert page.status_code == 400
    assert "fewer than 2 games in the button study" in html.unescape(page.content.decode())
    assert not Match.objects.filter(game="buttonmen").exists()
    assert 'name="fair" value="1" checked' in page.content.decode()
