"""``buttonmen-em``: the write-up's expectiminimax player (docs/games/buttonmen.md, "Agents").

The tree alternates move plies and chance nodes: own move, every reroll result of the
attacking dice (a d4 + d20 skill attack has 4 × 20 = 80 children, averaged), the
opponent's move (it minimises what we maximise), and so on. As in the write-up:

- skill attacks of more than ``skill_cap`` (2) dice are never generated;
- the depth grows as dice leave play (**Decision** in docs/games/buttonmen.md): 1 move ply while more
  than 6 dice are in play, 2 plies at 5–6 dice, 3 at 4 or fewer;
- a leaf is scored own round score − opponent round score (**Decision**), and the
  search stops at the round's end (both passed, or a seat has no dice left).

Two consequences used for speed, both exact: a leaf's score does not depend on the
values showing, so a reroll right before a leaf is not expanded (its children would
all score the same); and equal positions met again are looked up, not searched again.

Where the cap leaves nothing: a node whose only attacks need three or more dice has,
in the capped tree, no attack, so the search treats it as a pass (what the write-up's
tree would have seen). At the root EM must still attack, so it then scores every legal
attack one ply deep.

Swing sizes: ``swing=mc`` (the published runs) picks them as ``buttonmen-mc`` does;
``swing=em`` scores each size by the mean, over ``playouts`` sampled round-start rolls,
of the searched value of the rolled position (the best move's value for the side that
moves first); ``swing=uniform`` draws a size uniformly (an experiment's baseline).
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

from agents.buttonmen.swing import after_swing, monte_carlo_swing, uniform_swing
from agents.core import Agent, Budget, Deadline, Decision
from agents.search.allowance import Allowance
from agents.search.thinking import TOP_MOVES, TREE_CHILDREN, node, rounded
from games.buttonmen import ButtonMenState
from games.buttonmen.rules import SLOTS, attacks
from games.buttonmen.state import AUXILIARY, COIN, PLAY, ROLL, SWING_PHASE

#: Nodes between two looks at the clock.
_CLOCK_EVERY = 1024


def plies_for(dice_in_play: int) -> int:
    """Move plies searched with ``dice_in_play`` dice of both seats in play."""
    if dice_in_play > 6:
        return 1
    if dice_in_play >= 5:
        return 2
    return 3


class OutOfBudget(Exception):
    """The node allowance or the time ran out before a pass of the search finished."""


#: A position of the search, hashable: (sizes, values, captured, turn, passes) with
#: per seat the sizes and the values of the dice in play (by position, in slot order),
#: per seat the sizes captured so far, the seat to move and the passes in a row.
Position = tuple


class Tree:
    """Depth-limited expectiminimax over compact positions, from ``seat``'s side."""

    def __init__(self, seat: int, skill_cap: int, allowance: Allowance) -> None:
        self.seat = seat
        self.skill_cap = skill_cap
        self.allowance = allowance
        self.nodes = 0  # decision nodes searched (look-ups not counted)
        self.chance_nodes = 0
        self.outcomes = 0  # chance children generated
        self.lookups = 0
        self.table: dict[tuple, float] = {}

    # ----- moves and scores ----------------------------------------------------------

    def moves(self, own: tuple[int, ...], foe: tuple[int, ...]) -> list[tuple]:
        """Attacks of ``own`` on ``foe`` by position, legal-move order, skill capped."""
        found = attacks(own, (1 << len(own)) - 1, foe, (1 << len(foe)) - 1)
        return [m for m in found if len(m[1]) <= self.skill_cap]

    def leaf(self, sizes: tuple, captured: tuple[int, int]) -> float:
        me, them = self.seat, 1 - self.seat
        mine = 2 * captured[me] + sum(sizes[me])
        theirs = 2 * captured[them] + sum(sizes[them])
        return (mine - theirs) / 2

    # ----- the search ----------------------------------------------------------------

    def value(self, pos: Position, plies: int) -> float:
        """The position's value with ``plies`` move plies still to search."""
        sizes, values, captured, turn, passes = pos
        if plies == 0:
            return self.leaf(sizes, captured)
        key = (pos, plies)
        found = self.table.get(key)
        if found is not None:
            self.lookups += 1
            return found
        self._count()
        moves = self.moves(values[turn], values[1 - turn])
        if not moves:
            if passes:  # a second pass ends the round
                result = self.leaf(sizes, captured)
            else:
                result = self.value((sizes, values, captured, 1 - turn, 1), plies - 1)
        else:
            scores = [self.after(pos, move, plies) for move in moves]
            result = max(scores) if turn == self.seat else min(scores)
        self.table[key] = result
        return result

    def after(self, pos: Position, move: tuple, plies: int) -> float:
        """The chance node after ``move``: the mean over every reroll of its dice."""
        sizes, values, captured, turn, _ = pos
        _, attackers, target = move
        foe = 1 - turn
        gained = list(captured)
        gained[turn] += sizes[foe][target]
        foe_sizes = sizes[foe][:target] + sizes[foe][target + 1 :]
        foe_values = values[foe][:target] + values[foe][target + 1 :]
        new_sizes = (sizes[0], foe_sizes) if foe == 1 else (foe_sizes, sizes[1])
        caught = (gained[0], gained[1])
        if not foe_sizes or plies == 1:
            # The round is over, or a leaf follows: the reroll cannot change the score.
            return self.leaf(new_sizes, caught)
        self.chance_nodes += 1
        own_sizes = sizes[turn]
        faces = [range(1, own_sizes[i] + 1) for i in attackers]
        total = 0.0
        count = 0
        for rolled in product(*faces):
            own = list(values[turn])
            for i, v in zip(attackers, rolled, strict=True):
                own[i] = v
            pair = (tuple(own), foe_values) if turn == 0 else (foe_values, tuple(own))
            total += self.value((new_sizes, pair, caught, foe, 0), plies - 1)
            count += 1
        self.outcomes += count
        return total / count

    def _count(self) -> None:
        self.nodes += 1
        allowance = self.allowance
        allowance.spend()
        if allowance.used > allowance.limit:
            raise OutOfBudget
        if self.nodes % _CLOCK_EVERY == 0 and allowance.out_of_time():
            raise OutOfBudget


