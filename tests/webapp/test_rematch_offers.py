"""A rematch between people is an offer: the other side accepts (the rematch is made,
seats swapped, same clock and stakes) or declines; it lapses after a minute or when the
one who offered or the one asked leaves the match page. Against the site's AI it is made
at once. The database keeps one open offer and one rematch per match, so an offer is
never accepted twice, even by two answers at once. Both pages hear every state over the
real Redis channel layer."""

from __future__ import annotations

import asyncio
import json
import threading
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from webapp.accounts.identity import Identity
from webapp.errors import Rejected
from webapp.matches import endings, presence, rematches, services
from webapp.matches.models import Match, RematchOffer

from .helpers import ALICE, BOB, connect, footsies_vs_ai

CAROL = Identity(key="guest:carol", name="carol")


def ended(game: str = "octagon", who=(ALICE, BOB), clock: str = "3+2", rated: bool = False):
    plan = services.MatchPlan(
        game=game,
        seats=[services.SeatPlan(identity=i) for i in who],
        clock=clock,
        rated=rated,
    )
    match = services.create_match(plan, schedule=False)
    endings.resign(match.pk, who[-1])
    return Match.objects.get(pk=match.pk)


@pytest.mark.django_db
def test_an_offer_makes_no_match_until_the_other_side_accepts_it():
    match = ended(rated=False)
    offer = rematches.rematch(match.pk, ALICE)
    assert isinstance(offer, RematchOffer) and offer.state == "offered"
    assert not Match.objects.filter(rematch_of=match).exists()
    assert rematches.rematch(match.pk, ALICE).pk == offer.pk  # asked again: one offer
    state = rematches.state_of(match.pk)
    assert (state["state"], state["by"], state["waiting_names"]) == ("offered", "alice", ["bob"])
    assert 0 < state["left_ms"] <= 60_000

    new = rematches.accept(match.pk, BOB)
    assert isinstance(new, Match) and new.rematch_of_id == match.pk
    assert [s.owner for s in new.seats.order_by("index")] == [BOB.key, ALICE.key]  # swapped
    assert (new.time_control, new.rated, new.created_by) == ("3+2", False, ALICE.key)
    # Accepted once: a second yes, or Rematch pressed again, gives the same match.
    assert rematches.accept(match.pk, BOB).pk == new.pk
    assert rematches.rematch(match.pk, ALICE).pk == new.pk
    assert Match.objects.filter(rematch_of=match).count() == 1
    state = rematches.state_of(match.pk)
    assert (state["state"], state["url"]) == ("accepted", f"/matches/{new.pk}/")


@pytest.mark.django_db
def test_rematch_pressed_by_the_one_asked_is_a_yes():
    match = ended()
    rematches.rematch(match.pk, ALICE)
    new = rematches.rematch(match.pk, BOB)
    assert isinstance(new, Match) and new.rematch_of_id == match.pk


@pytest.mark.django_db
def test_declined_or_taken_back_it_ends_and_may_be_offered_again():
    match = ended()
    rematches.rematch(match.pk, ALICE)
    rematches.decline(match.pk, BOB)
    assert rematches.state_of(match.pk)["state"] == "declined"
    assert rematches.state_of(match.pk)["reason"] == "bob declined"
    with pytest.raises(Rejected) as refused:
        rematches.accept(match.pk, BOB)
    assert refused.value.code == "no_offer" and "bob declined" in refused.value.message
    assert not Match.objects.filter(rematch_of=match).exists()
    again = rematches.rematch(match.pk, BOB)  # a new offer, the other way
    assert again.state == "offered" and again.offered_by == BOB.key
    rematches.decline(match.pk, BOB)
    assert rematches.state_of(match.pk)["reason"] == "bob took the offer back"


