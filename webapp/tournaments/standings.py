"""A tournament's results from its stored games: standings with 95 % intervals, the
head-to-head matrix, results by seat, and per fighter for Button Men. The counting
rules are the arena's (``agents.stats``), so the site and the CLI agree."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from agents.stats import METHOD, Tally, result_for
from games.core import Outcome
from webapp.tournaments.models import Tournament, TournamentGame


def _outcome(result: dict) -> Outcome:
    return Outcome(returns=tuple(result.get("returns", ())), ranks=tuple(result["ranks"]))


def compute(tournament: Tournament) -> dict[str, Any]:
    specs = list(tournament.entries.order_by("index").values_list("agent_spec", flat=True))
    n = len(specs)
    overall = [Tally() for _ in specs]
    by_seat = [[Tally() for _ in range(tournament.players)] for _ in specs]
    h2h = [[Tally() for _ in specs] for _ in specs]
    seconds = [0.0] * n
    decisions = [0] * n
    failures = [0] * n
    fighters: dict[str, dict[str, Tally]] = defaultdict(lambda: defaultdict(Tally))
    games = (
        tournament.games.filter(status=TournamentGame.Status.DONE)
        .select_related("match")
        .order_by("pairing", "number")
    )
    for game in games:
        if game.match is None or not game.match.result:
            continue
        outcome = _outcome(game.match.result)
        seat_stats = game.stats.get("seats", [])
        for seat, entry in enumerate(game.seating):
            result = result_for(outcome, seat)
            overall[entry].add(result)
            by_seat[entry][seat].add(result)
            if seat < len(seat_stats):
                seconds[entry] += seat_stats[seat]["seconds"]
                decisions[entry] += seat_stats[seat]["decisions"]
                failures[entry] += seat_stats[seat]["failures"]
            if len(game.seating) == 2:
                h2h[entry][game.seating[1 - seat]].add(result)
            if "fighters" in game.stats:
                fighters[specs[entry]][game.stats["fighters"][seat]].add(result)
    standings = []
    for i, spec in enumerate(specs):
        mean = seconds[i] / decisions[i] if decisions[i] else None
        standings.append(
            {
                "entry": i,
                "spec": spec,
                **overall[i].to_json(),
                "by_seat": [t.to_json() for t in by_seat[i]],
                "mean_decision_s": round(mean, 6) if mean is not None else None,
                "failures": failures[i],
            }
        )
    standings.sort(key=lambda s: (-(s["win_rate"] or 0), -s["wins"], s["entry"]))
    return {
        "tournament": tournament.progress(),
        "game": tournament.game,
        "format": tournament.format,
        "seed": tournament.seed,
        "options": tournament.options,
        "method": METHOD,
        "standings": standings,
        "head_to_head": [[h2h[i][j].to_json() for j in range(n)] for i in range(n)],
        "entries": specs,
        "fighters": {
            spec: {name: t.to_json() for name, t in sorted(per.items())}
            for spec, per in fighters.items()
        },
    }


def seat_totals(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Results by seat over every entrant: the first-mover advantage."""
    seats = len(results["standings"][0]["by_seat"]) if results["standings"] else 0
    out = []
    for seat in range(seats):
        total = Tally()
        for row in results["standings"]:
            counts = row["by_seat"][seat]
            total.games += counts["games"]
            total.wins += counts["wins"]
            total.draws += counts["draws"]
            total.losses += counts["losses"]
        out.append({"seat": seat, **total.to_json()})
    return out


def csv_rows(results: dict[str, Any]) -> list[list[Any]]:
    rows = [
        [
            "rank",
            "entrant",
            "games",
            "wins",
            "draws",
            "losses",
            "win_rate",
            "ci95_low",
            "ci95_high",
            "mean_decision_s",
        ]
    ]
    for rank, row in enumerate(results["standings"], 1):
        ci = row["ci95"] or [None, None]
        rows.append(
            [rank, row["spec"], row["games"], row["wins"], row["draws"], row["losses"],
             row["win_rate"], ci[0], ci[1], row["mean_decision_s"]]
        )  # fmt: skip
    return rows
