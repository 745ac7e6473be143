"""Can one client starve the live AIs? One cookieless client goes to every limit while
other players play a light AI; prints JSON figures (docs/reliability.md).

    python bench/starve.py --json [--duration 60] [--players 2] [--no-limits]

The stack runs as `make run` starts it (web tier, a worker per queue: tournaments, live
AI moves, analyses, the system's sweeps), on loopback. The client:

- opens matches against ``--slow`` (The Octagon Theory) from the lobby's form, each
  with no cookie but the one the answer gives it, until the site refuses, and answers
  its own turns at once, so its AIs always have a move to think about;
- opens AI-vs-AI matches of ``--slow`` against itself the same way, until refused;
- keeps asking for more matches twice a second (each refusal counted by status).

First, analysis: the client sends ``--analyses`` "Analyse from here" requests of
``footsies-mcts:simulations=1000000,depth=100`` at 5 s (10 worker-seconds each: both
seats decide) at once, then another visitor (from 127.0.0.2) asks for a quick one;
figures: how many of the client's were admitted and refused, and how long the other
visitor waited for the answer.

Then ``--players`` guests (from elsewhere: their matches are made in the bench, not
from the client's address) play Octagon against ``--light`` with ``--think`` seconds
between moves. The figure is theirs: ``move_to_ai_reply_ms`` (a move sent → the AI's
reply on the socket). ``--no-limits`` lifts every limit (as before they existed), for the
comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import random
import re
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import requests  # noqa: E402

from bench.live import (  # noqa: E402
    Figures,
    Slot,
    measure,
    new_guest,
    open_socket,
    percentiles,
    play_match,
    player,
    serve,
)

GAME = "octagon"
#: Every limit the client meets, lifted (--no-limits).
NO_LIMITS = {
    "DICEARENA_ANALYSIS_S_PER_PERSON": "1000000",
    "DICEARENA_ANALYSIS_S_PER_ADDRESS": "1000000",
    "DICEARENA_ANALYSES_AT_ONCE": "1000",
    "DICEARENA_MAX_LIVE_AI_MATCHES": "1000",
    "DICEARENA_MAX_VS_AI_MATCHES": "1000",
    "DICEARENA_NEW_MATCHES_PER_MINUTE": "100000",
    "DICEARENA_AI_MOVES_AT_ONCE": "1000",
}


class Client:
    """The lobby's form as a script sends it: a CSRF cookie, and no session but the one
    each answer gives (a new guest each time, as a client that drops its cookie)."""

    def __init__(self, url: str) -> None:
        self.url = url
        page = requests.get(f"{url}/play/{GAME}/", timeout=30)
        self.csrf = page.cookies["csrftoken"]
        self.token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)[1]

    def new_match(self, form: dict) -> tuple[int, int | None, str]:
        """(HTTP status, match id or None, the new guest's session cookie)."""
        answer = requests.post(
            f"{self.url}/matches/new/",
            data={"game": GAME, "csrfmiddlewaretoken": self.token, **form},
            cookies={"csrftoken": self.csrf},
            headers={"Referer": f"{self.url}/play/{GAME}/"},
            allow_redirects=False,
            timeout=60,
        )
        found = re.search(r"/matches/(\d+)/", answer.headers.get("Location", ""))
        return (
            answer.status_code,
            int(found[1]) if found else None,
            answer.cookies.get("sessionid", ""),
        )


HEAVY = {"agent": "footsies-mcts:simulations=1000000,depth=100", "budget": "5"}
QUICK = {"agent": "footsies-nash", "budget": "1"}


def finished_footsies() -> int:
    """A finished match to analyse, stored as tournaments store theirs."""
    from django.db import transaction

    from agents.match import play_match as play_in_memory
    from webapp.matches import services

    specs = ["footsies-counter", "footsies-nash"]
    played = play_in_memory("footsies", specs, seed="starve", options={"rounds": 3})
    with transaction.atomic():
        (match,) = services.do_store_played(
            [services.PlayedMatch("footsies", played.record["options"], "starve", specs, played)]
        )
    return match.pk


def post_form(url: str, path: str, form: dict, csrf: str, source: str = "127.0.0.1"):
    """POST a form from ``source`` (another loopback address is another visitor)."""
    from urllib.parse import urlencode, urlsplit

    where = urlsplit(url)
    conn = http.client.HTTPConnection(where.hostname, where.port, source_address=(source, 0))
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": f"csrftoken={csrf}",
        "X-CSRFToken": csrf,
    }
    conn.request("POST", path, urlencode(form), headers)
    answer = conn.getresponse()
    body = answer.read()
    conn.close()
    return answer.status, json.loads(body or b"{}")


