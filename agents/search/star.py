"""*-minimax: depth-limited expectiminimax with Star1/Star2 pruning and a
transposition table, the search behind the ``expectimax`` agent.

The tree, from the deciding seat's point of view (values in [-1, 1]):

- its own decisions maximise; every other seat's decisions minimise (the "paranoid"
  reading of a game of 3 or more players, which keeps the tree two-sided so that
  alpha-beta and Star pruning stay exact);
- chance nodes average their outcomes, exactly over ``chance_outcomes()``; where that
  returns None, over ``samples`` draws (seeded from the position, so the same node
  always gets the same draws). Chance is averaged even below the depth limit;
- at a simultaneous node the deciding seat picks its move and the other seats' blind
  choices are taken as uniformly random: a chance node over their joint moves;
- ``depth`` counts decisions (a seat's move or a simultaneous turn), not chance events;
  below it a position is scored by the game's evaluation (``agents.search.evaluation``).

Pruning (Ballard's *-minimax, as in Hauk, Buro and Schaeffer, "Rediscovering
*-Minimax Search"): Star1 cuts a chance node once its outcomes so far prove its value
outside the window, since no outcome can score beyond [-1, 1]; Star2 first probes one
move of each outcome's position, which bounds that outcome from one side, and cuts
when the bounds already decide. Star2 runs only with the transposition table, which
spares re-searching the probed moves. Both give the same value, hence the same move,
as the full search; ``prune=false`` turns them off to check that.

The table is keyed by the position's full view and reuses a value only at the same
remaining depth, so its answers equal the plain depth-limited search; from other
depths it lends its best move for ordering.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from typing import Any

from agents.search.allowance import Allowance
from agents.search.evaluation import HIGH, LOW, Evaluation, clamp
from agents.search.thinking import (
    TREE_CHILDREN,
    TREE_DEPTH,
    actor_of,
    node,
    rounded,
)
from games.core import CHANCE, SIMULTANEOUS, TERMINAL, State

EXACT, LOWER, UPPER = "exact", "lower", "upper"

#: Other seats' joint choices at a simultaneous node are listed up to this many
#: combinations, and sampled beyond it.
MAX_JOINT = 64

#: A later root move must beat the best so far by more than rounding noise, so pruned
#: and unpruned searches break ties the same way.
EPS = 1e-9

#: Draws of a sampled chance node between two looks at the clock.
_CLOCK_EVERY = 256


class OutOfBudget(Exception):
    """The node allowance or the time ran out in the middle of a pass."""


@dataclass(slots=True)
class Entry:
    depth: int
    flag: str
    value: float
    best: Any


@dataclass(slots=True)
class Child:
    """One branch below an averaging node: its label, position and probability."""

    text: str
    state: State
    p: float


class Search:
    """One decision's search; values are always from ``seat``'s point of view."""

    def __init__(
        self,
        seat: int,
        evaluate: Evaluation,
        samples: int,
        prune: bool,
        use_tt: bool,
        allowance: Allowance,
        salt: float,
    ) -> None:
        self.seat = seat
        self.evaluate = evaluate
        self.samples = samples
        self.prune = prune
        self.use_tt = use_tt
        self.allowance = allowance
        self.salt = salt
        self.table: dict[str, Entry] = {}
        self.nodes = 0
        self.tt_hits = 0
        self.cutoffs = 0
        self.rows: list[dict[str, Any]] = []  # root moves of the pass under way

    # ----- the root ----------------------------------------------------------------------

    def root(self, state: State, depth: int, think: dict[str, Any]) -> tuple[Any, float]:
        """Best move and its value at ``depth``; the root keeps legal order so ties go
        to the first move whether or not pruning is on."""
        self.rows = []
        alpha, best, best_value = -math.inf, None, -math.inf
        simultaneous = state.current() == SIMULTANEOUS
        for move in state.legal_moves(self.seat):
            text = state.move_to_str(move)
            if simultaneous:
                child_think = node(text, "chance")
                kids = self._joint_children(state, {self.seat: move})
                value = self._expect(kids, depth - 1, alpha, math.inf, child_think, 2)
                _settle(child_think, value, alpha, math.inf)
            else:
                after = state.apply(move)
                child_think = node(text, actor_of(after))
                value = self.value(after, depth - 1, alpha, math.inf, child_think, 1)
            exact = not (self.prune and value <= alpha)
            self.rows.append({"move": text, "value": value, "exact": exact, "_move": move})
            _keep(think, child_think, "max")
            if value > best_value + EPS:
                best, best_value = move, value
            if self.prune:
                alpha = max(alpha, value)
        think["value"] = rounded(best_value)
        return best, best_value

    # ----- any node ----------------------------------------------------------------------

    def value(
        self,
        state: State,
        depth: int,
        alpha: float,
        beta: float,
        think: dict[str, Any] | None = None,
        level: int = 0,
    ) -> float:
        """The node's value; fail-soft: at or below ``alpha`` it is an upper bound, at
        or above ``beta`` a lower bound, in between exact."""
        self.nodes += 1
        self.allowance.spend()
        if self.allowance.exhausted():
            raise OutOfBudget
        actor = state.current()
        # Chance is averaged even below the depth: a roll that ends the game (or leads
        # to the next decision) is cheap to list and often all that matters.
        if actor == TERMINAL or (depth <= 0 and actor != CHANCE):
            value = self._leaf(state)
            _settle(think, value, -math.inf, math.inf)
            return value
        key, hint = None, None
        if self.use_tt:
            key = _key(state)
            entry = self.table.get(key)
            if entry is not None:
                hint = entry.best
                if entry.depth == depth and (
                    entry.flag == EXACT
                    or (entry.flag == LOWER and entry.value >= beta)
                    or (entry.flag == UPPER and entry.value <= alpha)
                ):
                    self.tt_hits += 1
                    if think is not None:
                        think["tt"] = True
                    _settle(think, entry.value, alpha, beta)
                    return entry.value
        kids_think = think if level < TREE_DEPTH else None
        if actor == CHANCE:
            kids = [
                Child(state.move_to_str(o), state.apply(o), p)
                for o, p in self._outcomes(state, key)
            ]
            value, best = self._expect(kids, depth, alpha, beta, kids_think, level + 1), None
        elif actor == SIMULTANEOUS:
            value, best = self._simultaneous(state, depth, alpha, beta, hint, kids_think, level)
        else:
            value, best = self._decision(state, actor, depth, alpha, beta, hint, kids_think, level)
        if key is not None:
            flag = UPPER if value <= alpha else LOWER if value >= beta else EXACT
            self.table[key] = Entry(depth, flag, value, best)
        _settle(think, value, alpha, beta)
        return value

    def _leaf(self, state: State) -> float:
        if state.current() == TERMINAL:
            return clamp(state.returns()[self.seat])
        return clamp(self.evaluate(state, self.seat))

    # ----- decisions ---------------------------------------------------------------------

    def _decision(
        self,
        state: State,
        mover: int,
        depth: int,
        alpha: float,
        beta: float,
        hint: Any,
        think: dict[str, Any] | None,
        level: int,
    ) -> tuple[float, Any]:
        maximizing = mover == self.seat
        best_value, best = (-math.inf if maximizing else math.inf), None
        for move in _ordered(state.legal_moves(mover), hint):
            after = state.apply(move)
            child_think = node(state.move_to_str(move), actor_of(after)) if think else None
            value = self.value(after, depth - 1, alpha, beta, child_think, level + 1)
            _keep(think, child_think, "max" if maximizing else "min")
            if (value > best_value) if maximizing else (value < best_value):
                best_value, best = value, move
            if self.prune:
                if maximizing:
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
                if alpha >= beta:
                    self.cutoffs += 1
                    break
        return best_value, best

    def _simultaneous(
        self,
        state: State,
        depth: int,
        alpha: float,
        beta: float,
        hint: Any,
        think: dict[str, Any] | None,
        level: int,
    ) -> tuple[float, Any]:
        if self.seat not in state.acting_seats():
            kids = self._joint_children(state, {})
            return self._expect(kids, depth - 1, alpha, beta, think, level + 1), None
        best_value, best = -math.inf, None
        for move in _ordered(state.legal_moves(self.seat), hint):
            child_think = node(state.move_to_str(move), "chance") if think else None
            kids = self._joint_children(state, {self.seat: move})
            value = self._expect(kids, depth - 1, alpha, beta, child_think, level + 2)
            _settle(child_think, value, alpha, beta)
            _keep(think, child_think, "max")
            if value > best_value:
                best_value, best = value, move
            if self.prune:
                alpha = max(alpha, value)
                if alpha >= beta:
                    self.cutoffs += 1
                    break
        return best_value, best

    # ----- averaging nodes: chance, and the others' blind choices ---------------------------

    def _expect(
        self,
        kids: list[Child],
        depth: int,
        alpha: float,
        beta: float,
        think: dict[str, Any] | None,
        level: int,
    ) -> float:
        """Probability-weighted value of ``kids``, each searched at ``depth``."""
        if not self.prune:
            total = 0.0
            for kid in kids:
                value = self.value(
                    kid.state, depth, -math.inf, math.inf, *self._kid(think, kid, level)
                )
                total += kid.p * value
            return total
        lower = [LOW] * len(kids)
        upper = [HIGH] * len(kids)
        cut = self._probe(kids, depth, alpha, beta, lower, upper)
        if cut is not None:
            return cut
        # Star1: what is known so far, plus the best and worst the rest could do.
        known = 0.0
        rest_low = sum(k.p * lo for k, lo in zip(kids, lower, strict=True))
        rest_high = sum(k.p * hi for k, hi in zip(kids, upper, strict=True))
        for i, kid in enumerate(kids):
            rest_low -= kid.p * lower[i]
            rest_high -= kid.p * upper[i]
            fail_low = (alpha - known - rest_high) / kid.p
            fail_high = (beta - known - rest_low) / kid.p
            if fail_low >= upper[i]:
                self.cutoffs += 1
                return known + kid.p * upper[i] + rest_high
            if fail_high <= lower[i]:
                self.cutoffs += 1
                return known + kid.p * lower[i] + rest_low
            window = (max(fail_low, lower[i]), min(fail_high, upper[i]))
            value = self.value(kid.state, depth, *window, *self._kid(think, kid, level))
            value = min(max(value, lower[i]), upper[i])
            if value <= fail_low:
                self.cutoffs += 1
                return known + kid.p * value + rest_high
            if value >= fail_high:
                self.cutoffs += 1
                return known + kid.p * value + rest_low
            known += kid.p * value
        return known

    def _probe(
        self,
        kids: list[Child],
        depth: int,
        alpha: float,
        beta: float,
        lower: list[float],
        upper: list[float],
    ) -> float | None:
        """Star2: search one move of each outcome's position. One move of a seat's own
        decision bounds it from below, one move of an opponent's from above; returns a
        cut value if the bounds alone put this node outside the window."""
        # The Star1 pass searches each probed move again; only the table's memory of
        # the probe makes that cheap, so without it probing costs more than it saves.
        if not self.use_tt or depth <= 0 or any(kid.state.current() < 0 for kid in kids):
            return None  # and only a seat's decision can be probed
        low_total = sum(k.p * lo for k, lo in zip(kids, lower, strict=True))
        high_total = sum(k.p * hi for k, hi in zip(kids, upper, strict=True))
        for i, kid in enumerate(kids):
            mover = kid.state.current()
            entry = self.table.get(_key(kid.state)) if self.use_tt else None
            first = _ordered(kid.state.legal_moves(mover), entry.best if entry else None)[0]
            after = kid.state.apply(first)
            if mover == self.seat:
                need = (beta - (low_total - kid.p * lower[i])) / kid.p
                bound = clamp(self.value(after, depth - 1, -math.inf, need))
                low_total += kid.p * (max(bound, lower[i]) - lower[i])
                lower[i] = max(bound, lower[i])
                if low_total >= beta:
                    self.cutoffs += 1
                    return low_total
            else:
                need = (alpha - (high_total - kid.p * upper[i])) / kid.p
                bound = clamp(self.value(after, depth - 1, need, math.inf))
                high_total -= kid.p * (upper[i] - min(bound, upper[i]))
                upper[i] = min(bound, upper[i])
                if high_total <= alpha:
                    self.cutoffs += 1
                    return high_total
        return None

    def _kid(self, think: dict[str, Any] | None, kid: Child, level: int):
        """The think node for one averaging child, attached to its parent's list."""
        if think is None:
            return None, level
        made = node(kid.text, actor_of(kid.state), p=rounded(kid.p))
        _keep(think, made, "p")
        return made, level

    def _outcomes(self, state: State, key: str | None) -> list[tuple[Any, float]]:
        exact = state.chance_outcomes()
        if exact is not None:
            return exact
        rng = self._node_rng(state, key)
        return self._tally(lambda: state.sample_chance(rng))

    def _joint_children(self, state: State, fixed: dict[int, Any]) -> list[Child]:
        others = [s for s in state.acting_seats() if s not in fixed]
        choices = [state.legal_moves(s) for s in others]
        if math.prod(len(c) for c in choices) <= MAX_JOINT:
            combos = list(product(*choices))
            weights = [(combo, 1 / len(combos)) for combo in combos]
        else:
            rng = self._node_rng(state, None, fixed)
            weights = self._tally(lambda: tuple(rng.choice(c) for c in choices))
        kids = []
        for combo, p in weights:
            joint = {**fixed, **dict(zip(others, combo, strict=True))}
            text = " ".join(
                f"{s}:{state.move_to_str(m)}" for s, m in zip(others, combo, strict=True)
            )
            kids.append(Child(text, state.apply_joint(joint), p))
        return kids

    def _tally(self, draw: Callable[[], Any]) -> list[tuple[Any, float]]:
        """``samples`` draws as (outcome, share) pairs; looks at the clock as it goes."""
        drawn: Counter = Counter()
        for i in range(self.samples):
            if i % _CLOCK_EVERY == _CLOCK_EVERY - 1 and self.allowance.out_of_time():
                raise OutOfBudget
            drawn[draw()] += 1
        return [(outcome, count / self.samples) for outcome, count in drawn.items()]

    def _node_rng(self, state: State, key: str | None, fixed: Any = None) -> random.Random:
        # Seeded from the search's salt and the position, so a node met again (in a
        # deeper pass or by transposition) is averaged over the same draws.
        return random.Random(f"{self.salt}:{key or _key(state)}:{fixed!r}")


