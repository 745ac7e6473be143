"""Rated or casual for every kind of game between people: a friend invite from the
lobby may be casual now (it was always rated); seeks, quick pairing and rematches keep
what was chosen. The match page and the game-over card say which it is."""

import pytest
from django.test import Client

from webapp.accounts.identity import Identity
from webapp.matches import endings
from webapp.matches.models import Match

from .helpers import row_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


def signed_in(django_user_model, name: str) -> Client:
    client = Client()
    client.force_login(django_user_model.objects.create_user(name, password="a-long-pass-123"))
    return client


def invite(client: Client, **extra) -> Match:
    form = {"game": "octagon", "mode": "friend", "seat": "0", "clock": "5+3", **extra}
    answer = client.post("/matches/new/", form)
    assert answer.status_code == 302, answer.content[:300]
    return Match.objects.latest("pk")


@pytest.mark.parametrize("stakes,rated", [("casual", False), ("rated", True), (None, True)])
def test_a_friend_invite_is_rated_or_casual_as_chosen(django_user_model, stakes, rated):
    ann = signed_in(django_user_model, "ann")
    match = invite(ann, **({"stakes": stakes} if stakes else {}))
    assert match.rated is rated


def test_bad_stakes_are_refused_and_make_nothing(django_user_model):
    ann = signed_in(django_user_model, "ann")
    before = row_counts()
    answer = ann.post("/matches/new/", {"game": "octagon", "mode": "friend", "stakes": "double"})
    assert answer.status_code == 400 and b"rated or casual" in answer.content
    assert row_counts() == before


def test_the_match_page_and_the_card_say_casual(django_user_model):
    ann, ben = signed_in(django_user_model, "ann"), signed_in(django_user_model, "ben")
    match = invite(ann, stakes="casual")
    ben.post(f"/matches/{match.pk}/join/")
    page = ann.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="stakes"' in page and "Casual game: no rating changes" in page
    endings.resign(match.pk, Identity(f"user:{match.seats.get(index=1).user_id}", "ben"))
    card = ann.get(f"/matches/{match.pk}/summary.json").json()
    assert card["stakes"] == {
        "rated": False,
        "casual": True,
        "text": "Casual game: no rating changes",
    }
    assert card["ratings"] == []


def test_a_rated_game_between_accounts_says_rated_and_a_guests_says_why_not(
    django_user_model, client
):
    ann, ben = signed_in(django_user_model, "ann"), signed_in(django_user_model, "ben")
    match = invite(ann)
    ben.post(f"/matches/{match.pk}/join/")
    assert "Rated game" in ann.get(f"/matches/{match.pk}/").content.decode()
    client.get("/")
    guest_game = invite(client)
    page = client.get(f"/matches/{guest_game.pk}/").content.decode()
    assert "Not rated: guests have no rating" in page
