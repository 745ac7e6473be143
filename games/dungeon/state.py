"""A battle position and the turn of a side (docs/games/dungeon.md).

A side's turn: (1) its old shield expires, (2) poison hurts it, (3) it rolls (chance),
(4) pending burn, shock and weaken fall on random dice and cards (chance, one event per
kind), (5) it acts — place, unshock, extinguish — until (6) it ends the turn, when unused
dice vanish and the turn's markings clear. Steps 1, 2 and 6 run inside the ``end`` move,
so every node is either a seat's choice or one chance event.

Spent dice keep their index for the rest of the turn (new dice from the Spanner and the
Lockpick are appended), so a plan written at the start of a turn stays valid as it runs.
"""

from __future__ import annotations

import random
from typing import Any

from games.core import CHANCE, TERMINAL, Game, IllegalMove, Outcome, State
from games.dungeon import chance, moves
from games.dungeon.combat import poison_tick
from games.dungeon.moves import END, EXTINGUISHES, MAX_ACTIONS, PLACES, UNSHOCKS
from games.dungeon.phases import ACT, BURN, BURNING, FREE, OVER, ROLL, SHOCK, SPENT, SPLIT, WEAKEN
from games.dungeon.sides import Gear, Side
from games.dungeon.view import observe

#: An event as ``last`` keeps it until a view needs words: (actor, move, detail), where
#: detail is the die value a move used, or the poison HP lost when a turn began.
LastEvent = tuple[int, tuple, int]


