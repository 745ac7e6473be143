"""Celery tasks of live matches. They take ids, re-read the database, and are
idempotent: a duplicate delivery finds its ply already played and does nothing.

``ai_move`` runs on the live queue (``DICEARENA_LIVE_QUEUE``, see CELERY_TASK_ROUTES),
which only live workers serve, so tournaments never hold up a person's opponent. It is
queued through ``queue_ai_move``: at most one pending task per (match, ply, seat). It
thinks only in one of its client's slots (``admission.in_turn``), so one person or
address never holds every live worker.

A move being thought about holds a short lease (``AI_LEASE_S``) that the task renews
while its agent thinks; a worker killed mid-move stops renewing it, and
``resume_lost_ai_moves`` (every few seconds) queues that move again once the lease has
run out — seconds, where the pending key alone kept the match frozen for two minutes.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
import time

from celery import shared_task
from celery.exceptions import Reject, SoftTimeLimitExceeded
from django.conf import settings

import agents
from agents.analyse import BadRecord
from agents.core.seeding import agent_rng
from webapp import admission, counters
from webapp.matches import analyses, limits, rematches, services, timeouts
from webapp.matches.endings import sweep_idle
from webapp.matches.models import Match
from webapp.matches.positions import load_state, walk

log = logging.getLogger(__name__)

#: How long a queued AI move blocks another for the same (match, ply, seat) while it
#: waits for a worker: past the task's time limit, so a task lost with the broker can be
#: queued again. Once a worker takes it, the short lease below replaces it.
AI_PENDING_S = 120
#: The lease of a move being thought about: renewed every third of it while the agent
#: thinks, so it runs out this long after its worker died.
AI_LEASE_S = 6


def _pending_key(match: Match, ply: int, seat: int) -> str:
    """The key carries the match's seed hash, so a reused id never inherits a key."""
    return counters.key("ai-pending", match.pk, match.seed_sha256[:16], ply, seat)


def _leases_key() -> str:
    """A sorted set of the moves being thought about, scored by when their lease ends."""
    return counters.key("ai-leases")


def queue_ai_move(match: Match, seat: int, countdown: float = 0.0) -> bool:
    """Queue ``ai_move`` for ``seat`` at the match's current ply unless one is pending
    already: a Redis key set only if absent, expiring on its own. False if one was.
    While Redis is away (a restart) both are tried again for a while
    (``counters.keep_trying``): a move stored meanwhile must not leave its match
    waiting for the sweeps."""
    key = _pending_key(match, match.ply, seat)
    token = secrets.token_hex(8)

    def claim() -> bool:
        redis = counters.client()
        if redis.set(key, token, nx=True, ex=int(countdown) + AI_PENDING_S):
            return True
        # Set by an earlier try whose answer the connection lost?
        return redis.get(key) == token.encode()

    if not counters.keep_trying(claim):
        return False
    try:
        # The live queue named at call time (CELERY_TASK_ROUTES says the same), so a test
        # can send one match's moves to a worker of its own.
        counters.keep_trying(
            lambda: ai_move.apply_async(
                (match.pk, match.ply, seat),
                countdown=countdown,
                queue=settings.DICEARENA_LIVE_QUEUE,
            )
        )
    except Exception:
        with contextlib.suppress(*counters.AWAY):
            counters.client().delete(key)  # not queued after all: let the next nudge try
        raise
    return True


