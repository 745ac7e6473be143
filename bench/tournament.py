"""Tournament throughput on real Celery workers: the same tournament (same seed) with
one worker process and with two, against a fresh database and broker. Prints JSON.

    python bench/tournament.py --json [--games 120] [--entrants montecarlo:playouts=300 footsies-counter]

Uses REDIS_URL / DATABASE_URL when set, else an embedded Redis and a SQLite file in a
temporary directory. The issue's goal: two workers at least 1.8 times one.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def wait_ready(log: Path, proc: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(log.read_text()[-2000:])
        if "ready." in log.read_text(errors="replace"):
            return
        time.sleep(0.2)
    raise RuntimeError("worker did not start")


def run_once(processes: int, args, tmp: Path, queue: str) -> float:
    from webapp.tournaments.services import TournamentPlan, create_tournament

    log = tmp / f"worker-{processes}.log"
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "webapp.config", "worker", "-Q", queue,
         "--concurrency", str(processes), "-n", f"bench-{processes}-{uuid.uuid4().hex[:6]}@%h",
         "--loglevel", "INFO", "--without-gossip", "--without-mingle"],
        cwd=ROOT, env=os.environ.copy(), stdout=open(log, "w"), stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        wait_ready(log, worker)
        started = time.perf_counter()
        plan = TournamentPlan(
            game=args.game,
            entrants=args.entrants,
            games_per_pairing=args.games,
            seed="bench",
            name=f"bench with {processes} worker processes",
        )
        tournament = create_tournament(plan)
        while True:
            tournament.refresh_from_db()
            if tournament.is_over:
                break
            time.sleep(0.05)
        return time.perf_counter() - started
    finally:
        worker.terminate()
        worker.wait(30)


def main() -> int:
    parser = argparse.ArgumentParser(description="tournament games per second, 1 vs 2 workers")
    parser.add_argument("--game", default="footsies")
    parser.add_argument(
        # Games that think for a while (about 65 ms each): the work a tournament fans out.
        "--entrants",
        nargs="+",
        default=["montecarlo:playouts=300", "footsies-counter"],
    )
    parser.add_argument("--games", type=int, default=120, help="games per pairing")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="dicearena-bench-"))
    queue = f"bench-{uuid.uuid4().hex[:8]}"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="webapp.config.settings",
        DICEARENA_VAR=str(tmp),
        DICEARENA_QUEUE=queue,
        DICEARENA_CHANNEL_PREFIX=queue,
        DICEARENA_TOURNAMENT_CHUNK="2",
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
        seconds = {n: run_once(n, args, tmp, queue) for n in (1, 2)}
    finally:
        if redis is not None:
            redis.stop()
    games = args.games * len(args.entrants) * (len(args.entrants) - 1) // 2
    one, two = games / seconds[1], games / seconds[2]
    print(json.dumps({
        "game": args.game, "entrants": args.entrants, "games": games,
        "one_worker": {"seconds": round(seconds[1], 2), "games_per_s": round(one, 2)},
        "two_workers": {"seconds": round(seconds[2], 2), "games_per_s": round(two, 2)},
        "speedup": round(two / one, 2), "goal_speedup": 1.8, "goal_met": two / one >= 1.8,
        "cores": os.cpu_count(),
    }, indent=1))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
