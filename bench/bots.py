"""An outside bot's round trip on loopback: the reference client (``agents.remote``, a
real process) plays matches against a built-in agent on a real server (uvicorn, the
Redis channel layer, a Celery worker for the agent's moves). Prints JSON.

    python bench/bots.py --json [--game octagon] [--matches 10] [--at-once 1] [--agent random]

Figures, in milliseconds, per bot move:
- ``turn_to_stored_ms``: from the turn frame leaving the server's bot socket to the
  move committed to the database (the consumer measures it and reports it in the ack);
  the issue's goal: p95 ≤ 20 ms.
- ``client_round_trip_ms``: the client's view, turn frame received → ack received.
- ``clock_to_move_ms``: the bot's clock as the server charges it, from the position
  stored (before its commit, the channel layer and the frame) to the move checked.

Uses REDIS_URL / DATABASE_URL when set, else an embedded Redis and a SQLite file in a
temporary directory.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agents.remote import summary  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(argv: list[str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        argv,
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=open(log, "w"),  # noqa: SIM115 - lives as long as the process
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def wait(check, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not start")


def run(args, tmp: Path, queue: str) -> dict:
    from django.contrib.auth import get_user_model

    from webapp.bots.accounts import create_bot
    from webapp.bots.models import Bot
    from webapp.bots.play import identity
    from webapp.matches import services
    from webapp.matches.models import Event, Match

    worker = start(
        [sys.executable, "-m", "celery", "-A", "webapp.config", "worker", "-Q", f"{queue},{queue}-live",
         "--concurrency", "1", "-n", f"bench-bots-{uuid.uuid4().hex[:6]}@%h",
         "--loglevel", "INFO", "--without-gossip", "--without-mingle"],
        tmp / "worker.log",
    )  # fmt: skip
    port = free_port()
    web = start(
        [sys.executable, "-m", "uvicorn", "webapp.config.asgi:application",
         "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        tmp / "web.log",
    )  # fmt: skip
    client = None
    try:
        wait(lambda: "ready." in (tmp / "worker.log").read_text(), "the worker")
        wait(lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/bots/api/", timeout=2), "web")
        user, _ = get_user_model().objects.get_or_create(username="bench")
        bot, token = create_bot(user, f"bench-{uuid.uuid4().hex[:6]}", [args.game])
        client = subprocess.Popen(
            [sys.executable, "-m", "agents.remote", "--url", f"ws://127.0.0.1:{port}/ws/bot/",
             "--token", token, "--agent", args.agent, "--matches", str(args.matches),
             "--stats", "--quiet"],
            cwd=ROOT, env=os.environ.copy(), stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        wait(lambda: Bot.objects.get(pk=bot.pk).online, "the reference client")
        started = time.perf_counter()
        matches = []
        for i in range(args.matches):
            # At most --at-once matches run together: 1 measures a bot's latency, more
            # measures it with the server busy with the bot's other games.
            while Match.objects.filter(status=Match.Status.ACTIVE).count() >= args.at_once:
                time.sleep(0.02)
            seats = [services.SeatPlan(agent_spec=args.opponent) for _ in range(2)]
            seats[i % 2] = services.SeatPlan(identity=identity(bot))
            plan = services.MatchPlan(
                game=args.game, seats=seats, time_control={"move_s": 10, "bank_s": 30}
            )
            matches.append((services.create_match(plan), i % 2))
        out, _ = client.communicate(timeout=args.timeout)
        elapsed = time.perf_counter() - started
        stats = json.loads(out.strip().splitlines()[-1])
        clock = []
        flagged = 0
        for match, seat in matches:
            for decisions in Event.objects.filter(match=match).values_list("decisions", flat=True):
                mine = (decisions or {}).get(str(seat))
                if mine:
                    clock.append(mine["stats"]["seconds"] * 1000)
                    flagged += "fallback" in mine["stats"]
        finished = Match.objects.filter(
            pk__in=[m.pk for m, _ in matches], status=Match.Status.FINISHED
        ).count()
    finally:
        for proc in (client, web, worker):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                proc.wait(30)
    turn = stats["turn_to_stored_ms"]
    return {
        "game": args.game,
        "bot_agent": args.agent,
        "opponent": args.opponent,
        "matches": args.matches,
        "at_once": args.at_once,
        "finished": finished,
        "bot_moves": len(clock),
        "flagged_moves": flagged,
        "seconds": round(elapsed, 2),
        "turn_to_stored_ms": turn,
        "client_round_trip_ms": stats["client_round_trip_ms"],
        "clock_to_move_ms": summary(clock),
        "errors": stats["errors"],
        "goal_p95_ms": 20,
        "goal_met": bool(turn.get("n")) and turn["p95"] <= 20,
        "database": os.environ.get("DATABASE_URL", "sqlite (temporary file)").split(":")[0],
        "cores": os.cpu_count(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description="an outside bot's round trip on loopback")
    parser.add_argument("--game", default="octagon")
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--agent", default="random", help="the reference client's agent")
    parser.add_argument("--opponent", default="random", help="the built-in agent it plays")
    parser.add_argument("--at-once", type=int, default=1, help="matches played at the same time")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="dicearena-bench-bots-"))
    queue = f"bench-{uuid.uuid4().hex[:8]}"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="webapp.config.settings",
        DICEARENA_VAR=str(tmp),
        DICEARENA_QUEUE=queue,
        DICEARENA_CHANNEL_PREFIX=queue,
        ALLOWED_HOSTS="localhost,127.0.0.1",
    )
    redis = None
    if not os.environ.get("REDIS_URL"):
        from webapp.embedded_redis import EmbeddedRedis

        redis = EmbeddedRedis(tmp / "redis")
        os.environ["REDIS_URL"] = redis.start()
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        result = run(args, tmp, queue)
    finally:
        if redis is not None:
            redis.stop()
    print(json.dumps(result, indent=1 if args.json else None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
