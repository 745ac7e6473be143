"""``python -m agents.buttonstats``: play a button study, or summarise one.

    python -m agents.buttonstats play --per-button 1 --agent buttonmen-best \\
        --seed 19 --jobs 1 --out study.json
    python -m agents.buttonstats summary study.json
    python -m agents.buttonstats versus --agents buttonmen-best buttonmen-mc \\
        --matchups 500 --tier 3 --seed 19v --jobs 2 --out versus.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import UTC, datetime
from multiprocessing import Pool
from pathlib import Path

from agents.buttonstats import stats, study, versus
from agents.core import Budget
from agents.core.registry import check_spec


def _play_one(job: tuple[study.Fixture, str, int | None]) -> list:
    fixture, spec, iterations = job
    return study.play(fixture, spec, Budget(iterations=iterations)).to_json()


def play(args: argparse.Namespace) -> dict:
    spec = check_spec(args.agent, "buttonmen")
    names = study.playable_names()
    if args.buttons:
        wanted = [n.strip() for n in args.buttons.split(",") if n.strip()]
        unknown = sorted(set(wanted) - set(names))
        if unknown:
            raise SystemExit(f"not playable buttons: {', '.join(unknown)}")
        names = wanted
    fixtures = study.plan(names, args.per_button, args.seed, study.sets(), args.set_mates)
    jobs = [(f, spec, args.iterations) for f in fixtures]
    started = time.monotonic()
    rows: list[list] = []
    # imap keeps the plan's order, so the file is the same whatever --jobs is.
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            for i, row in enumerate(pool.imap(_play_one, jobs), 1):
                rows.append(row)
                _progress(i, len(jobs), started, args.quiet)
    else:
        for i, job in enumerate(jobs, 1):
            rows.append(_play_one(job))
            _progress(i, len(jobs), started, args.quiet)
    seconds = time.monotonic() - started
    return {
        "version": study.VERSION,
        "game": "buttonmen",
        "agent": spec,
        "iterations": args.iterations,
        "seed": args.seed,
        "per_button": args.per_button,
        "set_mates": args.set_mates,
        "buttons": len(names),
        "seconds": round(seconds, 1),
        "made": datetime.now(UTC).strftime("%Y-%m-%d"),
        "games": rows,
    }


def _progress(done: int, total: int, started: float, quiet: bool) -> None:
    if not quiet and (done % 20 == 0 or done == total):
        print(f"{done}/{total} games, {time.monotonic() - started:.0f} s", file=sys.stderr)


def _versus_one(job: tuple[versus.Matchup, list[str]]) -> dict:
    return versus.play(*job)


def play_versus(args: argparse.Namespace) -> dict:
    specs = [check_spec(spec, "buttonmen") for spec in args.agents]
    out = Path(args.out) if args.out != "-" else None
    done = versus.done_rows(out)
    todo = versus.plan(versus.tier_names(args.tier), args.matchups, args.seed)
    jobs = [(m, specs) for m in todo if m.index not in done]
    started = time.monotonic()
    rows = [done[m.index] for m in todo if m.index in done]
    with Pool(args.jobs) as pool:
        for i, row in enumerate(pool.imap_unordered(_versus_one, jobs), 1):
            rows.append(row)
            if out is not None:
                with out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            _progress(i, len(jobs), started, args.quiet)
    result = versus.report(rows, specs)
    result.update(tier=args.tier, seed=args.seed, matchups=args.matchups)
    return result


def load(path: str | Path) -> dict:
    """A study file, checked: its version and every game's fields."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if data.get("version") != study.VERSION:
        raise ValueError(f"{path}: study version {data.get('version')!r}, not {study.VERSION}")
    data["games"] = [stats.Game.from_json(row) for row in data["games"]]
    data.setdefault("set_mates", 0)  # a study made before there were set-mates
    return data


def summary(path: str) -> str:
    data = load(path)
    table = stats.compute(data["games"])
    first = stats.first_mover_share(data["games"])
    lines = [
        f"{len(data['games'])} games of {len(table)} buttons by {data['agent']} "
        f"(seed {data['seed']}, {data['seconds']} s)",
        f"first mover won {first.wins:g} of {first.games}",
    ]
    ranked = sorted(table.values(), key=lambda s: -(s.rate or 0))
    for s in ranked:
        low, high = s.interval
        lines.append(f"{s.name:30} {s.rate:6.1%}  [{low:.0%}, {high:.0%}]  {s.games} games")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agents.buttonstats", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a study and write its games as JSON")
    p.add_argument("--per-button", type=int, default=1, help="opponents drawn per button")
    p.add_argument("--agent", default="buttonmen-best", help="agent spec in both seats")
    p.add_argument("--seed", default="19")
    p.add_argument(
        "--set-mates", type=int, default=0, help="more opponents per button from its own set"
    )
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--iterations", type=int, default=None, help="per-decision budget")
    p.add_argument("--buttons", default="", help="comma-separated buttons (default: all)")
    p.add_argument("--out", default="-", help="file to write ('-': standard output)")
    p.add_argument("--quiet", action="store_true")
    v = sub.add_parser("versus", help="two agents over random matchups of a tier's buttons")
    v.add_argument("--agents", nargs=2, required=True, metavar="SPEC")
    v.add_argument("--matchups", type=int, default=500)
    v.add_argument("--tier", type=int, default=3, choices=(1, 2, 3))
    v.add_argument("--seed", default="19v")
    v.add_argument("--jobs", type=int, default=1)
    v.add_argument("--out", default="-", help="JSON lines: append games, skip done ones")
    v.add_argument("--quiet", action="store_true")
    s = sub.add_parser("summary", help="print a study's win rates")
    s.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "summary":
        print(summary(args.file))
        return 0
    if args.command == "versus":
        if args.matchups < 1 or args.jobs < 1:
            parser.error("--matchups and --jobs are at least 1")
        print(json.dumps(play_versus(args)))
        return 0
    if args.per_button < 1 or args.jobs < 1 or args.set_mates < 0:
        parser.error("--per-button and --jobs are at least 1, --set-mates at least 0")
    data = play(args)
    # One game a line: small diffs when a shipped study is made again.
    games = ",\n".join("    " + json.dumps(row) for row in data.pop("games"))
    head = json.dumps(data, indent=2)[:-2]
    text = head + ',\n  "games": [\n' + games + "\n  ]\n}\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