class DungeonState(State):
    """One battle: the Hero (seat 0, moves first) against the Enemy (seat 1)."""

    __slots__ = (
        "game",
        "options",
        "sides",
        "seat",
        "phase",
        "turn",
        "max_turns",
        "dice",
        "marks",
        "split",
        "actions",
        "winner",
        "last",
        "_hist",
        "_ply",
        "_position",
    )

    num_players = 2

    def __init__(self, game: Game, options: dict[str, Any], sides: list[Side]) -> None:
        self.game = game
        self.options = options
        self.sides = sides
        self.seat = 0  # whose turn it is (also during that turn's chance events)
        self.phase = ROLL
        self.turn = 1  # each side's turn counts: the Hero plays the odd ones
        self.max_turns: int = options["max_turns"]
        self.dice: list[int] = []
        self.marks: list[int] = []
        self.split = 0  # the value a lockpick is cutting, while phase is SPLIT
        self.actions = 0  # actions this turn, for the MAX_ACTIONS safety cap
        self.winner: int | None = None
        self.last: LastEvent | dict | None = None  # a dict when set up from a view
        self._hist = None
        self._ply = 0
        self._position = None

    # ----- nodes ---------------------------------------------------------------------

    def current(self) -> int:
        phase = self.phase
        if phase == ACT:
            return self.seat
        return TERMINAL if phase == OVER else CHANCE

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self, seat: int) -> list[tuple]:
        """By die (in index order): extinguish a burning die, or for a free die each
        card in order — unshock it if shocked, else every empty slot that takes the die;
        ``end`` last."""
        if self.phase != ACT or seat != self.seat:
            return []
        if self.actions >= MAX_ACTIONS:
            return [END]
        found: list[tuple] = []
        gear = self.sides[seat].gear
        marks = self.marks
        for d, v in enumerate(self.dice):
            mark = marks[d]
            if mark:
                if mark == BURNING:
                    found.append(EXTINGUISHES[d])
                continue
            places = PLACES[d]
            for e, g in enumerate(gear):
                if g.shocked:
                    found.append(UNSHOCKS[d][e])
                    continue
                if g.uses and not g.reusable:
                    continue
                rules = g.item.slots
                if len(rules) == 1:
                    if rules[0].takes[v]:
                        found.append(places[e][0])
                    continue
                held = g.slots
                for s, rule in enumerate(rules):
                    if not held[s] and rule.takes[v]:
                        found.append(places[e][s])
        found.append(END)
        return found

    def chance_outcomes(self) -> list[tuple[tuple, float]]:
        phase = self.phase
        side = self.sides[self.seat]
        if phase == ROLL:
            return list(chance.roll_outcomes(side.dice))
        if phase == BURN:
            return chance.target_outcomes(chance.BURN, len(self.dice), side.burn)
        if phase == SHOCK:
            return chance.target_outcomes(chance.SHOCK, len(side.gear), side.shock)
        if phase == WEAKEN:
            return chance.target_outcomes(chance.WEAKEN, len(side.gear), side.weaken)
        if phase == SPLIT:
            return chance.split_outcomes(self.split)
        return []

    def sample_chance(self, rng: random.Random) -> tuple:
        phase = self.phase
        side = self.sides[self.seat]
        if phase == ROLL:
            return chance.sample_roll(side.dice, rng)
        if phase == BURN:
            return chance.sample_targets(chance.BURN, len(self.dice), side.burn, rng)
        if phase == SHOCK:
            return chance.sample_targets(chance.SHOCK, len(side.gear), side.shock, rng)
        if phase == WEAKEN:
            return chance.sample_targets(chance.WEAKEN, len(side.gear), side.weaken, rng)
        if phase == SPLIT:
            return chance.sample_split(self.split, rng)
        raise IllegalMove("no chance event is due")

    # ----- results -------------------------------------------------------------------

    def returns(self) -> tuple[float, ...]:
        if self.phase != OVER or self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return Outcome.from_returns(self.returns(), self.result())

    def result(self) -> str | None:
        """Why the battle ended, for people; None while it goes on."""
        if self.phase != OVER:
            return None
        if self.winner is None:
            return f"draw: no winner after {self.max_turns} turns"
        loser = self.sides[1 - self.winner]
        return f"{self.sides[self.winner].name} wins: {loser.name} is at {loser.hp} HP"

    # ----- views and text ------------------------------------------------------------

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        return observe(self, seat)

    def move_to_str(self, move: Any) -> str:
        return moves.to_text(move)

    def str_to_move(self, text: str) -> tuple:
        move = moves.parse(text)
        if self.phase == OVER:
            raise IllegalMove("the battle is over")
        if moves.is_chance(move) != (self.phase != ACT):
            due = "a chance event" if self.phase != ACT else "a move of seat " + str(self.seat)
            raise IllegalMove(f"{text!r} does not fit here: {due} is due")
        return move

    # ----- copying -------------------------------------------------------------------

    def clone(self) -> DungeonState:
        other = DungeonState.__new__(DungeonState)
        other.game = self.game
        other.options = self.options
        other.sides = [self.sides[0].copy(), self.sides[1].copy()]
        other.seat = self.seat
        other.phase = self.phase
        other.turn = self.turn
        other.max_turns = self.max_turns
        other.dice = self.dice[:]
        other.marks = self.marks[:]
        other.split = self.split
        other.actions = self.actions
        other.winner = self.winner
        other.last = self.last
        other._hist = self._hist
        other._ply = self._ply
        other._position = self._position
        return other

    # ----- moving --------------------------------------------------------------------

    def _apply(self, actor: int, move: Any) -> None:
        kind = move[0]
        detail = 0
        if kind == moves.PLACE:
            detail = self.dice[move[1]]
            self._place(move[1], move[2], move[3])
        elif kind == "end":
            detail = self._end_turn()
        elif kind == chance.ROLL:
            self._roll(move)
        elif kind == moves.UNSHOCK:
            detail = self.dice[move[1]]
            self._unshock(move[1], move[2])
        elif kind == moves.EXTINGUISH:
            detail = self.dice[move[1]]
            self._extinguish(move[1])
        elif kind == chance.SPLIT:
            self._cut(move[1])
        else:
            self._mark(kind, move)
        self.last = (actor, move, detail)

    def _place(self, d: int, e: int, s: int) -> None:
        side = self.sides[self.seat]
        g = side.gear[e]
        v = self.dice[d]
        self.marks[d] = SPENT
        self.actions += 1
        item = g.item
        start = item.countdown
        if start:
            # A countdown keeps what it still needs across turns; overflow is lost.
            left = g.left - v
            if left > 0:
                g.left = left
                return
            g.left = start
        elif len(g.slots) > 1:
            held = g.slots
            held[s] = v
            g.held += 1
            if g.held < len(held):
                return  # multi-slot equipment waits until every slot holds a die
            v = sum(held)
            for i in range(len(held)):
                held[i] = 0
            g.held = 0
        self._fire(side, g, v)

    def _fire(self, side: Side, g: Gear, v: int) -> None:
        g.uses += 1
        opp = self.sides[1 - self.seat]
        g.item.fire(self, side, opp, v, 1 if g.weakened else 0)
        # A side at 0 HP or less loses at once, even in the middle of a turn.
        if opp.hp <= 0:
            self._finish(self.seat)
        elif side.hp <= 0:
            self._finish(1 - self.seat)

    def _unshock(self, d: int, e: int) -> None:
        self.marks[d] = SPENT
        self.actions += 1
        self.sides[self.seat].gear[e].shocked = False

    def _extinguish(self, d: int) -> None:
        self.marks[d] = FREE
        self.actions += 1
        side = self.sides[self.seat]
        side.hp -= 2
        if side.hp <= 0:
            self._finish(1 - self.seat)

    def _end_turn(self) -> int:
        """Steps 6 of this side, then 1 and 2 of the other; returns its poison HP lost."""
        seat = self.seat
        for g in self.sides[seat].gear:
            g.uses = 0
            g.shocked = False
            g.weakened = False
            if g.held:  # dice left on a half-filled card vanish with the others
                g.slots = [0] * len(g.slots)
                g.held = 0
        self.dice = []
        self.marks = []
        self.actions = 0
        if self.turn >= self.max_turns:
            self._finish(None)
            return 0
        self.turn += 1
        self.seat = seat = 1 - seat
        side = self.sides[seat]
        side.shield = 0  # a shield lasts until its owner's next turn
        lost = poison_tick(side)
        if side.hp <= 0:
            self._finish(1 - seat)
        else:
            self.phase = ROLL
        return lost

    def _roll(self, move: tuple) -> None:
        self.dice = list(move[1:])
        self.marks = [FREE] * len(self.dice)
        self.phase = self._status_phase()

    def _status_phase(self) -> int:
        """The next pending status to resolve (burn, shock, weaken), or ACT."""
        side = self.sides[self.seat]
        if side.burn:
            return BURN
        if side.shock:
            return SHOCK
        if side.weaken:
            return WEAKEN
        return ACT

    def _mark(self, kind: str, move: tuple) -> None:
        side = self.sides[self.seat]
        if kind == chance.BURN:
            for d in move[1:]:
                self.marks[d] = BURNING
            side.burn = 0
        elif kind == chance.SHOCK:
            for e in move[1:]:
                side.gear[e].shocked = True
            side.shock = 0
        else:
            for e in move[1:]:
                side.gear[e].weakened = True
            side.weaken = 0
        self.phase = self._status_phase()

    def _cut(self, k: int) -> None:
        value = self.split
        self.split = 0
        self.phase = ACT
        self.add_dice(k, value - k)

    def _finish(self, winner: int | None) -> None:
        self.phase = OVER
        self.winner = winner

    # ----- hooks for item effects ----------------------------------------------------

    def add_dice(self, *values: int) -> None:
        """New dice of this turn (Spanner, Lockpick) join the end of the list."""
        self.dice.extend(values)
        self.marks.extend([FREE] * len(values))

    def start_split(self, value: int) -> None:
        self.split = value
        self.phase = SPLIT
