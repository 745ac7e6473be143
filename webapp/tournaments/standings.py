"""A tournament's results from its stored games: standings with 95 % intervals (in the
format's finishing order: Swiss by points and tie-breaks), the head-to-head matrix,
results by seat, and per fighter for Button Men. The standings are built by the arena's
own builder (``agents.tournament.Table``), so the site and the CLI agree."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from agents.stats import METHOD, Tally, result_for
from agents.tournament import Fixture, FormatError, Played, Table
from games.core import Outcome
from webapp.tournaments.models import Tournament, TournamentGame

Status = TournamentGame.Status


def _outcome(result: dict) -> Outcome:
    return Outcome(returns=tuple(result.get("returns", ())), ranks=tuple(result["ranks"]))


def _results(seating: list[int], result: dict | None) -> tuple[str, ...] | None:
    if not result or not result.get("ranks"):
        return None
    outcome = _outcome(result)
    return tuple(result_for(outcome, seat) for seat in range(len(seating)))


def _stored(tournament: Tournament):
    """The games the format reads, in play order: those done, and those abandoned."""
    return tournament.games.filter(status__in=[Status.DONE, Status.ABANDONED]).order_by(
        "round", "pairing", "number"
    )


def _played(
    round_: int, pairing: int, seating: list[int], seed: str, results: tuple[str, ...] | None
) -> Played:
    # A game with no result (aborted before a first move, or abandoned) is no result for
    # the format too: nobody scores it, but it fills its slot, so the round is over, and
    # its two have met (``agents.tournament.formats``), so the next round pairs as usual.
    fixture = Fixture(pairing, tuple(seating), seed, round_)
    return Played(fixture, results) if results else Played.no_result(fixture)


def played_so_far(tournament: Tournament) -> list[Played]:
    """The games stored so far as the format reads them (an aborted or abandoned game,
    which has no result, scores nothing: ``Played.no_result``)."""
    rows = _stored(tournament).values_list("round", "pairing", "seating", "seed", "match__result")
    return [
        _played(round_, pairing, seating, seed, _results(seating, result))
        for round_, pairing, seating, seed, result in rows
    ]


def compute(tournament: Tournament) -> dict[str, Any]:
    entries = list(tournament.entries.order_by("index").values_list("agent_spec", "name", "state"))
    specs = [spec for spec, _, _ in entries]
    # People are shown by the name they joined with; agents and bots by their spec.
    names = {spec: name for spec, name, _ in entries}
    states = [state for _, _, state in entries]
    n = len(specs)
    table = Table(specs, tournament.players)
    fighters: dict[str, dict[str, Tally]] = defaultdict(lambda: defaultdict(Tally))
    # One pass over the stored games: every one goes to the format (Swiss's tie-breaks),
    # the done ones with a result to the table too; an aborted one counts nowhere.
    stored: list[Played] = []
    for game in _stored(tournament).select_related("match"):
        results = _results(game.seating, game.match.result if game.match else None)
        played = _played(game.round, game.pairing, game.seating, game.seed, results)
        stored.append(played)
        if results is None or game.status != Status.DONE:
            continue
        seats = game.stats.get("seats", [])
        measured = len(seats) == len(game.seating)
        table.add(
            played,
            [s["seconds"] for s in seats] if measured else None,
            [s["decisions"] for s in seats] if measured else None,
            [s["failures"] for s in seats] if measured else None,
        )
        for seat, entry in enumerate(game.seating):
            if "fighters" in game.stats:
                fighters[specs[entry]][game.stats["fighters"][seat]].add(results[seat])
    standings = table.rows_json()  # still taking entries: no format to order by yet
    bracket: list[dict[str, Any]] = []
    if tournament.status != Tournament.Status.OPEN:
        try:
            fmt = tournament.tournament_format(n)
        except FormatError:
            if stored:
                raise  # a tournament that played games has entrants its format fits
            # Cancelled before it started, with fewer entrants than its format needs.
        else:
            standings = fmt.order(standings, stored)
            bracket = fmt.bracket(stored)  # a knockout's rounds; [] for a table
    labels = [names.get(spec) or spec for spec in specs]
    for rnd in bracket:
        for pairing in rnd["pairings"]:
            pairing["names"] = [labels[e] if e is not None else "bye" for e in pairing["entrants"]]
    for row in standings:
        row["name"] = names.get(row["spec"]) or row["spec"]
        row["state"] = states[row["entry"]]  # paused or withdrawn people are marked
    return {
        "tournament": tournament.progress(),
        "game": tournament.game,
        "format": tournament.format,
        "rounds": tournament.rounds,
        "round": tournament.round,
        "seed": tournament.seed,
        "options": tournament.options,
        "method": METHOD,
        "standings": standings,
        "head_to_head": table.head_to_head_json() if n else [],
        "entries": specs,
        "labels": labels,
        "bracket": bracket,
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
