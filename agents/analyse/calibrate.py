"""Calibration: the analysis's win chances against real outcomes, and the fits behind them.

``python -m agents.analyse.calibrate GAME --matches N --seed S [--fit] --json`` plays N
seeded self-play matches, takes the analysis's win chance at every position of them and
prints the reliability table and Brier score (:mod:`agents.analyse.reliability`);
``--fit`` adds the recalibration power that would fit these matches best.

``python -m agents.analyse.calibrate GAME --games N [--seed S] [--players P] --json``
fits the scale of a game's leaf (:mod:`agents.analyse.leaf`) instead: it plays N matches of the game's playout policy against itself, takes every decision
position of them with the seats' evaluations and who won in the end, and finds the
scale that maximises the likelihood of those winners (a one-dimensional search on the
log loss, which is convex in the scale). It prints the scale and how well it fits:
log loss and Brier score against the even guess. ``policy.LEAF_SCALE`` stores the
figures of the run docs/analysis.md quotes.
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import sys
from typing import Any

import games
from agents.analyse import calmap
from agents.analyse.calmap import CEILING, FLOOR, GROUPS, CalibrationMap, fit_knots
from agents.analyse.leaf import EvaluationLeaf, softmax
from agents.analyse.policy import playout_spec
from agents.analyse.values import win_shares
from agents.match import play_match
from games.core import CHANCE, TERMINAL

Sample = tuple[list[float], tuple[float, ...]]  # (evaluations per seat, final win shares)


def samples(slug: str, games_: int, seed: int, players: int | None = None) -> list[Sample]:
    """Every decision position of ``games_`` self-play matches of the playout policy."""
    game = games.get(slug)
    n = players or game.min_players
    spec = playout_spec(slug)
    if spec.startswith(slug) and "-" in spec and spec not in _registered():
        raise ValueError(f"{slug}'s playout policy {spec!r} is not an agent; nothing to fit")
    leaf = EvaluationLeaf(slug, 1.0)
    found: list[Sample] = []
    for i in range(games_):
        result = play_match(slug, [spec] * n, seed=f"calibrate:{seed}:{i}")
        shares = win_shares(result.state.returns())
        state = game.new_state(n, result.record.get("options"))
        for item in result.record["history"]:
            if state.current() not in (CHANCE, TERMINAL):
                found.append((leaf.evaluations(state), shares))
            actor, move = state.parse_event(item)
            state = state.apply_event(actor, move)
    return found


def _registered() -> set[str]:
    from agents.core import AGENTS

    return set(AGENTS)


def log_loss(data: list[Sample], scale: float) -> float:
    total = 0.0
    for evaluations, shares in data:
        p = softmax(evaluations, scale)
        total -= sum(s * math.log(max(q, 1e-12)) for s, q in zip(shares, p, strict=True))
    return total / len(data)


def brier(data: list[Sample], scale: float) -> float:
    total = 0.0
    for evaluations, shares in data:
        p = softmax(evaluations, scale)
        total += sum((s - q) ** 2 for s, q in zip(shares, p, strict=True))
    return total / len(data)


def fit(data: list[Sample], low: float = 0.0, high: float = 50.0) -> float:
    """The scale with the least log loss (golden-section search; the loss is convex)."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = log_loss(data, c), log_loss(data, d)
    while b - a > 1e-3:
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = log_loss(data, c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = log_loss(data, d)
    return round((a + b) / 2, 3)


def calibrate(slug: str, games_: int, seed: int, players: int | None = None) -> dict[str, Any]:
    data = samples(slug, games_, seed, players)
    if not data:
        raise ValueError(f"no decision positions in {games_} games of {slug}")
    scale = fit(data)
    return {
        "game": slug,
        "policy": playout_spec(slug),
        "games": games_,
        "seed": seed,
        "positions": len(data),
        "scale": scale,
        "log_loss": round(log_loss(data, scale), 4),
        "log_loss_even": round(log_loss(data, 0.0), 4),
        "brier": round(brier(data, scale), 4),
        "brier_even": round(brier(data, 0.0), 4),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agents.analyse.calibrate", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--matches", type=int, help="reliability table over N matches")
    parser.add_argument("--player", help="the agent on every seat (reliability)")
    parser.add_argument("--playouts", type=int, help="playouts per position (reliability)")
    parser.add_argument("--policy", help="another playout policy to measure (reliability)")
    parser.add_argument("--opening", type=int, help="random plies first (reliability)")
    parser.add_argument("--seat", type=int, help="only this seat's predictions (reliability)")
    parser.add_argument("--raw", action="store_true", help="no recalibration (reliability)")
    parser.add_argument("--fit", action="store_true", help="fit a power on top (reliability)")
    parser.add_argument(
        "--points", help="also write every prediction (at power 1) to this JSON file (reliability)"
    )
    parser.add_argument(
        "--fit-map",
        nargs="+",
        metavar="POINTS",
        help="fit the game's calibration map to these --points files and write it",
    )
    parser.add_argument(
        "--judge",
        nargs="+",
        metavar="POINTS",
        help="the reliability of these --points files without and with the shipped map",
    )
    parser.add_argument("--groups", type=int, default=GROUPS, help="the map fit's groups")
    parser.add_argument("--games", type=int, default=200, help="leaf fit over N games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        if args.fit_map:
            result = fit_map(args.game, args.fit_map, args.groups, command_line(argv))
        elif args.judge:
            result = judge(args.game, args.judge)
        elif args.matches:
            from agents.analyse.reliability import reliability

            def progress(done: int, total: int) -> None:
                print(f"\r{args.game}: {done}/{total} matches", end="", file=sys.stderr)
                if done == total:
                    print(file=sys.stderr)

            result = reliability(
                args.game,
                args.matches,
                args.seed,
                player=args.player,
                playouts=args.playouts,
                opening=args.opening,
                raw=args.raw,
                fit=args.fit,
                progress=progress,
                seat=args.seat,
                points_file=args.points,
                policy=args.policy,
            )
        else:
            result = calibrate(args.game, args.games, args.seed, args.players)
    except (KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    elif "fitted_on" in result:
        fitted = result["fitted_on"]
        print(f"wrote {result['map']} ({result['knots']} knots); on its own data, without it:")
        print(
            "\n".join(["", *_rows(fitted["before"]), "", "With it:", "", *_rows(fitted["after"])])
        )
    elif "deciles" in result:
        print(text_table(result))
    else:
        print("\n".join(f"{k}: {v}" for k, v in result.items()))
    return 0


def command_line(argv: list[str] | None) -> str:
    words = sys.argv[1:] if argv is None else argv
    return " ".join(["python -m agents.analyse.calibrate", *map(shlex.quote, words)])


def read_points(slug: str, files: list[str]) -> tuple[list[Any], str, int, list[str]]:
    """The predictions of ``--points`` files of one game, policy and playout count, and
    what produced them. Matches of different files are told apart."""
    from agents.analyse.reliability import Point

    found: list[Point] = []
    sources = []
    policy, playouts = None, None
    for number, name in enumerate(files):
        with open(name) as f:
            data = json.load(f)
        if data["game"] != slug:
            raise ValueError(f"{name} holds {data['game']} predictions, not {slug}")
        if policy not in (None, data["playout_policy"]) or playouts not in (None, data["playouts"]):
            raise ValueError(f"{name} was sampled with other playouts than the files before it")
        policy, playouts = data["playout_policy"], data["playouts"]
        sources.append(f"--matches {data['matches']} --seed {data['seed']}")
        found += [Point(q, y, number * 100_000 + m) for q, y, m in data["points"]]
    if policy != playout_spec(slug):
        raise ValueError(f"{slug}'s playout policy is {playout_spec(slug)}, not {policy}")
    return found, str(policy), int(playouts or 0), sources


def judge(slug: str, files: list[str]) -> dict[str, Any]:
    """How the game's shipped map does on predictions it was not fitted on (held out:
    other seeds), against the same predictions without it."""
    from agents.analyse.reliability import mapped, summary

    found, _, playouts, sources = read_points(slug, files)
    cmap = calmap.load(slug)
    if cmap is None:
        raise ValueError(f"{slug} has no calibration map")
    result: dict[str, Any] = {
        "game": slug,
        "held_out": sources,
        "playouts": playouts,
        "map": {"command": cmap.meta.get("command"), "data": cmap.meta.get("data")},
        "estimate": {"map": f"{len(cmap.knots)} knots, fitted at {cmap.playouts} playouts"},
        "before": summary(found),
    }
    result.update(summary(mapped(found, cmap)))
    return result


def fit_map(slug: str, files: list[str], groups: int, command: str) -> dict[str, Any]:
    """Fit the game's calibration map to predictions gathered with ``--points`` (at
    power 1, two seats, one playout policy and count), write it, and say how it fits
    the data it was fitted on (the held-out check is a run on other seeds)."""
    from agents.analyse.reliability import mapped, summary

    found, policy, playouts, sources = read_points(slug, files)
    knots = fit_knots([(p.predicted, p.outcome) for p in found], groups)
    cmap = CalibrationMap(
        game=slug,
        policy=policy,
        playouts=playouts,
        seats=2,
        knots=knots,
        meta={
            "command": command,
            "data": f"python -m agents.analyse.calibrate {slug} --points FILE, with "
            + "; ".join(sources),
            "predictions": len(found),
            "method": "isotonic regression (pool adjacent violators) over "
            f"{groups} equal-count groups, mirrored for two seats, linear between knots, "
            f"kept within [{FLOOR}, {CEILING}]",
        },
    )
    written = calmap.write(cmap)
    return {
        "game": slug,
        "map": str(written),
        "knots": len(knots),
        "fitted_on": {"before": summary(found), "after": summary(mapped(found, cmap))},
    }


def text_table(result: dict[str, Any]) -> str:
    """The reliability table as Markdown, as docs/analysis.md shows it."""
    lines = []
    if "before" in result and "fitted_power" not in result:
        lines += [
            f"Without the calibration map ({result['estimate']['map']}):",
            "",
            *_rows(result["before"]),
            "",
            "Through the map (what the analysis shows):",
            "",
        ]
    elif "before" in result:
        lines += [
            f"Power fitted on matches {result['tuning_matches']}: {result['fitted_power']}; "
            f"held-out matches {result['held_out_matches']} at power 1:",
            "",
            *_rows(result["before"]),
            "",
            "At the fitted power:",
            "",
        ]
    return "\n".join(lines + _rows(result))


def _rows(result: dict[str, Any]) -> list[str]:
    lines = [
        f"{result['predictions']} predictions, Brier {result['brier']} "
        f"(even guess {result['brier_even']})",
        "",
        "| predicted | predictions (matches) | mean predicted | observed [95 %] | gap (points) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in result["deciles"]:
        lo, hi = r["observed_ci"]
        lines.append(
            f"| {r['decile']} | {r['positions']} ({r['matches']}) | {r['predicted']:.3f} | "
            f"{r['observed']:.3f} [{lo:.3f}, {hi:.3f}] | {r['gap']:+.1f} |"
        )
    return lines


if __name__ == "__main__":
    sys.exit(main())
