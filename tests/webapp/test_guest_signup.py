"""A guest who makes an account in the same browser keeps their matches: the seats of
matches under way and finished become the account's, under its name, and the account
plays on where the guest left off. Another browser's guest keeps theirs."""

import pytest
from django.test import Client

from webapp.accounts.identity import Identity
from webapp.matches import endings, services
from webapp.matches.models import Match, Seat
from webapp.matches.positions import load_state

pytestmark = pytest.mark.django_db


def new_match(client: Client) -> Match:
    before = set(Match.objects.values_list("pk", flat=True))
    response = client.post(
        "/matches/new/", {"game": "octagon", "mode": "ai", "agent1": "octagon-greedy"}
    )
    assert response.status_code == 302, response.content[:300]
    return Match.objects.exclude(pk__in=before).get()


def test_a_guests_matches_move_into_the_account_made_in_the_same_browser():
    me, other = Client(), Client()
    under_way, finished, theirs = new_match(me), new_match(me), new_match(other)
    guest_key = under_way.seats.get(index=0).owner
    assert guest_key.startswith("guest:")
    services.abort_match(finished.pk, Identity(guest_key, "guest"))  # over before sign-up

    response = me.post(
        "/accounts/signup/",
        {"username": "newcomer", "password1": "a-long-pass-123", "password2": "a-long-pass-123"},
    )
    assert response.status_code == 302
    user_id = me.session["_auth_user_id"]
    for match in (under_way, finished):
        seat = Seat.objects.get(match=match, index=0)
        assert (seat.owner, str(seat.user_id), seat.name) == (
            f"user:{user_id}",
            user_id,
            "newcomer",
        )
        assert Match.objects.get(pk=match.pk).created_by == f"user:{user_id}"
    assert not Seat.objects.filter(owner=guest_key).exists()
    assert Seat.objects.get(match=theirs, index=0).owner.startswith("guest:")  # untouched

    # The account plays on in the match the guest started: its page says it is theirs.
    page = me.get(f"/matches/{under_way.pk}/").content.decode()
    assert "newcomer" in page
    state_move = load_state(Match.objects.get(pk=under_way.pk))
    move = state_move.move_to_str(state_move.legal_moves(0)[0])
    account = Identity(f"user:{user_id}", "newcomer", int(user_id))
    services.submit_move(under_way.pk, 0, 0, move, identity=account)
    assert Match.objects.get(pk=under_way.pk).ply >= 2  # and the instant AI replied


def test_a_refused_sign_up_moves_nothing():
    me = Client()
    match = new_match(me)
    response = me.post(
        "/accounts/signup/",
        {"username": "newcomer", "password1": "a-long-pass-123", "password2": "different-123"},
    )
    assert response.status_code == 200  # the form again, with its error
    assert Seat.objects.get(match=match, index=0).owner.startswith("guest:")


# ----- everything a guest owns moves: tournament entries, seeks, result texts -------------


def sign_up(client: Client, username: str = "newcomer") -> Identity:
    response = client.post(
        "/accounts/signup/",
        {"username": username, "password1": "a-long-pass-123", "password2": "a-long-pass-123"},
    )
    assert response.status_code == 302, response.content[:300]
    user_id = int(client.session["_auth_user_id"])
    return Identity(f"user:{user_id}", username, user_id)


@pytest.mark.django_db(transaction=True)  # the pairing's match is made after the commit
@pytest.mark.usefixtures("no_workers")
def test_a_guests_tournament_entries_and_seeks_move_and_the_pairings_reach_the_account():
    from webapp.seeks.models import Seek, SeekSeat
    from webapp.tournaments import people
    from webapp.tournaments.models import Tournament

    me, ann, bob = Client(), Client(), Client()
    # The guest made a Swiss (its maker), joined another, posted a seek and joined a
    # seek for four; then made an account in the same browser.
    me.post("/tournaments/people/new/", {"game": "octagon", "clock": "5+3", "name": "Mine"})
    mine = Tournament.objects.get(name="Mine")
    ann.post("/tournaments/people/new/", {"game": "octagon", "clock": "5+3", "name": "Ann's"})
    theirs = Tournament.objects.get(name="Ann's")
    me.post(f"/tournaments/{theirs.pk}/join/")
    bob.post(f"/tournaments/{mine.pk}/join/")
    me.post("/seeks/", {"game": "buttonmen", "clock": "5+3"})
    ann.post("/seeks/", {"game": "dicewars", "clock": "3d", "players": "4"})
    four = Seek.objects.get(players=4)
    me.post(f"/seeks/{four.pk}/accept/")
    guest_key = Seek.objects.get(game="buttonmen").created_by
    assert guest_key.startswith("guest:")
    guest_name = Seek.objects.get(game="buttonmen").name

    account = sign_up(me)

    entries = list(mine.entries.all()) + list(theirs.entries.filter(index=1))
    for entry in (mine.entries.get(index=0), theirs.entries.get(index=1)):
        assert (entry.agent_spec, entry.name) == (f"person:{account.key}", "newcomer")
    assert len(entries) == 3
    mine.refresh_from_db()
    assert (mine.created_by, mine.user_id) == (account.key, account.user_id)
    seek = Seek.objects.get(game="buttonmen")
    assert (seek.created_by, seek.name, seek.user_id) == (account.key, "newcomer", account.user_id)
    seat = SeekSeat.objects.get(seek=four)
    assert (seat.key, seat.name, seat.user_id) == (account.key, "newcomer", account.user_id)
    # Nothing is left under the guest's key or name.
    assert not Seek.objects.filter(created_by=guest_key).exists()
    assert not SeekSeat.objects.filter(key=guest_key).exists()
    assert not Tournament.objects.filter(created_by=guest_key).exists()
    assert guest_name not in me.get(f"/tournaments/{mine.pk}/").content.decode()

    # The account starts its Swiss (it is its maker now) and the pairing is its own: its
    # game is on its page and in Your turn, not the orphaned guest's.
    assert me.post(f"/tournaments/{mine.pk}/start/").status_code == 302
    mine.refresh_from_db()
    assert mine.status == "running"
    (game,) = mine.games.all()
    owners = set(game.match.seats.values_list("owner", flat=True))
    assert account.key in owners and guest_key not in owners
    assert people.my_matches(mine, account) == [game.match_id]
    assert f"/matches/{game.match_id}/" in me.get(f"/tournaments/{mine.pk}/").content.decode()


def test_a_guests_name_leaves_the_result_texts_of_their_matches():
    me, other = Client(), Client()
    resigned, theirs = new_match(me), new_match(other)
    guest = resigned.seats.get(index=0)
    other_guest = theirs.seats.get(index=0)
    endings.resign(resigned.pk, Identity(guest.owner, guest.name))
    endings.resign(theirs.pk, Identity(other_guest.owner, other_guest.name))
    assert Match.objects.get(pk=resigned.pk).result["reason"] == f"{guest.name} resigned"

    sign_up(me)

    assert Match.objects.get(pk=resigned.pk).result["reason"] == "newcomer resigned"
    assert Match.objects.get(pk=theirs.pk).result["reason"] == f"{other_guest.name} resigned"
    page = me.get(f"/matches/{resigned.pk}/summary.json").content.decode()
    assert guest.name not in page and "newcomer resigned" in page