def compact(state: ButtonMenState) -> tuple[Position, list[tuple[int, ...]]]:
    """The search position of a play node, and per seat the slot of each position."""
    slots = [SLOTS[state.alive[s]] for s in (0, 1)]
    sizes = tuple(tuple(state.size[s][i] for i in slots[s]) for s in (0, 1))
    values = tuple(tuple(state.value[s][i] for i in slots[s]) for s in (0, 1))
    captured = tuple(sum(c[0] for c in state.captured[s]) for s in (0, 1))
    return (sizes, values, captured, state.turn, state.passes), slots  # type: ignore[return-value]


def engine_move(move: tuple, slots: list[tuple[int, ...]], turn: int) -> tuple:
    """A search move (positions) as the engine's move (slots)."""
    kind, attackers, target = move
    own = slots[turn]
    return (kind, tuple(own[i] for i in attackers), slots[1 - turn][target])


class ButtonMenExpectimax(Agent):
    name = "buttonmen-em"
    description = (
        "The write-up's expectiminimax: every reroll result averaged, skill attacks of "
        "at most 2 dice, 1-3 move plies as dice leave play, leaf = round score margin."
    )
    games = ("buttonmen",)
    params = {"skill_cap": 2, "swing": "mc", "playouts": 50, "nodes": 200000}
    limits = {"skill_cap": (1, 8), "playouts": (1, 10_000), "nodes": (1, 2_000_000)}
    budget_note = (
        "depth set by the dice in play; iterations = node allowance (default 200000, "
        "then the deepest finished depth); swing=mc|em|uniform, playouts per swing size"
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.skill_cap < 1 or self.playouts < 1 or self.nodes < 1:
            raise ValueError("agent 'buttonmen-em': skill_cap, playouts and nodes must be >= 1")
        if self.swing not in ("mc", "em", "uniform"):
            raise ValueError("agent 'buttonmen-em': swing is mc, em or uniform")

    def act(self, state: ButtonMenState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        if state.phase in (SWING_PHASE, AUXILIARY):  # Auxiliary dice: chosen as a swing
            return self._swing(state, seat, budget, rng)
        moves = state.legal_moves(seat)
        if len(moves) == 1 or state.phase != PLAY:
            # The tree searches attacks only: a Focus turn-down or a Turbo die's size is
            # picked at random.
            forced = len(moves) == 1
            thinking = {"algorithm": self.name, "seat": seat, "forced": forced}
            return Decision(moves[0] if forced else rng.choice(moves), thinking, {"nodes": 0})
        allowance = Allowance(budget, self.nodes)
        tree = Tree(seat, self.skill_cap, allowance)
        pos, slots = compact(state)
        dice = len(pos[0][0]) + len(pos[0][1])
        depth = plies_for(dice)
        candidates = tree.moves(pos[1][seat], pos[1][1 - seat])
        capped_out = len(moves) - len(candidates)
        if not candidates:
            # Only attacks of three or more dice exist: EM must still attack.
            candidates = _positions(moves, slots, seat)
            depth = 1
        rows: list[dict[str, Any]] = []
        reached = 0
        for plies in range(1, depth + 1):
            try:
                rows = self._root(tree, pos, candidates, plies, slots, state)
            except OutOfBudget:
                break
            reached = plies
        if not rows:  # not even one ply finished: the capture of the largest die
            # One ply scores each attack by its capture alone: no node is searched.
            shallow = Tree(seat, self.skill_cap, Allowance.until(Deadline()))
            rows = self._root(shallow, pos, candidates, 1, slots, state)
        best = max(r["value"] for r in rows)
        pick = rng.choice([r for r in rows if r["value"] == best])
        ranked = sorted(rows, key=lambda r: r["value"], reverse=True)
        thinking = {
            "algorithm": self.name,
            "seat": seat,
            "choice": "move",
            "dice_in_play": dice,
            "depth": reached,
            "depth_rule": depth,
            "skill_cap": self.skill_cap,
            "capped_out": capped_out,
            "value": rounded(best),
            "nodes": tree.nodes,
            "chance_nodes": tree.chance_nodes,
            "outcomes": tree.outcomes,
            "lookups": tree.lookups,
            "moves": [
                {**{k: v for k, v in r.items() if k != "_move"}, "value": rounded(r["value"])}
                for r in ranked[:TOP_MOVES]
            ],
            "tree": self._tree(state, ranked, best),
        }
        stats = {"nodes": tree.nodes, "seconds_searching": round(allowance.elapsed(), 6)}
        return Decision(pick["_move"], thinking, stats)

    def _root(
        self,
        tree: Tree,
        pos: Position,
        candidates: list[tuple],
        plies: int,
        slots: list[tuple[int, ...]],
        state: ButtonMenState,
    ) -> list[dict[str, Any]]:
        seat = pos[3]
        rows = []
        for move in candidates:
            before = tree.nodes
            value = tree.after(pos, move, plies)
            faces = 1
            for i in move[1]:
                faces *= pos[0][seat][i]
            full = engine_move(move, slots, seat)
            rows.append(
                {
                    "move": state.move_to_str(full),
                    "value": value,
                    "visits": tree.nodes - before,
                    "outcomes": faces,
                    "_move": full,
                }
            )
        return rows

    def _tree(self, state: ButtonMenState, ranked: list[dict[str, Any]], best: float) -> dict:
        root = node(None, f"seat {state.turn}", value=rounded(best))
        root["children"] = [
            node(r["move"], "chance", value=rounded(r["value"]), visits=r["visits"])
            for r in ranked[:TREE_CHILDREN]
        ]
        return root

    # ----- swing ---------------------------------------------------------------------

    def _swing(
        self, state: ButtonMenState, seat: int, budget: Budget, rng: random.Random
    ) -> Decision:
        allowance = Allowance(budget, self.playouts)
        if self.swing == "mc" or (self.swing == "em" and state.phase == AUXILIARY):
            move, rows = monte_carlo_swing(state, seat, allowance, rng)
            policy = "greedy conversion matches (as buttonmen-mc)"
        elif self.swing == "em":
            move, rows = self._em_swing(state, seat, allowance, rng)
            policy = "mean searched value of sampled round-start rolls"
        else:
            move, rows = uniform_swing(state, seat, rng)
            policy = "uniform"
        thinking = {
            "algorithm": self.name,
            "seat": seat,
            "choice": "swing",
            "policy": policy,
            "picked": state.move_to_str(move),
            "moves": sorted(rows, key=lambda r: r["value"], reverse=True),
        }
        return Decision(move, thinking, {"seconds_searching": round(allowance.elapsed(), 6)})

    def _em_swing(
        self, state: ButtonMenState, seat: int, allowance: Allowance, rng: random.Random
    ) -> tuple[tuple, list[dict[str, Any]]]:
        moves = state.legal_moves(seat)
        totals = [0.0] * len(moves)
        played = [0] * len(moves)
        # The searches of sampled rolls count no nodes, but stop at the decision's time.
        clock = Allowance.until(allowance.deadline)
        while allowance.used < allowance.limit and not allowance.out_of_time():
            for i, move in enumerate(moves):
                rolled = after_swing(state, seat, move, rng)
                while rolled.phase in (ROLL, COIN):
                    rolled.apply_in_place(rolled.sample_chance(rng))
                pos, _ = compact(rolled)
                tree = Tree(seat, self.skill_cap, clock)
                try:
                    value = tree.value(pos, plies_for(len(pos[0][0]) + len(pos[0][1])))
                except OutOfBudget:
                    break
                totals[i] += value
                played[i] += 1
                if allowance.out_of_time():
                    break
            allowance.spend()
        mean = [t / n if n else float("-inf") for t, n in zip(totals, played, strict=True)]
        best = max(mean)
        pick = rng.choice([i for i, v in enumerate(mean) if v == best])
        rows = [
            {"move": state.move_to_str(m), "value": rounded(v), "visits": n}
            for m, v, n in zip(moves, mean, played, strict=True)
        ]
        return moves[pick], rows


def _positions(moves: list[tuple], slots: list[tuple[int, ...]], seat: int) -> list[tuple]:
    """Engine moves (slots) as search moves (positions)."""
    own = {slot: i for i, slot in enumerate(slots[seat])}
    foe = {slot: i for i, slot in enumerate(slots[1 - seat])}
    return [(kind, tuple(own[a] for a in attackers), foe[t]) for kind, attackers, t in moves]
