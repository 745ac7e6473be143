"""TV by push: the TV page's socket (``/ws/tv/``, through the whole ASGI stack over the
real Redis channel layer) hears every game's match of the moment on connecting and on
each hello, and as watchable (AI-against-AI) matches start and end; matches with a
person in them are not TV's."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

import games
from webapp.accounts.identity import Identity
from webapp.matches import services
from webapp.matches.tv import now_playing

from .helpers import ALICE, footsies_vs_ai

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WATCHER = Identity(key="guest:watcher", name="watcher")


async def tv_socket() -> WebsocketCommunicator:
    from webapp.config.asgi import application

    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    comm = WebsocketCommunicator(application, "/ws/tv/", headers=headers)
    connected, _ = await comm.connect(timeout=30)
    assert connected
    return comm


async def next_frame(comm) -> dict:
    return json.loads(await comm.receive_from(timeout=30))


@database_sync_to_async
def ai_match(game: str = "footsies"):
    plan = services.MatchPlan(
        game=game,
        seats=[services.SeatPlan(agent_spec="random"), services.SeatPlan(agent_spec="random")],
        created_by=WATCHER.key,
    )
    return services.create_match(plan, schedule=False)


@database_sync_to_async
def abort(match) -> None:
    services.abort_match(match.pk, WATCHER)


async def test_it_pushes_each_watchable_match_as_it_starts_and_ends():
    comm = await tv_socket()
    first = await next_frame(comm)
    assert first == {"type": "tv", "screens": {g.slug: None for g in games.all()}}

    # A person's match is no TV's: nothing is pushed for it (the next frame below is
    # the AI match's).
    await database_sync_to_async(footsies_vs_ai)(ALICE)
    older = await ai_match()
    assert await next_frame(comm) == {
        "type": "tv",
        "screens": {"footsies": older.pk},
        "started": {"footsies": older.pk},
    }
    newer = await ai_match()
    assert (await next_frame(comm))["started"] == {"footsies": newer.pk}
    # The newer ends: the older, still live, is the match of the moment again.
    await abort(newer)
    assert await next_frame(comm) == {"type": "tv", "screens": {"footsies": older.pk}}
    await abort(older)
    assert await next_frame(comm) == {"type": "tv", "screens": {"footsies": None}}

    # A hello (the page's heartbeat, its resync after a drop) answers every game.
    live = await ai_match("octagon")
    assert (await next_frame(comm))["started"] == {"octagon": live.pk}
    await comm.send_json_to({"type": "hello"})
    answer = await next_frame(comm)
    assert answer["screens"]["octagon"] == live.pk and answer["screens"]["footsies"] is None
    assert answer["screens"] == await database_sync_to_async(now_playing)()
    await comm.send_json_to({"type": "move", "move": "A"})
    assert (await next_frame(comm))["code"] == "read_only"
    await comm.disconnect()