def _key(state: State) -> str:
    """The position, as the transposition table knows it: the full view is everything
    ``from_position`` needs, so two states with the same view play on alike."""
    view = json.dumps(state.full_view(), sort_keys=True, default=str)
    return f"{state.current()}|{view}"


def _ordered(moves: list, hint: Any) -> list:
    """The table's best move first, the rest in the engine's order."""
    if hint is None:
        return moves
    for i, move in enumerate(moves):
        if move == hint and type(move) is type(hint):
            return [move, *moves[:i], *moves[i + 1 :]]
    return moves


def _settle(think: dict[str, Any] | None, value: float, alpha: float, beta: float) -> None:
    if think is None:
        return
    think["value"] = rounded(value)
    if value <= alpha:
        think["bound"] = UPPER
    elif value >= beta:
        think["bound"] = LOWER


def _keep(parent: dict[str, Any] | None, child: dict[str, Any] | None, order: str) -> None:
    """Attach ``child``, keeping only the parent's best few: by probability under an
    averaging node, by value where a seat chooses."""
    if parent is None or child is None:
        return
    kids = parent["children"]
    kids.append(child)
    if len(kids) > TREE_CHILDREN:

        def rank(c: dict[str, Any]) -> float:
            if order == "p":
                return c.get("p", 0.0)
            value = c.get("value", 0.0)
            return value if order == "max" else -value

        kids.remove(min(kids, key=rank))
