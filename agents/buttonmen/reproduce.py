"""The write-up's MC-vs-EM table (docs/results/buttonmen.md), replayed with our agents.

    python -m agents.buttonmen.reproduce --runs 3 --seed 7 --jobs 2 --json

A run is every ordered pair of the 12 fighters, MC playing the first and EM the
second: 144 games, each fighter 12 games per side. Games are first to 2 round wins.
Game ``i`` of run ``r`` is played with the match seed ``derive_seed(seed, r, i)``; MC
sits at seat ``(r + i) % 2`` (seats only matter for the initiative coin), so a result
depends on the seed alone. ``--out FILE`` appends one JSON line per game and skips the
games already in it, so a long reproduction can be run in parts.

Printed: MC's game and round win rates pooled and per run, per-fighter wins on each
side, each with a 95 % Wilson interval, beside the published figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from typing import Any

from scipy.stats import fisher_exact

from agents.buttonmen import published
from agents.core.seeding import derive_seed
from agents.match import play_match
from agents.stats import wilson_interval
from games.buttonmen import NAMES
from games.core import CHANCE, SIMULTANEOUS

MC, EM = "buttonmen-mc", "buttonmen-em"
ROUNDS_TO_WIN = 2


@dataclass(frozen=True)
class Fixture:
    run: int
    index: int
    mc_fighter: str
    em_fighter: str
    mc_seat: int
    seed: str


def mirrored_pairs() -> list[tuple[str, str]]:
    """Every ordered pair of fighters, each pair followed by its mirror: (a, b), (b, a).
    However many games from the start, both sides have had the same fighters but for at
    most one game, so a grid stopped part way is not tilted by the fighters it reached."""
    pairs: list[tuple[str, str]] = []
    for i, a in enumerate(NAMES):
        pairs.append((a, a))
        for b in NAMES[i + 1 :]:
            pairs += [(a, b), (b, a)]
    return pairs


def schedule(runs: int, seed: str | int, order: str = "fighters") -> list[Fixture]:
    """Every game of ``runs`` runs, run by run, pairs in fighter order (``order=
    "mirrored"``: each pair followed by its mirror, :func:`mirrored_pairs`)."""
    pairs = mirrored_pairs() if order == "mirrored" else list(product(NAMES, NAMES))
    return [
        Fixture(r, i, mc, em, (r + i) % 2, derive_seed(seed, r, i))
        for r in range(runs)
        for i, (mc, em) in enumerate(pairs)
    ]


def play(
    fixture: Fixture, mc_spec: str = MC, em_spec: str = EM, reselect: str = "site"
) -> dict[str, Any]:
    """One game of the grid; what the report needs of it, as JSON."""
    mc_seat = fixture.mc_seat
    seats = [mc_spec, em_spec] if mc_seat == 0 else [em_spec, mc_spec]
    fighters = (
        [fixture.mc_fighter, fixture.em_fighter]
        if mc_seat == 0
        else [fixture.em_fighter, fixture.mc_fighter]
    )
    started = time.perf_counter()
    result = play_match(
        "buttonmen",
        seats,
        fixture.seed,
        {"fighters": fighters, "rounds_to_win": ROUNDS_TO_WIN, "swing_reselect": reselect},
    )
    state = result.state
    em_seat = 1 - mc_seat
    depths = Counter(
        d.thinking["depth"]
        for d in result.decisions(em_seat)
        # Only an expectimax side reports a depth (the grid may pit other agents).
        if d.thinking and d.thinking.get("choice") == "move" and "depth" in d.thinking
    )
    moves = sum(
        1 for s in result.steps if s.actor not in (CHANCE, SIMULTANEOUS) and s.move[0] != "swing"
    )
    winner = state.winner
    return {
        "run": fixture.run,
        "index": fixture.index,
        "seed": fixture.seed,
        "mc_fighter": fixture.mc_fighter,
        "em_fighter": fixture.em_fighter,
        "mc_seat": mc_seat,
        "setting": [mc_spec, em_spec, reselect],
        "winner": None if winner is None else ("mc" if winner == mc_seat else "em"),
        "mc_rounds": state.round_wins[mc_seat],
        "em_rounds": state.round_wins[em_seat],
        "rounds": state.round,
        "moves": moves,
        "em_depths": {str(k): v for k, v in sorted(depths.items())},
        "failures": sum(len(result.failures(s)) for s in (0, 1)),
        "seconds": round(time.perf_counter() - started, 3),
    }


# ----- running, in parts --------------------------------------------------------------


def _done(
    path: Path | None, fixtures: list[Fixture], setting: list[str]
) -> dict[tuple[int, int], dict[str, Any]]:
    """Games of this schedule already in ``path`` (another seed or setting is ignored)."""
    if path is None or not path.exists():
        return {}
    seeds = {(f.run, f.index): f.seed for f in fixtures}
    found = {}
    for line in path.read_text().splitlines():
        if line.strip():
            game = json.loads(line)
            key = (game["run"], game["index"])
            if seeds.get(key) == game["seed"] and game.get("setting") == setting:
                found[key] = game
    return found


def run(
    runs: int,
    seed: str | int,
    jobs: int = 1,
    out: Path | None = None,
    limit: int | None = None,
    specs: tuple[str, str] = (MC, EM),
    reselect: str = "site",
    order: str = "fighters",
) -> list[dict[str, Any]]:
    """Play the grid (skipping games already in ``out``); every game's record."""
    fixtures = schedule(runs, seed, order)
    if limit is not None:
        fixtures = fixtures[:limit]
    done = _done(out, fixtures, [*specs, reselect])
    todo = [f for f in fixtures if (f.run, f.index) not in done]
    sink = out.open("a") if out is not None else None
    try:
        if jobs <= 1:
            for fixture in todo:
                _keep(play(fixture, *specs, reselect), done, sink)
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = [pool.submit(play, f, *specs, reselect) for f in todo]
                for future in as_completed(futures):
                    _keep(future.result(), done, sink)
    finally:
        if sink is not None:
            sink.close()
    return [done[(f.run, f.index)] for f in fixtures]


