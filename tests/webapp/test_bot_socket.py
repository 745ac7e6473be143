"""Outside bots on the real stack: the ASGI server process, the Redis channel layer, a
real Celery worker for the agents' moves and the bots' deadlines, and the reference
client as a real process."""

import json
import select
import subprocess
import sys
import time

import pytest
from websockets.exceptions import ConnectionClosed

from tests.stack import ROOT, process_env
from webapp.bots.models import BotSeat
from webapp.matches.models import Event, Match

from .bot_helpers import (
    ALL_GAMES,
    Socket,
    bot_match,
    make_bot,
    reference_client,
    snapshot,
    wait_online,
    ws_url,
)
from .helpers import wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


def bot_decisions(match: Match, seat: int) -> list[dict]:
    """The decisions stored for ``seat``, in order."""
    out = []
    for event in Event.objects.filter(match=match).order_by("ply"):
        if str(seat) in event.decisions:
            out.append(event.decisions[str(seat)])
    return out


def test_the_reference_client_plays_a_full_match_of_every_game(web_server, celery_worker):
    bot, token = make_bot("reference")
    client = reference_client(web_server, token, "random", matches=len(ALL_GAMES))
    try:
        wait_online(bot)
        matches = [bot_match(bot, game, seat=i % 2) for i, game in enumerate(ALL_GAMES)]
        out, err = client.communicate(timeout=300)
    finally:
        client.kill()
    assert client.returncode == 0, err[-3000:]
    stats = json.loads(out.strip().splitlines()[-1])
    assert stats["matches"] == len(ALL_GAMES)
    assert stats["errors"] == {}
    for i, match in enumerate(matches):
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED, match.game
        assert "forfeit" not in match.result
        decisions = bot_decisions(match, i % 2)
        assert decisions, f"the bot made no move in {match.game}"
        # Every move was the bot's own, in time: none replaced by a flagged random one.
        assert not [d for d in decisions if "fallback" in d["stats"]], match.game
        assert BotSeat.objects.get(match=match).strikes == 0
    assert stats["turn_to_stored_ms"]["n"] >= sum(
        len(bot_decisions(m, i % 2)) for i, m in enumerate(matches)
    )


def test_a_bot_that_sleeps_past_its_time_is_struck_and_forfeits_on_the_third(web_server):
    bot, token = make_bot("sleeper", ["octagon"])
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        match = bot_match(bot, "octagon", move_s=0.3, bank_s=0.2)
        ws.next("match_started", match=match.pk)
        first = ws.next("turn", match=match.pk)
        assert first["clock"] == {
            "move_ms": 300,
            "bank_ms": 200,
            "left_ms": first["clock"]["left_ms"],
        }
        assert 0 < first["clock"]["left_ms"] <= 500
        # Never answering: the deadline task plays for the bot.
        timeout = ws.next("error", code="timeout", match=match.pk)
        assert "strike 1 of 3" in timeout["message"]
        # Answering too late: the move is not the bot's, it is struck again.
        late = ws.next("turn", match=match.pk)
        ws.next("error", code="timeout", match=match.pk, seq=late["seq"])
        ws.send({"type": "move", "match": match.pk, "seq": late["seq"], "move": late["legal"][0]})
        assert ws.next("error", match=match.pk, seq=late["seq"])["code"] == "stale"
        third = ws.next("error", code="timeout", match=match.pk)
        assert "forfeit" in third["message"]
        over = ws.next("match_over", match=match.pk)
    assert over["result"]["forfeit"] == [0]
    assert over["result"]["ranks"] == [2, 1]
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    flagged = [d["stats"] for d in bot_decisions(match, 0)]
    assert [s["fallback"] for s in flagged] == ["timeout"] * 3
    assert [s["strike"] for s in flagged] == [1, 2, 3]
    # The flagged move is a legal one, recorded in the log like any other.
    assert match.events.filter(actor=0).count() == 3
    assert BotSeat.objects.get(match=match).strikes == 3


def test_an_illegal_move_is_replaced_and_struck(web_server, celery_worker):
    bot, token = make_bot("wild", ["octagon"])
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        match = bot_match(bot, "octagon")
        turn = ws.next("turn", match=match.pk)
        ws.send({"type": "move", "match": match.pk, "seq": turn["seq"], "move": "not-a-move"})
        error = ws.next("error", code="illegal", match=match.pk)
        assert "strike 1 of 3" in error["message"] and error["played"] in turn["legal"]
        following = ws.next("turn", match=match.pk)
        assert following["strikes"] == 1
    event = Event.objects.get(match=match, ply=turn["seq"])
    assert event.move == error["played"]
    assert event.decisions["0"]["stats"]["fallback"] == "illegal"


