"""Hostile bots on the real stack (the ASGI server process, the Redis channel layer):
numbers JSON does not have, numbers no database column holds, thinking of any shape.
Each is refused or cleaned with the documented error, and the socket keeps working."""

import json
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from contextlib import contextmanager

import pytest

from webapp.bots.models import BotSeat
from webapp.leaderboards.models import RatedMatch, RatingChange
from webapp.matches.models import Event, Match

from .bot_helpers import Socket, bot_match, make_bot, owner, snapshot
from .helpers import wait_for

pytestmark = [pytest.mark.django_db(transaction=True)]

HUGE = "12345678901234567890123456"  # 26 digits: more than any id column holds


@contextmanager
def octagon_match(web_server: str, name: str):
    """A connected bot ``name`` and an Octagon match of its against random with a long
    clock (no strike unless a test asks): (socket, match)."""
    bot, token = make_bot(name, ["octagon"])
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        yield ws, bot_match(bot, "octagon", move_s=60, bank_s=60)


def test_numbers_json_does_not_have_are_malformed_and_the_socket_stays_up(web_server):
    with octagon_match(web_server, "strict") as (ws, match):
        turn = ws.next("turn", match=match.pk)
        move, seq = turn["legal"][0], turn["seq"]
        before = snapshot(match)
        bad = [
            f'{{"type": "move", "match": Infinity, "seq": {seq}, "move": "{move}"}}',
            f'{{"type": "move", "match": -Infinity, "seq": {seq}, "move": "{move}"}}',
            f'{{"type": "move", "match": NaN, "seq": {seq}, "move": "{move}"}}',
            f'{{"type": "move", "match": {match.pk}, "seq": {seq}, "move": "{move}", '
            '"thinking": {"v": NaN}}',
            f'{{"type": "move", "match": {match.pk}, "seq": 1e999, "move": "{move}"}}',
            f'{{"type": "move", "match": {HUGE}, "seq": {seq}, "move": "{move}"}}',
            f'{{"type": "move", "match": {match.pk}, "seat": {HUGE}, "seq": {seq}, '
            f'"move": "{move}"}}',
            f'{{"type": "hello", "matches": {{"{HUGE}": 1}}}}',
            f'{{"type": "hello", "matches": {{"{match.pk}": {HUGE}}}}}',
            '{"type": "hello", "matches": {"-3": 1}}',
            '{"type": "hello", "matches": {"12": "soon"}}',
            '{"type": "ping", "id": ' + "[" * 40 + "]" * 40 + "}",  # deeper than any frame
        ]
        for frame in bad:
            ws.send(frame)
            error = ws.next("error")
            assert error["code"] == "malformed", (frame, error)
        assert snapshot(match) == before
        # Still served: a ping is answered and a good move stored.
        ws.send({"type": "ping", "id": 7})
        assert ws.next("pong")["id"] == 7
        ws.send({"type": "move", "match": match.pk, "seq": seq, "move": move})
        assert ws.next("ack", match=match.pk)["seq"] == seq
    assert Event.objects.get(match=match, ply=seq).move == move
    assert BotSeat.objects.get(match=match).strikes == 0


