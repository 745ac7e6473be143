"""A live worker killed (SIGKILL) while its agent thinks: the match's AI is taken up
again within seconds, not after the two-minute pending key. Real parts: the worker
processes, Celery beat (which runs the sweep) and Redis. Figures print with ``-s``."""

import sys
import time

import pytest

from tests.stack import Process, start_worker
from webapp import counters
from webapp.matches import services
from webapp.matches.models import Match, PendingChoice
from webapp.matches.tasks import _leases_key

from .helpers import ALICE, BOB, footsies_vs_ai, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]

#: An agent that thinks for the whole 5 s budget: the kill falls in the middle of it.
SLOW = "mcts:iterations=100000"


def _beat(log_dir, tmp_path) -> Process:
    beat = Process(
        "beat",
        [sys.executable, "-m", "celery", "-A", "webapp.config", "beat", "--loglevel", "INFO",
         "--schedule", str(tmp_path / "celerybeat-schedule")],
        log_dir / "beat-lease.log",
    )  # fmt: skip
    wait_for(lambda: "beat: Starting" in beat.output() or not beat.alive(), timeout=60)
    assert beat.alive(), beat.output()
    return beat


def _thinking(match_id: int) -> bool:
    """A worker holds the lease of this match's move (its agent is thinking)."""
    members = counters.client().zrange(_leases_key(), 0, -1)
    return any(m.decode().startswith(f"{match_id}:") for m in members)


def test_a_move_whose_worker_was_killed_is_taken_up_again_within_seconds(
    log_dir, tmp_path, settings
):
    live = settings.DICEARENA_LIVE_QUEUE
    # The first move goes to a queue only the doomed worker serves (the run may have a
    # live worker of its own); moves queued again go to the run's live queue.
    own = f"{live}-doomed"
    first = start_worker(log_dir, "doomed", queues=[own])
    beat = _beat(log_dir, tmp_path)
    second = None
    try:
        settings.DICEARENA_LIVE_QUEUE = own
        match = footsies_vs_ai(opponent=SLOW, schedule=True, options={"rounds": 3})
        settings.DICEARENA_LIVE_QUEUE = live
        wait_for(lambda: _thinking(match.pk), timeout=60, every=0.05)
        first.kill()  # the whole worker, mid-move, as a crashed machine
        killed = time.monotonic()
        # As the launcher restarts it; the sweep itself runs on the system queue, which
        # the launcher's system worker serves (here the same process).
        second = start_worker(log_dir, "heir", queues=[live, settings.DICEARENA_SYSTEM_QUEUE])
        # Taken up again: a live worker holds the move's lease once more...
        wait_for(lambda: _thinking(match.pk), timeout=60, every=0.1)
        taken_up = time.monotonic() - killed
        # ... and its choice is stored (before: frozen for 130-157 s by the pending key).
        wait_for(lambda: PendingChoice.objects.filter(match=match, seat=1).exists(), timeout=60)
        chosen = time.monotonic() - killed
        print(f"\nworker killed mid-move: taken up again after {taken_up:.1f} s, "
              f"its choice stored after {chosen:.1f} s")  # fmt: skip
        # By the sweep, on whichever live worker of the run took it.
        logs = [path.read_text(errors="replace") for path in log_dir.glob("*.log")]
        assert any("lost its worker; queued again" in text for text in logs)
    finally:
        for process in (second, beat, first):
            if process is not None:
                process.stop()


def _vs_ai(identity, opponent: str, address: str) -> Match:
    """A person's Footsies match against an AI, started from ``address`` (so its AI's
    moves count against that person's and that address's share of the live workers)."""
    seats = [services.SeatPlan(identity=identity), services.SeatPlan(agent_spec=opponent)]
    plan = services.MatchPlan(
        game="footsies", seats=seats, created_by=identity.key, address=address
    )
    return services.create_match(plan)


def _chosen(match: Match) -> bool:
    return PendingChoice.objects.filter(match=match, seat=1).exists()


