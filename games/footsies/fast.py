"""The fast path: bulk random-vs-random Footsies on precomputed transition tables.

Within a round only the block counts and hit streaks decide what a turn does (the
previous moves are shown to the players, never read by the rules), so a round is a
walk over (blocks, streak) positions. ``_Table`` numbers those positions and keeps, per
position, the 16 results of the joint choices — the next position, or who won — filled
in from ``rules.resolve`` the first time a position is met. A turn is then two draws
and one list lookup.

Both paths draw from the rng alike: the clean path (``games.testing.random_playout``)
asks ``rng.choice(legal_moves)`` for seat 0, then seat 1, and ``choice`` over four
moves is ``getrandbits(3)`` redrawn while it is 4 or more; this module makes exactly
those calls. The same seed therefore plays the same game, and leaves the rng in the
same state, so a run of games here is the run of games there.
"""

from __future__ import annotations

import random
from typing import Any

from games.core import SIMULTANEOUS
from games.footsies.rules import MOVES, resolve
from games.footsies.state import SAFETY_TURNS, FootsiesState

#: Joint results below zero: the round is over and this seat won it.
SEAT0_WINS = -1
SEAT1_WINS = -2

#: Block counts are stored offset so the literal game.py's "unlimited" blocks, which
#: go below zero, still pack into one non-negative number.
_OFFSET = 1024
_SPAN = 2 * _OFFSET + 100

#: Every joint choice of a turn as it enters the history, by index 4 * seat0 + seat1.
_JOINTS = tuple(((0, a), (1, b)) for a in MOVES for b in MOVES)


class _Table:
    """Transition rows for one rule set, built lazily and kept for the process."""

    __slots__ = ("exhaustion", "to_win", "rows")

    def __init__(self, exhaustion: str, to_win: int) -> None:
        self.exhaustion = exhaustion
        self.to_win = to_win
        self.rows: dict[int, list[int]] = {}

    def code(self, blocks: tuple[int, int], streak: tuple[int, int]) -> int:
        # Streaks at or above attacks_to_win cannot arise in play; clamping one keeps
        # a hand-made position's meaning (its next hit wins) inside the table.
        top = self.to_win - 1
        s0, s1 = min(streak[0], top), min(streak[1], top)
        return (((blocks[0] + _OFFSET) * _SPAN + blocks[1] + _OFFSET) * self.to_win + s0) * (
            self.to_win
        ) + s1

    def start(self, options: dict[str, Any]) -> int:
        return self.code((options["blocks"], options["blocks"]), (0, 0))

    def decode(self, code: int) -> tuple[tuple[int, int], tuple[int, int]]:
        rest, s1 = divmod(code, self.to_win)
        rest, s0 = divmod(rest, self.to_win)
        b0, b1 = divmod(rest, _SPAN)
        return (b0 - _OFFSET, b1 - _OFFSET), (s0, s1)

    def row(self, code: int) -> list[int]:
        blocks, streak = self.decode(code)
        row = []
        for a in MOVES:
            for b in MOVES:
                loser, after_blocks, after_streak, _ = resolve(
                    (a, b), blocks, streak, self.exhaustion, self.to_win
                )
                if loser is None:
                    row.append(self.code(after_blocks, after_streak))
                else:
                    row.append(SEAT1_WINS if loser == 0 else SEAT0_WINS)
        self.rows[code] = row
        return row


_TABLES: dict[tuple[str, int], _Table] = {}


def table(options: dict[str, Any]) -> _Table:
    key = (options["block_exhaustion"], options["attacks_to_win"])
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = _Table(*key)
    return found


def playout(state: FootsiesState, rng: random.Random, trace: list | None = None) -> int | None:
    """Play the match from ``state`` to the end at random; return the winner (None: a draw).

    ``state`` is read, not changed. Draws from ``rng`` exactly what the clean path
    draws; ``trace=[]`` collects the events in ``history()`` form.
    """
    if state.over:
        return state.winner
    tab = table(state.options)
    code = tab.code((state.blocks[0], state.blocks[1]), (state.streak[0], state.streak[1]))
    return _play(
        tab, state.options, rng, code, state.turn, state.round_wins, len(state.round_results), trace
    )


def _play(tab, options, rng, code, turn, wins, played, trace) -> int | None:
    rows = tab.rows
    grb = rng.getrandbits
    cap = options["max_turns"]
    cap = SAFETY_TURNS if cap is None else min(cap, SAFETY_TURNS)
    rounds = options["rounds"]
    needed = rounds // 2 + 1
    wins = list(wins)
    while True:
        # One round: seat 0's choice, then seat 1's, as rng.choice(MOVES) makes them.
        while True:
            a = grb(3)
            while a > 3:
                a = grb(3)
            b = grb(3)
            while b > 3:
                b = grb(3)
            try:
                row = rows[code]
            except KeyError:
                row = tab.row(code)
            a = a * 4 + b
            code = row[a]
            turn += 1
            if trace is not None:
                trace.append((SIMULTANEOUS, _JOINTS[a]))
            if code < 0:
                winner: int | None = 0 if code == SEAT0_WINS else 1
                break
            if turn >= cap:
                winner = None
                break
        played += 1
        if winner is not None:
            wins[winner] += 1
        if wins[0] >= needed or wins[1] >= needed or played >= rounds:
            return 0 if wins[0] > wins[1] else 1 if wins[1] > wins[0] else None
        code, turn = tab.start(options), 0


def simulate(games: int, rng: random.Random, options: dict[str, Any] | None = None) -> dict:
    """Play ``games`` random matches from the start, one after another on ``rng``.

    The same as ``games`` calls of the clean path's ``random_playout(new_state)`` on
    the same rng; returns the tally ``{"wins": [seat 0, seat 1], "draws": n}``.
    """
    from games.footsies import GAME

    options = GAME.new_state(2, options).options  # checked; no setup chance, one start
    tab = table(options)
    start = tab.start(options)
    tally = [0, 0, 0]
    if options["rounds"] > 1 or options["max_turns"] is not None:
        no_wins = (0, 0)
        for _ in range(games):
            winner = _play(tab, options, rng, start, 0, no_wins, 0, None)
            tally[2 if winner is None else winner] += 1
        return {"wins": tally[:2], "draws": tally[2]}
    # One round, no cap but the engine's: the loop of _play, unrolled for speed.
    rows = tab.rows
    grb = rng.getrandbits
    for _ in range(games):
        code = start
        turn = 0
        while True:
            a = grb(3)
            while a > 3:
                a = grb(3)
            b = grb(3)
            while b > 3:
                b = grb(3)
            try:
                row = rows[code]
            except KeyError:
                row = tab.row(code)
            code = row[a * 4 + b]
            if code < 0:
                tally[-1 - code] += 1  # SEAT0_WINS -> 0, SEAT1_WINS -> 1
                break
            turn += 1
            if turn >= SAFETY_TURNS:
                tally[2] += 1
                break
    return {"wins": tally[:2], "draws": tally[2]}
