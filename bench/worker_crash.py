"""A tournament worker killed with SIGKILL mid-tournament: how long until the tournament
finishes, and is every game stored exactly once? Prints JSON.

    python bench/worker_crash.py --json [--games 300] [--kill-at 0.3]

The real stack: a worker of two processes plays the tournament, Celery beat runs the
sweep on its schedule (every 15 s, as ``make run`` installs it); when a third of the
games are stored the worker's whole process group gets SIGKILL, and a fresh worker is
started at once, as the launcher restarts a crashed child. The games the dead worker
held have no beat any more; the sweep hands them over after ``DICEARENA_STALE_GAME_S``.
Database and Redis as in ``bench/tournament.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.tournament import Worker, bench_stack, stop_group  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description="finish time after a worker is killed")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--kill-at", type=float, default=0.3, help="share of games stored")
    parser.add_argument("--entrants", nargs="+", default=["montecarlo:playouts=40", "random"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    workers: list[Worker] = []
    beat = None
    with bench_stack("crash") as tmp:
        from django.conf import settings
        from django.db import connection

        from webapp.matches.models import Match
        from webapp.tournaments.models import Tournament
        from webapp.tournaments.schedules import install_sweep
        from webapp.tournaments.services import TournamentPlan, create_tournament

        try:
            queue = os.environ["DICEARENA_QUEUE"]
            install_sweep()
            beat = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "webapp.config", "beat", "--loglevel", "INFO",
                 "--schedule", str(tmp / "beat-schedule")],
                cwd=ROOT, stdout=open(tmp / "beat.log", "w"), stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
            workers.append(Worker(2, queue, tmp / "doomed.log"))
            workers[0].wait_ready()
            plan = TournamentPlan(
                game="footsies", entrants=args.entrants, games_per_pairing=args.games, seed="crash"
            )
            started = time.perf_counter()
            tournament = create_tournament(plan)
            done = lambda: Tournament.objects.get(pk=tournament.pk).games_done  # noqa: E731
            running = tournament.games.filter(status="running")
            # Kill with a batch in its hands (not in the moment between two batches).
            while done() < args.kill_at * tournament.total_games or not running.exists():
                time.sleep(0.01)
            os.killpg(workers[0].proc.pid, signal.SIGKILL)
            killed = time.perf_counter()
            done_at_kill = done()
            held = tournament.games.filter(status="running").count()
            workers.append(Worker(2, queue, tmp / "restarted.log"))  # as the launcher would
            workers[1].wait_ready()
            while not Tournament.objects.get(pk=tournament.pk).is_over:
                time.sleep(0.1)
            finished = time.perf_counter()
            tournament.refresh_from_db()
            stored = Match.objects.filter(created_by=f"tournament:{tournament.pk}")
            linked = tournament.games.exclude(match=None).values("match").distinct().count()
            report = {
                "database": connection.vendor,
                "games": tournament.total_games,
                "status": tournament.status,
                "games_stored": stored.count(),
                "games_linked_once": linked,
                "games_done_at_kill": done_at_kill,
                "games_held_by_the_killed_worker": held,
                "seconds_before_kill": round(killed - started, 2),
                "seconds_from_kill_to_finish": round(finished - killed, 2),
                "stale_game_s": settings.DICEARENA_STALE_GAME_S,
                "sweep_every_s": 15,
            }
        finally:
            for worker in workers:
                worker.stop()
            if beat is not None:
                stop_group(beat)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
