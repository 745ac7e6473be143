"""A guest who makes an account in the same browser keeps their matches: the seats of
matches under way and finished become the account's, under its name, and the account
plays on where the guest left off. Another browser's guest keeps theirs."""

import pytest
from django.test import Client

from webapp.accounts.identity import Identity
from webapp.matches import services
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