async def analyses(args, url: str, client: Client) -> dict:
    """The client's burst of heavy opinions, then another visitor's quick one."""
    match_id = await asyncio.to_thread(finished_footsies)
    path = f"/matches/{match_id}/position/0/analyse/"
    started = time.monotonic()
    answers = await asyncio.gather(
        *(asyncio.to_thread(post_form, url, path, HEAVY, client.csrf) for _ in range(args.analyses))
    )
    burst_s = time.monotonic() - started
    statuses = Counter(status for status, _ in answers)
    asked = time.monotonic()
    status, body = await asyncio.to_thread(post_form, url, path, QUICK, client.csrf, "127.0.0.2")
    waited = None
    while status == 202 and time.monotonic() - asked < 300:
        with urllib.request.urlopen(url + body["url"], timeout=30) as page:
            if json.load(page)["status"] in ("done", "failed"):
                waited = round(time.monotonic() - asked, 2)
                break
        await asyncio.sleep(0.1)
    refused = next((b for s, b in answers if s != 202), {})
    return {
        "client_requests": args.analyses,
        "client_burst_s": round(burst_s, 2),
        "client_statuses": {str(k): v for k, v in sorted(statuses.items())},
        "client_refusal": refused.get("message"),
        "other_visitor_status": status,
        "other_visitor_answer_s": waited,
    }


async def opponent_of_the_client(url: str, match_id: int, cookie: str, stop) -> None:
    """Answer every turn of the client's own match at once (no figures kept)."""
    figures, rng = Figures(), random.Random(match_id)
    args = argparse.Namespace(think=0.02)
    slot = Slot(0, GAME)
    slot.match_id = match_id
    while not stop.is_set():
        try:
            async with await open_socket(url, match_id, cookie) as ws:
                if await play_match(ws, slot, figures, args, rng, stop):
                    return
        except Exception:  # noqa: BLE001 - the client keeps going whatever happens
            await asyncio.sleep(1)


async def run(args, url: str) -> dict:
    client = await asyncio.to_thread(Client, url)
    analysis = await analyses(args, url, client) if args.analyses and not args.alone else None
    stop = asyncio.Event()
    refusals: Counter = Counter()
    tasks = []
    opened = {"against": 0, "watch": 0}
    if args.alone:
        args.tries = 0
    against = {"mode": "ai", "seat": "0", "agent1": args.slow}
    watch = {"mode": "watch", "agent0": args.slow, "agent1": args.slow}
    for kind, form in (("against", against), ("watch", watch)):
        for _ in range(args.tries):
            status, match_id, cookie = await asyncio.to_thread(client.new_match, form)
            if match_id is None:
                refusals[f"{kind}:{status}"] += 1
                break
            opened[kind] += 1
            if kind == "against":
                tasks.append(
                    asyncio.create_task(opponent_of_the_client(url, match_id, cookie, stop))
                )

    async def keep_asking() -> None:
        while not stop.is_set():
            status, _match_id, _ = await asyncio.to_thread(client.new_match, against)
            refusals[f"more:{status}"] += 1
            await asyncio.sleep(0.5)

    if not args.alone:
        tasks.append(asyncio.create_task(keep_asking()))
    figures = Figures()
    slots = []
    for i in range(args.players):
        slot = Slot(i, GAME, args.light)
        slot.guests = [f"other{i}"]
        slot.cookies = [await asyncio.to_thread(new_guest, slot.guests[0])]
        slot.match_id = await asyncio.to_thread(slot.new_match)
        slots.append(slot)
        tasks.append(asyncio.create_task(player(url, slot, figures, args, stop)))
    elapsed = await measure(figures, args, stop, tasks)
    return {
        "limits": not args.no_limits,
        "client": not args.alone,
        "analysis": analysis,
        "slow_ai": args.slow,
        "light_ai": args.light,
        "client_matches_against_ai": opened["against"],
        "client_ai_vs_ai_matches": opened["watch"],
        "client_refusals": dict(refusals),
        "players": args.players,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "moves": figures.moves,
        "move_to_ai_reply_ms": percentiles(figures.move_to_ai_reply),
        "move_to_frame_ms": percentiles(figures.move_to_frame),
        "errors": dict(figures.errors),
        "goal": {"move_to_ai_reply_p50_ms": 500},
        "database": os.environ.get("DATABASE_URL", "").split("://")[0] or "sqlite",
        "cores": os.cpu_count(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description="one client at every limit, others playing")
    parser.add_argument("--duration", type=float, default=60, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=10, help="seconds before measuring")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.5, help="players' mean s a move")
    parser.add_argument("--slow", default="mcts:iterations=100000")
    parser.add_argument("--light", default="octagon-greedy")
    parser.add_argument("--tries", type=int, default=30, help="matches the client asks for")
    parser.add_argument("--analyses", type=int, default=35, help="the client's burst (0: none)")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--no-limits", action="store_true", help="lift every limit")
    parser.add_argument("--alone", action="store_true", help="no client: the baseline")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    args.as_launched = True
    if args.no_limits:
        os.environ.update(NO_LIMITS)
    return serve(args, "starve", lambda url, _stack: run(args, url))


if __name__ == "__main__":
    sys.exit(main())
