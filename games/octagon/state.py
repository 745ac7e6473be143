"""A position of The Octagon Theory, with the clean path and the fast path.

Clean path (the contract): ``apply(move)`` checks the move, copies the state and places
on the copy. Fast path (search and bulk simulation): ``make_move(move)`` places in place
with no check and returns an undo token for ``unmake_move``; ``random_move(rng)`` draws
exactly what ``rng.choice(state.legal_moves(seat))`` would, consuming the same random
numbers, without building the list. Both paths run the same ``_place``, so a game played
either way from one seed is the same game (tests/games/test_octagon_fast_path.py).
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from typing import Any

from games.core import TERMINAL, IllegalMove, Outcome, State
from games.octagon.board import Board, starting_stock
from games.octagon.moves import Move, is_move_shape, move_table, move_to_text, text_to_move
from games.octagon.pieces import LIMITED_KINDS, SPEC_ARROWS, SPEC_INDEX, SPECS
from games.octagon.push import Displacement, displacements
from games.octagon.view import observation

#: Spec indices a player may use, by which limited kinds it still holds
#: (bit 0: a 2-piece, bit 1: a 4-piece, bit 2: an 8-piece). Kind order, then orientation,
#: which is the order of legal moves within one cell.
_USABLE: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        i for i, (kind, _) in enumerate(SPECS) if kind == 1 or mask >> LIMITED_KINDS.index(kind) & 1
    )
    for mask in range(8)
)
#: First spec index of each kind, so a move's spec is a sum, not a dict lookup.
_SPEC_BASE = {kind: SPEC_INDEX[(kind, 0)] for kind in (1, 2, 4, 8)}

#: What ``make_move`` returns: everything ``unmake_move`` needs to restore the position.
Undo = tuple


class OctagonState(State):
    """Two players place directional pieces; the game ends after T placements."""

    num_players = 2

    def __init__(self, game, options: dict[str, Any], board: Board) -> None:
        self.game = game
        self.options = options
        self.geometry = board
        self.turns: int = options["turns"] or board.preset.turns
        self.per_turn: int = options["placements_per_turn"]
        self.first: int = options["first_player"]
        self.chain_mode: str = options["chain_mode"]
        #: Piece code per index of the square (0: empty); see games.octagon.pieces.
        self.board: list[int] = [0] * (board.size * board.size)
        #: Empty playable cells, kept sorted (row-major) for the fast random move.
        self.empties: list[int] = list(board.cells)
        self.stock: list[dict[int, int]] = [starting_stock(board.preset.name) for _ in (0, 1)]
        self.counts: list[int] = [0, 0]  # own pieces on the board: the score
        self.made = 0  # placements made by either player
        self.over = False
        # The previous placement: raw (seat, move, displacements) from play, or the JSON
        # a set-up position came with (kept as given so the view round-trips).
        self.last_raw: tuple | None = None
        self.last_view: dict[str, Any] | None = None
        self._hist = None
        self._ply = 0
        self._position = None

    # ----- whose turn ------------------------------------------------------------------

    def seat_of_placement(self, k: int) -> int:
        """The seat that makes placement number ``k`` (0-based)."""
        return self.first ^ ((k // self.per_turn) & 1)

    def to_move(self) -> int | None:
        return None if self.over else self.first ^ ((self.made // self.per_turn) & 1)

    def current(self) -> int:
        if self.over:
            return TERMINAL
        return self.first ^ ((self.made // self.per_turn) & 1)

    def placements_left(self, seat: int | None = None) -> int:
        """Placements still to come in all (or for ``seat``), if the board does not fill."""
        if seat is None:
            return max(0, self.turns - self.made)
        return sum(1 for k in range(self.made, self.turns) if self.seat_of_placement(k) == seat)

    # ----- moves -----------------------------------------------------------------------

    def _usable_specs(self, seat: int) -> tuple[int, ...]:
        stock = self.stock[seat]
        return _USABLE[(stock[2] > 0) | (stock[4] > 0) << 1 | (stock[8] > 0) << 2]

    def legal_moves(self, seat: int) -> list[Move]:
        """Every (row, column, kind, orientation): empty cells row-major, then kind,
        then orientation. No pass: a full board ends the game (docs/games/octagon.md)."""
        if self.over or seat != self.current():
            return []
        table = move_table(self.geometry)
        usable = self._usable_specs(seat)
        return [table[cell][spec] for cell in self.empties for spec in usable]

    def count_moves(self) -> int:
        """``len(legal_moves(current()))`` without building the list."""
        if self.over:
            return 0
        return len(self.empties) * len(self._usable_specs(self.current()))

    def random_move(self, rng: random.Random) -> Move:
        """``rng.choice(self.legal_moves(seat))``, drawing the same number, list-free."""
        usable = self._usable_specs(self.current())
        n = len(usable)
        pick = rng.randrange(len(self.empties) * n)
        return move_table(self.geometry)[self.empties[pick // n]][usable[pick % n]]

    def _check_move(self, seat: int, move: Any) -> None:
        # A direct check instead of scanning the whole list of legal moves.
        if not is_move_shape(move):
            raise IllegalMove(
                f"{move!r} is not an Octagon move: (row, column, kind, orientation), "
                "or text like '4,2,1,NE'"
            )
        row, column, kind, _ = move
        if not self.geometry.holds(row, column):
            raise IllegalMove(f"({row},{column}) is not a cell of this board")
        if self.board[row * self.geometry.size + column]:
            raise IllegalMove(f"({row},{column}) already holds a piece")
        if kind != 1 and self.stock[seat][kind] <= 0:
            raise IllegalMove(f"seat {seat} has no {kind}-pieces left")

    # ----- placing: shared by both paths ----------------------------------------------

    def _apply(self, actor: int, move: Any) -> None:
        self._place(actor, move)

    def _place(self, seat: int, move: Move) -> list[Displacement]:
        row, column, kind, orientation = move
        cell = row * self.geometry.size + column
        spec = _SPEC_BASE[kind] + orientation
        board, empties, counts = self.board, self.empties, self.counts
        board[cell] = 2 + 2 * spec + seat
        del empties[bisect_left(empties, cell)]
        moved = displacements(
            board, self.geometry.step, cell, seat, SPEC_ARROWS[spec], self.chain_mode
        )
        for here, to, code in moved:
            board[here] = 0
            insort(empties, here)
            if to >= 0:
                board[to] = code
                del empties[bisect_left(empties, to)]
            else:
                counts[code & 1] -= 1
        if kind != 1:
            self.stock[seat][kind] -= 1
        counts[seat] += 1
        self.made += 1
        # Nobody can place on a full board, so it ends the game as surely as T does.
        self.over = self.made >= self.turns or not empties
        self.last_raw = (seat, move, moved)
        self.last_view = None
        return moved

    # ----- the fast path --------------------------------------------------------------

    def make_move(self, move: Move) -> Undo:
        """Fast path: place a move known to be legal, in place and unchecked.

        Records history like ``apply_in_place``; returns the token ``unmake_move`` takes.
        A move that is not legal here corrupts the state: use ``apply`` for outside input.
        """
        seat = self.current()
        token = (move, seat, self.last_raw, self.last_view, self._hist, self._ply)
        moved = self._place(seat, move)
        self._hist = (self._hist, (seat, move))
        self._ply += 1
        return token + (moved,)

    def unmake_move(self, token: Undo) -> None:
        """Undo the last ``make_move`` (tokens must be undone newest first)."""
        move, seat, last_raw, last_view, hist, ply, moved = token
        row, column, kind, _ = move
        board, empties, counts = self.board, self.empties, self.counts
        for here, to, code in reversed(moved):
            if to >= 0:
                board[to] = 0
                insort(empties, to)
            else:
                counts[code & 1] += 1
            board[here] = code
            del empties[bisect_left(empties, here)]
        cell = row * self.geometry.size + column
        board[cell] = 0
        insort(empties, cell)
        if kind != 1:
            self.stock[seat][kind] += 1
        counts[seat] -= 1
        self.made -= 1
        self.over = False  # a move was legal here, so the game was not over
        self.last_raw, self.last_view = last_raw, last_view
        self._hist, self._ply = hist, ply

    # ----- results ----------------------------------------------------------------------

    def winner(self) -> int | None:
        if not self.over or self.counts[0] == self.counts[1]:
            return None
        return 0 if self.counts[0] > self.counts[1] else 1

    def returns(self) -> tuple[float, ...]:
        winner = self.winner()
        if winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)

    def result_text(self) -> str | None:
        if not self.over:
            return None
        a, b = self.counts
        winner = self.winner()
        if winner is None:
            return f"draw, {a}-{b}"
        return f"seat {winner} wins, {max(a, b)}-{min(a, b)}"

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        return Outcome.from_returns(self.returns(), self.result_text() or "")

    # ----- views and text -----------------------------------------------------------------

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        return observation(self, seat)

    def move_to_str(self, move: Any) -> str:
        if not is_move_shape(move):
            raise IllegalMove(f"{move!r} is not an Octagon move")
        return move_to_text(move)

    def str_to_move(self, text: str) -> Move:
        return text_to_move(text, self.geometry)

    def clone(self) -> OctagonState:
        other = OctagonState.__new__(OctagonState)
        other.__dict__.update(self.__dict__)
        other.board = self.board[:]
        other.empties = self.empties[:]
        other.stock = [dict(self.stock[0]), dict(self.stock[1])]
        other.counts = self.counts[:]
        return other
