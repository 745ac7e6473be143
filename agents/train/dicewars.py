"""Learn Dice Wars' value from self-play: ``python -m agents.train dicewars``.

    python -m agents.train dicewars --games 2000 --players 2 6 --iterations 2 \\
        --seed 1 --jobs 1 --out agents/dicewars/value_weights.json

Each *iteration* plays ``--games`` games at each table size of ``--players``, records
every position where a seat ends its turn (``agents.dicewars.value.features``) with
whether that seat went on to win, and fits a logistic model per feature set (``two``,
``many``) to everything gathered so far (Newton's method, a small L2 penalty). The
first iteration's players are the existing rule-based ones (``dicewars-wpm``,
``dicewars-hand``, ``dicewars-ste``); from the second on, half the seats are the
learned player with the weights just fitted, so the data follow its own play.

``--mlp many`` (or ``two``) fits that model as a small network instead (one layer of
``--hidden`` tanh units, L-BFGS from a start drawn from the seed). ``--save-data``
keeps the positions; ``--load-data`` refits them without playing (given the same
``--games --players --seed`` as the run that saved them, it writes the same file).

Everything is fixed by ``--seed`` and the counts: game i of table size n in iteration
k is seeded ``derive_seed(seed, k, n, i)`` (map, play order, dice and who sits where),
and ``--jobs`` only spreads the games over processes (results are put back in order).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from agents.core import Budget, get
from agents.core.seeding import derive_seed
from agents.dicewars.learned import LearnedAgent
from agents.dicewars.value import FEATURE_NAMES, WEIGHTS_FILE, features, load_model
from agents.train.progress import Progress
from games.core import CHANCE
from games.dicewars import END_TURN, GAME
from games.dicewars.phases import OVER

#: Who plays the first iteration's games (no learned weights yet).
RULE_BASED = ("dicewars-wpm", "dicewars-hand", "dicewars-ste")
#: Games handed to a worker at a time.
CHUNK = 25
#: The L2 penalty of the fit (per weight, the bias left free).
L2 = 1.0
#: The MLP's L2 penalty (on the standardised features' weights, per position).
MLP_L2 = 1e-4
#: L-BFGS iterations of the MLP fit.
MLP_STEPS = 400


def _players(rng: random.Random, n: int, weights: dict[str, list[float]] | None) -> list:
    pool = []
    for _ in range(n):
        if weights is not None and rng.random() < 0.5:
            agent = LearnedAgent()
            agent.weights = weights
        else:
            agent = get(rng.choice(RULE_BASED))
        pool.append(agent)
    return pool


def play_game(seed: str, players: int, weights: dict[str, list[float]] | None) -> list:
    """One self-play game: [(model, features, won)] for every end of a turn."""
    rng = random.Random(seed)
    agents = _players(rng, players, weights)
    state = GAME.new_state(players)
    budget = Budget()
    seen: list[tuple[str, list[float], int]] = []
    while state.phase != OVER:
        if state.current() == CHANCE:
            state.push(state.sample_chance(rng))
            continue
        seat = state.mover
        move = agents[seat].act(state, seat, budget, rng).move
        state.push(move)
        if move == END_TURN:
            name, x = features(state, seat)
            seen.append((name, x, seat))
    winner = state.winner
    return [(name, x, int(seat == winner)) for name, x, seat in seen]


def _play_chunk(seeds: list[str], players: int, weights) -> list[list]:
    return [play_game(s, players, weights) for s in seeds]


def fit(x: np.ndarray, y: np.ndarray, l2: float = L2, steps: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method; the first column is the bias."""
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return w


