"""Many people play the AIs at once on the real stack (a web server, a worker, Redis):
each plays through a socket of their own, against instant agents that reply inside the
person's request (webapp/matches/instant.py) and a searching one that replies from the
worker. Behaviour, not timing: every move is answered, no socket gets an error frame,
and every stored match replays with its dice checked against its seed."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
import websockets
from channels.db import database_sync_to_async

from webapp.accounts.identity import Identity
from webapp.matches import fairness, services
from webapp.matches.models import Match

from .helpers import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

#: The opponents, each game's instant player and one agent that searches (a worker's).
OPPONENTS = [
    ("octagon", "random"),
    ("octagon", "octagon-greedy"),
    ("dicewars", "dicewars-wpm"),
    ("footsies", "footsies-counter"),
    ("buttonmen", "random"),
    ("dungeon", "random"),
    ("octagon", "mcts:iterations=20"),
]
MATCHES = 21
#: Moves each person makes (or fewer, if the match ends first).
MOVES = 6
#: A page's heartbeat (a hello naming its position) after this much silence, and the
#: silence after which a match counts as stuck.
HEARTBEAT_S = 20.0
SILENCE_S = 240.0


@database_sync_to_async
def new_match(index: int) -> tuple[int, str]:
    game, opponent = OPPONENTS[index % len(OPPONENTS)]
    me = Identity(key=f"guest:many{index}", name=f"many{index}")
    seats = [services.SeatPlan(identity=me), services.SeatPlan(agent_spec=opponent)]
    plan = services.MatchPlan(
        game=game, seats=seats, options={"rounds": 9} if game == "footsies" else {}
    )
    return services.create_match(plan).pk, f"many{index}"


async def play(url: str, match_id: int, guest: str) -> int:
    """Play seeded random legal moves whenever it is this person's turn; the moves made."""
    rng = random.Random(match_id)
    headers = {"Cookie": await session_cookie(guest)}
    socket_url = url.replace("http://", "ws://") + f"/ws/matches/{match_id}/"
    made = 0
    async with websockets.connect(
        socket_url, origin=url, additional_headers=headers, open_timeout=60, ping_interval=None
    ) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        legal, seq, seat, over = [], 0, None, False
        frame: dict = {}
        silent = 0.0
        while made < MOVES and not over:
            try:
                async with asyncio.timeout(HEARTBEAT_S):
                    frame = json.loads(await ws.recv())
                silent = 0.0
            except TimeoutError:
                # As a page does (its heartbeat): say where it is; the server sends what
                # it missed, should a pushed frame have been lost on the way.
                silent += HEARTBEAT_S
                assert silent < SILENCE_S, f"match {match_id}: silent after {made} moves; {frame}"
                await ws.send(json.dumps({"type": "hello", "seq": seq}))
                continue
            assert frame["type"] != "error", frame
            if frame["type"] == "snapshot":
                legal, seq, seat = frame["legal"], frame["seq"], frame["you"]
                over = frame["status"]["status"] != "active"
            elif frame["type"] == "event":
                legal, seq = frame.get("legal", []), frame["seq"]
                over = frame["turn"]["over"]
            else:
                continue
            if legal and not over:
                # Half the time the move that hands over the turn, if there is one
                # (Dice Wars' "end"): a person who never ends a turn meets no AI.
                ends = [m for m in legal if m == "end"]
                move = ends[0] if ends and rng.random() < 0.5 else rng.choice(legal)
                await ws.send(json.dumps({"type": "move", "seat": seat, "seq": seq, "move": move}))
                made += 1
                legal = []  # sent: wait for the answer before the next
    return made


async def test_many_people_play_the_ais_at_once(web_server):
    matches = [await new_match(i) for i in range(MATCHES)]
    made = await asyncio.gather(*(play(web_server, pk, guest) for pk, guest in matches))

    @database_sync_to_async
    def check() -> None:
        for (pk, _), moves in zip(matches, made, strict=True):
            match = Match.objects.get(pk=pk)
            assert moves == MOVES or match.is_over, f"match {pk}: {moves} moves, then no answer"
            verdict = fairness.verify(match)
            assert verdict.ok, verdict
            actors = set(match.events.values_list("actor", flat=True))
            assert actors - {0, -1}, f"match {pk}: the AI never moved"

    await check()
