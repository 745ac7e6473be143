"""The stored analysis of a finished match (docs/analysis.md): requesting it and computing it.

``request_analysis`` validates (``check_request``) then writes (``do_request``) in one
transaction and queues ``tasks.analyse_match`` after the commit. The task claims the
row (pending → running) with one conditional UPDATE, so two deliveries, two requests or
two workers compute it once; the one-to-one ``Analysis.match`` lets the database refuse
a second row. Analyses run on a queue of their own (``DICEARENA_ANALYSIS_QUEUE``), never
the live one (an analysis must not make a person wait for their opponent's move) nor
the tournaments' (a tournament must not delay an analysis).

A person's request is charged in worker-seconds to them and their address
(``webapp.admission``); automatic analyses (rated matches finished live) take a budget
per hour; and no request is queued while ``DICEARENA_ANALYSIS_QUEUE_MAX`` analyses
already wait, so analyses can never swamp the workers.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from agents.analyse import analyse
from webapp import admission, counters
from webapp.errors import Rejected
from webapp.hooks import Hook
from webapp.matches.models import Analysis, Match
from webapp.matches.positions import export

log = logging.getLogger(__name__)

#: Seconds a worker may spend on one analysis: the soft limit stops it with a short
#: reason, the hard limit kills it. A running analysis older than the hard limit lost
#: its worker, and may be claimed again.
SOFT_LIMIT_S = 120
HARD_LIMIT_S = 150

FROM_REPLAY = "replay page"
FROM_RATING = "rated match"


def status_of(analysis: Analysis | None) -> dict[str, Any]:
    """What pages see: the status in words, a short reason, the result once done."""
    if analysis is None:
        return {
            "status": "none",
            "text": "Not analysed yet.",
            "stuck": False,
            "reason": "",
            "result": None,
        }
    texts = {
        Analysis.Status.PENDING: "Waiting for a worker…",
        Analysis.Status.RUNNING: "Analysing…",
        Analysis.Status.DONE: "Analysed.",
        Analysis.Status.FAILED: "The analysis failed.",
    }
    stuck = analysis.status in (Analysis.Status.PENDING, Analysis.Status.RUNNING) and _stale(
        analysis
    )
    return {
        "status": analysis.status,
        "text": "The analysis seems stuck (its worker may have stopped)."
        if stuck
        else texts[analysis.status],
        # A stuck one may be asked for again (request_analysis queues it anew).
        "stuck": stuck,
        "reason": analysis.reason,
        "requested_by": analysis.requested_by,
        "result": analysis.result if analysis.status == Analysis.Status.DONE else None,
    }


# ----- requesting ------------------------------------------------------------------------


def check_request(match_id: Any) -> Match:
    """The match to analyse, or Rejected: an unknown id, or a match not finished."""
    try:
        match_id = int(match_id)
    except (TypeError, ValueError):
        raise Rejected("no-match", f"there is no match {match_id!r}") from None
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise Rejected("no-match", f"there is no match {match_id}")
    if match.status != Match.Status.FINISHED:
        what = "still being played" if match.status == Match.Status.ACTIVE else "was aborted"
        raise Rejected(
            "not-finished", f"match {match_id} {what}: only finished matches are analysed"
        )
    return match


def _stale(analysis: Analysis) -> bool:
    """A request whose task never ran, or a worker that died mid-analysis."""
    since = analysis.started_at or analysis.requested_at
    return since < timezone.now() - timedelta(seconds=HARD_LIMIT_S)


def check_queue_room() -> None:
    waiting = Analysis.objects.filter(
        status__in=[Analysis.Status.PENDING, Analysis.Status.RUNNING]
    ).count()
    if waiting >= settings.DICEARENA_ANALYSIS_QUEUE_MAX:
        raise Rejected("busy", "the analysts are busy; try again in a minute")


def do_request(match: Match, requested_by: str, analysis: Analysis | None) -> tuple[Analysis, bool]:
    """The match's analysis row (``analysis``, as the caller read it under its lock),
    made pending if it needs (re)computing; True when a task must be queued. A done
    analysis is kept as it is."""
    if analysis is None:
        try:
            with transaction.atomic():
                analysis = Analysis.objects.create(match=match, requested_by=requested_by)
        except IntegrityError:
            # Someone asked at the same moment: theirs is the one row.
            return Analysis.objects.get(match=match), False
        return analysis, True
    if not _needs_work(analysis):
        return analysis, False
    # Failed; or its task was lost, or its worker died past the hard limit: queue it afresh.
    fresh = {"status": Analysis.Status.PENDING, "requested_at": timezone.now(), "started_at": None}
    if analysis.status == Analysis.Status.FAILED:
        fresh.update(reason="", finished_at=None)
    Analysis.objects.filter(pk=analysis.pk).update(**fresh)
    analysis.refresh_from_db()
    return analysis, True


def worker_s() -> float:
    """The worker-seconds one analysis is charged: its time budget, or (unbounded, as in
    the tests) what the default budget would allow."""
    return settings.DICEARENA_ANALYSIS_BUDGET_S or UNBOUNDED_CHARGE_S


#: What an analysis with no time budget is charged (the default budget).
UNBOUNDED_CHARGE_S = 8.0


def _needs_work(existing: Analysis | None) -> bool:
    """Whether a request queues a task: no row yet, a failed one, or one stuck."""
    if existing is None or existing.status == Analysis.Status.FAILED:
        return True
    return existing.status != Analysis.Status.DONE and _stale(existing)


def request_analysis(
    match_id: Any, requested_by: str = FROM_REPLAY, asker: admission.Asker | None = None
) -> Analysis:
    """Ask for a match's analysis; returns its row (done, or on its way). A person's
    request (``asker``) is charged only when it queues work. Raises Rejected."""
    with transaction.atomic():
        match = check_request(match_id)
        existing = Analysis.objects.select_for_update().filter(match=match).first()
        if _needs_work(existing):
            check_queue_room()
            if asker is not None:
                admission.charge_analysis(asker, worker_s())
        analysis, queue = do_request(match, requested_by, existing)
    if queue:
        _queue(match.pk, asker)
    return analysis


def do_request_once(match: Match) -> None:
    """The row for a task run without a request (a direct call): pending if missing."""
    try:
        with transaction.atomic():
            Analysis.objects.get_or_create(match=match, defaults={"requested_by": FROM_REPLAY})
    except IntegrityError:
        pass  # created meanwhile by a request: that row is the one


#: An analysis is requested: ``matches.tasks`` (which imports this module to compute
#: it) queues the task, with who asked (the workers run it in their share, ``in_turn``).
analysis_wanted = Hook("analysis_wanted", ("matches",))


def _queue(match_id: int, asker: admission.Asker | None) -> None:
    analysis_wanted.send(match_id=match_id, asker=asker or admission.Asker("", ""))


def auto_analyse(match_id: int) -> bool:
    """After a match finished live and was rated (``signals.match_rated``, from the
    leaderboards): analyse it if the hour's budget allows. Never raises (a result is
    stored whatever happens here). True if one was queued."""
    if settings.DICEARENA_AUTO_ANALYSES_PER_HOUR <= 0:
        return False
    try:
        if Analysis.objects.filter(match_id=match_id).exists():
            return False
        if not _take_hourly_budget():
            return False
        request_analysis(match_id, FROM_RATING)
        return True
    except Rejected as exc:
        log.info("no automatic analysis of match %s: %s", match_id, exc.message)
    except Exception:
        log.exception("could not queue the automatic analysis of match %s", match_id)
    return False


def _take_hourly_budget() -> bool:
    """One of the hour's automatic analyses, site-wide."""
    return counters.take("auto-analyses", settings.DICEARENA_AUTO_ANALYSES_PER_HOUR, "hour")