class Lease:
    """The claim of a task on the move it is thinking about: the pending key, now short
    and renewed by a thread while the agent thinks, and an entry in the leases' sorted
    set that the sweep reads. Released when the move is stored (or found not due)."""

    def __init__(self, match: Match, ply: int, seat: int) -> None:
        self.key = _pending_key(match, ply, seat)
        self.member = f"{match.pk}:{ply}:{seat}"
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _renew(self) -> None:
        redis = counters.client()
        pipe = redis.pipeline()
        pipe.set(self.key, "running", ex=AI_LEASE_S)
        # A second past the key's own end, so the sweep never finds the key still there.
        pipe.zadd(_leases_key(), {self.member: time.time() + AI_LEASE_S + 1})
        pipe.execute()

    def _keep(self) -> None:
        while not self._stop.wait(AI_LEASE_S / 3):
            try:
                self._renew()
            except Exception:  # Redis away for a moment: the next renewal may do
                log.warning("could not renew the lease of %s", self.member, exc_info=True)

    def __enter__(self) -> Lease:
        self._renew()
        self._thread = threading.Thread(target=self._keep, name="ai-lease", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        try:
            pipe = counters.client().pipeline()
            pipe.delete(self.key)
            pipe.zrem(_leases_key(), self.member)
            pipe.execute()
        except Exception:  # both end on their own; the sweep finds the ply played
            log.warning("could not release the lease of %s", self.member, exc_info=True)


def _warm_up(agent, match: Match) -> None:
    """Let a stateful agent see the match so far, as it would have live."""
    for before, event, _after in walk(match):
        actor, move = before.parse_event(event.as_record_item())
        agent.observe(before, (actor, move))


#: ai_move's hard time limit; a slot it holds expires after it, should its worker die.
AI_MOVE_HARD_LIMIT_S = 90
#: The pause before a task that found Redis away goes back to its queue.
REQUEUE_PAUSE_S = 1.0


@shared_task(
    acks_late=True, soft_time_limit=60, time_limit=AI_MOVE_HARD_LIMIT_S, ignore_result=True
)
def ai_move(match_id: int, ply: int, seat: int) -> str:
    """Compute and play the agent's move for ``seat`` at ``ply``, if still due."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.is_over or match.ply != ply:
        return "stale"
    row = match.seats.filter(index=seat).first()
    if row is None or not row.is_agent:
        return "not an agent"
    if match.pending.filter(ply=ply, seat=seat).exists():
        return "already chosen"
    try:
        # When its client's AIs already think about all the moves they may at once, this
        # one waits its turn at the back of the queue and the worker serves someone else.
        return admission.in_turn(
            "ai",
            limits.asker_of(match),
            settings.DICEARENA_AI_MOVES_AT_ONCE,
            AI_MOVE_HARD_LIMIT_S,
            ai_move,
            (match_id, ply, seat),
            lambda: _in_turn(match, row, ply, seat),
        )
    except counters.AWAY as exc:
        # Redis is away (a restart): back in the queue, to run again once it is back
        # (webapp.config.broker), rather than failed and lost. A move stored already
        # makes the rerun "stale". The pause keeps a long outage from spinning.
        time.sleep(REQUEUE_PAUSE_S)
        raise Reject(exc, requeue=True) from exc


def _in_turn(match: Match, row, ply: int, seat: int) -> str:
    """In its client's slot: hold the move's lease while the agent thinks and plays."""
    state = load_state(match)
    if seat not in state.acting_seats():
        return "idle"
    with Lease(match, ply, seat):
        return _think_and_play(match, row.agent_spec, state, ply, seat)


def _think_and_play(match: Match, spec: str, state, ply: int, seat: int) -> str:
    agent = agents.get(spec)
    if type(agent).observe is not agents.Agent.observe:
        _warm_up(agent, match)
    budget = agents.Budget(seconds=settings.DICEARENA_AI_BUDGET_SECONDS)
    decision = agents.decide(agent, state, seat, budget, agent_rng(match.seed, seat, ply))
    record = services.decision_record(decision, f"match {match.pk} ply {ply} seat {seat}")
    try:
        services.submit_move(
            match.pk,
            seat,
            ply,
            state.move_to_str(decision.move),
            decision=record,
            as_agent=True,
            before=state,  # its agent thought on a copy (agents.decide)
        )
    except services.Rejected as exc:
        # Someone else played this ply first (a duplicate delivery): nothing to do.
        log.info("ai_move %s/%s/%s not stored: %s", match.pk, ply, seat, exc.code)
        return exc.code
    return "played"


#: Lost moves the sweep queues again per run (a bound on its work).
LOST_BATCH = 100


@shared_task(soft_time_limit=20, time_limit=30, ignore_result=True)
def resume_lost_ai_moves() -> int:
    """Every few seconds (CELERY_BEAT_SCHEDULE): moves whose lease ran out — their
    worker died while the agent thought — are queued again. Each expired entry is claimed
    by removing it, so two sweeps never queue one move twice, and ``schedule_ai`` queues
    only what is still due (``ai_move`` is idempotent besides). After a Redis restart,
    every due AI move is queued again too (``_resume_after_redis_restart``)."""
    redis = counters.client()
    _resume_after_redis_restart(redis)
    expired = redis.zrangebyscore(_leases_key(), "-inf", time.time(), start=0, num=LOST_BATCH)
    resumed = 0
    for member in expired:
        if not redis.zrem(_leases_key(), member):
            continue  # another sweep took it
        match_id = int(member.decode().split(":")[0])
        try:
            services.schedule_ai(match_id)
        except Match.DoesNotExist:
            continue  # deleted meanwhile
        log.warning("the AI move %s lost its worker; queued again", member.decode())
        resumed += 1
    return resumed


#: Live matches with AIs whose moves are queued again after a Redis restart, at most.
RESTART_BATCH = 2000


def _resume_after_redis_restart(redis) -> int:
    """If Redis restarted since the last sweep (its run id changed; also a Redis that
    kept nothing), queue again the due AI moves of every live match with an AI that no
    worker is thinking about, however recently they were queued. A restart can lose a
    queued move for good — a task popped from its queue for a worker whose reply the
    restart cut off (Redis's queues hand a task out once) — and its pending key would
    then have kept the match waiting two minutes. A move queued twice is played once."""
    run_id = redis.info("server")["run_id"]
    seen = redis.getset(counters.key("redis-run-id"), run_id)
    if seen is not None and seen.decode() == run_id:
        return 0
    thinking = {
        int(m.split(b":")[0]) for m in redis.zrangebyscore(_leases_key(), time.time(), "+inf")
    }
    live = (
        Match.objects.filter(status=Match.Status.ACTIVE, seats__agent_spec__gt="")
        .exclude(pk__in=thinking)
        .distinct()
        .order_by("created_at")[:RESTART_BATCH]
    )
    queued = 0
    for match in live:
        keys = [_pending_key(match, match.ply, seat) for seat in range(match.num_players)]
        redis.delete(*keys)
        services.schedule_ai(match.pk)
        queued += 1
    if seen is not None:
        log.warning("Redis restarted: the AI moves of %d live matches queued again", queued)
    return queued


#: AI-vs-AI matches the sweep looks at per run, oldest first (a bound on its work).
SWEEP_BATCH = 200


@shared_task(soft_time_limit=50, time_limit=60, ignore_result=True)
def resume_stuck_matches() -> int:
    """Periodic (CELERY_BEAT_SCHEDULE): queue again the due AI moves of matches that
    have waited too long for them — a task lost with a worker or a broker restart —
    so an AI-vs-AI match nobody is watching still finishes. Safe to repeat: ai_move is
    idempotent and nudge_ai leaves matches that are not overdue alone."""
    waiting = (
        Match.objects.filter(status=Match.Status.ACTIVE)
        .filter(seats__agent_spec__gt="")
        .distinct()
        .order_by("created_at")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    return sum(1 for match_id in waiting if services.nudge_ai(match_id))


@shared_task(soft_time_limit=50, time_limit=60, ignore_result=True)
def sweep_idle_matches() -> dict:
    """Every minute (CELERY_BEAT_SCHEDULE): live matches idle past DICEARENA_IDLE_S are lost on
    time or aborted. Safe to run twice: each match is settled under its row lock."""
    done = sweep_idle()
    if done:
        log.info("idle sweep: %s", done)
    return done


@shared_task(soft_time_limit=20, time_limit=30, ignore_result=True)
def sweep_clocks() -> dict:
    """Every few seconds (CELERY_BEAT_SCHEDULE): people's clocks past their deadline
    end the match or take the seat out of play (timeouts), even with nobody connected.
    Safe to run twice: each match is settled under its row lock."""
    done = timeouts.sweep()
    if done:
        log.info("clock sweep: %s", done)
    return done


@shared_task(soft_time_limit=20, time_limit=30, ignore_result=True)
def lapse_rematch_offers() -> int:
    """Every few seconds (CELERY_BEAT_SCHEDULE): rematch offers nobody answered within
    their minute lapse, and both pages hear it, with nobody's page asking. Safe to run
    twice: each offer is settled under its match's row lock."""
    return rematches.sweep()


@shared_task(
    acks_late=True,
    soft_time_limit=analyses.SOFT_LIMIT_S,
    time_limit=analyses.HARD_LIMIT_S,
    ignore_result=True,
)
def analyse_match(match_id: int, person: str = "", address: str = "") -> str:
    """Compute and store the analysis of a finished match, once (docs/analysis.md).

    Idempotent: the row is claimed pending → running in one UPDATE, so a duplicate
    delivery, a second request or a second worker finds nothing to do. Runs on the
    analysis queue (see CELERY_TASK_ROUTES), never the live one, in the share of the
    person and address who asked (``admission.in_turn``). People see a short reason
    when it fails; the traceback goes to the log."""
    return admission.in_turn(
        "analysis",
        admission.Asker(person, address),
        settings.DICEARENA_ANALYSES_AT_ONCE,
        analyses.HARD_LIMIT_S,
        analyse_match,
        (match_id, person, address),
        lambda: _analyse(match_id),
    )


def _analyse(match_id: int) -> str:
    try:
        match = analyses.check_request(match_id)
    except services.Rejected as exc:
        return exc.code
    analyses.do_request_once(match)
    analysis = analyses.claim(match.pk)
    if analysis is None:
        return "nothing to do"
    try:
        result = analyses.compute(match)
    except SoftTimeLimitExceeded:
        analyses.finish(
            analysis, None, f"it took longer than {analyses.SOFT_LIMIT_S} s; try again later"
        )
        return "timed out"
    except (BadRecord, ValueError) as exc:
        log.warning("analysis of match %s refused: %s", match_id, exc)
        analyses.finish(analysis, None, f"the match record could not be analysed: {exc}")
        return "failed"
    except Exception:
        log.exception("analysis of match %s failed", match_id)
        analyses.finish(analysis, None, "an error in the analysis; it has been logged")
        return "failed"
    return "done" if analyses.finish(analysis, result) else "lost the claim"