def get(web_server: str, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(web_server + path, timeout=20) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def why_and_graphml(web_server: str, match, ply: int, seat: int) -> dict:
    """The "why?" panel's data and the GraphML download, as any viewer gets them."""
    status, body = get(web_server, f"/matches/{match.pk}/thinking/{ply}/")
    assert status == 200, body[:300]
    panel = json.loads(body)
    status, body = get(web_server, f"/matches/{match.pk}/thinking/{ply}/seat{seat}.graphml")
    assert status == 200, body[:300]
    ET.fromstring(body)  # well-formed XML
    status, _ = get(web_server, f"/matches/{match.pk}/thinking/{ply}/seat{seat}.json")
    assert status == 200
    return panel


LEAF = {"move": "x", "actor": "leaf"}
#: What bots sent, and what of it is kept (the documented shape).
SENT_AND_KEPT = [
    (
        # NUL is no text PostgreSQL stores, and no XML character.
        {"moves": 5, "algorithm": "mine", "eval": 0.5, "notes": {"a": 1}, "x": "\u0000"},
        {"algorithm": "mine", "eval": 0.5},
    ),
    ({"plans": [{"plan": 7}], "tree": {"children": [1]}}, {"plans": []}),
    (
        {
            "tree": {"actor": "seat 0", "children": [1, {**LEAF, "value": "high", "p": 0.5}]},
            "moves": [{"move": "A", "visits": True, "value": 0.25}, 3, {"visits": 2}],
            "mix": {"A": 0.5, "B": "half", "\u0000": 0.5},
            "plans": [{"plan": ["A", 4, "B"], "score": 1}],
        },
        {
            "tree": {"move": None, "actor": "seat 0", "children": [{**LEAF, "p": 0.5}]},
            "moves": [{"move": "A", "value": 0.25}],
            "mix": {"A": 0.5},
            "plans": [{"plan": ["A", "B"], "score": 1}],
        },
    ),
]


def test_a_bots_thinking_is_kept_in_the_documented_shape_and_every_viewer_sees_it(web_server):
    with octagon_match(web_server, "ponderer") as (ws, match):
        for sent, kept in SENT_AND_KEPT:
            turn = ws.next("turn", match=match.pk)
            move = {"type": "move", "match": match.pk, "seq": turn["seq"]}
            ws.send({**move, "move": turn["legal"][0], "thinking": sent})
            ws.next("ack", match=match.pk, seq=turn["seq"])
            stored = Event.objects.get(match=match, ply=turn["seq"]).decisions["0"]
            assert stored["thinking"] == kept
            data = why_and_graphml(web_server, match, turn["seq"], 0)
            assert data["decisions"]["0"]["thinking"] == kept
    assert BotSeat.objects.get(match=match).strikes == 0


def chain(levels: int) -> dict:
    node = {"actor": "leaf", "move": "end"}
    for _ in range(levels):
        node = {"actor": "seat 0", "move": "m", "children": [node]}
    return node


#: Decisions stored before thinking was checked on arrival (or written by older code).
STORED = [
    {"0": {"thinking": {"moves": 5}, "stats": {}}},
    {"0": {"thinking": {"plans": [{"plan": 7}]}, "stats": {}}},
    {"0": {"thinking": {"tree": {"children": [1]}}, "stats": {}}},
    {"0": {"thinking": {"tree": {"actor": "seat 0", "children": [1, "x", None]}}}},
    {"0": {"thinking": {"tree": {"actor": "seat 0", "children": {"a": 1}}}, "stats": 3}},
    {"0": {"thinking": {"tree": chain(300)}, "stats": {"seconds": "slow"}}},
    {"0": {"thinking": {"moves": [{"move": {"a": [1]}, "value": [2]}], "mix": [1]}}},
    {"0": {"thinking": {"plans": {"plan": 1}, "predicted": 4, "rule": ["a"]}}},
    {"0": {"thinking": {"algorithm": "mcts\u0007\u001b", "tree": {"actor": "\u0001"}}}},
    {"0": {"thinking": [1, 2], "stats": None}},
    {"0": [1, 2]},
    {"0": "thought hard"},
]


def test_why_and_graphml_never_fail_on_thinking_stored_before_it_was_checked(web_server):
    with octagon_match(web_server, "old-thoughts") as (ws, match):
        turn = ws.next("turn", match=match.pk)
        ws.send({"type": "move", "match": match.pk, "seq": turn["seq"], "move": turn["legal"][0]})
        ws.next("ack", match=match.pk)
    for decisions in STORED:
        Event.objects.filter(match=match, ply=turn["seq"]).update(decisions=decisions)
        status, body = get(web_server, f"/matches/{match.pk}/thinking/{turn['seq']}/")
        assert status == 200, (decisions, body[:300])
        for fmt in ("graphml", "json"):
            path = f"/matches/{match.pk}/thinking/{turn['seq']}/seat0.{fmt}"
            status, body = get(web_server, path)
            assert status in (200, 404), (decisions, fmt, body[:300])
            if fmt == "graphml" and status == 200:
                ET.fromstring(body)


@pytest.mark.parametrize("strike", ["illegal", "timeout"])
def test_the_third_strike_forfeits_even_when_the_random_move_ends_the_match(web_server, strike):
    """Footsies of one exchange: whatever the bot's random move is, it ends the match."""
    from webapp.accounts.identity import Identity
    from webapp.bots.play import identity
    from webapp.matches import services

    bot, token = make_bot(f"struck-{strike}", ["footsies"])
    carol = owner(f"carol-{strike}")
    person = Identity(key=f"user:{carol.pk}", name=carol.username, user_id=carol.pk)
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        plan = services.MatchPlan(
            game="footsies",
            seats=[services.SeatPlan(identity=identity(bot)), services.SeatPlan(identity=person)],
            options={"rounds": 1, "max_turns": 1},
            time_control={"move_s": 60 if strike == "illegal" else 2, "bank_s": 0},
        )
        match = services.create_match(plan)
        BotSeat.objects.filter(match=match).update(strikes=2)  # two strikes already
        services.submit_move(match.pk, 1, 0, "G", identity=person)  # the person has chosen
        turn = ws.next("turn", match=match.pk)
        if strike == "illegal":
            ws.send({"type": "move", "match": match.pk, "seq": turn["seq"], "move": "kick"})
        over = ws.next("match_over", match=match.pk)
    errors = [f for f in ws.frames if f["type"] == "error" and f["code"] == strike]
    assert len(errors) == 1, ws.frames
    error = errors[0]
    # The bot hears why before it hears that the match is over.
    assert ws.frames.index(error) < ws.frames.index(over)
    assert "strike 3 of 3" in error["message"] and "forfeit" in error["message"]
    assert over["result"]["forfeit"] == [0] and over["result"]["ranks"] == [2, 1]
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["forfeit"] == [0] and match.result["ranks"] == [2, 1]
    # The random move is in the log, flagged as the third strike.
    event = Event.objects.get(match=match, ply=0)
    assert event.move["0"] == error["played"]
    assert event.decisions["0"]["stats"]["strike"] == 3
    # The rating follows the forfeit: the bot lost.
    wait_for(lambda: RatedMatch.objects.filter(match=match).exists())
    assert RatingChange.objects.get(match=match, seat=0).rank == 2


async def test_a_frame_the_server_fails_on_gets_an_error_and_a_proper_close(monkeypatch):
    """The real bot consumer on the real Redis channel layer, a failure we did not foresee
    forced on it: the bot hears ``server_error`` and gets close code 1011, not a drop."""
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from webapp.bots import play
    from webapp.config.asgi import application

    bot, token = await database_sync_to_async(make_bot)("unlucky", ["octagon"])

    def fails(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(play, "submit", fails)
    headers = [(b"authorization", f"Bearer {token}".encode()), (b"host", b"testserver")]
    comm = WebsocketCommunicator(application, "/ws/bot/", headers=headers)
    connected, _ = await comm.connect(timeout=10)
    assert connected
    assert (await comm.receive_json_from(timeout=10))["type"] == "welcome"
    await comm.send_json_to({"type": "move", "match": 1, "seq": 0, "move": "x"})
    error = await comm.receive_json_from(timeout=10)
    assert error["type"] == "error" and error["code"] == "server_error"
    closed = await comm.receive_output(timeout=10)
    assert closed == {"type": "websocket.close", "code": 1011}
    await comm.disconnect()
