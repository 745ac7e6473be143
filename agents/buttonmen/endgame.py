"""Exact values of a Button Men round's last moves, and how far the Monte Carlo players
are from them.

    python -m agents.buttonmen.endgame --games 40 --seed eg1 --dice 7 --jobs 2

With few dice left a round can be solved outright: both sides pick the attack that
wins the round most often, every reroll is averaged over its equally likely values, and
the round is scored when a side has no dice left or both have passed in turn. This is
expectimax over the real rules for dice without skills (the Soldiers grid's), with a
tied round counted half, as :func:`agents.buttonmen.rounds.settled` counts it. A
position's value depends only on the dice in play, the lead in captured points and
whether the last turn was a pass, so positions met twice are solved once.

The command measures what the Monte Carlo players give away there: it plays ``--games``
matches between today's two players at a quarter of their counts
(:func:`agents.buttonmen.policy_fit.positions`), keeps every position with at most
``--dice`` dice in play where the mover has more than one attack, solves it, and asks
``buttonmen-best`` and ``buttonmen-flat`` at their full counts for their moves. It
prints, per agent, how often its move is not one of the exact best and how much round
win chance it loses on average, as JSON (docs/results/buttonmen.md, "Eighth round").
A solve's time grows fast with the dice in play: a few milliseconds at 4 in play,
about a tenth of a second at 6, a second and more at 7.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from games.buttonmen import ButtonMenState
from games.buttonmen.rules import POWER, SKILL, SLOTS
from games.buttonmen.state import PLAY

#: A side's dice in play as sorted (size, value) pairs: the order of dice never matters.
Dice = tuple[tuple[int, int], ...]
#: An attack on solver dice: (positions of the attackers, position of the target).
Attack = tuple[tuple[int, ...], int]
AGENTS = ("buttonmen-best", "buttonmen-flat")
#: Positions solved between two readings of the clock (live play's safety cap).
CLOCK_EVERY = 512


def attacks(own: Dice, foe: Dice) -> list[Attack]:
    """The mover's attacks that lead to different positions: power (one die showing at
    least the target's value) and skill (two or more dice summing to it exactly). Dice
    alike in size and value give the same position, so each kind is kept once."""
    found: list[Attack] = []
    for t, target in enumerate(foe):
        if t and foe[t - 1] == target:
            continue
        showing = target[1]
        taken: set[Dice] = set()
        for k in range(1, len(own) + 1):
            for group in itertools.combinations(range(len(own)), k):
                total = sum(own[i][1] for i in group)
                if total == showing or (k == 1 and total > showing):
                    dice = tuple(own[i] for i in group)
                    if dice not in taken:
                        taken.add(dice)
                        found.append((group, t))
    return found


def scored(own: Dice, foe: Dice, lead: int) -> float:
    """The round's result for the mover once it is over: ``lead`` is twice the mover's
    captured points less the other's, and each side adds the sizes it still has."""
    margin = lead + sum(s for s, _ in own) - sum(s for s, _ in foe)
    return 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5


class Unsolved(Exception):
    """The solve met more positions than its limit allows (the caller plays on playouts)."""


class Solver:
    """Exact round values with a memory shared by every position it is asked about.

    ``limit`` caps the positions solved (a count, not a clock, so a decision made with
    it is the same on any machine). Inside the search a move is dropped as soon as its
    rerolls cannot lift it above the best move found so far (every reroll is worth at
    most a sure win), and the attacks on the largest dice are tried first, so the best
    is found early and most rerolls of the others are never looked at."""

    def __init__(
        self, limit: int | None = None, out_of_time: Callable[[], bool] | None = None
    ) -> None:
        self.known: dict[tuple[Dice, Dice, int, bool], float] = {}
        self.limit = limit
        # Live play's safety cap, read every CLOCK_EVERY positions: the count decides.
        self.out_of_time = out_of_time

    def value(self, own: Dice, foe: Dice, lead: int, passed: bool = False) -> float:
        """The mover's chance of winning the round when both sides play it exactly."""
        key = (own, foe, lead, passed)
        known = self.known.get(key)
        if known is not None:
            return known
        solved = len(self.known)
        if self.limit is not None and solved >= self.limit:
            raise Unsolved
        if self.out_of_time is not None and solved % CLOCK_EVERY == 0 and self.out_of_time():
            raise Unsolved
        found = attacks(own, foe)
        if not found:
            # Only a pass is left; a second pass in turn ends the round.
            result = scored(own, foe, lead) if passed else 1.0 - self.value(foe, own, -lead, True)
        else:
            result = -1.0
            for attack in sorted(found, key=lambda a: (-foe[a[1]][0], len(a[0]))):
                result = max(result, self.after(own, foe, lead, attack, result))
                if result >= 1.0:
                    break
        self.known[key] = result
        return result

    def after(self, own: Dice, foe: Dice, lead: int, attack: Attack, beat: float = -1.0) -> float:
        """The mover's chance after ``attack``, averaged over the attackers' rerolls; a
        bound no higher than ``beat`` once it cannot do better than that."""
        group, t = attack
        left = foe[:t] + foe[t + 1 :]
        lead += 2 * foe[t][0]
        if not left:
            return scored(own, left, lead)  # nothing to attack: the round ends unrolled
        kept = [die for i, die in enumerate(own) if i not in group]
        sizes = [own[i][0] for i in group]
        outcomes = math.prod(sizes)
        unseen = outcomes
        total = 0.0
        for values in itertools.product(*(range(1, s + 1) for s in sizes)):
            rolled = tuple(sorted(kept + list(zip(sizes, values, strict=True))))
            total += 1.0 - self.value(left, rolled, -lead)
            unseen -= 1
            if total + unseen <= beat * outcomes:
                return (total + unseen) / outcomes
        return total / outcomes


