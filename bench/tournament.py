"""Tournament throughput on real Celery workers, against a fresh database and broker.
Prints JSON.

    python bench/tournament.py --json [--games 120] [--light-games 4000]

Two figures:

- ``light``: light games (Footsies, ``random`` against ``footsies-counter``) played by
  the headless arena (``agents.arena.run_arena``, one process) and then stored by one
  worker process as a tournament, same seed: games per second of each, and their ratio
  (the goal: a worker stores at least half the arena's rate).
- ``speedup``: the same tournament of heavier games (about 65 ms each) with one worker
  process and with two (the goal: two at least 1.8 times one).

Uses REDIS_URL when set, else an embedded Redis. With a PostgreSQL DATABASE_URL it
creates a database of its own on that server and drops it afterwards; else a SQLite
file in a temporary directory.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LIGHT = ("footsies", ["random", "footsies-counter"])


class Worker:
    """A Celery worker in its own process group; stopping it never raises."""

    def __init__(self, processes: int, queue: str, log: Path) -> None:
        self.log = log
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "webapp.config", "worker", "-Q", queue,
             "--concurrency", str(processes), "-n", f"bench-{processes}-{uuid.uuid4().hex[:6]}@%h",
             "--loglevel", "INFO", "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=ROOT, env=os.environ.copy(), stdout=open(log, "w"), stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(self.log.read_text()[-2000:])
            if "ready." in self.log.read_text(errors="replace"):
                return
            time.sleep(0.2)
        raise RuntimeError("worker did not start")

    def stop(self) -> None:
        stop_group(self.proc)


def stop_group(proc: subprocess.Popen, grace: float = 30) -> None:
    """TERM a process group, then KILL whatever is left after ``grace`` seconds; never
    raises, so a worker slow to stop cannot crash the bench."""
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 10)):
        if proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, sig)
            proc.wait(wait)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            continue


def stored_seconds(processes: int, game: str, entrants: list[str], games: int, tmp: Path) -> float:
    """Seconds from submitting a tournament to its last game stored and rated."""
    from webapp.tournaments.models import Tournament
    from webapp.tournaments.services import TournamentPlan, create_tournament

    worker = Worker(processes, os.environ["DICEARENA_QUEUE"], tmp / f"worker-{processes}.log")
    try:
        worker.wait_ready()
        started = time.perf_counter()
        plan = TournamentPlan(game=game, entrants=entrants, games_per_pairing=games, seed="bench")
        tournament = create_tournament(plan)
        while not Tournament.objects.get(pk=tournament.pk).is_over:
            time.sleep(0.02)
        seconds = time.perf_counter() - started
        tournament.refresh_from_db()
        if tournament.status != Tournament.Status.FINISHED or tournament.error:
            raise RuntimeError(f"tournament {tournament.status}: {tournament.error}")
        return seconds
    finally:
        worker.stop()


def arena_seconds(game: str, entrants: list[str], games: int) -> float:
    from agents.arena import run_arena

    started = time.perf_counter()
    run_arena(game, entrants, games_per_pairing=games, seed="bench")
    return time.perf_counter() - started


def own_database(url: str) -> tuple[str, str | None]:
    """(DATABASE_URL to use, PostgreSQL database to drop afterwards)."""
    if not url.startswith(("postgres://", "postgresql://")):
        return url, None
    import psycopg

    name = f"dicearena_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + "/" + name, name


def drop_database(url: str, name: str) -> None:
    import psycopg
    from django.db import connections

    connections.close_all()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def bench_stack(name: str) -> Iterator[Path]:
    """A fresh database and broker for one run, Django set up and migrated; yields a
    temporary directory for logs. Queue and channel names are the run's own."""
    tmp = Path(tempfile.mkdtemp(prefix=f"dicearena-{name}-"))
    queue = f"{name}-{uuid.uuid4().hex[:8]}"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="webapp.config.settings",
        DICEARENA_VAR=str(tmp),
        DICEARENA_QUEUE=queue,
        DICEARENA_CHANNEL_PREFIX=queue,
        # The bench's own site: the cap on a person's tournament does not apply.
        DICEARENA_MAX_TOURNAMENT_GAMES="1000000",
    )
    server_url = os.environ.get("DATABASE_URL", "")
    os.environ["DATABASE_URL"], dropped = own_database(server_url)
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
        yield tmp
    finally:
        if redis is not None:
            redis.stop()
        if dropped:
            drop_database(server_url, dropped)


def pairs(entrants: list[str]) -> int:
    return len(entrants) * (len(entrants) - 1) // 2


def main() -> int:
    parser = argparse.ArgumentParser(description="tournament games per second on workers")
    parser.add_argument("--game", default="footsies")
    parser.add_argument(
        # Games that think for a while (about 65 ms each): the work a tournament fans out.
        "--entrants",
        nargs="+",
        default=["montecarlo:playouts=300", "footsies-counter"],
    )
    parser.add_argument("--games", type=int, default=120, help="heavy games per pairing")
    parser.add_argument("--light-games", type=int, default=4000, help="light games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with bench_stack("bench") as tmp:
        from django.db import connection

        light_game, light_entrants = LIGHT
        light_arena = arena_seconds(light_game, light_entrants, args.light_games)
        light_stored = stored_seconds(1, light_game, light_entrants, args.light_games, tmp)
        seconds = {n: stored_seconds(n, args.game, args.entrants, args.games, tmp) for n in (1, 2)}
        database = connection.vendor
    games = args.games * pairs(args.entrants)
    one, two = games / seconds[1], games / seconds[2]
    light_games = args.light_games * pairs(light_entrants)
    arena_rate, stored_rate = light_games / light_arena, light_games / light_stored
    print(json.dumps({
        "database": database,
        "light": {
            "game": light_game, "entrants": light_entrants, "games": light_games,
            "arena_games_per_s": round(arena_rate, 1),
            "stored_games_per_s": round(stored_rate, 1),
            "stored_vs_arena": round(stored_rate / arena_rate, 3),
            "goal_stored_vs_arena": 0.5, "goal_met": stored_rate / arena_rate >= 0.5,
        },
        "game": args.game, "entrants": args.entrants, "games": games,
        "one_worker": {"seconds": round(seconds[1], 2), "games_per_s": round(one, 2)},
        "two_workers": {"seconds": round(seconds[2], 2), "games_per_s": round(two, 2)},
        "speedup": round(two / one, 2), "goal_speedup": 1.8, "goal_met": two / one >= 1.8,
        "cores": os.cpu_count(),
    }, indent=1))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