def _keep(game: dict[str, Any], done: dict, sink) -> None:
    done[(game["run"], game["index"])] = game
    if sink is not None:
        sink.write(json.dumps(game) + "\n")
        sink.flush()


# ----- the report ---------------------------------------------------------------------


def rate(wins: int, losses: int) -> dict[str, Any]:
    """Wins of ``wins + losses`` with the 95 % Wilson interval (percent, 1 decimal)."""
    n = wins + losses
    ci = wilson_interval(wins, losses)
    return {
        "wins": wins,
        "of": n,
        "rate": round(100 * wins / n, 1) if n else None,
        "ci95": [round(100 * ci[0], 1), round(100 * ci[1], 1)] if ci else None,
    }


def _side(games: list[dict[str, Any]]) -> dict[str, Any]:
    mc = sum(g["winner"] == "mc" for g in games)
    em = sum(g["winner"] == "em" for g in games)
    mc_rounds = sum(g["mc_rounds"] for g in games)
    em_rounds = sum(g["em_rounds"] for g in games)
    return {
        "games": len(games),
        "draws": len(games) - mc - em,
        "mc_games": rate(mc, em),
        "mc_rounds": rate(mc_rounds, em_rounds),
        "em_rounds": em_rounds,
    }


def _compare(ours: dict[str, Any], wins: int, losses: int) -> dict[str, Any]:
    """Ours beside a published count: is our rate inside its interval, and how likely
    is a difference this large between two samples of one rate (Fisher's exact test,
    two-sided)?"""
    theirs = rate(wins, losses)
    inside = ours["rate"] is not None and theirs["ci95"][0] <= ours["rate"] <= theirs["ci95"][1]
    table = [[ours["wins"], ours["of"] - ours["wins"]], [wins, losses]]
    p = fisher_exact(table).pvalue if ours["of"] else None
    return {
        "ours": ours,
        "published": theirs,
        "ours_inside_published_ci": inside,
        "fisher_p": None if p is None else round(float(p), 4),
    }


def report(
    games: list[dict[str, Any]],
    runs: int,
    seed: str | int,
    specs: tuple[str, str] = (MC, EM),
    reselect: str = "site",
) -> dict[str, Any]:
    by_run = [[g for g in games if g["run"] == r] for r in range(runs)]
    pooled = _side(games)
    # Published runs to pool: those we have games of (a part compares with its part).
    pub = published.pooled(sum(1 for gs in by_run if gs))
    complete = [r for r, gs in enumerate(by_run) if len(gs) == len(NAMES) ** 2]
    out: dict[str, Any] = {
        "setup": {
            "agents": {"mc": specs[0], "em": specs[1]},
            "options": {"rounds_to_win": ROUNDS_TO_WIN, "swing_reselect": reselect},
            "runs": runs,
            "seed": seed,
            "games": len(games),
            "complete_runs": len(complete),
        },
        "pooled": {
            **pooled,
            "compare_games": _compare(pooled["mc_games"], pub["mc_games"], pub["em_games"]),
            "compare_rounds": _compare(pooled["mc_rounds"], pub["mc_rounds"], pub["em_rounds"]),
        },
        "runs": [],
        "fighters": {},
        "shape": _shape(games),
    }
    for r, gs in enumerate(by_run):
        side = _side(gs)
        row: dict[str, Any] = {"run": r + 1, **side}
        if r < len(published.RUNS):
            mc, em, mcr, emr = published.RUNS[r]
            row["published"] = {"mc_games": rate(mc, em), "mc_rounds": rate(mcr, emr)}
        out["runs"].append(row)
    done_runs = len(complete) if len(games) == runs * len(NAMES) ** 2 else None
    for name in NAMES:
        as_mc = [g for g in games if g["mc_fighter"] == name]
        as_em = [g for g in games if g["em_fighter"] == name]
        entry = {}
        for side, played, key in (("mc", as_mc, "mc"), ("em", as_em, "em")):
            won = sum(g["winner"] == key for g in played)
            lost = sum(g["winner"] not in (key, None) for g in played)
            row = {"ours": rate(won, lost)}
            if done_runs:
                pub_wins = sum(published.BY_FIGHTER[name][side][:done_runs])
                pub_games = published.GAMES_PER_SIDE * done_runs
                row = _compare(row["ours"], pub_wins, pub_games - pub_wins)
            entry[f"as_{side}"] = row
        out["fighters"][name] = entry
    return out