def fit_mlp(
    x: np.ndarray, y: np.ndarray, hidden: int, seed: int, l2: float = MLP_L2
) -> dict[str, Any]:
    """One hidden layer of ``hidden`` tanh units, fitted by L-BFGS to the log loss
    (plus ``l2`` × the squared weights), from a start drawn from ``seed``. The
    features are standardised first (the bias column, constant, becomes 0)."""
    from scipy.optimize import minimize

    n, d = x.shape
    mean = x.mean(axis=0)
    std = x.std(axis=0)
    std[std < 1e-12] = 1.0  # a constant column (the bias) becomes 0
    xs = (x - mean) / std
    rng = np.random.default_rng(seed)
    shapes = [(hidden, d), (hidden,), (hidden,), (1,)]
    sizes = [int(np.prod(s)) for s in shapes]

    def unpack(theta: np.ndarray) -> list[np.ndarray]:
        parts, at = [], 0
        for shape, size in zip(shapes, sizes, strict=True):
            parts.append(theta[at : at + size].reshape(shape))
            at += size
        return parts

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w1, b1, w2, b2 = unpack(theta)
        h = np.tanh(xs @ w1.T + b1)
        z = h @ w2 + b2[0]
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -500, 500)))
        eps = 1e-12
        value = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))
        value += l2 * (np.sum(w1 * w1) + np.sum(w2 * w2))
        dz = (p - y) / n
        g_w2 = h.T @ dz + 2 * l2 * w2
        g_b2 = np.array([dz.sum()])
        dh = np.outer(dz, w2) * (1 - h * h)
        g_w1 = dh.T @ xs + 2 * l2 * w1
        g_b1 = dh.sum(axis=0)
        return float(value), np.concatenate([g.ravel() for g in (g_w1, g_b1, g_w2, g_b2)])

    start = np.concatenate(
        [
            rng.normal(0, 1 / np.sqrt(d), sizes[0]),
            np.zeros(hidden),
            rng.normal(0, 1 / np.sqrt(hidden), hidden),
            np.zeros(1),
        ]
    )
    result = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": MLP_STEPS})
    w1, b1, w2, b2 = unpack(result.x)
    r = lambda a: [round(float(v), 6) for v in a]  # noqa: E731
    return {
        "kind": "mlp",
        "mean": r(mean),
        "std": r(std),
        "w1": [r(row) for row in w1],
        "b1": r(b1),
        "w2": r(w2),
        "b2": round(float(b2[0]), 6),
    }


