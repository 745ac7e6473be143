"""The seed's enemy AI for the dice battle (docs/games/dungeon.md, Agent): plan this turn.

It plans only its own turn and ignores the opponent's reply. A plan is a sequence of
actions ending with ``end`` (or with the blow that ends the battle), scored from the
start of the turn by ``agents.dungeon.scoring`` (the seed's table: 100 per damage point,
90 per poison, ...). The search:

1. **Exhaustive**: a depth-first expansion of every action sequence. A Lockpick's cut is
   a chance node whose value is the average of its outcomes; any other node takes its
   best child. A node is every position the expansion reaches: the root, each action's
   result (``end`` included) and each outcome of a cut.
2. **MCTS fallback**: if the expansion passes ``node_budget`` nodes it is abandoned and
   Monte Carlo tree search runs instead: UCB1 with c = sqrt(2), ``iterations`` (300)
   iterations, each ending in a uniformly random rollout to ``end``; rewards are plan
   scores, min-max normalised by the lowest and highest seen in this search.

``merge`` (off by default, as in the seed) treats dice of equal value as one choice:
"put a 2 here" instead of "put die 0 here" and "put die 3 here". The seed's 2,670-node
Handyman search did not merge, so off is the faithful setting.

``act`` returns the first action of the best plan. The arena and the web app ask again
after every event, so the planner re-plans after each action and after each chance
outcome (the cut it could only average over is known by then). Equal-valued plans are
broken by the engine's move order, so a re-plan continues the plan it started.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from agents.core import Agent, Budget, Deadline, Decision
from agents.dungeon.scoring import TERMS, WEIGHTS, _tally, _unused_pips, score_plan
from agents.search.allowance import Allowance
from agents.search.thinking import OWN_SCALE
from games.core import CHANCE
from games.dungeon.fast import advance
from games.dungeon.moves import END, PLACE, UNSHOCK
from games.dungeon.phases import OVER
from games.dungeon.state import DungeonState

#: Root moves listed in the thinking table, and best plans spelled out.
TOP_MOVES = 10
TOP_PLANS = 5
#: The part of ``Budget.seconds`` the exhaustive expansion may take before MCTS, which
#: stops at its own share (``agents.search.allowance``), takes over.
EXHAUSTIVE_SHARE = 0.4


# ----- the score of one step ------------------------------------------------------------


class Scorer:
    """The plan score of ``scoring.py``, step by step, so a search adds up a plan as it
    walks down instead of replaying it (tests check both give the same totals)."""

    def __init__(
        self,
        me: int,
        weights: Mapping[str, float] = WEIGHTS,
        bonus: Mapping[str, float] | None = None,
    ) -> None:
        self.me = me
        self.weights = weights
        self.bonus = bonus or {}

    def step(self, before: DungeonState, after: DungeonState, counts: bool) -> float:
        """Points for one move or chance outcome (``counts``: it is an action, so it
        costs its length point), plus the final terms if the battle ended there."""
        amounts = dict.fromkeys(TERMS, 0.0)
        _tally(before, after, self.me, amounts, self.bonus)
        if counts:
            amounts["length"] = 1.0
        if after.phase == OVER:
            amounts["unused_pips"] = _unused_pips(after)
            amounts["opponent_dead"] = 1.0 if after.winner == self.me else 0.0
            amounts["self_dead"] = 1.0 if after.winner == 1 - self.me else 0.0
        w = self.weights
        return sum(w[t] * a for t, a in amounts.items() if a)

    def ending(self, state: DungeonState) -> float:
        """Points for ending the turn here: the unused pips."""
        return self.weights["unused_pips"] * _unused_pips(state)


def choices(state: DungeonState, seat: int, merge: bool) -> list[tuple]:
    """The legal moves, or with ``merge`` one move per distinct (action, die value,
    card, slot): dice of equal value are interchangeable, so one of them is enough."""
    moves = state.legal_moves(seat)
    if not merge:
        return moves
    seen: set[tuple] = set()
    kept = []
    dice = state.dice
    for move in moves:
        kind = move[0]
        if kind == PLACE or kind == UNSHOCK or kind == "extinguish":
            key = (kind, dice[move[1]], *move[2:])
        else:
            key = move
        if key not in seen:
            seen.add(key)
            kept.append(move)
    return kept


# ----- exhaustive expansion ---------------------------------------------------------------


class OverBudget(Exception):
    """The expansion passed its node budget."""


@dataclass(frozen=True)
class Plan:
    """A root move's best continuation: ``value`` (an expectation if the plan meets a
    cut), the actions up to ``end``, the battle's end or the first chance node
    (``chance`` true: the rest is re-planned once the cut is known)."""

    move: tuple
    value: float
    line: tuple
    chance: bool
    visits: int | None = None


class Exhaustive:
    """Depth-first expansion of every action sequence of one turn.

    With ``transpositions`` a position met again (the same actions in another order)
    is not expanded twice: the rest of a turn is worth the same however it was reached,
    because every point is scored step by step from the position alone. Spent dice keep
    their index, so the key is exact (no sorting) and a stored line stays playable."""

    def __init__(
        self,
        scorer: Scorer,
        merge: bool,
        node_budget: int,
        deadline: Deadline | None = None,
        transpositions: bool = False,
    ) -> None:
        self.scorer = scorer
        self.merge = merge
        self.node_budget = node_budget
        self.deadline = deadline or Deadline()
        self.nodes = 0
        self.table: dict[tuple, tuple[float, tuple, bool]] | None = {} if transpositions else None
        self.hits = 0

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_budget:
            raise OverBudget
        # Past its share of the time budget the expansion gives way to MCTS too.
        if self.nodes % 1024 == 0 and self.deadline.passed():
            raise OverBudget

    def search(self, state: DungeonState) -> list[Plan]:
        """Every root choice with its best plan, in move order; OverBudget if too big."""
        self.nodes = 0
        self._count()  # the root
        me = self.scorer.me
        return [
            Plan(move, *self._after(state, move, me)) for move in choices(state, me, self.merge)
        ]

    def _after(self, state: DungeonState, move: tuple, me: int) -> tuple[float, tuple, bool]:
        """Value, line and chance flag of playing ``move`` at decision node ``state``."""
        self._count()
        if move == END:
            return self.scorer.ending(state), (END,), False
        child = state.clone()
        advance(child, move)
        gained = self.scorer.step(state, child, True)
        value, line, chance = self._value(child, me)
        return gained + value, (move, *line), chance

    def _value(self, state: DungeonState, me: int) -> tuple[float, tuple, bool]:
        if state.phase == OVER:
            return 0.0, (), False
        table = self.table
        if table is None:
            return self._expand(state, me)
        key = _exact_key(state)
        found = table.get(key)
        if found is None:
            found = table[key] = self._expand(state, me)
        else:
            self.hits += 1
        return found

    def _expand(self, state: DungeonState, me: int) -> tuple[float, tuple, bool]:
        if state.current() == CHANCE:
            total = 0.0
            for outcome, p in state.chance_outcomes():
                self._count()
                child = state.clone()
                advance(child, outcome)
                gained = self.scorer.step(state, child, False)
                total += p * (gained + self._value(child, me)[0])
            return total, (), True
        best: tuple[float, tuple, bool] | None = None
        for move in choices(state, me, self.merge):
            found = self._after(state, move, me)
            if best is None or found[0] > best[0]:
                best = found
        assert best is not None  # end is always legal at a decision node
        return best


# ----- the MCTS fallback ------------------------------------------------------------------


class Node:
    """A position of the turn in the MCTS tree: a decision, a chance event or an end."""

    __slots__ = ("moves", "children", "visits", "total")

    def __init__(self) -> None:
        self.moves: list[tuple] | None = None  # decision nodes: the moves, untried last
        self.children: dict[tuple, Node] = {}
        self.visits = 0
        self.total = 0.0  # sum of the raw plan scores backed up through here

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Mcts:
    """UCB1 tree search over one turn, random rollouts to ``end``, min-max normalised."""

    def __init__(self, scorer: Scorer, merge: bool, c: float) -> None:
        self.scorer = scorer
        self.merge = merge
        self.c = c
        self.low = math.inf
        self.high = -math.inf

    def search(
        self, state: DungeonState, allowance: Allowance, rng: random.Random
    ) -> tuple[Node, int]:
        root = Node()
        while True:  # one iteration at least, so there is a plan even out of time
            self._iterate(state, root, rng)
            allowance.spend()
            if allowance.exhausted():
                return root, allowance.used

    def _iterate(self, root_state: DungeonState, root: Node, rng: random.Random) -> None:
        me = self.scorer.me
        state = root_state.clone()
        node, path, points = root, [root], 0.0
        done = False
        while not done:
            if state.phase == OVER:
                done = True
                break
            if state.current() == CHANCE:
                outcome = state.sample_chance(rng)
                before = state.clone()
                advance(state, outcome)
                points += self.scorer.step(before, state, False)
                node = node.children.setdefault(outcome, Node())
                path.append(node)
                continue
            if node.moves is None:
                node.moves = choices(state, me, self.merge)
                rng.shuffle(node.moves)  # untried moves open in a random order
            fresh = len(node.children) < len(node.moves)
            move = node.moves[len(node.children)] if fresh else self._select(node)
            node = node.children.setdefault(move, Node())
            path.append(node)
            if move == END:
                points += self.scorer.ending(state)
                done = True
                break
            before = state.clone()
            advance(state, move)
            points += self.scorer.step(before, state, True)
            if fresh:
                break
        if not done:
            points += self._rollout(state, rng)
        self.low = min(self.low, points)
        self.high = max(self.high, points)
        for visited in path:
            visited.visits += 1
            visited.total += points

    def _select(self, node: Node) -> tuple:
        spread = self.high - self.low
        log_n = math.log(node.visits)
        best, best_score = None, -math.inf
        for move in node.moves:
            child = node.children[move]
            mean = (child.mean() - self.low) / spread if spread > 0 else 0.5
            score = mean + self.c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = move, score
        return best

    def _rollout(self, state: DungeonState, rng: random.Random) -> float:
        """Uniformly random actions (every legal move, ``end`` included) to the end of
        the turn; chance by its odds. Returns the points gained."""
        me = self.scorer.me
        points = 0.0
        while state.phase != OVER:
            if state.current() == CHANCE:
                before = state.clone()
                advance(state, state.sample_chance(rng))
                points += self.scorer.step(before, state, False)
                continue
            move = rng.choice(state.legal_moves(me))
            if move == END:
                return points + self.scorer.ending(state)
            before = state.clone()
            advance(state, move)
            points += self.scorer.step(before, state, True)
        return points

    def plans(self, root: Node) -> list[Plan]:
        """Root moves by visits (then mean), each with its most visited line."""
        ranked = sorted(
            root.children.items(), key=lambda kv: (kv[1].visits, kv[1].mean()), reverse=True
        )
        return [
            Plan(move, child.mean(), (move, *line), chance, child.visits)
            for move, child in ranked
            for line, chance in [self._line(move, child)]
        ]

    def _line(self, move: tuple, node: Node) -> tuple[tuple, bool]:
        line: list[tuple] = []
        while move != END and node.children:
            if node.moves is None:  # a chance node: the line stops at the cut
                return tuple(line), True
            move, node = max(node.children.items(), key=lambda kv: kv[1].visits)
            line.append(move)
        return tuple(line), False


# ----- the agent --------------------------------------------------------------------------


def parse_bonus(text: str) -> dict[str, float]:
    """``"big-sword:5;hammer:2"`` → {item key: bonus points per activation}."""
    bonus: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        key, colon, points = part.partition(":")
        try:
            bonus[key.strip()] = float(points)
        except ValueError:
            colon = ""
        if not colon:
            raise ValueError(
                f"agent 'dungeon-planner': bonus is item:points;item:points, not {part!r}"
            )
    return bonus


class PlannerAgent(Agent):
    name = "dungeon-planner"
    description = (
        "The seed's enemy AI: plans its own turn exhaustively (10,000 nodes at most, "
        "then MCTS with 300 iterations) and plays the best plan by the seed's score."
    )
    games = ("dungeon",)
    params = {
        "node_budget": 10_000,
        "iterations": 300,
        "c": math.sqrt(2),
        "merge": True,
        "transpositions": True,
        "bonus": "",  # the designer's bonus per activation: "big-sword:5;hammer:2"
    }
    limits = {"node_budget": (1, 1_000_000), "iterations": (1, 100_000), "c": (0.0, 100.0)}
    budget_note = (
        "exhaustive up to node_budget nodes, else MCTS: iterations = MCTS iterations "
        "(default 300); seconds stops MCTS early"
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.node_budget < 1 or self.iterations < 1 or self.c < 0:
            raise ValueError(
                "agent 'dungeon-planner': node_budget and iterations must be at least 1, c >= 0"
            )
        self.bonus_points = parse_bonus(self.bonus)

    def scorer(self, seat: int) -> Scorer:
        """What a plan is worth to ``seat``: the seed's table (subclasses judge otherwise)."""
        return Scorer(seat, WEIGHTS, self.bonus_points)

    def plan(
        self, state: DungeonState, seat: int, budget: Budget, rng: random.Random
    ) -> tuple[list[Plan], dict[str, Any]]:
        """Every root choice with its best plan, best first, and how the search went."""
        scorer = self.scorer(seat)
        started = time.perf_counter()
        deadline = Deadline.of(budget, EXHAUSTIVE_SHARE)
        exhaustive = Exhaustive(scorer, self.merge, self.node_budget, deadline, self.transpositions)
        try:
            found = exhaustive.search(state)
        except OverBudget:
            pass
        else:
            # Stable sort: equal plans keep the engine's move order.
            ranked = sorted(found, key=lambda p: p.value, reverse=True)
            return ranked, {
                "search": "exhaustive",
                "nodes": exhaustive.nodes,
                "seconds": round(time.perf_counter() - started, 6),
            }
        mcts = Mcts(scorer, self.merge, self.c)
        root, used = mcts.search(state, Allowance(budget, self.iterations), rng)
        return mcts.plans(root), {
            "search": "mcts",
            "nodes": exhaustive.nodes,  # where the expansion gave up
            "aborted_after": exhaustive.nodes,
            "iterations": used,
            "tree_nodes": _size(root),
            "seconds": round(time.perf_counter() - started, 6),
        }

    def act(self, state: DungeonState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        moves = state.legal_moves(seat)
        if moves == [END]:
            thinking = {"algorithm": self.name, "search": "forced", "nodes": 0}
            return Decision(END, thinking, {"nodes": 0, "search": "forced"})
        plans, how = self.plan(state, seat, budget, rng)
        thinking = {
            "algorithm": self.name,
            "scale": OWN_SCALE,  # plan scores (100 a damage point), not results
            **how,
            "node_budget": self.node_budget,
            "merge": self.merge,
            "moves": [_row(state, p) for p in plans[:TOP_MOVES]],
            "plans": [self._spelled(state, p) for p in plans[:TOP_PLANS]],
        }
        return Decision(plans[0].move, thinking, {"nodes": how["nodes"], "search": how["search"]})

    def _spelled(self, state: DungeonState, plan: Plan) -> dict[str, Any]:
        out: dict[str, Any] = {
            "plan": [state.move_to_str(m) for m in plan.line],
            "score": round(float(plan.value), 4),
        }
        if plan.chance:
            out["then"] = "a lockpick cut: the score is an expectation; re-plan once it is known"
        elif plan.line and (plan.line[-1] == END or plan.visits is None):
            score = score_plan(state, plan.line, WEIGHTS, self.bonus_points)
            out["breakdown"] = {t: v for t, v in score.breakdown.items() if v}
            if plan.visits is not None:  # MCTS: the line's own score beside the mean
                out["line_score"] = score.total
        else:
            out["then"] = "unexplored: the search judged the rest by random rollouts"
        if plan.visits is not None:
            out["visits"] = plan.visits
        return out


def _row(state: DungeonState, plan: Plan) -> dict[str, Any]:
    row: dict[str, Any] = {
        "move": state.move_to_str(plan.move),
        "value": round(float(plan.value), 4),
    }
    if plan.visits is not None:
        row["visits"] = plan.visits
    return row


def _size(node: Node) -> int:
    return 1 + sum(_size(child) for child in node.children.values())


# ----- the seed's examples, measured ------------------------------------------------------


def frog_one_and_three() -> DungeonState:
    """The seed's first example: the Frog to act with dice 1 and 3 (Big Sword, Small
    Shield), reached from a new battle by a Hero turn that does nothing."""
    from games.dungeon import GAME

    state = GAME.new_state()
    for text in ("roll:2,4,5", "end", "roll:1,3"):
        state = state.apply(state.str_to_move(text))
    return state


def handyman_shocked_and_burned(dice: tuple[int, ...] = (2, 2, 5)) -> DungeonState:
    """The seed's second example: the Handyman to act with every card shocked and every
    die burning. The seed shows the position only as a picture; it has two 2s (it
    mentions unshocking with either), the third die is our guess."""
    from games.dungeon import GAME
    from games.dungeon.positions import position_view

    view = position_view(foe="handyman", dice=dice, seat=1)
    for card in view["sides"][1]["equipment"]:
        card["shocked"] = True
    for die in view["dice"]:
        die["burning"] = True
    return GAME.from_position(view)


def _sides_key(state: DungeonState) -> tuple:
    return tuple(
        (s.hp, s.shield, s.poison, s.burn, s.shock, s.weaken)
        + tuple((tuple(g.slots), g.left, g.uses, g.shocked, g.weakened) for g in s.gear)
        for s in state.sides
    )


def _exact_key(state: DungeonState) -> tuple:
    """What decides the rest of a turn, dice by index: two positions with this key have
    the same best continuation, move for move."""
    return (
        state.phase,
        state.split,
        state.actions,
        tuple(state.dice),
        tuple(state.marks),
        _sides_key(state),
    )


def _position_key(state: DungeonState) -> tuple:
    """What decides the rest of a turn, with the dice as a multiset (their order and
    indices do not change what can still be done or scored)."""
    return (
        state.phase,
        state.split,
        tuple(sorted(zip(state.dice, state.marks, strict=True))),
        _sides_key(state),
    )


def distinct_positions(state: DungeonState) -> int:
    """How many different positions the unmerged expansion's nodes stand for: the tree
    reaches many of them again by playing the same actions in another order."""
    seen: set[tuple] = set()
    me = state.current()

    def walk(at: DungeonState) -> None:
        seen.add(_position_key(at))
        if at.phase == OVER:
            return
        if at.current() == CHANCE:
            for outcome, _ in at.chance_outcomes():
                child = at.clone()
                advance(child, outcome)
                walk(child)
            return
        for move in at.legal_moves(me):
            if move == END:
                seen.add(("ended", _position_key(at)))
                continue
            child = at.clone()
            advance(child, move)
            walk(child)

    walk(state)
    return len(seen)


def measure(
    state: DungeonState, merge: bool = False, repeat: int = 5, transpositions: bool = False
) -> dict[str, Any]:
    """Nodes, best score and the fastest of ``repeat`` full expansions (no budget)."""
    seat = state.current()
    best_time, plans, nodes = math.inf, [], 0
    for _ in range(repeat):
        search = Exhaustive(Scorer(seat), merge, 10**9, transpositions=transpositions)
        started = time.perf_counter()
        plans = search.search(state)
        best_time = min(best_time, time.perf_counter() - started)
        nodes = search.nodes
    best = max(plans, key=lambda p: p.value)
    return {
        "merge": merge,
        "transpositions": transpositions,
        "nodes": nodes,
        "seconds": round(best_time, 6),
        "best_score": best.value,
        "best_plan": [state.move_to_str(m) for m in best.line],
    }


def figures() -> dict[str, Any]:
    """The seed's planner figures, ours beside them (docs/results/octagon-dungeon.md)."""
    frog = frog_one_and_three()
    scores = {
        "1 on the Big Sword": score_plan(frog, ["place:0:0:0", "place:1:1:0", "end"]).total,
        "3 on the Big Sword": score_plan(frog, ["place:1:0:0", "place:0:1:0", "end"]).total,
    }
    handyman = {}
    for dice in sorted(tuple(sorted((2, 2, x))) for x in range(1, 7)):
        state = handyman_shocked_and_burned(dice)
        handyman[",".join(map(str, dice))] = {
            "distinct": measure(state, merge=False, repeat=1),
            "merged": measure(state, merge=True, repeat=1),
            "distinct_positions": distinct_positions(state),
        }
    return {
        "frog": {
            "seed": {"plans": [438, 558], "seconds": 0.017},
            "plans": scores,
            "search": measure(frog),
            "search_merged": measure(frog, merge=True),
        },
        "handyman_shocked_and_burned": {"seed": {"nodes": 2670}, "by_dice": handyman},
    }


if __name__ == "__main__":
    import json

    print(json.dumps(figures(), indent=1))
