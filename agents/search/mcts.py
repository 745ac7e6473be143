"""Monte Carlo tree search (UCT) for every game of the contract.

- Each node keeps a reward per seat, so 2 to 8 players each pull toward their own
  payoff (max-n backups, not a zero-sum sign flip).
- Chance nodes are sampled with ``sample_chance``; each outcome met gets its own child.
  Where the outcomes are too many to list (or ``chance_outcomes()`` returns None), new
  outcomes are let in only as the node's visits grow (double progressive widening) and
  otherwise an outcome already met is revisited as often as it came up.
- At a simultaneous node every acting seat runs its own bandit over its own moves
  (decoupled UCT), blind to the others' choices in the same visit.
- Where a seat has more than ``widen_above`` moves, its bandit opens new moves (in a
  random order) only as visits grow: ``ceil(2 * visits ** widen)`` of them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any

from agents.core import Agent, Budget, Decision
from agents.search.allowance import Allowance
from agents.search.rollout import Rollout, rollout_for
from agents.search.thinking import (
    TOP_MOVES,
    TREE_CHILDREN,
    TREE_DEPTH,
    event_text,
    node,
    rounded,
)
from games.core import CHANCE, SIMULTANEOUS, TERMINAL, State, actor_name

#: Progressive widening lets in ``ceil(WIDEN_SCALE * visits ** widen)`` children.
WIDEN_SCALE = 2.0


class Arm:
    """One move's statistics in one seat's bandit: visits and that seat's reward sum."""

    __slots__ = ("visits", "total")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0


class Bandit:
    """One seat's choice at a node: UCB1 over the moves opened so far."""

    __slots__ = ("moves", "arms", "visits", "widening")

    def __init__(self, moves: list, rng: random.Random, widening: bool) -> None:
        self.moves = list(moves)
        # Untried moves open in a random order, so no move is favoured by its place in
        # the engine's list when the budget cannot try them all.
        rng.shuffle(self.moves)
        self.arms: dict[Hashable, Arm] = {}
        self.visits = 0
        self.widening = widening

    def pick(self, c: float, widen: float) -> Hashable:
        allowed = len(self.moves)
        if self.widening:
            allowed = min(allowed, math.ceil(WIDEN_SCALE * (self.visits + 1) ** widen))
        if len(self.arms) < allowed:
            move = self.moves[len(self.arms)]
            self.arms[move] = Arm()
            return move
        log_n = math.log(max(1, self.visits))
        best, best_score = None, -math.inf
        for move, arm in self.arms.items():
            # Rewards are payoffs in [-1, 1]; UCB1 expects [0, 1].
            score = (arm.total / arm.visits + 1.0) / 2.0 + c * math.sqrt(log_n / arm.visits)
            if score > best_score:
                best, best_score = move, score
        return best

    def update(self, move: Hashable, reward: float) -> None:
        arm = self.arms[move]
        arm.visits += 1
        arm.total += reward
        self.visits += 1

    def ranked(self) -> list[tuple[Hashable, Arm]]:
        """Arms by visits, then mean reward: the first is the move to play."""
        return sorted(
            self.arms.items(),
            key=lambda kv: (kv[1].visits, kv[1].total / kv[1].visits),
            reverse=True,
        )


class Node:
    __slots__ = ("actor", "visits", "totals", "children", "bandits", "wide_chance")

    def __init__(self, actor: int, num_players: int) -> None:
        self.actor = actor
        self.visits = 0
        self.totals = [0.0] * num_players
        self.children: dict[Hashable, Node] = {}
        self.bandits: dict[int, Bandit] | None = None
        self.wide_chance: bool | None = None

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits if self.visits else 0.0


