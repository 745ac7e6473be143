"""A player's Button Men figures on their profile (what the Button Men site's players
asked for): wins, losses and draws by the button played, by the button faced, by
opponent (people by name, the site's AI by level), and the favourite buttons; finished
matches only, a guest's matches kept at sign-up; a bounded number of queries."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client

from games.core import Outcome
from webapp.accounts.identity import GUEST_KEY, Identity
from webapp.matches import buttonmen_stats, services
from webapp.matches.models import Event, Match, Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


def person(name: str) -> Identity:
    user = get_user_model().objects.create_user(name, password="a-long-pass-123")
    return Identity(key=f"user:{user.pk}", name=name, user_id=user.pk)


def bm_match(seat0, seat1, fighters=("Avis", "Hammer")) -> Match:
    def plan(who):
        if isinstance(who, Identity):
            return services.SeatPlan(identity=who)
        return services.SeatPlan(agent_spec=who)

    return services.create_match(
        services.MatchPlan(
            game="buttonmen", seats=[plan(seat0), plan(seat1)], options={"fighters": list(fighters)}
        ),
        schedule=False,
    )


def end(match: Match, how: str, loser: int = 1) -> None:
    """Finish a match through the services: ``loser`` forfeits, or a draw, or aborted."""
    with transaction.atomic():
        locked = services.lock_match(match.pk)
        if how == "forfeit":
            services.do_forfeit(locked, [loser], "test")
        elif how == "draw":
            services.end_match(locked, Match.Status.FINISHED, Outcome((0.0, 0.0), (1, 1)).to_json())
        else:
            services.do_abort(locked, "test")


def drawn(match: Match) -> list[str]:
    move = Event.objects.get(match=match, ply=0).move
    assert move.startswith("fighters:")
    return move.removeprefix("fighters:").split(",")


def plain(response) -> str:
    assert response.status_code == 200
    text = html.unescape(response.content.decode())
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


@pytest.fixture
def played():
    alice, bob = person("alice"), person("bob")
    end(bm_match(alice, bob, ("Avis", "Hammer")), "forfeit", loser=1)  # alice wins as Avis
    end(bm_match(bob, alice, ("hammer", "avis")), "forfeit", loser=0)  # wins again, seat 1
    end(bm_match(alice, bob, ("Avis", "Bauer")), "draw")
    end(bm_match(alice, bob, ("Bauer", "Avis")), "abort")  # no game
    bm_match(alice, bob, ("Bauer", "Avis"))  # under way: no game yet
    against_ai = bm_match("buttonmen-mc", alice, ("random", "random"))
    end(against_ai, "forfeit", loser=1)  # alice loses to Medium, with a drawn button
    services.create_match(  # another game: not Button Men's
        services.MatchPlan(
            game="footsies",
            seats=[services.SeatPlan(identity=alice), services.SeatPlan(agent_spec="random")],
        ),
        schedule=False,
    )
    return drawn(against_ai)


def row(rows, label):
    (found,) = [r for r in rows if r.label == label]
    t = found.tally
    return (t.games, t.wins, t.losses, t.draws)


def test_the_figures_by_button_by_opponent_and_the_favourites(
    played, django_assert_max_num_queries
):
    ai_button, alice_drawn = played
    seats = Seat.objects.filter(user__username="alice")
    with django_assert_max_num_queries(3):
        figures = buttonmen_stats.stats_for(seats)
    t = figures.total
    assert (t.games, t.wins, t.losses, t.draws, t.win_pct) == (4, 2, 1, 1, 50)

    played_as = {
        r.label: (r.tally.games, r.tally.wins, r.tally.losses, r.tally.draws)
        for r in figures.played
    }
    expected = {"Avis": [3, 2, 0, 1]}
    expected.setdefault(alice_drawn, [0, 0, 0, 0])
    expected[alice_drawn] = [
        a + b for a, b in zip(expected[alice_drawn], [1, 0, 1, 0], strict=True)
    ]
    assert played_as == {k: tuple(v) for k, v in expected.items()}
    assert figures.played[0].label == "Avis"  # the most played first
    assert figures.played[0].url == "/games/buttonmen/buttons/Avis/"

    faced = {
        r.label: (r.tally.games, r.tally.wins, r.tally.losses, r.tally.draws) for r in figures.faced
    }
    want = {"Hammer": [2, 2, 0, 0], "Bauer": [1, 0, 0, 1]}
    want.setdefault(ai_button, [0, 0, 0, 0])
    want[ai_button] = [a + b for a, b in zip(want[ai_button], [1, 0, 1, 0], strict=True)]
    assert faced == {k: tuple(v) for k, v in want.items()}

    assert row(figures.opponents, "bob") == (3, 2, 0, 1)
    assert row(figures.opponents, "AI Medium (buttonmen-mc)") == (1, 0, 1, 0)
    bob_row = next(r for r in figures.opponents if r.label == "bob")
    assert bob_row.url == "/players/bob/" and bob_row.kind == "person"
    assert figures.favourites[0].label == "Avis"
    if alice_drawn != "Avis":
        assert figures.favourites[0].tally.win_pct == 67

    # Bob's own side of the same matches.
    bob = buttonmen_stats.stats_for(Seat.objects.filter(user__username="bob"))
    assert (bob.total.games, bob.total.wins, bob.total.losses, bob.total.draws) == (3, 0, 2, 1)


def test_the_profile_page_and_its_json(played, client, django_assert_max_num_queries):
    ai_button, alice_drawn = played
    with django_assert_max_num_queries(12):
        response = client.get("/players/alice/")
    text = plain(response)
    assert "Button Men as JSON 4 finished matches: 2 won, 1 lost, 1 drawn (50 % won)." in text
    for title in ("Favourite buttons", "By button played", "Against buttons", "By opponent"):
        assert title in text
    if alice_drawn != "Avis":
        assert "Avis 3 2–0–1 67 %" in text
    assert "bob 3 2–0–1 67 %" in text
    assert "AI Medium (buttonmen-mc) 1 0–1–0 0 %" in text
    assert 'href="/games/buttonmen/buttons/Avis/"' in response.content.decode()
    assert 'href="/players/alice/buttonmen.json"' in response.content.decode()

    data = client.get("/players/alice/buttonmen.json").json()
    assert (data["player"], data["games"], data["wins"], data["losses"], data["draws"]) == (
        "alice",
        4,
        2,
        1,
        1,
    )
    assert alice_drawn == "Avis" or data["by_button"][0] == {
        "name": "Avis",
        "kind": "button",
        "url": "/games/buttonmen/buttons/Avis/",
        "games": 3,
        "wins": 2,
        "losses": 0,
        "draws": 1,
        "win_pct": 67,
    }
    assert {r["name"] for r in data["by_opponent"]} == {"bob", "AI Medium (buttonmen-mc)"}
    assert data["favourites"][0]["name"] == "Avis"

    # The AI's own profile counts the same match from its side.
    ai = client.get("/players/buttonmen-mc/buttonmen.json").json()
    assert (ai["games"], ai["wins"]) == (1, 1)
    assert ai["by_opponent"][0]["name"] == "alice"


def test_the_query_count_does_not_grow_with_the_games(client, django_assert_max_num_queries):
    alice, bob = person("alice"), person("bob")
    for _ in range(6):
        end(bm_match(alice, bob, ("random", "random")), "forfeit", loser=1)
    with django_assert_max_num_queries(3):
        figures = buttonmen_stats.stats_for(Seat.objects.filter(user__username="alice"))
    assert figures.total.games == 6 and figures.total.wins == 6
    assert sum(r.tally.games for r in figures.played) == 6


def test_a_player_without_button_men_games_is_told_so(client):
    person("carol")
    text = plain(client.get("/players/carol/"))
    assert "Button Men as JSON No finished Button Men matches yet" in text
    assert client.get("/players/carol/buttonmen.json").json()["by_button"] == []


def test_a_guests_button_men_games_count_for_the_account_made_in_the_same_browser():
    me = Client()
    me.get("/")
    session = me.session
    session[GUEST_KEY] = "dora-key-123"
    session.save()
    guest = Identity(key="guest:dora-key-123", name="Guest dora")
    end(bm_match(guest, "random", ("Avis", "Hammer")), "forfeit", loser=1)
    response = me.post(
        "/accounts/signup/",
        {"username": "dora", "password1": "a-long-pass-123", "password2": "a-long-pass-123"},
    )
    assert response.status_code == 302
    data = me.get("/players/dora/buttonmen.json").json()
    assert (data["games"], data["wins"]) == (1, 1)
    assert data["by_button"][0]["name"] == "Avis"
    assert data["by_opponent"][0]["name"] == "AI Beginner (random)"
