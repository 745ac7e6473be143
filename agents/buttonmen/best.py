"""``buttonmen-best``: Monte Carlo on the round under way, with the playouts spent where
they decide something.

Two changes to ``buttonmen-flat`` (the write-up's Monte Carlo with 16 times the
matches), each measured in docs/results/buttonmen.md:

- **The round, not the match.** A move can only change the round it is played in (every
  die comes back for the next one), so a move is scored by how often playouts that stop
  at the round's end win it (:mod:`agents.buttonmen.rounds`). The rounds after it add
  only noise to a whole-match playout, and a round is a third of a match's length.
- **Successive halving.** ``playouts`` playouts per decision in all, spread over
  ``ceil(log2(moves))`` stages: each stage shares its part evenly among the moves still
  in, then keeps the better half. The clear losers stop costing playouts early; the close
  ones get the most.

Swing sizes are chosen for the match, not the round (``swing_plan=match``, the
default): for the grid's fighter pairs the swing book (:mod:`agents.buttonmen.book`)
holds every pair of sizes' chance to win a round, and the size played is the one that
wins the *match* most often when, after each round, the loser answers the winner's
size as the tables say. Against ``buttonmen-flat`` that won 61.6 % of a fresh grid,
and 60.8 % of the sixth round's, where choosing for the round alone won 59.3 %
(docs/results/buttonmen.md, "Eighth round").
Off the book (other fighters, other reselection rules) and with ``swing_plan=round``,
each size 4..20 is weighed by round playouts from the roll, as attacks are.

The playouts' model of play (``rollout``, ``swing_rollout``) is ``mixed`` by default:
at each move the write-up's conversion rule with probability ``greedy_share`` (0.5),
else a uniformly random attack (:mod:`agents.buttonmen.policies`). Over 1,799 positions
of real play its round-win estimates had a lower Brier score than uniformly random
playouts (0.126 against 0.132) and than the rule alone (0.139)
(:mod:`agents.buttonmen.policy_fit`, docs/results/buttonmen.md).

``swing_model`` says what the opponent's hidden size is taken to be at the blind opening
choice: ``uniform`` (every size alike, the write-up's way) or ``level1``, the default (a
sensible opponent: the same round playouts are first run from the opponent's seat, with
our size drawn uniformly, ``model_playouts`` = 4,000 of them; the sizes they rate best
become the belief, each weighted by the playouts successive halving gave it, so the best
two carry about half; our sizes are then weighed against sizes drawn from that belief,
``swing_playouts`` = 6,000). Against a real opponent's size the value of a swing size
swings by ten points and more, so the uniform average picks poorly; docs/results/
buttonmen.md, "Fifth round", has the screen and the grid.

``own_share`` (0.5 by default: the same as ``greedy_share``, so off) plays our own moves
in an attack's playouts on a share of their own, the opponent's on ``greedy_share``
(:class:`agents.buttonmen.policies.Alternating`); screened in docs/results/buttonmen.md,
"Sixth round".

``rule_plies`` (0 by default: off) plays the first that many attack choices of every
round playout by the conversion rule, a quick model of the opponent's immediate reply
(:class:`agents.buttonmen.policies.OpeningRule`); screened without a gain
(docs/results/buttonmen.md, "Fourth round").

``endgame_dice`` (0 by default: off) plays a round's last moves exactly: with at most
that many dice in play the attack is chosen by :mod:`agents.buttonmen.endgame`
(expectimax over every attack and reroll to the round's end, both sides at their best),
if the solve needs at most ``endgame_positions`` positions (a count, so the same on any
machine); else by playouts as usual. docs/results/buttonmen.md, "Eighth round",
measures what the playouts give away there.

The play is fixed by the seed and the counts (``playouts``, ``swing_playouts``); the
defaults keep a decision well under 1 s on one core. ``Budget.seconds`` (live play) is a
safety cap only; ``Budget.iterations`` replaces ``playouts``.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Callable
from typing import Any

from agents.buttonmen.book import lookup, match_values
from agents.buttonmen.endgame import Solver, Unsolved, dice_in_play, exact_moves
from agents.buttonmen.flat import ROLLOUTS, ButtonMenFlat, with_own_limit
from agents.buttonmen.policies import Alternating, OpeningRule, mixed
from agents.buttonmen.rounds import round_playout, round_view, settled
from agents.buttonmen.swing import after_joint, joint_swing
from agents.core import Budget, Decision
from agents.search.allowance import Allowance
from agents.search.thinking import as_value
from games.buttonmen import SWING_SIZES, ButtonMenState
from games.buttonmen.fast import AttackPolicy
from games.buttonmen.state import AUXILIARY, SWING_PHASE

#: Playouts between two readings of the clock (a safety cap only: the counts decide).
CHECK_EVERY = 64
#: The opponent's swing choices kept in the thinking's belief, likeliest first.
BELIEF_ROWS = 20


class SwingViews:
    """The round views (:func:`round_view`) after a swing choice, each built once per
    joint choice of sizes and reused: a choice is weighed over thousands of playouts but
    only 17 × 17 pairs of X sizes, and copying the state twice a playout cost a fifth
    of the decision. The playouts leave a view unchanged, and the draws are
    :func:`joint_swing`'s, so a seed plays as it did without the cache."""

    def __init__(self, state: ButtonMenState) -> None:
        self.state = state
        self.built: dict[tuple, ButtonMenState] = {}

    def after(
        self,
        seat: int,
        move: tuple,
        rng: random.Random,
        other: Callable[[], tuple] | None = None,
    ) -> ButtonMenState:
        joint = joint_swing(self.state, seat, move, rng, other)
        view = self.built.get(joint)
        if view is None:
            view = self.built[joint] = round_view(after_joint(self.state, joint))
        return view


