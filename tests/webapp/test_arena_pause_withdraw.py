"""Leaving a tournament under way (lichess's rules): in an arena a person may pause (not
paired until they resume) or withdraw (out of the pairing, score kept; they may join
again while the window is open); in a Swiss they may withdraw between rounds (not paired
in later rounds, points kept). Server-enforced, a second press harmless, and the
tournament's open pages are told."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.test import Client

from webapp.accounts.identity import Identity
from webapp.accounts.models import ApiToken
from webapp.errors import Rejected
from webapp.matches import endings
from webapp.matches.models import Match
from webapp.tournaments import people, standings
from webapp.tournaments.models import Entry, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_workers")]


def person(name: str) -> Identity:
    row = User.objects.create_user(name, password="pw")
    return Identity(key=f"user:{row.pk}", name=name, user_id=row.pk)


def in_play(t: Tournament) -> dict[frozenset, Match]:
    ids = t.games.filter(match__status="active").values_list("match_id", flat=True)
    return {
        frozenset(s.name for s in m.seats.all()): m for m in Match.objects.filter(pk__in=list(ids))
    }


def beats(winner: Identity, loser: Identity, t: Tournament) -> None:
    endings.resign(in_play(t)[frozenset((winner.name, loser.name))].pk, loser)


def made(fmt: str, *names: str, **plan) -> tuple[Tournament, list[Identity]]:
    who = [person(n) for n in names]
    t = people.create(people.PeoplePlan(game="octagon", format=fmt, clock="5+3", **plan), who[0])
    for other in who[1:]:
        people.join(t.pk, other)
    return people.start(t.pk, who[0]), who


def state(t: Tournament, who: Identity) -> str:
    return t.entries.get(agent_spec=f"person:{who.key}").state


def test_a_paused_player_is_not_paired_until_they_resume_and_keeps_their_points():
    t, (ann, bob, cat, dan) = made("arena", "ann", "bob", "cat", "dan")
    assert people.pause(t.pk, bob) is True
    assert people.pause(t.pk, bob) is False  # a second press: nothing more happens
    assert state(t, bob) == "paused"
    beats(ann, bob, t)  # Bob's game under way still counts
    beats(cat, dan, t)
    # Bob is paused: Ann, Cat and Dan are free; Ann (2) meets Cat (2), Dan waits.
    assert set(in_play(t)) == {frozenset(("ann", "cat"))}
    beats(cat, ann, t)
    # Cat (4) has just met Ann: she meets Dan; Ann waits, Bob is paused.
    assert set(in_play(t)) == {frozenset(("cat", "dan"))}
    assert people.resume(t.pk, bob) is True
    # Bob is back: he is paired at once with whoever is free (Ann).
    assert set(in_play(t)) == {frozenset(("cat", "dan")), frozenset(("ann", "bob"))}
    assert people.resume(t.pk, bob) is False
    rows = {r["name"]: r for r in standings.compute(t)["standings"]}
    assert rows["cat"]["points"] == 4 and rows["bob"]["points"] == 0


def test_a_withdrawn_player_leaves_the_pool_keeps_their_score_and_may_join_again():
    t, (ann, bob, cat) = made("arena", "ann", "bob", "cat")
    people.withdraw(t.pk, ann)  # while her game with Bob is on (Cat waits)
    people.withdraw(t.pk, ann)  # harmless
    assert state(t, ann) == "withdrawn"
    beats(ann, bob, t)  # her game still counts; she is not paired again, Bob and Cat are
    assert set(in_play(t)) == {frozenset(("bob", "cat"))}
    with pytest.raises(Rejected) as paused:
        people.pause(t.pk, ann)
    assert paused.value.code == "withdrawn"
    rows = {r["name"]: r for r in standings.compute(t)["standings"]}
    assert rows["ann"]["points"] == 2 and rows["ann"]["state"] == "withdrawn"
    # Ann comes back while the window is open, her 2 points kept, and is paired as soon
    # as someone is free.
    people.join(t.pk, ann)
    assert state(t, ann) == "active" and t.entries.count() == 3
    beats(cat, bob, t)
    assert set(in_play(t)) == {frozenset(("ann", "cat"))}
    assert {r["name"]: r for r in standings.compute(t)["standings"]}["ann"]["points"] == 2


def test_a_swiss_withdrawal_takes_effect_from_the_next_round_and_keeps_the_points():
    t, (ann, bob, cat, dan) = made("swiss", "ann", "bob", "cat", "dan", rounds=3)
    assert t.total_games == 6
    round1 = in_play(t)
    people.withdraw(t.pk, ann)  # while her round-1 game is on
    people.withdraw(t.pk, ann)
    t.refresh_from_db()
    assert t.total_games == 2 + 2 * 1  # rounds 2 and 3 have one table each now
    assert state(t, ann) == "withdrawn"
    assert t.entries.get(agent_spec=f"person:{ann.key}").out_from_round == 2
    # Ann's round-1 game is still hers to play: she wins it.
    for pair, match in round1.items():
        loser = next(p for p in (ann, bob, cat, dan) if p.name in pair and p.name != min(pair))
        endings.resign(match.pk, loser)
    t.refresh_from_db()
    assert t.round == 2
    (only,) = in_play(t)
    assert "ann" not in only and len(only) == 2
    for match in in_play(t).values():
        endings.resign(match.pk, next(p for p in (bob, cat, dan) if p.key in {
            s.owner for s in match.seats.all()}))  # fmt: skip
    t.refresh_from_db()
    assert t.round == 3 and all("ann" not in pair for pair in in_play(t))
    for match in in_play(t).values():
        owner = match.seats.get(index=0).owner
        endings.resign(match.pk, next(p for p in (bob, cat, dan) if p.key == owner))
    t.refresh_from_db()
    assert t.status == "finished" and t.games_done == 4 == t.total_games
    rows = {r["name"]: r for r in standings.compute(t)["standings"]}
    assert rows["ann"]["points"] == 1 and rows["ann"]["games"] == 1


def test_withdrawals_that_leave_one_player_end_a_swiss_after_the_round_under_way():
    t, (ann, bob, cat) = made("swiss", "ann", "bob", "cat", rounds=3)
    people.withdraw(t.pk, bob)
    people.withdraw(t.pk, cat)
    (match,) = in_play(t).values()
    loser = next(p for p in (ann, bob, cat) if p.key == match.seats.get(index=1).owner)
    endings.resign(match.pk, loser)
    t.refresh_from_db()
    assert t.status == "finished" and t.games_done == 1 == t.total_games


def test_what_may_not_be_done_is_refused_and_changes_nothing():
    t, (ann, bob) = made("roundrobin", "ann", "bob")
    with pytest.raises(Rejected) as rr:
        people.withdraw(t.pk, bob)
    assert rr.value.code == "started"
    swiss, (cat, dan) = made("swiss", "cat", "dan")
    with pytest.raises(Rejected) as not_arena:
        people.pause(swiss.pk, cat)
    assert not_arena.value.code == "not_arena"
    arena, (eve, fay) = made("arena", "eve", "fay")
    with pytest.raises(Rejected) as stranger:
        people.pause(arena.pk, ann)
    assert stranger.value.code == "not_entered"
    Tournament.objects.filter(pk=arena.pk).update(status="finished")
    with pytest.raises(Rejected) as over:
        people.withdraw(arena.pk, eve)
    assert over.value.code == "over"
    assert set(Entry.objects.values_list("state", flat=True)) == {"active"}


def test_the_buttons_and_the_api_pause_resume_and_withdraw_and_the_page_is_told():
    t, (ann, bob, cat, dan) = made("arena", "ann", "bob", "cat", "dan")
    as_bob = Client()
    as_bob.login(username="bob", password="pw")
    url = f"/tournaments/{t.pk}/"
    page = as_bob.get(url).content.decode()
    assert 'id="pause"' in page and 'id="withdraw"' in page

    async def pause_while_watching() -> dict:
        """Bob presses Pause twice while the tournament's socket is open: the frame it
        pushes says who is paired (through the real ASGI stack and channel layer)."""
        from webapp.config.asgi import application

        socket = WebsocketCommunicator(
            application, f"/ws/tournaments/{t.pk}/", headers=[(b"origin", b"http://testserver")]
        )
        connected, _ = await socket.connect(timeout=30)
        assert connected
        assert (await socket.receive_json_from(timeout=30))["roster"] == "4/0/0"
        press = database_sync_to_async(lambda: as_bob.post(f"{url}pause/").status_code)
        assert await press() == 302
        assert await press() == 302  # a second press
        frame = await socket.receive_json_from(timeout=30)
        await socket.disconnect()
        return frame

    frame = async_to_sync(pause_while_watching)()
    assert frame["roster"] == "3/1/0"  # active / paused / withdrawn
    assert frame["progress_text"] == "0 games played"
    page = as_bob.get(url).content.decode()
    assert 'id="resume"' in page and 'id="pause"' not in page and "You are paused" in page
    assert as_bob.post(f"{url}resume/").status_code == 302
    assert state(t, bob) == "active"

    _, token = ApiToken.issue(User.objects.get(username="cat"))
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    for action, expected in (("pause", "paused"), ("resume", "active"), ("withdraw", "withdrawn")):
        answer = Client().post(f"/api/tournaments/{t.pk}/{action}", **auth)
        assert answer.status_code == 200, answer.content
        assert json.loads(answer.content)["state"] == expected
        assert state(t, cat) == expected
    refused = Client().post(f"/api/tournaments/{t.pk}/pause", **auth)
    assert (refused.status_code, refused.json()["code"]) == (409, "withdrawn")
    page = Client().get(url).content.decode()
    assert "withdrawn" in page
