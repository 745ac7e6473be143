"""Celery tasks of replays: "analyse from here" (webapp.replays.positions)."""

from __future__ import annotations

import logging

from celery import shared_task

from webapp.replays import positions

log = logging.getLogger(__name__)


@shared_task(
    acks_late=True,
    soft_time_limit=positions.SOFT_LIMIT_S,
    time_limit=positions.HARD_LIMIT_S,
    ignore_result=True,
)
def analyse_position(match_id: int, ply: int, spec: str, budget_s: float, token: str) -> str:
    """One agent's opinion of one position, kept in Redis under ``token``. Idempotent:
    a second delivery of a finished one does nothing; on the default queue."""
    from celery.exceptions import SoftTimeLimitExceeded

    from webapp.matches.services import Rejected

    done = positions.result(token)
    if done is not None and done.get("status") in ("done", "failed"):
        return "already done"
    try:
        _match, req = positions.check_request(match_id, ply, spec, budget_s)
        positions.store(token, {"status": "running", "text": "Thinking…"})
        answer = positions.opinion(req)
    except Rejected as exc:
        answer = {"status": "failed", "text": exc.message}
    except SoftTimeLimitExceeded:
        answer = {"status": "failed", "text": "It took too long; try a smaller budget."}
    except Exception:
        log.exception("analysis of match %s at ply %s failed", match_id, ply)
        answer = {"status": "failed", "text": "An error in the analysis; it has been logged."}
    positions.store(token, answer)
    return answer["status"]