def test_garbage_other_bots_matches_and_stale_moves_get_errors_and_change_nothing(web_server):
    bot, token = make_bot("noisy", ["octagon", "footsies"])
    other, _ = make_bot("bystander", ["octagon"])
    theirs = bot_match(other, "octagon", move_s=60, bank_s=60)
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        mine = bot_match(bot, "octagon", move_s=60, bank_s=60)
        turn = ws.next("turn", match=mine.pk)
        before = snapshot(mine, theirs)
        move = turn["legal"][0]
        bad = [
            ("not json at all", "malformed"),
            (b"\x00\xff\xfe binary", "malformed"),
            ("[1, 2, 3]", "malformed"),
            ("[" * 5000 + "]" * 5000, "malformed"),  # deeper than the JSON parser goes
            ({"type": "resign"}, "malformed"),
            ({"type": "hello", "matches": [1]}, "malformed"),
            ("x" * 20000, "too_large"),
            ({"type": "move", "seq": turn["seq"], "move": move}, "unknown_match"),
            ({"type": "move", "match": theirs.pk, "seq": 0, "move": move}, "unknown_match"),
            ({"type": "move", "match": 10**9, "seq": 0, "move": move}, "unknown_match"),
            ({"type": "move", "match": "1; drop", "seq": 0, "move": move}, "unknown_match"),
            ({"type": "move", "match": mine.pk, "seq": turn["seq"] - 1, "move": move}, "stale"),
            ({"type": "move", "match": mine.pk, "seq": turn["seq"] + 3, "move": move}, "stale"),
            ({"type": "move", "match": mine.pk, "seq": "soon", "move": move}, "bad_seq"),
            ({"type": "move", "match": mine.pk, "seq": turn["seq"], "move": 7}, "bad_move"),
            ({"type": "move", "match": mine.pk, "seq": turn["seq"], "move": ""}, "bad_move"),
            ({"type": "move", "match": mine.pk, "seat": 1, "seq": turn["seq"], "move": move}, "not_your_seat"),
            ({"type": "move", "match": mine.pk, "seq": turn["seq"], "move": move, "thinking": "x" * 9000}, "bad_thinking"),
        ]  # fmt: skip
        for frame, code in bad:
            ws.send(frame)
            error = ws.next("error")
            assert error["code"] == code, (frame, error)
        assert snapshot(mine, theirs) == before
        # The socket still works: a good move is stored and acknowledged.
        ws.send({"type": "move", "match": mine.pk, "seq": turn["seq"], "move": move})
        ack = ws.next("ack", match=mine.pk)
        assert ack["seq"] == turn["seq"] and ack["stored_ms"] >= 0
        # ... and answering the same position again is stale, not a second move.
        ws.send({"type": "move", "match": mine.pk, "seq": turn["seq"], "move": move})
        assert ws.next("error")["code"] in ("stale", "not_your_turn")
    assert Event.objects.get(match=mine, ply=turn["seq"]).move == move


def test_a_reconnecting_bot_resumes_its_matches(web_server, celery_worker):
    bot, token = make_bot("flaky", ["octagon"])
    match = bot_match(bot, "octagon", move_s=30, bank_s=30)
    # Offline when the match starts: hello brings the match and the turn it owes.
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        ws.send({"type": "hello", "matches": {}})
        started = ws.next("match_started", match=match.pk)
        turn = ws.next("turn", match=match.pk)
        assert started["seat"] == turn["seat"] == 0
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        ws.send({"type": "hello", "matches": {str(match.pk): turn["seq"]}})
        again = ws.next("turn", match=match.pk)
        assert again["seq"] == turn["seq"]
        assert not [f for f in ws.frames if f["type"] == "match_started"]
        ws.send({"type": "move", "match": match.pk, "seq": again["seq"], "move": again["legal"][0]})
        ws.next("ack", match=match.pk)


def test_a_second_connection_takes_over(web_server):
    bot, token = make_bot("twin", ["octagon"])
    first = Socket(web_server, token)
    first.next("welcome")
    second = Socket(web_server, token)
    second.next("welcome")
    assert first.next("error")["code"] == "replaced"
    with pytest.raises(ConnectionClosed) as closed:
        first.next()
    assert closed.value.rcvd.code == 4409
    second.close()


@pytest.mark.parametrize("how", ["revoked", "rotated", "unknown", "missing"])
def test_a_refused_token_gets_an_error_and_a_closed_socket(web_server, how):
    bot, token = make_bot(f"refused-{how}", ["octagon"])
    if how == "revoked":
        bot.revoke()
    elif how == "rotated":
        bot.rotate()
    elif how == "unknown":
        token = "dab_" + "x" * 40
    else:
        token = None
    ws = Socket(web_server, token)
    error = ws.next("error")
    assert error["code"] == "unauthorized"
    with pytest.raises(ConnectionClosed) as closed:
        ws.next()
    assert closed.value.rcvd.code == 4401


def test_the_thirty_line_bot_of_the_docs_plays_a_match(web_server, tmp_path):
    text = (ROOT / "docs" / "bot-api.md").read_text()
    code = text.split("<!-- bot-example -->\n```python\n")[1].split("```")[0]
    assert len(code.strip().splitlines()) <= 30
    (tmp_path / "bot.py").write_text(code)
    bot, token = make_bot("docs-example", ["octagon"])
    process = subprocess.Popen(
        [sys.executable, str(tmp_path / "bot.py"), ws_url(web_server), token],
        env=process_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        wait_online(bot)
        match = bot_match(bot, "octagon")
        wait_for(lambda: Match.objects.get(pk=match.pk).is_over, timeout=120)
        lines = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any("over:" in line for line in lines):
            if select.select([process.stdout], [], [], 0.5)[0]:
                lines.append(process.stdout.readline())
    finally:
        process.kill()
    assert [line for line in lines if "over:" in line], lines
    assert not [line for line in lines if "error" in line], lines
    match.refresh_from_db()
    assert "forfeit" not in match.result
    decisions = bot_decisions(match, 0)
    assert decisions and not [d for d in decisions if "fallback" in d["stats"]]


def test_a_bot_hears_when_a_person_aborts_their_match(web_server):
    from webapp.accounts.identity import Identity
    from webapp.bots.play import identity
    from webapp.matches import services

    bot, token = make_bot("aborted", ["octagon"])
    person = Identity(key="guest:abc", name="abc")
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        plan = services.MatchPlan(
            game="octagon",
            seats=[services.SeatPlan(identity=person), services.SeatPlan(identity=identity(bot))],
        )
        match = services.create_match(plan)
        ws.next("match_started", match=match.pk)
        services.abort_match(match.pk, person)
        over = ws.next("match_over", match=match.pk)
    assert over["status"] == "aborted"
