"""The arena's report: the JSON the CLI prints, and the same as a table for people."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agents.arena.pool import MAX_FAILURE_EXAMPLES, Result
from agents.core import Budget
from agents.stats import METHOD, win_rate
from agents.tournament import Fixture, Format, Played, Table
from games.core import Game

#: What a report's ``standings`` keep of a row: who, and how the format ranked them.
STANDING_KEYS = ("entry", "spec", "points", "buchholz", "sonneborn_berger", "game_points", "byes")


@dataclass(frozen=True)
class Setup:
    """A tournament as asked for, checked: what the report's header repeats."""

    game: Game
    fmt: str
    seed: str | int
    games_per_pairing: int
    options: dict[str, Any]
    players: int
    budget: Budget
    specs: list[str]
    rounds: int = 1

    def header(self, games_played: int) -> dict[str, Any]:
        return {
            "game": self.game.slug,
            "format": self.fmt,
            "rounds": self.rounds,
            "games": games_played,
            "games_per_pairing": self.games_per_pairing,
            "seed": self.seed,
            "options": self.options,
            "players": self.players,
            "budget": self.budget.to_json(),
            "method": METHOD,
        }


def report(
    setup: Setup, tournament: Format, fixtures: Sequence[Fixture], results: Sequence[Result]
) -> dict[str, Any]:
    """``agents``: every entrant in the listed order; ``standings``: in finishing order
    (the format's, with Swiss's points and tie-breaks)."""
    table = Table(setup.specs, setup.players)
    played: list[Played] = []
    examples: list[dict[str, Any]] = []
    for fixture, result in zip(fixtures, results, strict=True):
        game = Played(fixture, result.results)
        played.append(game)
        table.add(game, result.seconds, result.decisions, result.failures)
        examples.extend(result.examples[: MAX_FAILURE_EXAMPLES - len(examples)])
    rows = table.rows_json()
    out = {**setup.header(len(fixtures)), "agents": rows}
    # The finishing order, and Swiss's points and tie-breaks; the figures are in "agents".
    ordered = tournament.order([dict(r) for r in rows], played)
    keys = {*STANDING_KEYS, *(c.key for c in tournament.columns)}  # the format's columns
    out["standings"] = [
        {"rank": rank, **{k: v for k, v in r.items() if k in keys}}
        for rank, r in enumerate(ordered, 1)
    ]
    bracket = tournament.bracket(played)
    if bracket:  # a knockout: its rounds, pairing by pairing
        out["bracket"] = bracket
    if tournament.two_player:
        out["pairings"] = table.pairings_json()
    out["failure_examples"] = examples
    return out


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:5.1f}%"


def render_table(report: dict[str, Any]) -> str:
    """The report as a table for people."""
    seats = report["players"]
    rounds = f" · {report['rounds']} rounds" if report.get("rounds", 1) > 1 else ""
    lines = [
        f"{report['game']} · {report['format']}{rounds} · {report['games']} games · "
        f"{seats} seats · seed {report['seed']}",
        "win% = wins / (wins + losses), draws excluded; 95% CI: Wilson score interval",
        "",
    ]
    width = max(12, *(len(a["spec"]) for a in report["agents"]))
    head = f"{'agent':<{width}} {'games':>6} {'wins':>6} {'draws':>6} {'losses':>6} {'win%':>7}"
    head += f" {'95% CI':>15}" + "".join(f" {'seat ' + str(s):>7}" for s in range(seats))
    head += f" {'s/move':>9} {'fails':>6}"
    lines += [head, "-" * len(head)]
    for a in report["agents"]:
        ci = a["ci95"]
        ci_text = "-" if ci is None else f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"
        row = f"{a['spec']:<{width}} {a['games']:>6} {a['wins']:>6} {a['draws']:>6}"
        row += f" {a['losses']:>6} {_pct(a['win_rate']):>7} {ci_text:>15}"
        for s in a["by_seat"]:
            row += f" {_pct(win_rate(s['wins'], s['losses'])):>7}"
        mean = a["mean_decision_s"]
        row += f" {'-' if mean is None else f'{mean:.6f}':>9} {a['failures']:>6}"
        lines.append(row)
    for p in report.get("pairings", []):
        a, b = p["agents"]
        lines.append(
            f"  {a} vs {b}: {p['wins'][0]}–{p['wins'][1]}, {p['draws']} drawn of {p['games']}"
        )
    if report["format"] == "swiss":
        lines += ["", "Swiss standings (points, then Buchholz, Sonneborn–Berger, game points):"]
        for rank, r in enumerate(report["standings"], 1):
            lines.append(
                f"  {rank:>2}. {r['spec']:<{width}} {r['points']:>4g} pts  "
                f"Buchholz {r['buchholz']:g}  SB {r['sonneborn_berger']:g}  byes {r['byes']}"
            )
    for rnd in report.get("bracket", []):
        lines += ["", f"Round {rnd['round']} ({rnd['name']}):"]
        for p in rnd["pairings"]:
            a, b = (report["agents"][e]["spec"] if e is not None else "bye" for e in p["entrants"])
            through = "" if p["winner"] is None else report["agents"][p["winner"]]["spec"]
            coin = " (on the seeded coin)" if p["tiebreak"] else ""
            score = "" if p["bye"] else f" {p['points'][0]:g}–{p['points'][1]:g}"
            lines.append(
                f"  {a} vs {b}{score}" + (f": {through} goes through{coin}" if through else "")
            )
    return "\n".join(lines)
