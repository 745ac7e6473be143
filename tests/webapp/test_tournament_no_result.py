"""An aborted tournament game (nobody moved: the fair start, or a player aborted before
moving) has no result: it gives nobody points, wins, draws or losses and is no game in
the standings, on the page, in the CSV or the JSON; the games list says "aborted: no
result". A Swiss goes on to its next round without pairing the two again; an arena
gives no draw's point for it."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from webapp.accounts.identity import Identity
from webapp.matches import endings, services
from webapp.matches.models import Match
from webapp.tournaments import people, standings
from webapp.tournaments.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_workers")]


def person(name: str) -> Identity:
    row = User.objects.create_user(name, password="pw")
    return Identity(key=f"user:{row.pk}", name=name, user_id=row.pk)


def in_play(t: Tournament) -> dict[frozenset, Match]:
    """The live matches, by the pair of names playing."""
    ids = t.games.filter(match__status="active").values_list("match_id", flat=True)
    return {
        frozenset(s.name for s in m.seats.all()): m for m in Match.objects.filter(pk__in=list(ids))
    }


def by_name(t: Tournament) -> dict[str, dict]:
    return {row["name"]: row for row in standings.compute(t)["standings"]}


def test_an_aborted_swiss_game_is_no_result_and_the_next_round_is_paired_without_it():
    ann, bob, cat, dan = (person(n) for n in ("ann", "bob", "cat", "dan"))
    t = people.create(people.PeoplePlan(game="octagon", rounds=3, clock="5+3"), ann)
    for who in (bob, cat, dan):
        people.join(t.pk, who)
    t = people.start(t.pk, ann)
    first = in_play(t)
    assert set(first) == {frozenset(("ann", "bob")), frozenset(("cat", "dan"))}
    endings.resign(first[frozenset(("ann", "bob"))].pk, bob)  # finished: ann won
    aborted = first[frozenset(("cat", "dan"))]
    services.abort_match(aborted.pk, cat)  # before anyone moved: no result
    aborted.refresh_from_db()
    assert aborted.status == "aborted" and aborted.result is None

    t.refresh_from_db()
    assert (t.status, t.round, t.games_done) == ("running", 2, 2)  # the round is over
    rows = by_name(t)
    assert {n: (r["games"], r["wins"], r["draws"], r["losses"]) for n, r in rows.items()} == {
        "ann": (1, 1, 0, 0),
        "bob": (1, 0, 0, 1),
        "cat": (0, 0, 0, 0),
        "dan": (0, 0, 0, 0),
    }
    # No draw's half point for cat and dan, and no opponent for their tie-breaks.
    assert {n: r["points"] for n, r in rows.items()} == {"ann": 1, "bob": 0, "cat": 0, "dan": 0}
    assert rows["cat"]["buchholz"] == rows["dan"]["buchholz"] == 0
    assert [r["name"] for r in standings.compute(t)["standings"]][0] == "ann"
    # Round 2: cat and dan have met, so they are not paired again.
    second = set(in_play(t))
    assert len(second) == 2 and frozenset(("cat", "dan")) not in second

    page = " ".join(Client().get(f"/tournaments/{t.pk}/").content.decode().split())
    assert "aborted: no result" in page
    points = re.findall(r'<td class="swiss-points">([^<]*)</td>', page)
    assert sorted(points) == ["0", "0", "0", "1"]

    body = Client().get(f"/tournaments/{t.pk}.csv").content.decode()
    table = list(csv.DictReader(io.StringIO(body)))
    assert sorted(int(r["games"]) for r in table) == [0, 0, 1, 1]
    assert sum(int(r["draws"]) for r in table) == 0

    exported = Client().get(f"/tournaments/{t.pk}.json").json()
    assert sorted(r["points"] for r in exported["standings"]) == [0, 0, 0, 1]
    assert sum(r["draws"] for r in exported["standings"]) == 0
    first_round = [g for g in exported["games"] if g["round"] == 1]
    assert sorted(g["match_status"] for g in first_round) == ["aborted", "finished"]
    assert [g["result"] for g in first_round if g["match_status"] == "aborted"] == [None]


def test_an_aborted_arena_game_gives_no_draw_points():
    who = [person(n) for n in ("ann", "bob", "cat", "dan")]
    ann, bob, cat, dan = who
    t = people.create(
        people.PeoplePlan(game="octagon", format="arena", clock="5+3", minutes=30), ann
    )
    for other in who[1:]:
        people.join(t.pk, other)
    t = people.start(t.pk, ann)
    first = in_play(t)
    assert set(first) == {frozenset(("ann", "bob")), frozenset(("cat", "dan"))}
    services.abort_match(first[frozenset(("cat", "dan"))].pk, dan)
    endings.resign(first[frozenset(("ann", "bob"))].pk, bob)
    t.refresh_from_db()
    rows = by_name(t)
    assert {n: (r["points"], r["games"], r["draws"]) for n, r in rows.items()} == {
        "ann": (2, 1, 0),
        "bob": (0, 1, 0),
        "cat": (0, 0, 0),
        "dan": (0, 0, 0),
    }
    page = " ".join(Client().get(f"/tournaments/{t.pk}/").content.decode().split())
    assert "aborted: no result" in page
    assert sorted(re.findall(r'<td class="arena-points">([^<]*)</td>', page)) == [
        "0",
        "0",
        "0",
        "2",
    ]
