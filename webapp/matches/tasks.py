"""Celery tasks of live matches. They take ids, re-read the database, and are
idempotent: a duplicate delivery finds its ply already played and does nothing.

``ai_move`` runs on the live queue (``DICEARENA_LIVE_QUEUE``, see CELERY_TASK_ROUTES),
which only live workers serve, so tournaments never hold up a person's opponent. It is
queued through ``queue_ai_move``: at most one pending task per (match, ply, seat). It
thinks only in one of its client's slots (``admission.in_turn``), so one person or
address never holds every live worker.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings

import agents
from agents.core.seeding import agent_rng
from webapp import admission, counters
from webapp.matches import analyses, limits, services
from webapp.matches.models import Match
from webapp.matches.positions import load_state, walk

log = logging.getLogger(__name__)

#: How long a queued AI move blocks another for the same (match, ply, seat): past the
#: task's time limit, so a task lost with its worker or the broker can be queued again.
AI_PENDING_S = 120


def queue_ai_move(match: Match, seat: int, countdown: float = 0.0) -> bool:
    """Queue ``ai_move`` for ``seat`` at the match's current ply unless one is pending
    already: a Redis key set only if absent, expiring on its own. False if one was.
    The key carries the match's seed hash, so a reused id never inherits a key."""
    key = (
        f"{settings.CELERY_TASK_DEFAULT_QUEUE}:ai-pending:"
        f"{match.pk}:{match.seed_sha256[:16]}:{match.ply}:{seat}"
    )
    if not counters.client().set(key, "1", nx=True, ex=int(countdown) + AI_PENDING_S):
        return False
    try:
        ai_move.apply_async((match.pk, match.ply, seat), countdown=countdown)
    except Exception:
        counters.client().delete(key)  # not queued after all: let the next nudge try
        raise
    return True


def _warm_up(agent, match: Match) -> None:
    """Let a stateful agent see the match so far, as it would have live."""
    for before, event, _after in walk(match):
        actor, move = before.parse_event(event.as_record_item())
        agent.observe(before, (actor, move))


#: ai_move's hard time limit; a slot it holds expires after it, should its worker die.
AI_MOVE_HARD_LIMIT_S = 90


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
    # When its client's AIs already think about all the moves they may at once, this one
    # waits its turn at the back of the queue and the worker serves someone else.
    return admission.in_turn(
        "ai",
        limits.asker_of(match),
        settings.DICEARENA_AI_MOVES_AT_ONCE,
        AI_MOVE_HARD_LIMIT_S,
        ai_move,
        (match_id, ply, seat),
        lambda: _think_and_play(match, row, ply, seat),
    )


def _think_and_play(match: Match, row, ply: int, seat: int) -> str:
    match_id = match.pk
    state = load_state(match)
    if seat not in state.acting_seats():
        return "idle"
    agent = agents.get(row.agent_spec)
    if type(agent).observe is not agents.Agent.observe:
        _warm_up(agent, match)
    budget = agents.Budget(seconds=settings.DICEARENA_AI_BUDGET_SECONDS)
    decision = agents.decide(agent, state, seat, budget, agent_rng(match.seed, seat, ply))
    record = services.decision_record(decision, f"match {match_id} ply {ply} seat {seat}")
    try:
        services.submit_move(
            match_id,
            seat,
            ply,
            state.move_to_str(decision.move),
            decision=record,
            as_agent=True,
        )
    except services.Rejected as exc:
        # Someone else played this ply first (a duplicate delivery): nothing to do.
        log.info("ai_move %s/%s/%s not stored: %s", match_id, ply, seat, exc.code)
        return exc.code
    return "played"


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
    from webapp.matches.endings import sweep_idle

    done = sweep_idle()
    if done:
        log.info("idle sweep: %s", done)
    return done


@shared_task(
    acks_late=True,
    soft_time_limit=analyses.SOFT_LIMIT_S,
    time_limit=analyses.HARD_LIMIT_S,
    ignore_result=True,
)
def analyse_match(match_id: int, person: str = "", address: str = "") -> str:
    """Compute and store the analysis of a finished match, once (issue 10).

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
    from celery.exceptions import SoftTimeLimitExceeded

    from agents.analyse import BadRecord

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
