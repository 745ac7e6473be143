"""Tournament pages for people read as a person expects: a cancelled or empty tournament is
a normal page that says what happened; the next scheduled events are listed with a
countdown and take entries well before they start; no page shows a seed, a Python dict,
"Pairing 0", "18 / 0" or "1 games"."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from webapp.accounts.identity import Identity
from webapp.tournaments import people
from webapp.tournaments.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_workers")]


def person(name: str) -> Identity:
    row = User.objects.create_user(name, password="pw")
    return Identity(key=f"user:{row.pk}", name=name, user_id=row.pk)


def signed_in(name: str) -> Client:
    client = Client()
    client.login(username=name, password="pw")
    return client


def scheduled(format: str = "arena", starts_in: timedelta = timedelta(0)) -> Tournament:
    return people.create(
        people.PeoplePlan(game="dicewars", format=format, clock="5+3", minutes=30),
        Identity(key=f"{people.SCHEDULE}Hourly", name="Hourly"),
        starts_at=timezone.now() + starts_in,
    )


# ----- a cancelled or empty tournament is a normal page ---------------------------------


@pytest.mark.parametrize("joined", [0, 1])
def test_a_scheduled_arena_nobody_joins_is_cancelled_and_its_page_says_so(joined):
    t = scheduled()
    if joined:
        people.join(t.pk, person("ann"))
    assert people.start_due() == {"started": 0, "cancelled": 1}
    visitor = Client()
    for url in (f"/tournaments/{t.pk}/", f"/tournaments/{t.pk}.json", f"/tournaments/{t.pk}.csv",
                f"/api/tournaments/{t.pk}", "/tournaments/", "/tournaments/scheduled/"):  # fmt: skip
        assert visitor.get(url).status_code == 200, url
    page = visitor.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'id="t-what-happened"' in page
    assert "Cancelled" in page and "fewer than two people had joined" in page
    assert "No games were played" in page
    assert "Something went wrong" not in page


def test_cancel_on_your_own_swiss_leaves_a_page_that_says_who_cancelled_it():
    ann = person("ann")
    maker = signed_in("ann")
    made = maker.post(
        "/tournaments/people/new/",
        {"game": "octagon", "format": "swiss", "rounds": "5", "clock": "5+3"},
    )
    t = Tournament.objects.get()
    people.join(t.pk, person("bob"))
    people.join(t.pk, person("cat"))  # three people, five rounds asked: more than they allow
    assert b'id="cancel"' in maker.get(made.url).content
    assert maker.post(f"/tournaments/{t.pk}/cancel/").status_code == 302
    t.refresh_from_db()
    assert t.status == "cancelled"
    for client in (maker, Client()):
        response = client.get(made.url)
        assert response.status_code == 200
        page = response.content.decode()
        assert "Cancelled by its maker" in page and "No games were played" in page
    # A second press of Cancel (an old page) changes nothing and breaks nothing.
    again = maker.post(f"/tournaments/{t.pk}/cancel/")
    assert again.status_code == 302 and maker.get(made.url).status_code == 200
    assert people.my_matches(t, ann) == []


def test_a_guest_who_made_a_swiss_may_cancel_it_and_nobody_else_may():
    maker, other = Client(), Client()
    made = maker.post("/tournaments/people/new/", {"game": "octagon", "clock": "5+3"})
    t = Tournament.objects.get()
    assert b'id="cancel"' in maker.get(made.url).content
    assert b'id="cancel"' not in other.get(made.url).content
    assert other.post(f"/tournaments/{t.pk}/cancel/").status_code == 403
    assert Tournament.objects.get().status == "open"
    maker.post(f"/tournaments/{t.pk}/cancel/")
    assert Tournament.objects.get().status == "cancelled"
    assert other.get(made.url).status_code == 200