@pytest.mark.django_db
def test_an_offer_nobody_answers_lapses_after_a_minute_by_the_sweep():
    match = ended()
    offer = rematches.rematch(match.pk, ALICE)
    assert rematches.sweep() == 0
    RematchOffer.objects.filter(pk=offer.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    assert rematches.state_of(match.pk)["state"] == "lapsed"  # read as lapsed at once
    assert rematches.sweep() == 1
    offer.refresh_from_db()
    assert (offer.state, offer.reason) == ("lapsed", "nobody answered within a minute")
    with pytest.raises(Rejected):
        rematches.accept(match.pk, BOB)
    assert rematches.sweep() == 0


@pytest.mark.django_db
def test_it_lapses_when_either_leaves_the_match_page_but_not_on_a_reload():
    match = ended()
    presence.arrived(match.pk, "alice-tab", ALICE.key)
    presence.arrived(match.pk, "bob-tab", BOB.key)
    rematches.rematch(match.pk, ALICE)
    presence.left(match.pk, "bob-tab")
    presence.arrived(match.pk, "bob-reloaded", BOB.key)  # back within the grace
    assert rematches.left_page(match.pk, BOB.key) == ""
    assert rematches.state_of(match.pk)["state"] == "offered"
    presence.left(match.pk, "alice-tab")  # the one who offered goes
    assert rematches.left_page(match.pk, ALICE.key) == "lapsed"
    assert rematches.state_of(match.pk)["reason"] == "alice left the match"
    presence.left(match.pk, "bob-reloaded")  # a later test's match may have this id


@pytest.mark.django_db
def test_the_database_keeps_one_open_offer_per_match():
    match = ended()
    rematches.rematch(match.pk, ALICE)
    with pytest.raises(IntegrityError), transaction.atomic():
        RematchOffer.objects.create(
            match=match, offered_by=BOB.key, expires_at=timezone.now() + timedelta(minutes=1)
        )


@pytest.mark.django_db
@pytest.mark.usefixtures("no_workers")
def test_against_the_ai_the_rematch_is_made_at_once():
    match = footsies_vs_ai(ALICE, opponent="footsies-counter")
    endings.resign(match.pk, ALICE)
    new = rematches.rematch(match.pk, ALICE)
    assert isinstance(new, Match) and new.rematch_of_id == match.pk
    assert not RematchOffer.objects.exists()


@pytest.mark.django_db
def test_in_a_game_of_three_people_everyone_asked_must_say_yes():
    match = ended("dicewars", (ALICE, BOB, CAROL), clock="")
    rematches.rematch(match.pk, ALICE)
    assert isinstance(rematches.accept(match.pk, BOB), RematchOffer)  # carol still asked
    assert rematches.state_of(match.pk)["waiting_names"] == ["carol"]
    new = rematches.accept(match.pk, CAROL)
    assert isinstance(new, Match) and new.num_players == 3


@pytest.mark.django_db(transaction=True)
def test_two_yeses_at_once_make_one_rematch():
    """Both of bob's tabs accept at the same moment: one rematch, the offer accepted once."""
    match = ended()
    rematches.rematch(match.pk, ALICE)
    start = threading.Barrier(2)
    answers, errors = [], []

    def yes() -> None:
        try:
            start.wait(10)
            answers.append(rematches.accept(match.pk, BOB))
        except Exception as exc:  # a refusal would show here
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=yes) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    assert Match.objects.filter(rematch_of=match).count() == 1
    assert {a.pk for a in answers} == {Match.objects.get(rematch_of=match).pk}
    assert RematchOffer.objects.get().state == "accepted"


# ----- both pages hear it, over the real channel layer ------------------------------------


async def frame_of(comm, kind: str, timeout: float = 30) -> dict:
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        left = deadline - asyncio.get_running_loop().time()
        frame = json.loads(await comm.receive_from(timeout=max(0.1, left)))
        if frame["type"] == kind:
            return frame


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_both_pages_see_the_offer_and_go_to_the_rematch_once_accepted():
    match = await database_sync_to_async(ended)()
    alice, bob = await connect(match.pk, "alice"), await connect(match.pk, "bob")
    await alice.send_json_to({"type": "rematch", "do": "offer"})
    for page in (alice, bob):
        frame = await frame_of(page, "rematch")
        assert (frame["state"], frame["by"], frame["waiting_for"]) == ("offered", "alice", [1])
    await bob.send_json_to({"type": "rematch", "do": "accept"})
    urls = {(await frame_of(page, "rematch"))["url"] for page in (alice, bob)}
    new = await database_sync_to_async(Match.objects.get)(rematch_of=match)
    assert urls == {f"/matches/{new.pk}/"}
    await bob.send_json_to({"type": "rematch", "do": "dance"})
    assert (await frame_of(bob, "error"))["code"] == "malformed"
    for page in (alice, bob):
        await page.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_asked_one_closing_the_page_lapses_the_offer_on_the_others():
    match = await database_sync_to_async(ended)()
    alice, bob = await connect(match.pk, "alice"), await connect(match.pk, "bob")
    await alice.send_json_to({"type": "rematch", "do": "offer"})
    assert (await frame_of(alice, "rematch"))["state"] == "offered"
    await bob.disconnect()  # bob goes to another page
    frame = await frame_of(alice, "rematch", timeout=rematches.LEAVE_GRACE_S + 30)
    assert (frame["state"], frame["reason"]) == ("lapsed", "bob left the match")
    await alice.disconnect()
