"""The match socket over the real Redis channel layer, through the real ASGI stack
(session cookie, origin check, routing)."""

import asyncio
import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from webapp import push
from webapp.accounts.identity import Identity
from webapp.config.asgi import application
from webapp.matches import delta, services
from webapp.matches.models import Event, Match, SeatClock
from webapp.matches.positions import load_state

from .helpers import ALICE, BOB, connect, footsies_people

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def receive(comm, kind: str, timeout: float = 30) -> dict:
    """The next frame of ``kind`` (frames of other kinds on the way are skipped)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        left = deadline - asyncio.get_running_loop().time()
        frame = json.loads(await comm.receive_from(timeout=max(0.1, left)))
        if frame["type"] == kind:
            return frame


def follow(view: dict, frame: dict) -> dict:
    """The view an event frame leads to (a patch, or the whole view when that is smaller)."""
    return frame["view"] if "view" in frame else delta.apply(view, frame["patch"])


async def snapshot_of(comm) -> dict:
    await comm.send_json_to({"type": "hello"})
    snap = await receive(comm, "snapshot")
    assert (await receive(comm, "synced"))["seq"] == snap["seq"]
    return snap


async def new_match() -> Match:
    return await database_sync_to_async(footsies_people)()


async def count_events(match: Match) -> int:
    return await database_sync_to_async(Event.objects.filter(match=match).count)()


async def test_it_sends_a_snapshot_on_hello_without_a_sequence_number():
    match = await new_match()
    comm = await connect(match.pk, "alice")
    await comm.send_json_to({"type": "hello"})
    snap = await receive(comm, "snapshot")
    assert snap["seq"] == 0 and snap["you"] == 0
    assert snap["legal"] == ["A", "B", "G", "DP"]
    assert snap["view"]["blocks"] == [3, 3]
    await comm.disconnect()


async def test_a_move_reaches_the_players_and_a_spectator_live():
    match = await new_match()
    alice = await connect(match.pk, "alice")
    bob = await connect(match.pk, "bob")
    watcher = await connect(match.pk, None)
    views = {comm: (await snapshot_of(comm))["view"] for comm in (alice, bob, watcher)}
    await alice.send_json_to({"type": "move", "seat": 0, "seq": 0, "move": "A"})
    await receive(alice, "ack")
    chosen = await receive(watcher, "chosen")
    assert chosen["seats"] == [0] and "move" not in chosen  # who chose, never what
    await bob.send_json_to({"type": "move", "seat": 1, "seq": 0, "move": "G"})
    for comm in (alice, bob, watcher):
        frame = await receive(comm, "event")
        assert frame["seq"] == 1
        assert frame["event"]["move"] == {"0": "A", "1": "G"}
        assert follow(views[comm], frame)["hit"] == [True, False]
    assert "you" not in frame and frame.get("legal", []) == []
    for comm in (alice, bob, watcher):
        await comm.disconnect()


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "move", "seat": 1, "seq": 0, "move": "A"}, "not_your_seat"),
        ({"type": "move", "seat": 0, "seq": 3, "move": "A"}, "stale"),
        ({"type": "move", "seat": 0, "seq": 0, "move": "Z"}, "illegal"),
        ({"type": "move", "seat": 0, "seq": 0}, "bad_move"),
        ({"type": "dance"}, "malformed"),
    ],
)
async def test_it_answers_bad_moves_with_an_error_frame_and_stores_nothing(message, code):
    match = await new_match()
    comm = await connect(match.pk, "alice")
    await comm.send_json_to(message)
    error = await receive(comm, "error")
    assert error["code"] == code and error["message"]
    assert await count_events(match) == 0
    await comm.disconnect()


async def test_it_refuses_oversized_and_malformed_frames():
    match = await new_match()
    comm = await connect(match.pk, "alice")
    await comm.send_to(text_data="x" * (settings.DICEARENA_MAX_FRAME_BYTES + 1))
    assert (await receive(comm, "error"))["code"] == "too_large"
    await comm.send_to(text_data="{not json")
    assert (await receive(comm, "error"))["code"] == "malformed"
    await comm.send_to(text_data="[1, 2]")
    assert (await receive(comm, "error"))["code"] == "malformed"
    assert await count_events(match) == 0
    await comm.disconnect()


async def test_a_spectator_cannot_move():
    match = await new_match()
    comm = await connect(match.pk, "mallory")
    await comm.send_json_to({"type": "move", "seat": 0, "seq": 0, "move": "A"})
    assert (await receive(comm, "error"))["code"] == "not_your_seat"
    await comm.disconnect()


async def test_an_unknown_match_closes_the_socket():
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    comm = WebsocketCommunicator(application, "/ws/matches/987654/", headers=headers)
    # Accepted, then closed with the code: a refused handshake reaches a browser as a
    # bare HTTP 403 with no code to read (tests/webapp/test_socket_budgets.py, for real).
    connected, _ = await comm.connect(timeout=30)
    assert connected
    closing = await comm.receive_output(timeout=30)
    assert closing == {"type": "websocket.close", "code": 4404}


async def test_a_reconnecting_page_receives_exactly_the_events_it_missed():
    match = await new_match()
    submit = database_sync_to_async(services.submit_move)
    for ply, (a, b) in enumerate([("B", "B"), ("A", "B"), ("B", "A")]):
        await submit(match.pk, 0, ply, a, identity=ALICE)
        await submit(match.pk, 1, ply, b, identity=BOB)
    # The moves' own pushes leave after commit, from another thread: let them go out
    # first, or the page would also get them live (harmless, but not what is tested).
    await asyncio.to_thread(push.drain)
    comm = await connect(match.pk, "alice")
    at_one = await database_sync_to_async(view_after)(match, 1, 0)
    await comm.send_json_to({"type": "hello", "seq": 1})
    got = [await receive(comm, "event"), await receive(comm, "event")]
    assert [f["seq"] for f in got] == [2, 3]
    assert follow(follow(at_one, got[0]), got[1])["blocks"] == [2, 2]
    synced = await receive(comm, "synced")
    assert synced["seq"] == 3 and synced["chosen"] == []
    assert await comm.receive_nothing(timeout=0.3)
    await comm.disconnect()


def view_after(match: Match, seq: int, seat: int | None) -> dict:
    from webapp.matches.positions import walk

    for _before, event, after in walk(match):
        if event.ply + 1 == seq:
            return after.observation(seat)
    raise AssertionError(f"no event {seq}")


async def test_a_page_that_missed_nothing_is_told_it_is_in_sync():
    match = await new_match()
    comm = await connect(match.pk, "alice")
    await comm.send_json_to({"type": "hello", "seq": 0})
    synced = await receive(comm, "synced")
    assert synced["seq"] == 0 and [s["name"] for s in synced["seats"]] == ["alice", "bob"]
    assert await comm.receive_nothing(timeout=0.3)
    await comm.disconnect()


async def test_a_page_far_behind_gets_the_snapshot_instead_of_every_event(monkeypatch):
    from webapp.matches import live, services

    monkeypatch.setattr(live, "CATCH_UP_LIMIT", 2)
    match = await new_match()
    submit = database_sync_to_async(services.submit_move)
    for ply in range(3):
        await submit(match.pk, 0, ply, "B", identity=ALICE)
        await submit(match.pk, 1, ply, "B", identity=BOB)
    await asyncio.to_thread(push.drain)
    comm = await connect(match.pk, None)
    await comm.send_json_to({"type": "hello", "seq": 0})
    snap = await receive(comm, "snapshot")
    assert snap["seq"] == 3 and len(snap["log"]) == 3 and snap["you"] is None
    assert (await receive(comm, "synced"))["seq"] == 3
    await comm.disconnect()


async def test_a_flood_of_frames_closes_the_socket_with_a_clear_code(settings):
    settings.DICEARENA_FRAMES_PER_S = 0.001  # no refill while the test sends, however slow
    match = await new_match()
    comm = await connect(match.pk, "alice")
    burst = int(settings.DICEARENA_FRAME_BURST)
    for _ in range(burst + 5):
        await comm.send_json_to({"type": "dance"})
    codes = []
    while True:
        out = await comm.receive_output(timeout=30)
        if out["type"] == "websocket.close":
            assert out["code"] == 4429
            break
        codes.append(json.loads(out["text"])["code"])
    assert codes[-1] == "rate_limited" and codes.count("malformed") == burst
    assert await count_events(match) == 0


async def test_deeply_nested_json_is_refused_as_malformed():
    match = await new_match()
    comm = await connect(match.pk, "alice")
    depth = 1500
    await comm.send_to(text_data="[" * depth + "]" * depth)
    assert (await receive(comm, "error"))["code"] == "malformed"
    deep = '{"type": "move", "seat": 0, "seq": 0, "move": ' + "[" * 1000 + "]" * 1000 + "}"
    await comm.send_to(text_data=deep)
    assert (await receive(comm, "error"))["code"] == "malformed"
    assert await count_events(match) == 0
    await comm.disconnect()


# ----- people's clocks ---------------------------------------------------------------------


@database_sync_to_async
def clocked_people(control: str = "5+3") -> Match:
    plan = services.MatchPlan(
        game="octagon",
        seats=[services.SeatPlan(identity=ALICE), services.SeatPlan(identity=BOB)],
        clock=control,
    )
    return services.create_match(plan, schedule=False)


@database_sync_to_async
def octagon_first_move(match_id: int) -> str:
    state = load_state(Match.objects.get(pk=match_id))
    return state.move_to_str(state.legal_moves(0)[0])


async def test_a_clocked_match_pushes_its_clocks_after_every_move():
    match = await clocked_people()
    alice, bob = await connect(match.pk, "alice"), await connect(match.pk, "bob")
    snap = await snapshot_of(bob)
    assert snap["clock"]["control"] == "5+3"
    # A fair start: alice's first turn runs on its first-move window, not her clock.
    assert [c["running"] for c in snap["clock"]["seats"]] == [False, False]
    assert ["first_move_ms" in c for c in snap["clock"]["seats"]] == [True, False]
    await alice.send_json_to(
        {"type": "move", "seat": 0, "seq": 0, "move": await octagon_first_move(match.pk)}
    )
    clock = (await receive(bob, "clock"))["clock"]
    assert ["first_move_ms" in c for c in clock["seats"]] == [False, True]
    assert [c["moved"] for c in clock["seats"]] == [True, False]
    assert clock["seats"][0]["left_ms"] == 300_000  # the first move cost nothing
    await alice.disconnect()
    await bob.disconnect()


async def test_a_player_gives_time_over_the_socket_and_a_spectator_cannot():
    match = await clocked_people()
    bob, watcher = await connect(match.pk, "bob"), await connect(match.pk, "carol")
    await snapshot_of(watcher)
    await watcher.send_json_to({"type": "give_time", "seat": 0})
    assert (await receive(watcher, "error"))["code"] == "not_a_player"
    await bob.send_json_to({"type": "give_time"})
    clock = (await receive(watcher, "clock"))["clock"]
    if clock["seats"][0]["left_ms"] == 300_000:
        # The match's first clock frame, pushed as it was made, may come this late.
        clock = (await receive(watcher, "clock"))["clock"]
    assert clock["seats"][0]["left_ms"] > 300_000
    assert clock["seats"][1]["left_ms"] == 300_000
    await bob.disconnect()
    await watcher.disconnect()


async def test_a_page_asking_for_the_flag_early_changes_nothing():
    match = await clocked_people()
    bob = await connect(match.pk, "bob")
    await snapshot_of(bob)
    await bob.send_json_to({"type": "flag"})
    await bob.send_json_to({"type": "hello", "seq": 0})
    synced = await receive(bob, "synced")
    assert synced["status"]["status"] == "active"
    assert synced["clock"]["control"] == "5+3"
    await bob.disconnect()


@database_sync_to_async
def dicewars_three_on_a_clock_run_out() -> tuple[int, int, int]:
    """A 3-person Dice Wars match whose first mover's clock has run out: (match, the
    seat out of time, the seat to move after it)."""
    carol = Identity(key="guest:carol", name="carol")
    plan = services.MatchPlan(
        game="dicewars",
        seats=[services.SeatPlan(identity=i) for i in (ALICE, BOB, carol)],
        clock="1+0",
    )
    match = services.create_match(plan, schedule=False)
    late = load_state(match).current()
    row = SeatClock.objects.get(match=match, seat=late)
    row.deadline = row.running_since - timedelta(seconds=1)  # as if a minute went by
    row.moved = True  # on its clock, past its first move (else the match is aborted)
    row.save()
    return match.pk, late, (late + 1) % 3


async def test_a_dice_wars_seat_out_of_time_leaves_play_and_the_next_one_can_move():
    match_id, late, _ = await dicewars_three_on_a_clock_run_out()
    names = {0: "alice", 1: "bob", 2: "carol"}
    pages = {seat: await connect(match_id, names[seat]) for seat in range(3)}
    for page in pages.values():
        await snapshot_of(page)
    await pages[late].send_json_to({"type": "flag"})
    # The seat's turn is ended for it; whoever moves next gets their moves, and the
    # clock frame says who is out. No status frame: the match goes on.
    # (A clock frame from before the flag — another page arriving on a loaded machine —
    # may come first: the one that counts is the first to say someone is out.)
    seen, legal, clock = [], None, None
    watcher = pages[(late + 1) % 3]
    while clock is None:
        frame = json.loads(await watcher.receive_from(timeout=30))
        seen.append(frame["type"])
        if frame["type"] == "event" and frame.get("legal"):
            legal = frame["legal"]
        if frame["type"] == "clock" and any(c["out"] for c in frame["clock"]["seats"]):
            clock = frame["clock"]
    assert "status" not in seen
    assert [c["out"] for c in clock["seats"]] == [s == late for s in range(3)]
    # The next seat's turn runs (on its first-move window: it has not moved yet).
    mover = next(c["seat"] for c in clock["seats"] if c["running"] or "first_move_ms" in c)
    assert mover != late
    if mover == (late + 1) % 3:
        assert legal and "end" in legal
    for page in pages.values():
        await page.disconnect()
