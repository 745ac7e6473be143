"""The reference bot client: any of our agents plays on a Dice Arena server as an
outside bot, speaking only the documented protocol (docs/bot-api.md). No Django.

    python -m agents.remote --url ws://127.0.0.1:8000/ws/bot/ --token TOKEN --agent SPEC

It says hello with the last sequence number of every match it knows (so a reconnect
resumes them), rebuilds each position from the turn frame's observation with
``game.from_position``, lets the agent decide under the runner (a failing agent still
answers with a legal move) on a thread, so the socket keeps answering while it thinks,
and answers every match at once. ``--matches N`` stops after N matches end; ``--stats``
prints the round trips it measured as JSON when it stops.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus

import games
from agents.core import Agent, Budget, decide, get

#: Share of the time left that the agent may think; the rest covers the network.
THINK_SHARE = 0.5
#: Thinking larger than this is left out of the move (the server refuses over 8,000 bytes).
MAX_THINKING_BYTES = 7000
#: Share of the server's frame rate this client uses; the rest absorbs clock jitter.
PACE_SHARE = 0.8
#: Close codes after which reconnecting is pointless.
FINAL_CLOSES = {4401: "the token was refused", 4409: "another connection took over"}


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile (no interpolation: every figure is a measured one)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


def summary(values: list[float]) -> dict[str, Any]:
    """Count, median, 95th percentile and maximum of some timings."""
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "p50": round(percentile(values, 50), 3),
        "p95": round(percentile(values, 95), 3),
        "max": round(max(values), 3),
    }


@dataclass
class Seat:
    game: str
    seat: int
    agent: Agent
    last_seq: int = 0


class Pacer:
    """Spaces our frames to stay under the server's ``frames_per_s`` (from welcome): a
    frame over the limit is dropped by the server, and a dropped move is a lost turn.
    With instant opponents a bot in many matches gets turns faster than it may answer."""

    def __init__(self, frames_per_s: float = 10.0) -> None:
        self.set_rate(frames_per_s)
        self.next_at = 0.0
        self.lock = asyncio.Lock()

    def set_rate(self, frames_per_s: float) -> None:
        self.interval = 1.0 / max(0.1, PACE_SHARE * frames_per_s)

    async def turn(self) -> None:
        """Wait for this frame's slot; slots are handed out in order."""
        async with self.lock:
            now = time.monotonic()
            at = max(now, self.next_at)
            self.next_at = at + self.interval
        if at > now:
            await asyncio.sleep(at - now)


@dataclass
class Stats:
    """Round trips per move: the server's (turn frame sent → move stored) from each
    ack, and ours (turn frame received → ack received)."""

    stored_ms: list[float] = field(default_factory=list)
    client_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    matches: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "turn_to_stored_ms": summary(self.stored_ms),
            "client_round_trip_ms": summary(self.client_ms),
            "errors": self.errors,
        }


