"""One match analysed: :func:`analyse` is what the command line and the web app call."""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

from agents.analyse import footsies, report, sampled
from agents.analyse.policy import judge_spec, playout_spec
from agents.analyse.records import Replayed, replay

#: Seconds an analysis aims to take by default (the playouts stop when they run out).
DEFAULT_BUDGET_S = 8.0
#: Playouts per position at most (a 95 % interval of about +-3 points at 50 %).
MAX_PLAYOUTS = 1000

#: Games valued exactly, with what their values come from.
EXACT = {"footsies": "the solved game (agents.equilibrium): equilibrium play from every position"}


def salt_of(replayed: Replayed) -> str:
    """The analysis's random numbers come from the record itself: the same record gives
    the same analysis."""
    text = json.dumps(replayed.record, sort_keys=True, default=str)
    return "analysis:" + hashlib.sha256(text.encode()).hexdigest()[:24]


def analyse(
    data: Any,
    agent: str | None = None,
    budget_s: float | None = DEFAULT_BUDGET_S,
    playouts: int = MAX_PLAYOUTS,
) -> dict[str, Any]:
    """Analyse a match record (or a match page's download; see ``records``).

    ``agent`` names one agent for both the judge and the playouts (default: the
    choice of ``policy``); ``budget_s`` bounds the time (None: no bound, exactly
    ``playouts`` per position). Raises ``records.BadRecord`` for input that is not a
    match and ``ValueError`` for an unknown or unsuitable agent.
    """
    started = time.perf_counter()
    if playouts < 2:
        raise ValueError("an analysis needs at least 2 playouts per position")
    replayed = replay(data)
    slug = replayed.record["game"]
    if agent is not None:
        import agents

        name, _ = agents.parse_spec(agent)
        if not agents.info(name).plays(slug):
            raise ValueError(f"agent {name!r} does not play {slug}")
    final_state = replayed.states[-1]
    if slug in EXACT:
        plies = footsies.plies(replayed)
        final = footsies.value(final_state)
        method: dict[str, Any] = {"kind": "exact", "source": EXACT[slug]}
    else:
        judge = agent or judge_spec(slug)
        policy = agent or playout_spec(slug)
        plies, figures = sampled.plies(
            replayed, judge, policy, salt_of(replayed), budget_s, playouts
        )
        final = figures.pop("final")
        method = {"kind": "playouts", "judge": judge, "playout_policy": policy, **figures}
    method["seconds"] = round(time.perf_counter() - started, 3)
    return report.build(slug, replayed.seats, plies, final, method)