def _shape(games: list[dict[str, Any]]) -> dict[str, Any]:
    if not games:
        return {}
    depths: Counter = Counter()
    for g in games:
        depths.update({int(k): v for k, v in g["em_depths"].items()})
    total = sum(depths.values()) or 1
    return {
        "median_moves_per_game": statistics.median(g["moves"] for g in games),
        "mean_rounds_per_game": round(statistics.mean(g["rounds"] for g in games), 2),
        "moves_per_round": round(
            sum(g["moves"] for g in games) / sum(g["rounds"] for g in games), 2
        ),
        "em_depth_share": {str(k): round(v / total, 3) for k, v in sorted(depths.items())},
        "failures": sum(g["failures"] for g in games),
        "mean_game_s": round(statistics.mean(g["seconds"] for g in games), 2),
    }


def markdown(rep: dict[str, Any]) -> str:
    """The comparison as Markdown tables (what docs/results/buttonmen.md quotes)."""

    def pct(r: dict[str, Any]) -> str:
        if r["rate"] is None:
            return "–"
        return f"{r['wins']}/{r['of']} = {r['rate']} % [{r['ci95'][0]}, {r['ci95'][1]}]"

    lines = [
        "| figure | ours (95 % CI) | published (95 % CI) | ours inside published CI | Fisher p |",
        "|---|---|---|---|---|",
    ]
    pooled = rep["pooled"]
    for label, key in (
        ("MC games, pooled", "compare_games"),
        ("MC rounds, pooled", "compare_rounds"),
    ):
        c = pooled[key]
        lines.append(
            f"| {label} | {pct(c['ours'])} | {pct(c['published'])} | "
            f"{'yes' if c['ours_inside_published_ci'] else '**no**'} | {c['fisher_p']} |"
        )
    for row in rep["runs"]:
        if "published" in row:
            for label, key in (("games", "mc_games"), ("rounds", "mc_rounds")):
                lines.append(
                    f"| MC {label}, run {row['run']} | {pct(row[key])} | "
                    f"{pct(row['published'][key])} | | |"
                )
    lines += [
        "",
        "| fighter | as MC: ours | as MC: published | as EM: ours | as EM: published |",
        "|---|---|---|---|---|",
    ]
    for name, entry in rep["fighters"].items():
        cells = []
        for side in ("as_mc", "as_em"):
            e = entry[side]
            if "published" in e:
                flag = "" if e["ours_inside_published_ci"] else " **out**"
                cells += [pct(e["ours"]) + flag, pct(e["published"])]
            else:
                cells += [pct(e["ours"]), "–"]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.buttonmen.reproduce", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--runs", type=int, default=3, help="runs of 144 games (default 3)")
    parser.add_argument("--seed", default="7", help="tournament seed (default 7)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--out", type=Path, help="JSON lines file: append games, skip done ones")
    parser.add_argument("--limit", type=int, help="play only the first N games of the schedule")
    parser.add_argument("--mc", default=MC, help=f"the MC side's agent spec (default {MC})")
    parser.add_argument("--em", default=EM, help=f"the EM side's agent spec (default {EM})")
    parser.add_argument(
        "--swing-reselect",
        default="site",
        choices=("site", "both"),
        help="who may change a swing size between rounds (default site)",
    )
    parser.add_argument(
        "--order",
        default="fighters",
        choices=("fighters", "mirrored"),
        help="the games of a run in fighter order (default, the write-up's) or each pair "
        "followed by its mirror, so a grid stopped part way is fair to both sides",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.jobs < 1:
        parser.error("--runs and --jobs must be at least 1")
    specs = (args.mc, args.em)
    games = run(
        args.runs,
        args.seed,
        args.jobs,
        args.out,
        args.limit,
        specs,
        args.swing_reselect,
        args.order,
    )
    rep = report(games, args.runs, args.seed, specs, args.swing_reselect)
    if args.json:
        print(json.dumps(rep, indent=2))
    else:
        print(markdown(rep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
