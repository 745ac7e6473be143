"""Tournaments for people: made, joined and left while open, started by their maker;
every game a live match on the tournament's clock, each Swiss round paired when the
round before it ends; standings by the names people joined with. Every refusal says
why and changes nothing."""

from __future__ import annotations

from itertools import combinations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from webapp.accounts.identity import Identity
from webapp.errors import Rejected
from webapp.leaderboards.models import Competitor, RatedMatch
from webapp.matches import endings
from webapp.matches.models import Match
from webapp.tournaments import people, standings
from webapp.tournaments.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_workers")]


def person(name: str) -> Identity:
    row = User.objects.create_user(name, password="pw")
    return Identity(key=f"user:{row.pk}", name=name, user_id=row.pk)


def active_matches(tournament: Tournament) -> list[Match]:
    ids = tournament.games.filter(match__status="active").values_list("match_id", flat=True)
    return list(Match.objects.filter(pk__in=list(ids)))


def test_a_swiss_of_four_people_over_three_rounds_pairs_each_round_by_score():
    ann, bob, cat, dan = (person(n) for n in ("ann", "bob", "cat", "dan"))
    strength = {ann.key: 4, bob.key: 3, cat.key: 2, dan.key: 1}  # who wins each game
    t = people.create(people.PeoplePlan(game="octagon", rounds=3, clock="5+3"), ann)
    for who in (bob, cat, dan):
        people.join(t.pk, who)
    t = people.start(t.pk, ann)
    seen_pairs = set()
    for round_ in (1, 2, 3):
        t.refresh_from_db()
        assert (t.status, t.round) == ("running", round_)
        matches = active_matches(t)
        assert len(matches) == 2, f"round {round_}"
        for match in matches:
            assert match.time_control == "5+3"
            owners = [s.owner for s in match.seats.order_by("index")]
            seen_pairs.add(frozenset(owners))
            # The weaker of the two resigns: the results are known in advance.
            loser = min(owners, key=strength.get)
            endings.resign(match.pk, Identity(key=loser, name="", user_id=int(loser[5:])))
    t.refresh_from_db()
    assert t.status == "finished" and t.games_done == 6
    # Four people in three rounds of a Swiss with no repeats: everyone met everyone.
    assert seen_pairs == {frozenset(p) for p in combinations(strength, 2)}
    table = standings.compute(t)["standings"]
    assert [r["name"] for r in table] == ["ann", "bob", "cat", "dan"]
    assert [r["points"] for r in table] == [3, 2, 1, 0]
    # Games between accounts count for the ratings, on the game's live board.
    assert RatedMatch.objects.filter(rated=True).count() == 6
    assert Competitor.objects.get(key=ann.key).game == "octagon"


def test_entries_close_at_the_start_and_refusals_change_nothing():
    ann, bob, cat = person("ann"), person("bob"), person("cat")
    t = people.create(people.PeoplePlan(game="buttonmen", format="roundrobin", clock="3d"), ann)
    people.join(t.pk, bob)
    with pytest.raises(Rejected) as twice:
        people.join(t.pk, bob)
    assert twice.value.code == "joined"
    with pytest.raises(Rejected) as not_maker:
        people.start(t.pk, bob)
    assert not_maker.value.code == "not_yours"
    # Leaving moves those after up a place; a place is never left empty.
    people.join(t.pk, cat)
    people.withdraw(t.pk, bob)
    assert list(t.entries.values_list("index", "name")) == [(0, "ann"), (1, "cat")]
    people.start(t.pk, ann)
    (match,) = active_matches(t)
    assert match.time_control == "3d"
    for late, code in ((lambda: people.join(t.pk, bob), "started"),
                       (lambda: people.withdraw(t.pk, cat), "started"),
                       (lambda: people.start(t.pk, ann), "started")):  # fmt: skip
        with pytest.raises(Rejected) as refused:
            late()
        assert refused.value.code == code
    assert t.entries.count() == 2 and Match.objects.count() == 1


@pytest.mark.parametrize(
    "plan, code",
    [
        (people.PeoplePlan(game="nope"), "unknown_game"),
        (people.PeoplePlan(game="octagon", format="duplicate"), "bad_format"),
        (people.PeoplePlan(game="octagon", rounds=0), "bad_rounds"),
        (people.PeoplePlan(game="octagon", clock=""), "bad_clock"),
        (people.PeoplePlan(game="octagon", clock="2d"), "bad_clock"),
    ],
)
def test_a_bad_plan_is_refused_and_stores_nothing(plan, code):
    with pytest.raises(Rejected) as refused:
        people.create(plan, person("ann"))
    assert refused.value.code == code
    assert Tournament.objects.count() == 0


def test_the_pages_make_join_and_start_a_tournament_for_people():
    maker, other = Client(), Client()
    made = maker.post(
        "/tournaments/people/new/",
        {"game": "octagon", "format": "swiss", "rounds": "2", "clock": "5+3", "name": "Fri"},
    )
    t = Tournament.objects.get()
    assert made.status_code == 302 and made.url == f"/tournaments/{t.pk}/"
    page = other.get(made.url)
    assert b'id="join"' in page.content and b"5+3" in page.content
    assert other.post(f"/tournaments/{t.pk}/join/").status_code == 302
    assert b'id="start"' in maker.get(made.url).content
    assert maker.post(f"/tournaments/{t.pk}/start/").status_code == 302
    t.refresh_from_db()
    assert t.status == "running" and t.rounds == 1  # two people: one round is all there is
    (match,) = active_matches(t)
    assert f"/matches/{match.pk}/".encode() in other.get(made.url).content
    refused = maker.post("/tournaments/people/new/", {"game": "octagon", "clock": ""})
    assert refused.status_code == 400 and b"needs a clock" in refused.content


def test_a_scheduled_tournament_opens_then_starts_itself_or_is_cancelled():
    from datetime import timedelta

    from django.utils import timezone

    from webapp.tournaments import tasks

    spec = {"game": "octagon", "format": "swiss", "rounds": 2, "clock": "5+3"}
    made = tasks.scheduled_people_tournament(spec, "Nightly", every_s=86400, lead_s=86400)
    assert made.startswith("tournaments ")
    # One per start time: beat running it again before the next day makes no second one.
    assert (
        tasks.scheduled_people_tournament(spec, "Nightly", 86400, lead_s=86400)
        == "nothing new to announce"
    )
    t = Tournament.objects.get()
    assert t.status == "open" and t.entries.count() == 0  # the schedule enters nobody
    assert people.start_due() == {"started": 0, "cancelled": 0}  # not due yet
    for who in (person("ann"), person("bob")):
        people.join(t.pk, who)
    assert people.start_due(t.starts_at + timedelta(seconds=1)) == {
        "started": 1,
        "cancelled": 0,
    }
    t.refresh_from_db()
    assert t.status == "running" and len(active_matches(t)) == 1
    # A second one nobody joins is cancelled at its hour, with the reason.
    lonely = people.create(
        people.PeoplePlan(game="octagon"),
        Identity(key="schedule:x", name="x"),
        starts_at=timezone.now(),
    )
    assert people.start_due() == {"started": 0, "cancelled": 1}
    lonely.refresh_from_db()
    assert lonely.status == "cancelled" and "fewer than two" in lonely.error