class RemoteBot:
    def __init__(self, url: str, token: str, spec: str, matches: int | None, quiet: bool) -> None:
        get(spec)  # a bad spec fails here, before connecting
        self.url, self.token, self.spec = url, token, spec
        self.max_matches, self.quiet = matches, quiet
        self.seats: dict[tuple[int, int], Seat] = {}
        self.received: dict[tuple[int, int, int], float] = {}
        self.stats = Stats()
        self.done = asyncio.Event()
        self.pacer = Pacer()

    def log(self, text: str) -> None:
        if not self.quiet:
            print(text, file=sys.stderr, flush=True)

    async def run(self) -> int:
        delay = 0.5
        while not self.done.is_set():
            try:
                async with websockets.connect(
                    self.url,
                    additional_headers={"Authorization": f"Bearer {self.token}"},
                    max_size=2**22,
                ) as socket:
                    delay = 0.5
                    await self.session(socket)
            except ConnectionClosed as exc:
                reason = FINAL_CLOSES.get(exc.rcvd.code if exc.rcvd else 0)
                if reason:
                    print(f"closed: {reason}", file=sys.stderr)
                    return 2
                self.log(f"connection lost ({exc}); reconnecting")
            except (OSError, InvalidStatus) as exc:
                self.log(f"cannot connect ({exc}); retrying in {delay:.1f}s")
            if self.done.is_set():
                break
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)
        return 0

    async def session(self, socket) -> None:
        known = {str(m): s.last_seq for (m, _), s in self.seats.items()}
        await self.pacer.turn()
        await socket.send(json.dumps({"type": "hello", "matches": known}))
        pending: set[asyncio.Task] = set()
        # Per connection: after a reconnect, a turn sent again may never have had its move
        # arrive, so it is answered again.
        answered: set[tuple[int, int, int]] = set()
        async for raw in socket:
            frame = json.loads(raw)
            kind = frame.get("type")
            if kind == "turn":
                key = (frame["match"], frame["seat"], frame["seq"])
                if key in answered:
                    continue  # a turn repeated by hello's catch-up: answered already
                answered.add(key)
                self.received[key] = time.perf_counter()
                task = asyncio.create_task(self.answer(socket, frame))
                pending.add(task)
                task.add_done_callback(pending.discard)
            elif kind == "match_started":
                self.start(frame)
            elif kind == "ack":
                self.acked(frame)
            elif kind == "match_over":
                self.over(frame)
                if self.max_matches is not None and self.stats.matches >= self.max_matches:
                    self.done.set()
                    await socket.close()
                    return
            elif kind == "error":
                code = frame.get("code", "?")
                self.stats.errors[code] = self.stats.errors.get(code, 0) + 1
                self.log(f"error {code}: {frame.get('message')}")
            elif kind == "welcome":
                self.pacer.set_rate(frame.get("limits", {}).get("frames_per_s", 10))
                self.log(f"connected as {frame['bot']} (games: {', '.join(frame['games'])})")

    def start(self, frame: dict) -> None:
        key = (frame["match"], frame["seat"])
        if key not in self.seats:
            self.seats[key] = Seat(frame["game"], frame["seat"], get(self.spec))
            self.log(f"match {frame['match']}: {frame['game']}, seat {frame['seat']}")

    def acked(self, frame: dict) -> None:
        received = self.received.pop((frame["match"], frame["seat"], frame["seq"]), None)
        if received is not None:
            self.stats.client_ms.append((time.perf_counter() - received) * 1000)
        if "stored_ms" in frame:
            self.stats.stored_ms.append(frame["stored_ms"])

    def over(self, frame: dict) -> None:
        self.seats.pop((frame["match"], frame["seat"]), None)
        self.stats.matches += 1
        result = frame.get("result") or {}
        self.log(f"match {frame['match']} over: {result.get('reason') or result.get('ranks')}")

    async def answer(self, socket, frame: dict) -> None:
        seat = self.seats.get((frame["match"], frame["seat"]))
        if seat is None:  # a turn before its match_started (a resumed match): learn it now
            self.start(frame)
            seat = self.seats[(frame["match"], frame["seat"])]
        seat.last_seq = frame["seq"]
        move, thinking = await asyncio.to_thread(choose, seat, frame)
        reply = {
            "type": "move",
            "match": frame["match"],
            "seat": frame["seat"],
            "seq": frame["seq"],
            "move": move,
        }
        if thinking is not None:
            reply["thinking"] = thinking
        try:
            await self.pacer.turn()
            await socket.send(json.dumps(reply))
        except ConnectionClosed:
            pass  # the turn is sent again after the reconnect's hello


def choose(seat: Seat, frame: dict) -> tuple[str, dict | None]:
    """The agent's move text for a turn frame, and what it weighed (None if too big)."""
    rng = random.Random(f"{frame['match']}:{frame['seat']}:{frame['seq']}")
    game = games.get(frame["game"])
    try:
        state = game.from_position(frame["observation"])
    except ValueError as exc:  # a position this client cannot rebuild: still answer
        return rng.choice(frame["legal"]), {"fallback": f"from_position: {exc}"[:300]}
    budget = Budget(seconds=THINK_SHARE * frame["clock"]["left_ms"] / 1000)
    agent = seat.agent if seat.agent.plays(game.slug) else get("random")
    decision = decide(agent, state, frame["seat"], budget, rng)
    # What the agent weighed, shown under "why?" as for a built-in agent (if it fits).
    thinking = json.loads(json.dumps(decision.thinking, default=str))
    if not isinstance(thinking, dict) or len(json.dumps(thinking)) > MAX_THINKING_BYTES:
        thinking = None
    return state.move_to_str(decision.move), thinking


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.remote", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--url", required=True, help="ws://host:port/ws/bot/")
    parser.add_argument("--token", required=True, help="the bot's token")
    parser.add_argument("--agent", default="random", help="agent spec, e.g. mcts:iterations=500")
    parser.add_argument("--matches", type=int, help="stop after this many matches end")
    parser.add_argument("--stats", action="store_true", help="print round trips as JSON at the end")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    try:
        bot = RemoteBot(args.url, args.token, args.agent, args.matches, args.quiet)
    except ValueError as exc:
        parser.error(str(exc))
    try:
        code = asyncio.run(bot.run())
    except KeyboardInterrupt:
        code = 0
    if args.stats:
        print(json.dumps(bot.stats.to_json()))
    return code


if __name__ == "__main__":
    sys.exit(main())
