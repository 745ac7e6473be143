"""The move and its text form (see docs/games/octagon.md).

A move is the tuple ``(row, column, kind, orientation)``: where the piece goes, which
piece, and the direction of its first arrow clockwise from N (0 = N ... 7 = NW). Its text
is ``"row,column,kind,DIR"``, e.g. ``"4,2,1,NE"`` or ``"0,3,4,N"`` (a "+" 4-piece), which a
page builds from one click on a cell plus the chosen piece and arrow.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import IllegalMove
from games.octagon.board import Board
from games.octagon.pieces import DIRECTION_INDEX, DIRECTIONS, KINDS, SPECS, orientation_for

Move = tuple[int, int, int, int]


def is_move_shape(move: Any) -> bool:
    """A 4-tuple of real ints (bools excluded) with a known kind and a valid orientation."""
    if type(move) is not tuple or len(move) != 4:
        return False
    if not all(type(part) is int for part in move):
        return False
    _, _, kind, orientation = move
    return kind in KINDS and 0 <= orientation < 8 // kind


def move_to_text(move: Move) -> str:
    row, column, kind, orientation = move
    return f"{row},{column},{kind},{DIRECTIONS[orientation]}"


def text_to_move(text: Any, board: Board) -> Move:
    """Parse move text for ``board``; IllegalMove says what is wrong.

    Lenient where a page might differ: spaces and letter case are ignored, any of the
    piece's arrows names its orientation ("3,4,2,S" is "3,4,2,N"), and the 8-piece may
    leave the direction out ("3,4,8").
    """
    if not isinstance(text, str):
        raise IllegalMove(f"an Octagon move is text like '4,2,1,NE', not {text!r}")
    parts = [part.strip() for part in text.split(",")]
    if len(parts) == 3 and parts[2] == "8":
        parts.append("N")
    if len(parts) != 4:
        raise IllegalMove(f"{text!r}: a move is 'row,column,kind,direction', e.g. '4,2,1,NE'")
    row_text, column_text, kind_text, direction_text = parts
    if not (_is_number(row_text) and _is_number(column_text)):
        raise IllegalMove(f"{text!r}: row and column are whole numbers from 0")
    row, column = int(row_text), int(column_text)
    if not board.holds(row, column):
        raise IllegalMove(f"{text!r}: ({row},{column}) is not a cell of this board")
    if kind_text not in ("1", "2", "4", "8"):
        raise IllegalMove(f"{text!r}: the piece is 1, 2, 4 or 8")
    direction = DIRECTION_INDEX.get(direction_text.upper())
    if direction is None:
        names = ", ".join(DIRECTIONS)
        raise IllegalMove(f"{text!r}: the direction is one of {names}")
    kind = int(kind_text)
    orientation = orientation_for(kind, direction)
    assert orientation is not None  # kind was checked above
    return (row, column, kind, orientation)


def _is_number(text: str) -> bool:
    # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
    return bool(text) and all("0" <= ch <= "9" for ch in text)


@cache
def move_table(board: Board) -> tuple[tuple[Move, ...], ...]:
    """``move_table(board)[cell][spec]``: the one shared tuple for each possible move.

    Legal-move lists and the fast random move hand out these objects instead of building
    new tuples on every call.
    """
    empty: tuple[Move, ...] = ()
    return tuple(
        tuple((i // board.size, i % board.size, k, o) for k, o in SPECS)
        if board.playable[i]
        else empty
        for i in range(board.size * board.size)
    )