def predict(model: list[float] | dict[str, Any], x: np.ndarray) -> np.ndarray:
    """The model's chances for the rows of ``x`` (as ``value.estimate`` computes them)."""
    if isinstance(model, dict):
        xs = (x - np.array(model["mean"])) / np.array(model["std"])
        h = np.tanh(xs @ np.array(model["w1"]).T + np.array(model["b1"]))
        z = h @ np.array(model["w2"]) + model["b2"]
    else:
        z = x @ np.array(model)
    return 1.0 / (1.0 + np.exp(-np.clip(z, -500, 500)))


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray | list | dict) -> float:
    p = np.clip(predict(w if isinstance(w, dict) else list(w), x), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def train(
    games: int = 2000,
    players: Sequence[int] = (2, 6),
    iterations: int = 2,
    seed: str | int = 1,
    jobs: int = 1,
    quiet: bool = False,
    data_out: str | None = None,
    model: dict[str, str] | None = None,
    hidden: int = 16,
    data_in: str | None = None,
) -> dict[str, Any]:
    """Play, record and fit; returns the weights file's content (a plain dict).

    ``model`` names each model's kind (``logistic``, the default, or ``mlp`` with
    ``hidden`` units). ``data_in``: fit the positions an earlier run saved
    (``data_out``) instead of playing; the same run's data give the same weights.
    """
    kinds = {name: (model or {}).get(name, "logistic") for name in FEATURE_NAMES}
    data: dict[str, list] = {name: [] for name in FEATURE_NAMES}  # (game key, x, y)
    weights: dict[str, Any] | None = None
    report: dict[str, Any] = {}
    if data_in:
        saved = np.load(data_in)
        for name in FEATURE_NAMES:
            data[name] = [
                (str(g), [float(v) for v in x], int(y))
                for g, x, y in zip(
                    saved[f"{name}_game"], saved[f"{name}_x"], saved[f"{name}_y"], strict=True
                )
            ]
        weights, report = _fit_all(data, kinds, hidden, seed)
    # Refitting saved positions plays nothing; ``made_by`` still says how they were played.
    for k in range(0 if data_in else iterations):
        tasks = [
            ([derive_seed(seed, k, n, i) for i in range(s, min(s + CHUNK, games))], n)
            for n in players
            for s in range(0, games, CHUNK)
        ]
        playing = (
            None if weights is None else {name: load_model(name, m) for name, m in weights.items()}
        )
        with Progress(games * len(players), f"games (iteration {k + 1})", quiet=quiet) as bar:
            if jobs <= 1:
                results = []
                for seeds, n in tasks:
                    results.append(_play_chunk(seeds, n, playing))
                    bar.advance(len(seeds))
            else:
                with ProcessPoolExecutor(max_workers=jobs) as pool:
                    futures = [pool.submit(_play_chunk, seeds, n, playing) for seeds, n in tasks]
                    results = []
                    for future, (seeds, _) in zip(futures, tasks, strict=True):
                        results.append(future.result())
                        bar.advance(len(seeds))
        for (seeds, _), chunk in zip(tasks, results, strict=True):
            for game_seed, rows in zip(seeds, chunk, strict=True):
                for name, x, y in rows:
                    data[name].append((game_seed, x, y))
        weights, report = _fit_all(data, kinds, hidden, seed)
    if data_out:
        # The positions themselves, for refitting without playing again.
        np.savez_compressed(
            data_out,
            **{f"{name}_x": np.array([r[1] for r in rows]) for name, rows in data.items()},
            **{f"{name}_y": np.array([r[2] for r in rows]) for name, rows in data.items()},
            **{f"{name}_game": np.array([r[0] for r in rows]) for name, rows in data.items()},
        )
    return {
        "format": 1,
        "features": {name: list(names) for name, names in FEATURE_NAMES.items()},
        "models": weights,
        "fit": report,
        "made_by": {
            "games_per_table_size_per_iteration": games,
            "players": list(players),
            "iterations": iterations,
            "seed": seed,
            "kinds": {name: kinds[name] for name in FEATURE_NAMES},
            **({"hidden": hidden} if "mlp" in kinds.values() else {}),
            "positions": {name: len(rows) for name, rows in data.items()},
        },
    }


def _fit_one(x: np.ndarray, y: np.ndarray, kind: str, hidden: int, seed: str | int) -> Any:
    if kind == "mlp":
        # The MLP's start is drawn from the training seed (as a number).
        return fit_mlp(x, y, hidden, int(derive_seed(seed, "mlp")[:8], 16))
    return [round(float(v), 6) for v in fit(x, y)]


def _fit_all(
    data: dict[str, list], kinds: dict[str, str], hidden: int, seed: str | int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Fit each model on all but a held-out tenth of the games, report both losses,
    then refit on everything."""
    weights: dict[str, Any] = {}
    report: dict[str, Any] = {}
    for name, rows in data.items():
        if not rows:
            weights[name] = [0.0] * len(FEATURE_NAMES[name])
            continue
        x = np.array([r[1] for r in rows])
        y = np.array([r[2] for r in rows], dtype=float)
        held = np.array([int(r[0][:8], 16) % 10 == 0 for r in rows])
        w = _fit_one(x[~held], y[~held], kinds[name], hidden, seed)
        report[name] = {
            "positions": len(rows),
            "train_log_loss": round(log_loss(x[~held], y[~held], w), 5),
            "held_out_log_loss": round(log_loss(x[held], y[held], w), 5) if held.any() else None,
            "base_rate": round(float(y.mean()), 5),
        }
        weights[name] = _fit_one(x, y, kinds[name], hidden, seed)
    return weights, report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.train dicewars",
        description="Fit Dice Wars' value (agents/dicewars/value.py) to self-play games.",
    )
    parser.add_argument(
        "--games", type=int, default=2000, help="games per table size and iteration"
    )
    parser.add_argument("--players", type=int, nargs="+", default=[2, 6], help="table sizes")
    parser.add_argument("--iterations", type=int, default=2)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", default=str(WEIGHTS_FILE), help="where to write the weights")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--save-data", default=None, help="also write the positions (.npz)")
    parser.add_argument(
        "--load-data", default=None, help="fit the positions of --save-data instead of playing"
    )
    parser.add_argument(
        "--mlp",
        nargs="*",
        default=[],
        choices=sorted(FEATURE_NAMES),
        help="models fitted as a small network (one tanh layer) instead of logistic",
    )
    parser.add_argument("--hidden", type=int, default=16, help="the network's hidden units")
    args = parser.parse_args(argv)
    if args.games < 1 or args.iterations < 1 or any(not 2 <= n <= 8 for n in args.players):
        parser.error("--games and --iterations must be at least 1, --players 2..8")
    result = train(
        args.games,
        args.players,
        args.iterations,
        args.seed,
        args.jobs,
        args.quiet,
        args.save_data,
        {name: "mlp" for name in args.mlp},
        args.hidden,
        args.load_data,
    )
    result["made_by"]["command"] = "python -m agents.train dicewars " + " ".join(
        sys.argv[2:] if argv is None else argv
    )
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    print(json.dumps(result["fit"]))
    return 0
