"""Playing fixtures: one at a time, or spread over worker processes."""

from __future__ import annotations

import multiprocessing
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from agents.core import Budget
from agents.match import play_match
from agents.stats import result_for
from agents.tournament import Fixture
from games.core import Game

#: Failures kept verbatim in the report (the counts cover all of them).
MAX_FAILURE_EXAMPLES = 10


@dataclass(frozen=True)
class Result:
    """What the arena keeps of a played fixture (the full MatchResult stays in the worker)."""

    ranks: tuple[int, ...]
    results: tuple[str, ...]
    seconds: tuple[float, ...]  # time spent deciding, per seat
    decisions: tuple[int, ...]  # decisions taken, per seat
    failures: tuple[dict[str, int], ...]  # fallback kind -> count, per seat
    examples: tuple[dict[str, Any], ...]


def play_fixture(
    game: Game,
    specs: Sequence[str],
    options: Mapping[str, Any],
    budget: Budget,
    fixture: Fixture,
) -> Result:
    """Play one scheduled match; a top-level function so worker processes can run it."""
    seats = [specs[i] for i in fixture.seating]
    result = play_match(game, seats, fixture.seed, options, len(seats), budget)
    n = len(seats)
    decisions = [result.decisions(seat) for seat in range(n)]
    failures = tuple(
        dict(Counter(d.stats["fallback"] for d in per_seat if "fallback" in d.stats))
        for per_seat in decisions
    )
    examples = tuple(
        {
            "seed": fixture.seed,
            "seat": seat,
            "spec": seats[seat],
            "ply": step.ply,
            "fallback": step.decisions[seat].stats["fallback"],
            "error": step.decisions[seat].stats.get("error", ""),
        }
        for step in result.steps
        for seat in sorted(step.decisions)
        if "fallback" in step.decisions[seat].stats
    )[:MAX_FAILURE_EXAMPLES]
    return Result(
        ranks=result.outcome.ranks,
        results=tuple(result_for(result.outcome, seat) for seat in range(n)),
        seconds=tuple(sum(d.stats.get("seconds", 0.0) for d in per) for per in decisions),
        decisions=tuple(len(per) for per in decisions),
        failures=failures,
        examples=examples,
    )


def play_all(
    game: Game,
    specs: list[str],
    options: dict[str, Any],
    budget: Budget,
    fixtures: list[Fixture],
    jobs: int,
) -> list[Result]:
    """Every fixture's result, in the fixtures' order whatever the number of processes."""
    if jobs <= 1:
        return [play_fixture(game, specs, options, budget, f) for f in fixtures]
    n = len(fixtures)
    # map() hands results back in schedule order, so aggregation order (and hence the
    # report) does not depend on which worker finished first.
    # Spawned, not forked: a fork of a process with threads (a web server, a Celery
    # worker, a test runner's helpers) can inherit a held lock and hang for ever.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        return list(
            pool.map(
                play_fixture,
                [game] * n,
                [specs] * n,
                [options] * n,
                [budget] * n,
                fixtures,
                chunksize=max(1, n // (jobs * 8)),
            )
        )
