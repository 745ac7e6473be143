"""Seeks: a person posts "Button Men, 5+3, rated", anyone accepts it, and both are seated
in a match with that clock; from the page and from /api/seeks. Every refusal says why and
changes nothing; the database keeps one match per seek and one open seek per person,
game and time control."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.test import Client

from webapp.accounts.identity import Identity
from webapp.accounts.models import ApiToken
from webapp.errors import Rejected
from webapp.leaderboards.models import Competitor, RatedMatch, points
from webapp.matches import endings
from webapp.matches.models import Match
from webapp.seeks import services
from webapp.seeks.models import Seek

from .helpers import ALICE, BOB, row_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


def user(name: str) -> tuple[User, Identity, str]:
    row = User.objects.create_user(name, password="pw")
    _, token = ApiToken.issue(row)
    return row, Identity(key=f"user:{row.pk}", name=name, user_id=row.pk), token


def bearer(token: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


# ----- the page ---------------------------------------------------------------------------


def test_a_seek_posted_on_the_page_is_accepted_by_another_person(client):
    guest = Client()
    posted = client.post("/seeks/", {"game": "buttonmen", "clock": "5+3"})
    assert posted.status_code == 302
    seek = Seek.objects.get()
    assert (seek.game, seek.clock, seek.rated, seek.status) == ("buttonmen", "5+3", False, "open")
    assert b"buttonmen" in guest.get("/seeks/").content
    accepted = guest.post(f"/seeks/{seek.pk}/accept/")
    match = Match.objects.get()
    assert accepted.url == f"/matches/{match.pk}/"
    assert match.time_control == "5+3"
    assert match.rated is False
    assert sorted(s.owner for s in match.seats.all()) == sorted(
        [seek.created_by, Seek.objects.get().accepted_by]
    )
    seek.refresh_from_db()
    assert (seek.status, seek.match_id) == ("accepted", match.pk)
    mine = client.get("/seeks/mine.json").json()["seeks"]
    assert mine[0]["match_url"] == f"/matches/{match.pk}/"


@pytest.mark.parametrize(
    "form,needle",
    [
        ({"game": "chess"}, b"there is no game"),
        ({"game": "buttonmen", "clock": "99"}, b"not a time control"),
        ({"game": "buttonmen", "clock": "2d"}, b"1, 3, 7 days"),
        ({"game": "buttonmen", "rated": "on"}, b"sign in to post a rated seek"),
    ],
)
def test_a_bad_seek_is_refused_with_the_reason_and_changes_nothing(client, form, needle):
    client.get("/")  # a guest
    before = row_counts()
    answer = client.post("/seeks/", form)
    assert answer.status_code == 400
    assert needle in answer.content
    assert row_counts() == before


def test_a_repeated_post_is_refused_not_doubled():
    services.create_seek(services.SeekPlan("buttonmen", "5+3"), ALICE)
    with pytest.raises(Rejected) as err:
        services.create_seek(services.SeekPlan("buttonmen", "5+3"), ALICE)
    assert err.value.code == "duplicate_seek"
    assert Seek.objects.count() == 1
    services.create_seek(services.SeekPlan("buttonmen", "3d"), ALICE)  # another clock is fine


def test_the_database_keeps_one_match_per_seek_and_one_open_seek_per_person():
    seek = services.create_seek(services.SeekPlan("buttonmen", "5+3"), ALICE)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seek.objects.create(game="buttonmen", clock="5+3", created_by=ALICE.key, name="a")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seek.objects.filter(pk=seek.pk).update(status="accepted")  # with no match
    match = services.accept(seek.pk, BOB)
    other = services.create_seek(services.SeekPlan("buttonmen", "5+3"), ALICE)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seek.objects.filter(pk=other.pk).update(match=match)


@pytest.mark.parametrize(
    "who,status,code",
    [
        ("alice", "open", "own_seek"),
        ("carol", "accepted", "taken"),
        ("carol", "cancelled", "cancelled"),
        (None, "open", "not_signed_in"),
    ],
)
def test_accepting_refuses_what_it_must_and_changes_nothing(who, status, code):
    seek = services.create_seek(services.SeekPlan("buttonmen", "5+3"), ALICE)
    if status == "accepted":
        services.accept(seek.pk, BOB)
    elif status == "cancelled":
        services.cancel(seek.pk, ALICE)
    identity = {"alice": ALICE, "carol": Identity("guest:carol", "carol"), None: None}[who]
    before = row_counts()
    with pytest.raises(Rejected) as err:
        services.accept(seek.pk, identity)
    assert err.value.code == code
    assert row_counts() == before


def test_a_rated_seek_needs_accounts_on_both_sides():
    _, alice, _ = user("alice")
    seek = services.create_seek(services.SeekPlan("buttonmen", "", rated=True), alice)
    with pytest.raises(Rejected) as err:
        services.accept(seek.pk, BOB)  # a guest
    assert err.value.code == "rated_needs_account"


def test_only_the_poster_cancels():
    seek = services.create_seek(services.SeekPlan("buttonmen"), ALICE)
    with pytest.raises(Rejected) as err:
        services.cancel(seek.pk, BOB)
    assert err.value.code == "not_yours"
    assert services.cancel(seek.pk, ALICE).status == "cancelled"
    with pytest.raises(Rejected) as err:
        services.cancel(seek.pk, ALICE)
    assert err.value.code == "not_open"


def test_a_casual_seek_is_never_rated_and_a_rated_one_is(django_capture_on_commit_callbacks):
    _, alice, _ = user("alice")
    _, bob, _ = user("bob")
    casual = services.accept(services.create_seek(services.SeekPlan("buttonmen"), alice).pk, bob)
    rated = services.accept(
        services.create_seek(services.SeekPlan("octagon", rated=True), alice).pk, bob
    )
    with django_capture_on_commit_callbacks(execute=True):
        endings.resign(casual.pk, bob)
        endings.resign(rated.pk, bob)
    assert RatedMatch.objects.get(match=casual).rated is False
    assert RatedMatch.objects.get(match=rated).rated is True


# ----- the API ----------------------------------------------------------------------------


def test_the_api_creates_lists_accepts_and_cancels(client):
    _, _, alice = user("alice")
    _, _, bob = user("bob")
    made = client.post(
        "/api/seeks",
        {"game": "buttonmen", "clock": "5+3", "rated": True},
        content_type="application/json",
        **bearer(alice),
    )
    assert made.status_code == 201, made.content
    seek = made.json()
    assert (seek["game"], seek["clock"], seek["rated"], seek["by"]) == (
        "buttonmen",
        "5+3",
        True,
        "alice",
    )
    assert [s["id"] for s in client.get("/api/seeks").json()] == [seek["id"]]
    assert client.get("/api/seeks?game=octagon").json() == []
    again = client.post(
        "/api/seeks",
        {"game": "buttonmen", "clock": "5+3"},
        content_type="application/json",
        **bearer(alice),
    )
    assert (again.status_code, again.json()["code"]) == (409, "duplicate_seek")
    own = client.post(f"/api/seeks/{seek['id']}/accept", **bearer(alice))
    assert (own.status_code, own.json()["code"]) == (409, "own_seek")
    took = client.post(f"/api/seeks/{seek['id']}/accept", **bearer(bob))
    assert took.status_code == 200
    match = Match.objects.get(pk=took.json()["match"])
    assert (match.time_control, match.rated) == ("5+3", True)
    late = client.post(f"/api/seeks/{seek['id']}/accept", **bearer(bob))
    assert (late.status_code, late.json()["code"]) == (409, "taken")
    assert client.get("/api/seeks").json() == []
    other = client.post(
        "/api/seeks", {"game": "octagon"}, content_type="application/json", **bearer(alice)
    ).json()
    refused = client.delete(f"/api/seeks/{other['id']}", **bearer(bob))
    assert (refused.status_code, refused.json()["code"]) == (403, "not_yours")
    assert client.delete(f"/api/seeks/{other['id']}", **bearer(alice)).json()["status"] == (
        "cancelled"
    )


@pytest.mark.parametrize(
    "body,status",
    [
        ({"game": "buttonmen", "clock": "5+"}, 400),
        ({"game": "nope"}, 422),  # not one of the games (the document's enum)
        ({"clock": "5+3"}, 422),
        ({"game": "buttonmen", "rated": "maybe"}, 422),
        ({"game": "buttonmen", "options": {"bogus": 1}}, 400),
    ],
)
def test_the_api_refuses_bad_seeks_and_changes_nothing(client, body, status):
    _, _, token = user("alice")
    before = row_counts()
    answer = client.post("/api/seeks", body, content_type="application/json", **bearer(token))
    assert answer.status_code == status, answer.content
    assert answer.json()["error"]
    assert row_counts() == before


def test_the_api_needs_a_token_to_post_or_accept(client):
    assert (
        client.post(
            "/api/seeks", {"game": "buttonmen"}, content_type="application/json"
        ).status_code
        == 401
    )
    assert client.post("/api/seeks/1/accept").status_code == 401
    assert client.post("/api/seeks/999/accept", **bearer(user("alice")[2])).status_code == 404


# ----- Dice Wars: a seek for more fills as people join ---------------------------------------

CAROL = Identity("guest:carol", "carol")
DAVE = Identity("guest:dave", "dave")


def test_a_dice_wars_seek_starts_when_the_last_seat_is_taken():
    seek = services.create_seek(services.SeekPlan("dicewars", "3d", players=4), ALICE)
    assert services.accept(seek.pk, BOB) is None
    assert services.accept(seek.pk, CAROL) is None
    with pytest.raises(Rejected) as err:
        services.accept(seek.pk, CAROL)
    assert err.value.code == "joined"
    match = services.accept(seek.pk, DAVE)
    assert [s.owner for s in match.seats.all()] == [p.key for p in (ALICE, BOB, CAROL, DAVE)]
    assert match.time_control == "3d"


def test_its_poster_fills_the_empty_seats_with_ai():
    seek = services.create_seek(services.SeekPlan("dicewars", "5+3", players=4), ALICE)
    services.accept(seek.pk, BOB)
    services.accept(seek.pk, CAROL)
    with pytest.raises(Rejected) as err:
        services.fill_with_ai(seek.pk, BOB)
    assert err.value.code == "not_yours"
    with pytest.raises(Rejected) as err:
        services.fill_with_ai(seek.pk, ALICE, "level:nonsense")
    assert err.value.code == "bad_agent"
    match = services.fill_with_ai(seek.pk, ALICE, "level:beginner")
    seats = list(match.seats.all())
    assert [s.owner for s in seats[:3]] == [ALICE.key, BOB.key, CAROL.key]
    assert seats[3].agent_spec
    assert Seek.objects.get(pk=seek.pk).status == "accepted"


def test_a_clocked_seek_filled_by_ai_alone_is_refused_and_stays_open():
    seek = services.create_seek(services.SeekPlan("dicewars", "5+3", players=3), ALICE)
    with pytest.raises(Rejected) as err:
        services.fill_with_ai(seek.pk, ALICE)
    assert err.value.code == "bad_clock"
    assert Seek.objects.get(pk=seek.pk).status == "open"
    assert Match.objects.count() == 0


@pytest.mark.parametrize("players", [1, 9, 3.5, True])
def test_a_seek_for_a_number_of_players_the_game_does_not_have_is_refused(players):
    game = "buttonmen" if players == 9 else "dicewars"
    with pytest.raises(Rejected) as err:
        services.create_seek(
            services.SeekPlan(game, players=3 if game == "buttonmen" else players), ALICE
        )
    assert err.value.code == "bad_players"
    assert Seek.objects.count() == 0


def test_the_api_joins_a_seek_for_more(client):
    _, _, alice = user("alice")
    _, _, bob = user("bob")
    made = client.post(
        "/api/seeks",
        {"game": "dicewars", "players": 3},
        content_type="application/json",
        **bearer(alice),
    ).json()
    assert (made["players"], made["joined"]) == (3, 1)
    joined = client.post(f"/api/seeks/{made['id']}/accept", **bearer(bob))
    assert joined.json() == {"match": None, "url": None, "clock": None}
    assert client.get("/api/seeks").json()[0]["joined"] == 2
    again = client.post(f"/api/seeks/{made['id']}/accept", **bearer(bob))
    assert (again.status_code, again.json()["code"]) == (409, "joined")


# ----- quick pairing ----------------------------------------------------------------------


def test_quick_pairing_posts_a_seek_then_pairs_the_next_person_who_asks_for_the_same():
    _, alice, _ = user("alice")
    _, bob, _ = user("bob")
    plan = services.SeekPlan(game="buttonmen", clock="5+3")
    waiting = services.quick_pair(plan, alice)
    assert isinstance(waiting, Seek) and waiting.status == "open"
    assert waiting.rating == 1500  # a newcomer's rating, the start of the scale
    # Another game or clock does not pair with it.
    other = services.quick_pair(services.SeekPlan(game="buttonmen", clock="3+2"), bob)
    assert isinstance(other, Seek)
    match = services.quick_pair(services.SeekPlan(game="buttonmen", clock="5+3"), bob)
    assert isinstance(match, Match)
    assert match.time_control == "5+3"
    assert sorted(s.owner for s in match.seats.all()) == sorted([alice.key, bob.key])
    waiting.refresh_from_db()
    assert (waiting.status, waiting.match_id) == ("accepted", match.pk)


def test_quick_pairing_keeps_to_both_rating_ranges(monkeypatch):
    _, alice, _ = user("alice")
    _, bob, _ = user("bob")
    ratings = {alice.key: 1500, bob.key: 1750}
    monkeypatch.setattr(services, "rating_of", lambda who, game, clock: ratings[who.key])
    narrow = services.quick_pair(
        services.SeekPlan(game="octagon", clock="3+2", rating_range=200), alice
    )
    # Bob is 250 above Alice: outside her ±200, so he waits with his own seek.
    assert isinstance(
        services.quick_pair(services.SeekPlan(game="octagon", clock="3+2"), bob), Seek
    )
    assert Match.objects.count() == 0
    # Accepting her seek by hand is refused with the reason, and changes nothing.
    with pytest.raises(Rejected) as refused:
        services.accept(narrow.pk, bob)
    assert refused.value.code == "out_of_range"
    # Within range (Bob at 1650 asks ±400), Alice's seek is taken, the oldest first.
    ratings[bob.key] = 1650
    Seek.objects.filter(created_by=bob.key).update(status="cancelled")
    found = services.quick_pair(
        services.SeekPlan(game="octagon", clock="3+2", rating_range=400), bob
    )
    assert isinstance(found, Match)
    narrow.refresh_from_db()
    assert narrow.match_id == found.pk


def test_quick_pairing_passes_over_seeks_with_their_own_options_and_bad_ranges_are_refused():
    _, alice, _ = user("alice")
    _, bob, _ = user("bob")
    custom = services.create_seek(
        services.SeekPlan(game="buttonmen", clock="5+3", options={"rounds_to_win": 2}), alice
    )
    waiting = services.quick_pair(services.SeekPlan(game="buttonmen", clock="5+3"), bob)
    assert isinstance(waiting, Seek) and waiting.pk != custom.pk
    assert Match.objects.count() == 0
    Seek.objects.all().delete()
    with pytest.raises(Rejected) as refused:
        services.quick_pair(services.SeekPlan(game="octagon", clock="5+3", rating_range=150), bob)
    assert refused.value.code == "bad_range"
    assert Seek.objects.count() == 0
    with pytest.raises(Rejected) as refused:
        services.quick_pair(services.SeekPlan(game="dicewars", clock="5+3", players=4), bob)
    assert refused.value.code == "bad_players"


def test_quick_pairing_from_the_page_and_the_api(client):
    _, _, token = user("carol")
    posted = client.post("/seeks/quick/", {"pair": "octagon 5+3", "range": "200"})
    assert posted.status_code == 302 and posted.url == "/seeks/"
    seek = Seek.objects.get()
    assert (seek.game, seek.clock, seek.rating_range) == ("octagon", "5+3", 200)
    page = client.get("/seeks/")
    assert b"Quick pairing" in page.content and b"Waiting for an opponent" in page.content
    paired = Client().post(
        "/api/seeks/quick",
        {"game": "octagon", "clock": "5+3"},
        content_type="application/json",
        **bearer(token),
    )
    assert paired.status_code == 200, paired.content
    assert paired.json()["url"] == f"/matches/{Match.objects.get().pk}/"
    again = Client().post(
        "/api/seeks/quick",
        {"game": "octagon", "clock": "5+3", "rating_range": 7},
        content_type="application/json",
        **bearer(token),
    )
    assert again.status_code == 400 and again.json()["code"] == "bad_range"


def test_a_seeks_rating_is_the_posters_on_the_board_its_clock_counts_on():
    row, alice, _ = user("alice")
    Competitor.objects.create(
        game="octagon", key=alice.key, kind="person", name="alice", user=row, mu=30, games=12
    )
    live = services.create_seek(services.SeekPlan(game="octagon", clock="5+3"), alice)
    by_post = services.create_seek(services.SeekPlan(game="octagon", clock="3d"), alice)
    assert live.rating == points(30) > 1500
    assert by_post.rating == 1500  # correspondence is rated on a board of its own