# ----- computing (the task) ----------------------------------------------------------------


def claim(match_id: int) -> Analysis | None:
    """Take the match's analysis for this worker: pending, or running but stale (its
    worker died). None when there is nothing to do (done, or someone else's)."""
    now = timezone.now()
    stale = now - timedelta(seconds=HARD_LIMIT_S)
    # One conditional UPDATE: of two workers racing for it, exactly one changes the row.
    claimed = Analysis.objects.filter(
        Q(match_id=match_id),
        Q(status=Analysis.Status.PENDING) | Q(status=Analysis.Status.RUNNING, started_at__lt=stale),
    ).update(status=Analysis.Status.RUNNING, started_at=now)
    if not claimed:
        return None
    return Analysis.objects.filter(match_id=match_id, started_at=now).first()


def finish(analysis: Analysis, result: dict | None, reason: str = "") -> bool:
    """Store the outcome, if this worker still holds the claim. True if stored."""
    status = Analysis.Status.DONE if result is not None else Analysis.Status.FAILED
    return bool(
        Analysis.objects.filter(
            pk=analysis.pk, status=Analysis.Status.RUNNING, started_at=analysis.started_at
        ).update(status=status, result=result, reason=reason[:200], finished_at=timezone.now())
    )


def compute(match: Match) -> dict[str, Any]:
    """``agents.analyse`` on the stored match (seat names included)."""
    budget = settings.DICEARENA_ANALYSIS_BUDGET_S
    result = analyse(
        export(match),
        budget_s=budget if budget > 0 else None,
        playouts=settings.DICEARENA_ANALYSIS_PLAYOUTS,
    )
    # A match lost on time or by resignation ends before its game does: the timeline
    # ends at the result, not at an estimate of the unfinished position.
    winners = (match.result or {}).get("winners")
    if isinstance(winners, list):
        n = match.num_players
        share = [
            (1 / len(winners) if i in winners else 0.0) if winners else 1 / n for i in range(n)
        ]
        result["final"] = {"win_prob": [round(p, 6) for p in share], "win_prob_ci": None}
    return result