def successive_halving(
    count: int,
    sample: Callable[[int], float],
    total: int,
    allowance: Allowance,
    rng: random.Random,
) -> tuple[int, list[float], list[int]]:
    """The best of ``count`` arms by mean ``sample(i)`` (each in [0, 1]), with about
    ``total`` samples in all; returns (index, sums, visits). Arms start in an order
    drawn from ``rng``, so equal means are broken by the seed. A passed deadline stops
    it with what it has."""
    sums = [0.0] * count
    visits = [0] * count
    alive = list(range(count))
    rng.shuffle(alive)
    stages = max(1, math.ceil(math.log2(count))) if count > 1 else 1
    per_stage = max(1, total // stages)
    for _ in range(stages):
        each = max(1, per_stage // len(alive))
        for i in alive:
            # The clock is read every CHECK_EVERY playouts: with a huge count one arm's
            # share alone could outlast the live budget.
            for done in range(0, each, CHECK_EVERY):
                chunk = min(CHECK_EVERY, each - done)
                for _ in range(chunk):
                    sums[i] += sample(i)
                visits[i] += chunk
                allowance.spend(chunk)
                if allowance.out_of_time():
                    break
            if allowance.out_of_time():
                break
        if allowance.out_of_time() or len(alive) == 1:
            break
        alive.sort(key=lambda i: sums[i] / visits[i] if visits[i] else -1.0, reverse=True)
        alive = alive[: max(1, (len(alive) + 1) // 2)]
    best = max(alive, key=lambda i: sums[i] / visits[i] if visits[i] else -1.0)
    return best, sums, visits


class ButtonMenBest(ButtonMenFlat):
    name = "buttonmen-best"
    description = (
        "Monte Carlo on the round under way: playouts stop at the round's end and play "
        "the conversion rule on half the moves, 6,000 a move spread by successive "
        "halving; a swing size chosen for the whole match by the swing book (each "
        "fighter pair's round tables) against a model of the opponent's size (4,000 "
        "playouts), off the book by 6,000 round playouts a size choice; fixed by the seed."
    )
    games = ("buttonmen",)
    params = {
        "playouts": 6000,
        "swing_playouts": 6000,
        "rollout": "mixed",
        "swing_rollout": "mixed",
        "greedy_share": 0.5,
        "own_share": 0.5,
        "rule_plies": 0,
        "swing_model": "level1",
        "swing_plan": "match",
        "model_playouts": 4000,
        "endgame_dice": 0,
        "endgame_positions": 20_000,
        "seconds": 0.0,
    }
    limits = {
        "playouts": (1, 100_000),
        "swing_playouts": (1, 100_000),
        "greedy_share": (0.0, 1.0),
        "own_share": (0.0, 1.0),
        "rule_plies": (0, 8),
        "model_playouts": (1, 100_000),
        "endgame_dice": (0, 12),
        "endgame_positions": (1, 1_000_000),
        "seconds": (0.0, 60.0),
    }
    budget_note = (
        "iterations = round playouts per decision (default 6,000); fixed by the seed and "
        "the counts, the budget's seconds a safety cap"
    )

    counts = ("playouts", "swing_playouts")
    policies = ("rollout", "swing_rollout")
    rollouts = (*ROLLOUTS, "mixed")

    #: What the opponent's hidden swing size is taken to be at the blind opening choice.
    SWING_MODELS = ("uniform", "level1")
    #: What a swing size is chosen for: the round under way, or the match (the swing
    #: book's tables and the loser's answers after each round; agents.buttonmen.book).
    SWING_PLANS = ("round", "match")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.swing_model not in self.SWING_MODELS:
            raise ValueError(
                f"agent {self.name!r}: swing_model one of {', '.join(self.SWING_MODELS)}"
            )
        if self.swing_plan not in self.SWING_PLANS:
            raise ValueError(
                f"agent {self.name!r}: swing_plan one of {', '.join(self.SWING_PLANS)}"
            )
        if self.rule_plies and self.sided:
            raise ValueError(f"agent {self.name!r}: rule_plies and own_share are apart")

    @property
    def sided(self) -> bool:
        """Whether an attack's playouts play our moves on a share of their own."""
        return self.rollout == "mixed" and self.own_share != self.greedy_share

    def _opponent_swing(
        self,
        state: ButtonMenState,
        seat: int,
        allowance: Allowance,
        rng: random.Random,
        policy: AttackPolicy | None,
    ) -> tuple[Callable[[], tuple], list[dict[str, Any]], list[int]] | None:
        """A model of the other chooser's blind swing choice (``swing_model=level1``):
        its own sizes weighed by round playouts from its seat, ours drawn uniformly, and
        a draw from the sizes in proportion to the playouts halving gave each (the best
        two get about half). None where nothing is hidden or the model is uniform."""
        if self.swing_model != "level1" or state.phase != SWING_PHASE or len(state.choosers) < 2:
            return None
        other = next(s for s in state.choosers if s != seat)
        theirs = state.legal_moves(other)

        views = SwingViews(state)

        def sample(j: int) -> float:
            return round_playout(views.after(other, theirs[j], rng), other, rng, policy)

        _, sums, visits = successive_halving(
            len(theirs), sample, self.model_playouts, allowance, rng
        )
        cumulative = list(itertools.accumulate(visits))

        def draw() -> tuple:
            return theirs[bisect.bisect_right(cumulative, rng.random() * cumulative[-1])]

        # Heaviest first; a fighter with two swing letters has hundreds of choices, and
        # the thinking keeps the first BELIEF_ROWS.
        believed = sorted(range(len(theirs)), key=lambda j: visits[j], reverse=True)
        rows = [
            {
                "move": state.move_to_str(theirs[j]),
                "share": round(visits[j] / cumulative[-1], 3),
                "value": round(sums[j] / visits[j], 4) if visits[j] else -1.0,
            }
            for j in believed[:BELIEF_ROWS]
        ]
        return draw, rows, visits

    def _policy(self, name: str) -> AttackPolicy | None:
        """The ``pick_attack`` a policy setting names (None: the engine's uniform one)."""
        return mixed(self.greedy_share) if name == "mixed" else ROLLOUTS[name]

    def _label(self, name: str) -> str:
        """How a policy setting plays, in words for the thinking."""
        if name == "mixed":
            return f"conversion rule {self.greedy_share:.0%} of moves, else uniform random"
        if name == "sided":
            return (
                f"conversion rule on {self.greedy_share:.0%} of the opponent's moves and "
                f"{self.own_share:.0%} of ours, else uniform random"
            )
        return "conversion rule" if name == "greedy" else "uniform random"

    def act(self, state: ButtonMenState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        budget = with_own_limit(budget, self.seconds)
        moves = state.legal_moves(seat)
        # Whether to play Auxiliary dice is weighed as a swing choice is: a blind
        # simultaneous choice before round 1 (agents.buttonmen.swing.after_swing).
        swinging = state.phase in (SWING_PHASE, AUXILIARY)
        if len(moves) == 1:
            thinking = {"algorithm": self.name, "seat": seat, "forced": True}
            return Decision(moves[0], thinking, {"playouts": 0})
        total = self.swing_playouts if swinging else self.playouts
        if budget.iterations is not None:
            total = budget.iterations
        allowance = Allowance(Budget(total, budget.seconds), total)
        belief = None
        if swinging:
            policy = self._policy(self.swing_rollout)
            model = self._opponent_swing(state, seat, allowance, rng, policy)
            other, belief, weights = model if model is not None else (None, None, None)
            if self.swing_plan == "match":
                planned = self._match_plan(state, seat, moves, weights, allowance, rng)
                if planned is not None:
                    if belief is not None:
                        self._believed(planned, belief, allowance)
                    return planned

            views = SwingViews(state)

            def sample(i: int) -> float:
                return round_playout(views.after(seat, moves[i], rng, other), seat, rng, policy)

        else:
            if self.endgame_dice and dice_in_play(state) <= self.endgame_dice:
                solved = self._endgame(state, seat, moves, allowance, rng)
                if solved is not None:
                    return solved
            rollout = self._policy(self.rollout)
            # A policy with a count to restart every playout, only when asked: off, the
            # engine's own uniform path (rollout None) keeps its cheaper draws.
            opening: OpeningRule | Alternating | None = None
            if self.sided:
                # After our move the opponent moves first: its moves on greedy_share, ours
                # on own_share (docs/results/buttonmen.md, "Sixth round").
                opening = Alternating(rollout, mixed(self.own_share))
            elif self.rule_plies:
                opening = OpeningRule(self.rule_plies, rollout)
            policy = opening or rollout
            children = [state.apply(m) for m in moves]
            ended = [settled(state, c, seat) for c in children]
            views = [round_view(c) for c in children]

            def sample(i: int) -> float:
                if ended[i] is not None:
                    return ended[i]
                if opening is not None:
                    opening.start()
                return round_playout(views[i], seat, rng, policy)

        pick, sums, visits = successive_halving(len(moves), sample, total, allowance, rng)
        rows = [
            {
                "move": state.move_to_str(m),
                "value": as_value(s / n) if n else None,
                "visits": n,
                "wins": s,
            }
            for m, s, n in zip(moves, sums, visits, strict=True)
        ]
        choice = "swing" if swinging else "move"
        decision = self._decision(state, seat, moves[pick], rows, choice, allowance)
        name = self.swing_rollout if swinging else "sided" if self.sided else self.rollout
        decision.thinking["policy"] = f"round playouts, {self._label(name)}, successive halving"
        if belief is not None:
            self._believed(decision, belief, allowance)
        return decision

    def _endgame(
        self,
        state: ButtonMenState,
        seat: int,
        moves: list,
        allowance: Allowance,
        rng: random.Random,
    ) -> Decision | None:
        """The exact best attack (``endgame_dice``), or None where the solve would pass
        ``endgame_positions`` or skills are in play (the caller plays on playouts)."""
        solver = Solver(self.endgame_positions, allowance.out_of_time)
        try:
            values = exact_moves(state, solver, rng)
        except Unsolved:
            return None
        if not values:
            return None
        pick = max(values, key=values.__getitem__)  # the first of equals: the seed's order
        rows = [
            {"move": state.move_to_str(m), "value": as_value(v), "exact": True}
            for m, v in sorted(values.items(), key=lambda kv: kv[1], reverse=True)
        ]
        thinking = {
            "algorithm": self.name,
            "seat": seat,
            "choice": "move",
            "policy": (
                "exact to the round's end: every attack and reroll, both sides at their best "
                "(attacks that cannot beat the best are not listed)"
            ),
            "method": (
                "exactly: every attack and reroll to the round's end, both sides at their best"
            ),
            "candidates": len(moves),
            "picked": state.move_to_str(pick),
            "moves": rows,
        }
        stats = {
            "playouts": 0,
            "positions": len(solver.known),
            "seconds_searching": round(allowance.elapsed(), 6),
        }
        return Decision(pick, thinking, stats)

    @staticmethod
    def _believed(decision: Decision, belief: list[dict[str, Any]], allowance: Allowance) -> None:
        """The three likeliest opponent sizes with their values, and the belief as the
        documented prediction (docs/bot-api.md, "Thinking"), which the "why?" panel puts
        in words."""
        decision.thinking["opponent_swing"] = belief[:3]
        decision.thinking["predicted"] = {row["move"]: row["share"] for row in belief}
        decision.stats["playouts"] = allowance.used

    def _match_plan(
        self,
        state: ButtonMenState,
        seat: int,
        moves: list,
        weights: list[int] | None,
        allowance: Allowance,
        rng: random.Random,
    ) -> Decision | None:
        """``swing_plan=match``: the size that wins the match most often by the swing
        book (:func:`agents.buttonmen.book.match_values`), against the opponent's blind
        choice drawn from ``weights`` (the model's; uniform without one) or its known
        size. None where the book does not hold (the caller weighs by playouts)."""
        table = lookup(state, seat) if state.phase == SWING_PHASE else None
        if table is None or len(moves) != len(table):
            return None
        other = 1 - seat
        if other in state.choosers:
            belief = dict(enumerate(weights or [1] * len(table[0])))
        elif state.swing[other] in SWING_SIZES:  # the winner keeps its size, now shown
            belief = {SWING_SIZES.index(state.swing[other]): 1.0}
        else:
            return None
        rounds = state.options["rounds_to_win"]
        need = (rounds - state.round_wins[seat], rounds - state.round_wins[other])
        values = match_values(table, need, belief)
        order = list(range(len(moves)))
        rng.shuffle(order)  # ties broken by the seed
        pick = max(order, key=lambda i: values[i])
        total = sum(belief.values())
        rows = [
            {
                "move": state.move_to_str(m),
                "value": as_value(values[i]),
                "round": round(sum(w * table[i][y] for y, w in belief.items()) / total, 4),
            }
            for i, m in enumerate(moves)
        ]
        thinking = {
            "algorithm": self.name,
            "seat": seat,
            "choice": "swing",
            "policy": (
                "the swing book: each size's chance to win the match, both sides answering "
                "the winner's size after every round by the book's round tables"
            ),
            "method": (
                "for the match, by the swing book: each size's chance to win the match when "
                "the loser answers the winner's size after every round"
            ),
            "candidates": len(moves),
            "picked": state.move_to_str(moves[pick]),
            "moves": sorted(rows, key=lambda r: r["value"], reverse=True),
        }
        stats = {"playouts": allowance.used, "seconds_searching": round(allowance.elapsed(), 6)}
        return Decision(moves[pick], thinking, stats)
