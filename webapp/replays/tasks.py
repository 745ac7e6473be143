"""Celery tasks of replays: "analyse from here" (webapp.replays.positions)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings

from webapp import admission
from webapp.errors import Rejected
from webapp.replays import editor, positions
from webapp.replays.editor import BadPosition

log = logging.getLogger(__name__)


def _answer(token: str, compute: Callable[[], dict], where: str) -> str:
    """Compute an opinion once and keep it under ``token``: a finished one is not redone
    (a second delivery), and any failure is kept as a short reason, never a traceback."""
    done = positions.result(token)
    if done is not None and done.get("status") in ("done", "failed"):
        return "already done"
    try:
        answer = compute()
    except Rejected as exc:
        answer = {"status": "failed", "text": exc.message}
    except BadPosition as exc:
        answer = {"status": "failed", "text": str(exc)}
    except SoftTimeLimitExceeded:
        answer = {"status": "failed", "text": "It took too long; try a smaller budget."}
    except Exception:
        log.exception("analysis of %s failed", where)
        answer = {"status": "failed", "text": "An error in the analysis; it has been logged."}
    positions.store(token, answer)
    return answer["status"]


#: Both kinds of opinion: idempotent tasks (acknowledged late) with the position limits.
opinion_task = shared_task(
    acks_late=True,
    soft_time_limit=positions.SOFT_LIMIT_S,
    time_limit=positions.HARD_LIMIT_S,
    ignore_result=True,
)


@opinion_task
def analyse_position(
    match_id: int,
    ply: int,
    spec: str,
    budget_s: float,
    token: str,
    asker: tuple[str, str] = ("", ""),
) -> str:
    """One agent's opinion of one position, kept in Redis under ``token``. Idempotent:
    a second delivery of a finished one does nothing; on the analysis queue, in the
    share of whoever asked (``admission.in_turn``)."""

    def compute() -> dict:
        _match, req = positions.check_request(match_id, ply, spec, budget_s)
        positions.store(token, {"status": "running", "text": "Thinking…"})
        return positions.opinion(req)

    return _in_turn(
        analyse_position,
        (match_id, ply, spec, budget_s, token, asker),
        lambda: _answer(token, compute, f"match {match_id} at ply {ply}"),
    )


@opinion_task
def analyse_given_position(
    slug: str,
    position: str,
    spec: str,
    budget_s: float,
    token: str,
    asker: tuple[str, str] = ("", ""),
) -> str:
    """One agent's opinion of a position built by hand (``position`` is its link's code),
    kept in Redis under ``token``; idempotent and shared like ``analyse_position``."""

    def compute() -> dict:
        state = editor.set_up(slug, editor.decode(position))
        checked_spec, budget = positions.check_agent(slug, spec, budget_s)
        positions.store(token, {"status": "running", "text": "Thinking…"})
        names = positions.seat_names(slug, state.num_players)
        return positions.opinion_of(state, checked_spec, budget, f"editor:{position[:32]}", names)

    return _in_turn(
        analyse_given_position,
        (slug, position, spec, budget_s, token, asker),
        lambda: _answer(token, compute, f"a {slug} position"),
    )


def _in_turn(task, args: tuple, run: Callable[[], str]) -> str:
    """``run`` in the share of the asker (person, address) at the end of ``args``."""
    return admission.in_turn(
        "analysis",
        admission.Asker(*args[-1]),
        settings.DICEARENA_ANALYSES_AT_ONCE,
        positions.HARD_LIMIT_S,
        task,
        args,
        run,
    )