def test_a_killed_move_frees_its_persons_and_addresss_next_ai_moves_within_seconds(
    log_dir, tmp_path, settings
):
    """The audit: the killed task's fairness slots (one of the person's, one of the
    address's: ``DICEARENA_AI_MOVES_AT_ONCE``) outlived it by the task's time limit, so
    that person's AI and everyone's at that address waited 90 s (another guest at the
    same address waited 88.6 s for a light agent). Now a slot is a lease its task renews."""
    settings.DICEARENA_INSTANT_MOVES = 0  # the light agent's move goes to a worker too
    live = settings.DICEARENA_LIVE_QUEUE
    own = f"{live}-doomed"
    address = "10.77.0.1"
    first = start_worker(log_dir, "doomed", queues=[own])
    # The live worker that stays (the run's own live processes), with the sweeps.
    heir = start_worker(log_dir, "heir", queues=[live, settings.DICEARENA_SYSTEM_QUEUE])
    beat = _beat(log_dir, tmp_path)
    try:
        settings.DICEARENA_LIVE_QUEUE = own
        alice = _vs_ai(ALICE, SLOW, address)
        settings.DICEARENA_LIVE_QUEUE = live
        wait_for(lambda: _thinking(alice.pk), timeout=60, every=0.05)
        first.kill()  # mid-move, holding Alice's slot and the address's
        killed = time.monotonic()
        # Another guest at the same address asks a light AI for its move.
        bob = _vs_ai(BOB, "random", address)
        wait_for(lambda: _chosen(bob), timeout=60)
        bob_s = time.monotonic() - killed
        wait_for(lambda: _chosen(alice), timeout=60)
        alice_s = time.monotonic() - killed
        print(f"\nworker killed mid-move: the same address's light AI chose after {bob_s:.1f} s, "
              f"the person's own AI after {alice_s:.1f} s")  # fmt: skip
    finally:
        for process in (beat, heir, first):
            process.stop()


def test_an_expired_lease_is_taken_up_once_and_a_live_one_is_left_alone(settings):
    from webapp.matches.tasks import resume_lost_ai_moves

    redis = counters.client()
    lost = footsies_vs_ai(opponent="random")
    thinking = footsies_vs_ai(opponent="random")
    redis.zadd(_leases_key(), {f"{lost.pk}:0:1": time.time() - 1})
    redis.zadd(_leases_key(), {f"{thinking.pk}:0:1": time.time() + 60})
    try:
        # Two sweeps (beat may run one late while the next starts): one move queued.
        assert resume_lost_ai_moves() == 1
        assert resume_lost_ai_moves() == 0
        # Queued again (a worker of the run may already have played it).
        pending = redis.keys(f"{settings.CELERY_TASK_DEFAULT_QUEUE}:ai-pending:{lost.pk}:*")
        assert pending or PendingChoice.objects.filter(match=lost, seat=1).exists()
        assert redis.zscore(_leases_key(), f"{thinking.pk}:0:1") is not None
    finally:
        redis.zrem(_leases_key(), f"{thinking.pk}:0:1")


def test_after_a_redis_restart_every_due_ai_move_is_queued_again_though_pending(settings):
    """A restart can lose a queued move for good (a task Redis handed to a worker as it
    went down); its pending key then kept the match waiting two minutes. The sweep
    that sees Redis's run id change queues the due moves again, leaving alone a move a
    worker is thinking about."""
    from webapp.matches.tasks import _pending_key, resume_lost_ai_moves

    settings.DICEARENA_INSTANT_MOVES = 0
    redis = counters.client()
    resume_lost_ai_moves()  # the sweep knows this Redis
    lost = footsies_vs_ai(opponent="random", schedule=True)  # queued: its pending key is set
    thinking = footsies_vs_ai(opponent="random", schedule=True)
    redis.zadd(_leases_key(), {f"{thinking.pk}:0:1": time.time() + 60})
    key = _pending_key(lost, 0, 1)
    assert redis.exists(key)
    try:
        token = redis.get(key)
        # As if Redis had restarted: another run id than the one the sweep saw.
        redis.set(counters.key("redis-run-id"), "an-earlier-run")
        resume_lost_ai_moves()
        # Queued again: a new pending key (or already played by a worker of the run).
        assert redis.get(key) != token or PendingChoice.objects.filter(match=lost).exists()
        assert redis.zscore(_leases_key(), f"{thinking.pk}:0:1") is not None
        # Once: the next sweep sees the same Redis.
        again = redis.get(key)
        resume_lost_ai_moves()
        assert redis.get(key) == again
    finally:
        redis.zrem(_leases_key(), f"{thinking.pk}:0:1")
