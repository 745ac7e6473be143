"""The person socket (/ws/me/) over the real Redis channel layer, through the real ASGI
stack: every page of a person hears, pushed, that a new game of theirs started — by any
road (a seek taken, a friend sitting down, a tournament's pairing made on a real worker)
— and how many games wait for their move; the seeks page hears the list change; the
new-game sound is kept with the account. Others hear nothing of it."""

from __future__ import annotations

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.utils import timezone

from webapp.accounts.identity import Identity
from webapp.accounts.models import Preferences
from webapp.matches import services
from webapp.seeks import services as seeks
from webapp.tournaments import people
from webapp.tournaments.models import Tournament
from webapp.tournaments.tasks import start_due_tournaments

from .helpers import ALICE, BOB, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def me(guest: str | None = None, cookie: str | None = None) -> WebsocketCommunicator:
    from webapp.config.asgi import application

    cookie = cookie or await session_cookie(guest)
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    headers.append((b"cookie", cookie.encode()))
    comm = WebsocketCommunicator(application, "/ws/me/", headers=headers)
    connected, _ = await comm.connect(timeout=30)
    assert connected
    return comm


async def receive(comm, kind: str, timeout: float = 30) -> dict:
    """The next frame of ``kind`` (frames of other kinds on the way are skipped)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        left = deadline - asyncio.get_running_loop().time()
        frame = json.loads(await comm.receive_from(timeout=max(0.1, left)))
        if frame["type"] == kind:
            return frame


async def receive_each(comm, *kinds: str, timeout: float = 30) -> dict[str, dict]:
    """The first frame of each kind, in whatever order they come."""
    found: dict[str, dict] = {}
    while set(found) != set(kinds):
        frame = await receive_any(comm, timeout)
        if frame["type"] in kinds:
            found.setdefault(frame["type"], frame)
    return found


async def receive_any(comm, timeout: float) -> dict:
    return json.loads(await comm.receive_from(timeout=timeout))


async def hello(comm) -> tuple[dict, dict]:
    await comm.send_json_to({"type": "hello"})
    return await receive(comm, "me"), await receive(comm, "turns")


async def nothing_of(comm, kind: str, within: float = 1.5) -> None:
    """No frame of ``kind`` arrives (a deadline for something to happen: the push of the
    same commit reached the other sockets already). Frames of other kinds may."""
    deadline = asyncio.get_running_loop().time() + within
    while (left := deadline - asyncio.get_running_loop().time()) > 0:
        if await comm.receive_nothing(timeout=left):
            return
        frame = json.loads(await comm.receive_from())
        assert frame["type"] != kind, frame


@database_sync_to_async
def people_match(clock: str = "5+3", open_seat: bool = False):
    second = services.SeatPlan(open=True) if open_seat else services.SeatPlan(identity=BOB)
    plan = services.MatchPlan(
        game="octagon", seats=[services.SeatPlan(identity=ALICE), second], clock=clock
    )
    return services.create_match(plan, schedule=False)


async def test_every_page_of_both_players_hears_the_new_game_and_their_turn():
    alice_home, alice_lobby, bob_page, carol = (
        await me("alice"),
        await me("alice"),
        await me("bob"),
        await me("carol"),
    )
    for comm in (alice_home, alice_lobby, bob_page, carol):
        first, turns = await hello(comm)
        assert first == {"type": "me", "signed_in": False, "sound": None}
        assert turns["count"] == 0
    match = await people_match()
    for comm in (alice_home, alice_lobby):
        got = await receive_each(comm, "game", "turns")
        # The first mover's pages count one game waiting for them, pushed.
        assert got["turns"]["count"] == 1
        frame = got["game"]
        assert frame["url"] == f"/matches/{match.pk}/"
        assert frame["opponents"] == ["bob"] and frame["seat"] == 0
        assert (frame["game"], frame["clock"], frame["rated"]) == (
            "octagon",
            "5+3",
            True,
        )
    got = await receive_each(bob_page, "game", "turns")
    assert got["game"]["opponents"] == ["alice"] and got["game"]["seat"] == 1
    assert got["turns"]["count"] == 0
    await nothing_of(carol, "game")
    for comm in (alice_home, alice_lobby, bob_page, carol):
        await comm.disconnect()


async def test_a_friend_sitting_down_starts_the_game_for_the_inviters_other_pages():
    alice = await me("alice")
    await hello(alice)
    match = await people_match(open_seat=True)
    await nothing_of(alice, "game")  # waiting for the friend: not on yet
    await database_sync_to_async(services.join_seat)(match.pk, BOB)
    frame = await receive(alice, "game")
    assert frame["match"] == match.pk and frame["opponents"] == ["bob"]
    await alice.disconnect()


async def test_a_game_against_the_sites_ai_is_not_announced():
    alice = await me("alice")
    await hello(alice)

    @database_sync_to_async
    def against_ai():
        plan = services.MatchPlan(
            game="octagon",
            seats=[services.SeatPlan(identity=ALICE), services.SeatPlan(agent_spec="random")],
        )
        return services.create_match(plan, schedule=False)

    await against_ai()
    await nothing_of(alice, "game")
    await alice.disconnect()


async def test_a_seek_taken_reaches_the_posters_pages_and_the_list_reaches_every_follower():
    poster = await me("alice")
    await hello(poster)
    anyone = await me(None)  # a visitor with no identity may follow the list
    await anyone.send_json_to({"type": "follow", "what": "seeks"})
    assert (await receive(anyone, "following"))["what"] == "seeks"
    seek = await database_sync_to_async(seeks.create_seek)(
        seeks.SeekPlan(game="footsies", clock="3+2"), ALICE
    )
    await receive(anyone, "seeks")  # posted
    match = await database_sync_to_async(seeks.accept)(seek.pk, BOB)
    frame = await receive(poster, "game")
    assert frame["url"] == f"/matches/{match.pk}/" and frame["opponents"] == ["bob"]
    await receive(anyone, "seeks")  # taken
    await poster.disconnect()
    await anyone.disconnect()


async def test_a_tournament_pairing_made_on_a_worker_reaches_the_players(celery_worker):
    @database_sync_to_async
    def due_tournament() -> tuple[Tournament, list[str]]:
        who = []
        for name in ("ann", "ben"):
            user = User.objects.create_user(name, password="pw")
            who.append(Identity(key=f"user:{user.pk}", name=name, user_id=user.pk))
        t = people.create(people.PeoplePlan(game="octagon", rounds=1, clock="5+3"), who[0])
        people.join(t.pk, who[1])
        Tournament.objects.filter(pk=t.pk).update(starts_at=timezone.now())
        return t, [w.key for w in who]

    @database_sync_to_async
    def signed_in_cookie(key: str) -> str:
        from django.conf import settings
        from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
        from django.contrib.sessions.backends.db import SessionStore

        user = User.objects.get(pk=int(key[5:]))
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.save()
        return f"{settings.SESSION_COOKIE_NAME}={store.session_key}"

    t, keys = await due_tournament()
    pages = [await me(cookie=await signed_in_cookie(k)) for k in keys]
    for page in pages:
        first, _ = await hello(page)
        assert first["signed_in"] and first["sound"] is True
    start_due_tournaments.delay()  # as beat does: the worker pairs the first round
    frames = [await receive(page, "game", 60) for page in pages]
    assert frames[0]["match"] == frames[1]["match"]
    assert {f["opponents"][0] for f in frames} == {"ann", "ben"}
    # The sound, switched off on one page, is kept with the account and every page hears.
    await pages[0].send_json_to({"type": "sound", "on": False})
    assert (await receive(pages[0], "me"))["sound"] is False
    user_id = int(keys[0][5:])
    prefs = await database_sync_to_async(Preferences.for_user_id)(user_id)
    assert prefs.new_game_sound is False
    for page in pages:
        await page.disconnect()


async def test_a_guest_keeps_the_sound_in_the_browser_and_bad_frames_change_nothing():
    guest = await me("alice")
    await guest.send_json_to({"type": "sound", "on": False})
    assert (await receive(guest, "error"))["code"] == "no_account"
    await guest.send_json_to({"type": "follow", "what": "everything"})
    assert (await receive(guest, "error"))["code"] == "malformed"
    await guest.send_to(text_data="not json")
    assert (await receive(guest, "error"))["code"] == "malformed"
    await guest.send_json_to({"type": "ping", "id": 7})
    assert (await receive(guest, "pong"))["id"] == 7
    await guest.disconnect()
