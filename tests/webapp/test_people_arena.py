"""An arena for people: a time window in which whoever finishes a game is paired again
at once with whoever else is free, by points; people may join while it runs; the games
under way when the window closes still count, and the last of them closes it. Every
game is a live match on the arena's clock; the standings are by arena points."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from webapp.accounts.identity import Identity
from webapp.bots.models import Bot, BotSeat
from webapp.errors import Rejected
from webapp.matches import endings
from webapp.matches.models import Match
from webapp.tournaments import people, playing, standings
from webapp.tournaments.models import Tournament, TournamentGame

from .bot_helpers import make_bot

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_workers")]


def person(name: str) -> Identity:
    row = User.objects.create_user(name, password="pw")
    return Identity(key=f"user:{row.pk}", name=name, user_id=row.pk)


def in_play(t: Tournament) -> dict[frozenset, Match]:
    """The arena's live matches, by the pair of names playing."""
    ids = t.games.filter(match__status="active").values_list("match_id", flat=True)
    return {
        frozenset(s.name for s in m.seats.all()): m for m in Match.objects.filter(pk__in=list(ids))
    }


def beats(winner: Identity, loser: Identity, t: Tournament) -> None:
    """The loser resigns their game against the winner."""
    match = in_play(t)[frozenset((winner.name, loser.name))]
    endings.resign(match.pk, loser)


def arena(*names: str, minutes: int = 30) -> tuple[Tournament, list[Identity]]:
    who = [person(n) for n in names]
    t = people.create(
        people.PeoplePlan(game="octagon", format="arena", clock="5+3", minutes=minutes), who[0]
    )
    for other in who[1:]:
        people.join(t.pk, other)
    return people.start(t.pk, who[0]), who


