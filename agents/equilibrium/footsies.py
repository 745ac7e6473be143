"""Footsies solved: the exact equilibrium of every position, by LP and value iteration.

Footsies is a finite two-player zero-sum stochastic game with no chance in its rules:
each turn is a 4x4 matrix game whose cells are either the end of the round (+1 or -1
for seat 0, or what the match is worth after that round) or another position. Only the
block counts and the hit streaks change what a turn does (previous moves are shown to
the players but never read by the rules), so a round position is (blocks, streak) —
plus the turn number when ``max_turns`` caps the round, and the match score when
``rounds`` > 1.

- With a turn cap the round is a finite tree of turns: backward induction, one LP per
  position and turn.
- Without one, a round can cycle (A against A, a hit then a miss, ...). Blocks never
  come back, so positions are solved in groups of equal blocks, fewest blocks first;
  inside a group Shapley's operator (each position's value := the value of its matrix
  game given the current values) is iterated to its fixed point. Play that never ends is
  worth what a drawn round is worth (the engine's 1,000-turn safety cap makes it a draw,
  and the fixed point from a draw value is exactly that limit).

Solving stops with ``OutOfTime`` when the deadline of the decision under way passes
(a player that solves a new option set live; nothing is cached then).

Values and mixes are seat 0's; the game is symmetric, so seat 1 at a position plays
what seat 0 plays at the mirrored one (``mirror``). Printed positions read own-first:
``blocks 3-1 streak 1-0`` means "I have 3 blocks and a hit in; the opponent has 1".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Any

import numpy as np

from agents.core.deadline import check_time
from agents.equilibrium import matrix, tables
from games.footsies import GAME, MOVES
from games.footsies.rules import resolve
from games.footsies.state import SAFETY_TURNS, FootsiesState

#: Value iteration stops when no value moves by more than this in a sweep.
TOLERANCE = 1e-13
#: ... or after this many sweeps of one group (then the solve fails loudly).
MAX_SWEEPS = 100_000

#: (blocks0, blocks1, streak0, streak1, turn, wins0, wins1, rounds played). Blocks are
#: None when they cannot matter (block_exhaustion "unlimited"); turn is None without a
#: cap; the score is (0, 0, 0) in a one-round match.
Key = tuple


def mirror(key: Key) -> Key:
    """The same position seen from the other seat."""
    b0, b1, s0, s1, turn, w0, w1, played = key
    return (b1, b0, s1, s0, turn, w1, w0, played)


@dataclass
class Solution:
    """The equilibrium of one rule set: a value and a mix for seat 0 at every position."""

    options: dict[str, Any]
    values: dict[Key, float] = field(default_factory=dict)
    mixes: dict[Key, np.ndarray] = field(default_factory=dict)
    matrices: dict[Key, np.ndarray] = field(default_factory=dict)
    #: Whether the mix is the only optimal one there (else the refining LP chose it).
    unique: dict[Key, bool] = field(default_factory=dict)
    sweeps: int = 0

    @property
    def start(self) -> Key:
        blocks = _blocks(self.options, self.options["blocks"])
        turn = 0 if _cap(self.options) is not None else None
        return (blocks, blocks, 0, 0, turn, 0, 0, 0)

    @property
    def value(self) -> float:
        """The value of the whole match for seat 0 (0 when fair)."""
        return self.values[self.start]

    def key(self, state: FootsiesState) -> Key:
        """The position of a state (seat 0's view)."""
        top = self.options["attacks_to_win"] - 1
        played = len(state.round_results) if self.options["rounds"] > 1 else 0
        w0, w1 = state.round_wins if self.options["rounds"] > 1 else (0, 0)
        return (
            _blocks(self.options, state.blocks[0]),
            _blocks(self.options, state.blocks[1]),
            min(state.streak[0], top),
            min(state.streak[1], top),
            state.turn if _cap(self.options) is not None else None,
            w0,
            w1,
            played,
        )

    def seat_key(self, state: FootsiesState, seat: int) -> Key:
        key = self.key(state)
        return key if seat == 0 else mirror(key)

    def mix(self, state: FootsiesState, seat: int) -> dict[str, float]:
        """The equilibrium mix of ``seat`` at ``state``: move -> probability."""
        mix = self.mixes[self.seat_key(state, seat)]
        return {move: float(p) for move, p in zip(MOVES, mix, strict=True)}

    def payoffs(self, state: FootsiesState, seat: int) -> dict[str, float]:
        """What each pure move of ``seat`` earns against the opponent's equilibrium mix."""
        key = self.seat_key(state, seat)
        against = self.mixes[mirror(key)]
        earned = self.matrices[key] @ against
        return {move: float(v) for move, v in zip(MOVES, earned, strict=True)}

    def strategy(self) -> dict[str, dict[str, float]]:
        """Every position, own-first, with its equilibrium mix (9 decimals)."""
        return {
            describe(key, self.options): {
                move: round(float(p), 9) for move, p in zip(MOVES, self.mixes[key], strict=True)
            }
            for key in sorted(self.mixes, key=_order)
        }


def describe(key: Key, options: Mapping[str, Any]) -> str:
    """A position in words, own-first: ``blocks 3-1 streak 1-0 [turn 4] [score 1-0 round 2]``."""
    b0, b1, s0, s1, turn, w0, w1, played = key
    text = "blocks any" if b0 is None else f"blocks {b0}-{b1}"
    text += f" streak {s0}-{s1}"
    if turn is not None:
        text += f" turn {turn}"
    if options["rounds"] > 1:
        text += f" score {w0}-{w1} round {played + 1}"
    return text


def _order(key: Key) -> tuple:
    b0, b1, s0, s1, turn, w0, w1, played = key
    return (played, w0, w1, -1 if b0 is None else -b0, -1 if b1 is None else -b1, turn or 0, s0, s1)


def _cap(options: Mapping[str, Any]) -> int | None:
    # Without max_turns the engine's own safety cap is left out: the stationary fixed
    # point already values endless play as a drawn round (see the module docstring).
    cap = options["max_turns"]
    return None if cap is None else min(cap, SAFETY_TURNS)


def _blocks(options: Mapping[str, Any], blocks: int) -> int | None:
    return None if options["block_exhaustion"] == "unlimited" else blocks


# ----- solving ---------------------------------------------------------------------------


def solve(options: Mapping[str, Any] | None = None, max_blocks: int | None = None) -> Solution:
    """The equilibrium for these options (checked like the game checks them): from the
    shipped tables (``agents.equilibrium.tables``) where they hold it, else solved once
    per process and kept.

    ``max_blocks`` widens the table to positions with more blocks than a round starts
    with (a hand-made position); rounds still start with ``options["blocks"]``.
    """
    checked = GAME.resolve_options(options)
    frozen = tables.frozen(checked)
    widest = max(checked["blocks"], max_blocks or 0)
    if widest == checked["blocks"]:
        found = tables.shipped().get(frozen)
        if found is not None:
            return found
    return _solve(frozen, widest)


def solve_now(options: Mapping[str, Any], max_blocks: int | None = None) -> Solution:
    """Solve checked ``options`` afresh: no table, no cache (tests and the tables use it)."""
    return _solve.__wrapped__(tables.frozen(options), max(options["blocks"], max_blocks or 0))


@lru_cache(maxsize=32)
def _solve(frozen: tuple, max_blocks: int) -> Solution:
    options = dict(frozen)
    solution = Solution(options)
    needed = options["rounds"] // 2 + 1
    match_values: dict[tuple[int, int, int], float] = {}

    def match_value(w0: int, w1: int, played: int) -> float:
        if w0 >= needed or w1 >= needed or played >= options["rounds"]:
            return float(np.sign(w0 - w1))
        return match_values[(w0, w1, played)]

    # Later rounds first: what a round is worth depends on what the match is worth after it.
    for w0, w1, played in sorted(_scores(options["rounds"]), key=lambda s: -s[2]):
        ends = (
            match_value(w0 + 1, w1, played + 1),  # seat 0 takes the round
            match_value(w0, w1 + 1, played + 1),  # seat 1 takes it
            match_value(w0, w1, played + 1),  # drawn round
        )
        _RoundSolver(options, max_blocks, (w0, w1, played), ends, solution).run()
        start = solution.start
        match_values[(w0, w1, played)] = solution.values[start[:5] + (w0, w1, played)]
    return solution


def _scores(rounds: int) -> Iterator[tuple[int, int, int]]:
    """Every match score before the end: (wins of seat 0, of seat 1, rounds played)."""
    needed = rounds // 2 + 1
    for played in range(rounds):
        check_time()
        for w0 in range(min(played, needed - 1) + 1):
            for w1 in range(min(played - w0, needed - 1) + 1):
                yield (w0, w1, played)


class _RoundSolver:
    """One round's positions at one match score, given what each way of ending is worth."""

    def __init__(
        self,
        options: dict[str, Any],
        max_blocks: int,
        score: tuple[int, int, int],
        ends: tuple[float, float, float],
        solution: Solution,
    ) -> None:
        self.options = options
        self.score = score
        # Shifted so a drawn round (and endless play) is worth 0; shifted back at the end.
        self.draw = ends[2]
        self.win, self.loss = ends[0] - self.draw, ends[1] - self.draw
        self.cap = _cap(options)
        self.solution = solution
        self.values: dict[Key, float] = {}
        self.hints: dict[Key, matrix.Supports] = {}
        top = options["attacks_to_win"]
        if options["block_exhaustion"] == "unlimited":
            self.block_pairs = [(None, None)]
        else:
            # Fewest blocks first: blocks only ever go down, so successors come earlier.
            pairs = product(range(max_blocks + 1), repeat=2)
            self.block_pairs = sorted(pairs, key=lambda p: (p[0] + p[1], p))
        self.streaks = list(product(range(top), repeat=2))

    def key(self, blocks, streak, turn) -> Key:
        return (blocks[0], blocks[1], streak[0], streak[1], turn, *self.score)

    def cell(self, key: Key, a: str, b: str) -> float:
        """Seat 0's (shifted) payoff when seat 0 plays ``a`` and seat 1 ``b`` at ``key``."""
        b0, b1, s0, s1, turn = key[:5]
        blocks = (0, 0) if b0 is None else (b0, b1)
        loser, after, streak, _ = resolve(
            (a, b),
            blocks,
            (s0, s1),
            self.options["block_exhaustion"],
            self.options["attacks_to_win"],
        )
        if loser is not None:
            return self.loss if loser == 0 else self.win
        if turn is not None and turn + 1 >= self.cap:
            return 0.0  # time is up: a drawn round
        nxt = (None, None) if b0 is None else after
        return self.values[self.key(nxt, streak, None if turn is None else turn + 1)]

    def game(self, key: Key) -> np.ndarray:
        return np.array([[self.cell(key, a, b) for b in MOVES] for a in MOVES])

    def value(self, key: Key, like: Key) -> float:
        """The value at ``key``, trying the supports last found at ``like`` first."""
        v, self.hints[key] = matrix.value(self.game(key), self.hints.get(like))
        return v

    def run(self) -> None:
        if self.cap is not None:
            # A finite tree of turns: the last turn first.
            for turn in range(self.cap - 1, -1, -1):
                check_time()
                for blocks in self.block_pairs:
                    for streak in self.streaks:
                        key = self.key(blocks, streak, turn)
                        self.values[key] = self.value(key, self.key(blocks, streak, turn + 1))
        else:
            for blocks in self.block_pairs:
                self._fixed_point([self.key(blocks, s, None) for s in self.streaks])
        solution = self.solution
        for key in self.values:
            check_time()
            game = self.game(key)
            v, mix, unique = matrix.equilibrium(game, self.hints.get(key))
            solution.values[key] = v + self.draw
            solution.mixes[key] = mix
            solution.unique[key] = unique
            solution.matrices[key] = game + self.draw

    def _fixed_point(self, group: list[Key]) -> None:
        """Iterate the group's values to the fixed point of Shapley's operator."""
        for key in group:
            self.values[key] = 0.0
        for _ in range(MAX_SWEEPS):
            check_time()
            self.solution.sweeps += 1
            moved = 0.0
            for key in group:  # Gauss-Seidel: new values are used at once
                v = self.value(key, key)
                moved = max(moved, abs(v - self.values[key]))
                self.values[key] = v
            if moved <= TOLERANCE:
                return
        raise ArithmeticError(f"value iteration did not settle for {group[0]}")