class MctsAgent(Agent):
    """UCT with chance sampling, decoupled UCT at simultaneous nodes, per-seat rewards
    and progressive widening; plays the most visited move."""

    name = "mcts"
    description = (
        "Monte Carlo tree search (UCT): samples chance, decoupled at simultaneous turns, "
        "a reward per seat, progressive widening for huge move lists."
    )
    params = {"iterations": 1000, "c": 1.4, "widen": 0.5, "widen_above": 32}
    limits = {
        "iterations": (1, 100_000),
        "c": (0.0, 100.0),
        "widen": (0.01, 1.0),
        "widen_above": (0, 100_000),
    }
    budget_note = "iterations = playouts (default 1000); seconds stops the search early"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.iterations < 1:
            raise ValueError("agent 'mcts': iterations must be at least 1")
        if self.c < 0 or not 0 < self.widen <= 1:
            raise ValueError("agent 'mcts': c must be >= 0 and widen in (0, 1]")

    def act(self, state: State, seat: int, budget: Budget, rng: random.Random) -> Decision:
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return Decision(moves[0], {"algorithm": self.name, "forced": True}, {"iterations": 0})
        allowance = Allowance(budget, self.iterations)
        root = Node(state.current(), state.num_players)
        rollout = rollout_for(state.game.slug)
        while True:  # one iteration at least: the root's bandit must exist to answer
            self._iterate(state, root, rng, rollout)
            allowance.spend()
            if allowance.exhausted():
                break
        ranked = root.bandits[seat].ranked()
        return Decision(
            ranked[0][0],
            self._thinking(state, seat, root, allowance.used),
            {"iterations": allowance.used, "seconds_searching": round(allowance.elapsed(), 6)},
        )

    # ----- one iteration: select, expand, play out, back up -----------------------------

    def _iterate(self, root_state: State, root: Node, rng: random.Random, rollout: Rollout) -> None:
        # The hot loop of every search: moves come from the engine's own lists, so they
        # are applied unchecked and unrecorded (``advance``), and the play-out runs on
        # the game's fast path where it has one (``rollout_for``).
        state = root_state.clone()
        apply = state._apply
        c, widen = self.c, self.widen
        at = root
        path: list[tuple[Node, dict[int, Hashable] | None]] = []
        while True:
            actor = at.actor
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                picks = None
                key = self._chance_outcome(at, state, rng)
                apply(CHANCE, key)
            else:
                bandits = at.bandits
                if bandits is None:
                    bandits = at.bandits = self._bandits(state, rng)
                picks = {s: b.pick(c, widen) for s, b in bandits.items()}
                if actor == SIMULTANEOUS:
                    key = tuple(picks.items())  # acting_seats order, as the engine takes it
                else:
                    key = picks[actor]
                apply(actor, key)
            path.append((at, picks))
            child = at.children.get(key)
            if child is None:
                child = at.children[key] = Node(state.current(), state.num_players)
                at = child
                break
            at = child
        path.append((at, None))
        returns = rollout(state, rng)
        for visited, picks in path:
            visited.visits += 1
            totals = visited.totals
            for seat, reward in enumerate(returns):
                totals[seat] += reward
            if picks:
                bandits = visited.bandits
                for seat, move in picks.items():
                    bandits[seat].update(move, returns[seat])

    def _bandits(self, state: State, rng: random.Random) -> dict[int, Bandit]:
        return {
            s: Bandit(m, rng, len(m) > self.widen_above)
            for s in state.acting_seats()
            for m in [state.legal_moves(s)]
        }

    def _chance_outcome(self, at: Node, state: State, rng: random.Random) -> Hashable:
        if at.wide_chance is None:
            outcomes = state.chance_outcomes()
            at.wide_chance = outcomes is None or len(outcomes) > self.widen_above
        if at.wide_chance and at.children:
            allowed = math.ceil(WIDEN_SCALE * (at.visits + 1) ** self.widen)
            if len(at.children) >= allowed:
                keys = list(at.children)
                return rng.choices(keys, [at.children[k].visits for k in keys])[0]
        return state.sample_chance(rng)

    # ----- what it weighed --------------------------------------------------------------

    def _thinking(self, state: State, seat: int, root: Node, iterations: int) -> dict[str, Any]:
        def arms(s: int) -> list[dict[str, Any]]:
            return [
                {
                    "move": state.move_to_str(move),
                    "visits": arm.visits,
                    "value": rounded(arm.total / arm.visits),
                }
                for move, arm in root.bandits[s].ranked()[:TOP_MOVES]
            ]

        thinking: dict[str, Any] = {
            "algorithm": self.name,
            "seat": seat,
            "iterations": iterations,
            "legal_moves": len(root.bandits[seat].moves),
            "opened": len(root.bandits[seat].arms),  # fewer than legal when widening
            "moves": arms(seat),
            "tree": self._tree(state, seat, root, None, 0),
        }
        others = [s for s in root.bandits if s != seat]
        if others:  # a simultaneous root: how the search expects the others to choose
            thinking["others"] = {str(s): arms(s)[:TREE_CHILDREN] for s in others}
        return thinking

    def _tree(
        self,
        state: State,
        seat: int,
        at: Node,
        move: str | None,
        depth: int,
        parent: Node | None = None,
    ) -> dict[str, Any]:
        p = at.visits / parent.visits if parent is not None and parent.actor == CHANCE else None
        made = node(
            move,
            actor_name(at.actor),
            value=rounded(at.mean(seat)),
            visits=at.visits,
            p=rounded(p) if p is not None else None,
        )
        if depth < TREE_DEPTH:
            best = sorted(at.children.items(), key=lambda kv: kv[1].visits, reverse=True)
            for key, child in best[:TREE_CHILDREN]:
                text = event_text(state, at.actor, key)
                made["children"].append(self._tree(state, seat, child, text, depth + 1, at))
        return made
