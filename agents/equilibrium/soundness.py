"""How sound a Footsies player is, in the two figures a rock-paper-scissors pool hides.

Ratings from a pool of Footsies players mislead: A beats B, B beats C, C beats A, and a
player that happens to feed on the pool's favourite rises. Two figures do not depend on
the pool:

- **exploitability**: what a perfect opponent, who knows the player's policy, earns
  against it from the start (0 for the equilibrium, 1/3 for random, 1/2 for the
  write-up's counter player; ``response.exploitability``). Exact for a player whose
  choice depends only on the position; a player that learns during the match has no
  fixed policy, and the figure is left out (None);
- **score against the equilibrium**: its expected share of the point (a win 1, a draw
  ½) against the equilibrium mix. No player scores more than ½; a player that ever
  chooses a move outside every equilibrium's support scores less. Exact for a fixed
  policy (``match_value``), measured over games otherwise.

``python -m agents.equilibrium.soundness --games 200 --write`` measures every registered
Footsies agent on the lobby's rules and keeps the run the leaderboard shows in
``soundness.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from agents.equilibrium.footsies import solve
from agents.equilibrium.response import (
    BestResponse,
    Policy,
    exploitability,
)
from games.footsies import GAME, MOVES
from games.footsies.state import FootsiesState

PATH = Path(__file__).with_name("soundness.json")

#: The rules the lobby plays (``webapp.matches.lobby.LOBBY_OPTION_DEFAULTS``; a web test
#: checks the two agree): first to 3 of 5 rounds of at most 20 turns.
LOBBY = {"rounds": 5, "max_turns": 20}


class MatchValue(BestResponse):
    """The expected payoff of ``seat`` playing ``own`` against ``policy``: the best
    response's model of the game, with the responder's choice averaged over its own
    mix instead of maximised."""

    solving = "match values"

    def __init__(self, own: Policy, policy: Policy, seat: int = 0) -> None:
        super().__init__(policy, seat)
        self.own = own
        self.own_mix: dict[int, list[float]] = {}

    def _back_up(self, i: int, values: np.ndarray, discount: float) -> float:
        # The player's own mix over its moves, where the best response takes the best.
        return sum(
            w * (ended + discount * sum(p * values[j] for j, p in onward))
            for w, (ended, onward) in zip(self.own_mix[i], self.moves[i], strict=True)
            if w
        )

    def _visit(self, at: int, state: FootsiesState) -> None:
        # Note what the player chooses at each position as the model reaches it.
        mix = self.own(state, self.seat)
        self.own_mix[at] = [mix.get(m, 0.0) for m in MOVES]


def match_value(own: Policy, other: Policy, options: dict[str, Any] | None = None) -> float:
    """The expected payoff (+1 a win, −1 a loss) of ``own`` against ``other`` from the
    start, ``own`` at seat 0."""
    return MatchValue(own, other, 0).value(GAME.new_state(2, options))


def score(value: float) -> float:
    """An expected payoff as the share of the point it is worth."""
    return (1 + value) / 2


@cache
def shipped() -> dict[str, Any]:
    """The figures the leaderboard shows (``python -m agents.equilibrium.soundness``)."""
    return json.loads(PATH.read_text()) if PATH.exists() else {"agents": {}}


def figures(spec: str) -> dict[str, Any] | None:
    """The shipped figures of an agent spec, or None for one that was not measured."""
    return shipped()["agents"].get(spec)


def measure(
    options: dict[str, Any],
    games: int = 0,
    seed: str = "soundness",
    only: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Exact figures for every registered Footsies agent with a fixed policy; the others'
    score against the equilibrium over ``games`` games each (both seats), with its 95 %
    interval. ``only``: just these agents."""
    from agents.arena import run_arena
    from agents.core import catalogue
    from agents.equilibrium.__main__ import stationary_policies

    solution = solve(options)
    out: dict[str, Any] = {}
    for info in catalogue("footsies") if games else ():
        if info.name in stationary_policies() or info.name in ("footsies-nash",):
            continue
        if only and info.name not in only:
            continue
        report = run_arena(
            "footsies",
            [info.name, "footsies-nash"],
            games_per_pairing=games,
            seed=seed,
            options=solution.options,
        )
        row = report["agents"][0]
        share = (row["wins"] + row["draws"] / 2) / row["games"]
        half = 1.96 * (share * (1 - share) / row["games"]) ** 0.5
        out[info.name] = {
            "exploitability": None,
            "score_vs_equilibrium": round(share, 4),
            "interval": [round(max(0.0, share - half), 4), round(min(1.0, share + half), 4)],
            "games": row["games"],
            "exact": False,
        }
    for name, policy in stationary_policies().items():
        if only and name not in only:
            continue
        try:
            exploit = exploitability(policy, solution.options)
            value = match_value(policy, solution.mix, solution.options)
        except ArithmeticError as exc:
            out[name] = {"exploitability": None, "score_vs_equilibrium": None, "note": str(exc)}
            continue
        out[name] = {
            "exploitability": round(exploit, 6) + 0.0,
            "score_vs_equilibrium": round(score(value), 6) + 0.0,
            "exact": True,
        }
    return {"game": "footsies", "options": solution.options, "agents": out}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.equilibrium.soundness",
        description="Exploitability and score against the equilibrium of Footsies agents.",
    )
    parser.add_argument(
        "--games", type=int, default=200, help="games against the equilibrium for a learner"
    )
    parser.add_argument("--write", action="store_true", help=f"write {PATH.name}")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="AGENT",
        help="measure only this agent (repeatable); --write keeps the others' figures",
    )
    args = parser.parse_args(argv)
    result = measure(dict(LOBBY), args.games, only=tuple(args.only))
    if args.only and PATH.exists():
        kept = json.loads(PATH.read_text())
        result["agents"] = {**kept["agents"], **result["agents"]}
    text = json.dumps(result, indent=1, sort_keys=True)
    if args.write:
        PATH.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