def exact_moves(
    state: ButtonMenState,
    solver: Solver | None = None,
    rng: random.Random | None = None,
) -> dict[Any, float] | None:
    """Each attack of the mover in ``state`` (a round in play, plain dice) with its exact
    round win chance; None where skills are in play (the solver knows plain dice only).

    Given ``rng``, only the best attack is sure to be exact: the attacks are tried in an
    order drawn from it (the largest dice first), and one that cannot beat the best so
    far is left out of the result, so equal attacks are told apart by the seed."""
    if state.phase != PLAY or not all(state.classic):
        return None
    solver = solver or Solver()
    seat = state.turn
    own_slots, foe_slots = SLOTS[state.alive[seat]], SLOTS[state.alive[1 - seat]]
    own = tuple((state.size[seat][i], state.value[seat][i]) for i in own_slots)
    foe = [(state.size[1 - seat][i], state.value[1 - seat][i]) for i in foe_slots]
    foe_order = sorted(range(len(foe)), key=lambda j: foe[j])
    foe_sorted = tuple(foe[j] for j in foe_order)
    lead = 2 * (
        sum(c[0] for c in state.captured[seat]) - sum(c[0] for c in state.captured[1 - seat])
    )
    moves = [m for m in state.legal_moves(seat) if m[0] in (POWER, SKILL)]
    if rng is not None:
        rng.shuffle(moves)
        moves.sort(key=lambda m: (-state.size[1 - seat][m[2]], len(m[1])))
    values: dict[Any, float] = {}
    best = -1.0
    for move in moves:
        group = tuple(own_slots.index(slot) for slot in move[1])
        target = foe_order.index(foe_slots.index(move[2]))
        beat = best if rng is not None else -1.0
        value = solver.after(own, foe_sorted, lead, (group, target), beat)
        if rng is None or value > best:
            values[move] = value
        best = max(best, value)
    return values


def dice_in_play(state: ButtonMenState) -> int:
    return state.alive[0].bit_count() + state.alive[1].bit_count()


def judge(item: tuple[int, ButtonMenState]) -> dict[str, Any]:
    """One position: its exact values and each agent's move and loss."""
    from agents.core import Budget, get

    k, state = item
    started = time.process_time()
    exact = exact_moves(state) or {}
    row: dict[str, Any] = {"dice": dice_in_play(state), "moves": len(exact)}
    row["solve_s"] = round(time.process_time() - started, 4)
    best = max(exact.values())
    for spec in AGENTS:
        decision = get(spec).act(state, state.turn, Budget(), random.Random(k))
        row[spec] = round(best - exact.get(decision.move, 0.0), 5)
    return row


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    report: dict[str, Any] = {"positions": len(rows)}
    if not rows:
        return report
    for spec in AGENTS:
        losses = [row[spec] for row in rows]
        report[spec] = {
            "not_exact_best": sum(loss > 1e-9 for loss in losses),
            "loss_over_2_points": sum(loss > 0.02 for loss in losses),
            "mean_loss": round(sum(losses) / len(losses), 5),
            "largest_loss": max(losses),
        }
    solves = [row["solve_s"] for row in rows]
    report["solve_s"] = {"mean": round(sum(solves) / len(solves), 3), "largest": max(solves)}
    report["by_dice"] = {}
    for n in sorted({row["dice"] for row in rows}):
        here = [row for row in rows if row["dice"] == n]
        report["by_dice"][n] = {
            "positions": len(here),
            **{
                f"{spec} mean_loss": round(sum(row[spec] for row in here) / len(here), 5)
                for spec in AGENTS
            },
            "solve_s_largest": max(row["solve_s"] for row in here),
        }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.buttonmen.endgame", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", default="eg1")
    parser.add_argument("--dice", type=int, default=7, help="at most this many dice in play")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    # The measuring command's imports stay here: buttonmen-best imports this module for
    # the solver alone, and should not load the match runner to do so.
    from agents.buttonmen.policy_fit import TODAY, positions
    from agents.jobs import map_in_order

    found = [
        state
        for state, _mover, _result, _agent in positions(args.games, args.seed, TODAY, args.jobs)
        if dice_in_play(state) <= args.dice
        and len([m for m in state.legal_moves(state.turn) if m[0] in (POWER, SKILL)]) > 1
    ]
    rows = map_in_order(judge, list(enumerate(found)), jobs=args.jobs)
    report = {"games": args.games, "seed": args.seed, "dice": args.dice, **summary(rows)}
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
