"""Tournament pages for people read as a person expects: a cancelled or empty tournament is
a normal page that says what happened; the next scheduled events are listed with a
countdown and take entries well before they start; no page shows a seed, a Python dict,
"Pairing 0", "18 / 0" or "1 games"."""

from __future__ import annotations

import json
import re
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
    """An event of a schedule for people, starting ``starts_in`` from now."""
    starts = timezone.now() + starts_in
    return people.create(
        people.PeoplePlan(game="dicewars", format=format, clock="5+3", minutes=30),
        Identity(key=f"{people.SCHEDULE}Hourly", name="Hourly"),
        starts_at=starts,
        schedule_key=f"Hourly@{starts.isoformat()}",
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


# ----- the next scheduled events: listed ahead, with a countdown, joinable ----------------


def test_the_next_hourly_arenas_are_announced_ahead_listed_with_a_countdown_and_joinable():
    from django_celery_beat.models import PeriodicTask

    from webapp.tournaments import schedules, tasks

    schedules.install_defaults()
    for name in (schedules.PEOPLE_ARENA["name"], schedules.PEOPLE_SWISS["name"]):
        task = PeriodicTask.objects.get(name=name)
        assert tasks.scheduled_people_tournament(**json.loads(task.kwargs)).startswith(
            "tournaments "
        )
        # Beat asks again every few minutes: nothing is made twice.
        assert tasks.scheduled_people_tournament(**json.loads(task.kwargs)) == (
            "nothing new to announce"
        )
    arenas = list(Tournament.objects.filter(format="arena").order_by("starts_at"))
    now = timezone.now()
    # The next two hourly arenas, on the hour: the next hour's is open an hour ahead.
    assert len(arenas) == 2
    assert all((a.starts_at.minute, a.starts_at.second, a.status) == (0, 0, "open") for a in arenas)
    assert arenas[1].starts_at - arenas[0].starts_at == timedelta(hours=1)
    assert arenas[1].starts_at - now > timedelta(hours=1)
    (swiss,) = Tournament.objects.filter(format="swiss")
    assert swiss.starts_at.hour == 18 and timedelta(0) < swiss.starts_at - now <= timedelta(days=1)

    visitor = Client()
    page = visitor.get("/tournaments/").content.decode()
    upcoming = page[page.index('id="upcoming"') : page.index('id="all-tournaments"')]
    for t in [*arenas, swiss]:
        assert f'data-id="{t.pk}"' in upcoming
        assert f'data-countdown="{t.starts_at.isoformat()}"' in upcoming
    assert upcoming.count('class="primary join"') == 3
    assert "arena" in page[: page.index('id="upcoming"')].lower()  # the text says what it is
    # Joining from the list: the visitor is in, and the list says so.
    assert visitor.post(f"/tournaments/{arenas[1].pk}/join/").status_code == 302
    assert arenas[1].entries.count() == 1
    page = visitor.get("/tournaments/").content.decode()
    assert page.count("You are in") == 1
    # Its page counts down to the start and says the arena's rules.
    detail = visitor.get(f"/tournaments/{arenas[1].pk}/").content.decode()
    assert f'data-countdown="{arenas[1].starts_at.isoformat()}"' in detail
    assert "It runs 30 minutes once started" in detail


def test_a_running_arena_is_listed_as_on_now_and_cancelled_empty_runs_leave_the_list():
    gone = scheduled(starts_in=timedelta(seconds=-1))
    people.start_due()
    assert Tournament.objects.get(pk=gone.pk).status == "cancelled"
    on = scheduled(starts_in=timedelta(seconds=-1))
    for who in ("ann", "bob"):
        people.join(on.pk, person(who))
    people.start_due()
    page = Client().get("/tournaments/").content.decode()
    on_now = page[page.index('id="on-now"') : page.index('id="upcoming"')]
    assert f'data-id="{on.pk}"' in on_now and "Join the arena now" in on_now
    assert f"/tournaments/{gone.pk}/" not in page
    assert f"/tournaments/{gone.pk}/" in Client().get("/tournaments/scheduled/").content.decode()


# ----- pages read as a person expects ----------------------------------------------------

INTERNALS = [
    re.compile(r"\{'"),  # a Python dict of options
    re.compile(r"\b1 games\b"),
    re.compile(r"\bPairing\b"),
    re.compile(r"\b\d+ / 0\b"),
    re.compile(r"[0-9a-f]{32}"),  # a seed
    re.compile(r">\s*0 \(moves first\)"),
]


def visible_text(html: str) -> str:
    """The page's words as read: no tags, scripts or attributes."""
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_a_people_arena_page_shows_names_words_and_no_internals():
    t = people.create(
        people.PeoplePlan(game="dicewars", format="arena", clock="5+3", minutes=30),
        person("ann"),
    )
    for name in ("bob", "cat"):
        people.join(t.pk, person(name))
    for client, url in ((Client(), f"/tournaments/{t.pk}/"), (Client(), "/tournaments/")):
        text = visible_text(client.get(url).content.decode())
        for pattern in INTERNALS:
            assert not pattern.search(text), (url, pattern.pattern)
    t = people.start(t.pk, Identity(t.created_by, "ann"))
    from webapp.matches import endings

    match = t.games.get(pairing=0).match
    loser = match.seats.get(index=1)
    endings.resign(match.pk, Identity(loser.owner, loser.name))
    for url in (f"/tournaments/{t.pk}/", "/tournaments/", "/tournaments/scheduled/"):
        text = visible_text(Client().get(url).content.decode())
        for pattern in INTERNALS:
            assert not pattern.search(text), (url, pattern.pattern)
        assert "dicewars" not in text, url  # the game's title, never its slug
    text = " ".join(visible_text(Client().get(f"/tournaments/{t.pk}/").content.decode()).split())
    assert "Dice Wars · Arena, 30 minutes · 5+3 (minutes + seconds a move)" in text
    assert "1 game played" in text
    assert f"{loser.name} resigned" in text and "won" in text
    assert "The Dice Wars rules as the lobby plays them" in text