def test_an_arena_pairs_people_as_they_finish_takes_late_entries_and_closes_after_its_window():
    t, (ann, bob, cat, dan) = arena("ann", "bob", "cat", "dan")
    assert t.status == "running" and t.total_games == 0
    assert timedelta(minutes=29) < t.ends_at - t.started_at <= timedelta(minutes=30)
    assert set(in_play(t)) == {frozenset(("ann", "bob")), frozenset(("cat", "dan"))}
    for match in in_play(t).values():
        assert match.time_control == "5+3"

    beats(ann, bob, t)
    # Ann and Bob are free, Cat and Dan still play: no rematch at once, they wait.
    assert set(in_play(t)) == {frozenset(("cat", "dan"))}
    beats(cat, dan, t)
    # All four free: the winners meet, and the losers.
    assert set(in_play(t)) == {frozenset(("ann", "cat")), frozenset(("bob", "dan"))}

    # Eve joins while it runs; she waits for the next to finish, then meets them.
    eve = person("eve")
    people.join(t.pk, eve)
    assert len(in_play(t)) == 2
    beats(ann, cat, t)
    # Ann (4 points, two wins: on a streak) is nearest Cat (2) but has just met her: Eve.
    assert frozenset(("ann", "eve")) in in_play(t)
    assert t.games.count() == 5

    # The window closes: nobody new is paired, the games under way still count.
    Tournament.objects.filter(pk=t.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(Rejected) as late:
        people.join(t.pk, person("fay"))
    assert late.value.code == "started"
    beats(dan, bob, t)
    assert set(in_play(t)) == {frozenset(("ann", "eve"))}  # Bob and Dan are not paired
    people.start_due()  # the sweep: a game is still on, so it stays open
    assert Tournament.objects.get(pk=t.pk).status == "running"
    beats(ann, eve, t)  # a win on a streak scores double
    t.refresh_from_db()
    assert t.status == "finished" and t.games_done == 5

    table = standings.compute(t)["standings"]
    rows = {r["name"]: r for r in table}
    assert [r["name"] for r in table][:1] == ["ann"]
    assert rows["ann"]["points"] == 2 + 2 + 4 and rows["ann"]["on_streak"]
    assert rows["cat"]["points"] == 2 and rows["dan"]["points"] == 2
    assert rows["bob"]["points"] == 0 and rows["eve"]["points"] == 0


def test_the_sweep_closes_an_arena_whose_window_closed_with_no_game_left():
    t, (ann, bob, cat) = arena("ann", "bob", "cat")
    # A crash lost the step after the last game: its row is done, nobody paired anyone.
    TournamentGame.objects.filter(tournament=t).update(status=TournamentGame.Status.DONE)
    people.start_due()
    assert Tournament.objects.get(pk=t.pk).status == "running"  # the window is still open
    Tournament.objects.filter(pk=t.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    people.start_due()
    assert Tournament.objects.get(pk=t.pk).status == "finished"


@pytest.mark.parametrize("minutes", [0, 181])
def test_an_arena_runs_one_to_180_minutes(minutes):
    with pytest.raises(Rejected) as refused:
        people.create(
            people.PeoplePlan(game="octagon", format="arena", minutes=minutes), person("ann")
        )
    assert refused.value.code == "bad_minutes"
    assert Tournament.objects.count() == 0


def test_the_pages_make_an_arena_and_take_a_late_entry():
    maker, other, late = Client(), Client(), Client()
    made = maker.post(
        "/tournaments/people/new/",
        {"game": "octagon", "format": "arena", "minutes": "20", "clock": "3+2", "name": "Blitz"},
    )
    t = Tournament.objects.get()
    assert made.status_code == 302 and (t.format, t.window_min) == ("arena", 20)
    assert b"runs 20 minutes once started" in other.get(made.url).content
    other.post(f"/tournaments/{t.pk}/join/")
    maker.post(f"/tournaments/{t.pk}/start/")
    page = late.get(made.url).content.decode()
    assert 'id="t-ends"' in page and "Join the arena now" in page and "0 games played" in page
    assert late.post(f"/tournaments/{t.pk}/join/").status_code == 302
    assert t.entries.count() == 3
    assert "Join the arena now" not in late.get(made.url).content.decode()


def test_the_hourly_dice_wars_arena_is_installed_and_opens_for_entries():
    from django_celery_beat.models import PeriodicTask

    from webapp.tournaments import schedules, tasks

    schedules.install_defaults()
    task = PeriodicTask.objects.get(name=schedules.PEOPLE_ARENA["name"])
    assert task.interval.every == schedules.PEOPLE_CHECK_S
    kwargs = json.loads(task.kwargs)
    made = tasks.scheduled_people_tournament(**kwargs)
    assert made.startswith("tournaments ")
    t = Tournament.objects.filter(format="arena").order_by("starts_at").first()
    assert (t.game, t.status, t.window_min, t.clock) == ("dicewars", "open", 30, "5+3")
    assert timedelta(0) < t.starts_at - timezone.now() <= timedelta(hours=1)
    assert (t.starts_at.minute, t.starts_at.second) == (0, 0)  # on the hour
    # Two join; at its hour it starts and pairs them; its window runs from then.
    for who in (person("ann"), person("bob")):
        people.join(t.pk, who)
    people.start_due(t.starts_at + timedelta(seconds=1))
    t.refresh_from_db()
    assert t.status == "running" and len(in_play(t)) == 1


def test_a_tournament_games_card_links_back_and_to_the_next_game_once_paired():
    t, (ann, bob, cat, dan) = arena("ann", "bob", "cat", "dan")
    first = in_play(t)[frozenset(("ann", "bob"))]
    beats(ann, bob, t)
    as_bob = Client()
    as_bob.login(username="bob", password="pw")
    card = as_bob.get(f"/matches/{first.pk}/summary.json").json()
    assert card["tournament"]["url"] == f"/tournaments/{t.pk}/"
    assert card["tournament"]["next_match"] is None  # waiting for Cat and Dan
    beats(cat, dan, t)
    card = as_bob.get(f"/matches/{first.pk}/summary.json").json()
    following = in_play(t)[frozenset(("bob", "dan"))]
    assert card["tournament"]["next_url"] == f"/matches/{following.pk}/"
    # Someone watching has no next game there.
    assert (
        Client().get(f"/matches/{first.pk}/summary.json").json()["tournament"]["next_match"] is None
    )


def test_an_outside_bot_joins_a_tournament_for_people_and_its_game_waits_for_its_socket(client):
    ann, bob, cat = person("ann"), person("bob"), person("cat")
    bot, token = make_bot("joiner", ["octagon"])
    _, footsies_only = make_bot("sidestep", ["footsies"])
    t = people.create(people.PeoplePlan(game="octagon", rounds=1, clock="5+3"), ann)
    people.join(t.pk, bob)
    people.join(t.pk, cat)
    as_bot = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    joined = client.post(f"/api/tournaments/{t.pk}/join", **as_bot)
    assert joined.status_code == 200 and joined.json()["entrant"] == 3
    again = client.post(f"/api/tournaments/{t.pk}/join", **as_bot)
    assert (again.status_code, again.json()["code"]) == (409, "joined")
    wrong = client.post(
        f"/api/tournaments/{t.pk}/join", HTTP_AUTHORIZATION=f"Bearer {footsies_only}"
    )
    assert (wrong.status_code, wrong.json()["code"]) == (403, "bot_cannot_play")
    assert client.post(f"/api/tournaments/{t.pk}/join").status_code == 401
    assert t.entries.count() == 4
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert page.count('title="an outside program">bot</span>') == 1

    people.start(t.pk, ann)
    # Ann meets Bob at once; Cat's game waits while the bot's socket is closed.
    assert set(in_play(t)) == {frozenset(("ann", "bob"))}
    pending = t.games.filter(match__isnull=True)
    assert pending.count() == 1 and sorted(pending.get().seating) == [2, 3]
    # Its socket opens: the game starts as a live match with the bot in its seat.
    Bot.objects.filter(pk=bot.pk).update(channel="bench", seen_at=timezone.now())
    assert playing.pump(t.pk) == 1
    assert frozenset(("cat", "joiner")) in in_play(t)
    assert BotSeat.objects.filter(bot=bot).count() == 1
