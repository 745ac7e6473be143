"""The JSON view of a position (docs/games/octagon.md lists every field) and reading it back.

The browser draws the board from this alone, and ``Game.from_position`` sets a position
up from it, so both directions live here: a field added to one is read by the other.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.core import IllegalMove
from games.octagon.board import Board
from games.octagon.moves import move_to_text
from games.octagon.pieces import (
    DELTAS,
    DIRECTIONS,
    KINDS,
    LIMITED_KINDS,
    arrows,
    owner_of,
    piece_code,
    spec_of,
)
from games.octagon.preview import displaced_pieces, narrate

if TYPE_CHECKING:
    from games.octagon.state import OctagonState


def observation(state: OctagonState, seat: int | None) -> dict[str, Any]:
    # Open information: every seat and a spectator see the same position.
    board = state.geometry
    size = board.size
    return {
        "game": "octagon",
        "seat": seat,
        "options": dict(state.options),
        "preset": board.preset.name,
        "size": size,
        "playable": [[board.playable[r * size + c] for c in range(size)] for r in range(size)],
        "hole": list(board.row_col(board.hole)),
        "cell_count": len(board.cells),
        "pieces": [piece_json(board, i, state.board[i]) for i in board.cells if state.board[i]],
        "stocks": [{str(k): stock[k] for k in LIMITED_KINDS} for stock in state.stock],
        "turns": state.turns,
        "placements_per_turn": state.per_turn,
        "placements_made": state.made,
        "placements_left": state.placements_left(),
        "placements_left_by_seat": [state.placements_left(0), state.placements_left(1)],
        "scores": list(state.counts),
        "to_move": state.to_move(),
        "last": last_json(state),
        "over": state.over,
        "winner": state.winner(),
        "result": state.result_text(),
    }


def piece_json(board: Board, index: int, code: int) -> dict[str, Any]:
    kind, orientation = spec_of(code)
    return {
        "cell": list(board.row_col(index)),
        "owner": owner_of(code),
        "kind": kind,
        "orientation": DIRECTIONS[orientation],
        "arrows": [DIRECTIONS[d] for d in arrows(kind, orientation)],
    }


def last_json(state: OctagonState) -> dict[str, Any] | None:
    """The previous placement and everything it displaced, in order, for animation."""
    if state.last_view is not None:
        return copy.deepcopy(state.last_view)
    if state.last_raw is None:
        return None
    seat, move, moved = state.last_raw
    row, column, kind, orientation = move
    board = state.geometry
    displaced = displaced_pieces(board, moved)
    entries = []
    for piece in displaced:
        dr, dc = piece.origin[0] - row, piece.origin[1] - column
        # The line runs straight from the placed piece, so the signs give its direction.
        direction = DELTAS.index(((dr > 0) - (dr < 0), (dc > 0) - (dc < 0)))
        ddr, ddc = DELTAS[direction]
        entries.append(
            {
                "owner": piece.owner,
                "kind": piece.kind,
                "orientation": DIRECTIONS[piece.orientation],
                "from": list(piece.origin),
                "to": list(piece.to) if piece.to is not None else None,
                "fate": piece.fate,
                "direction": DIRECTIONS[direction],
                # Where a killed piece flies to: the cell beyond its line (off or the hole).
                "toward": [piece.origin[0] + ddr, piece.origin[1] + ddc],
            }
        )
    return {
        "seat": seat,
        "move": move_to_text(move),
        "placed": piece_json(board, board.index(row, column), piece_code(seat, kind, orientation)),
        "displaced": entries,
        "lost": [sum(1 for p in displaced if p.killed and p.owner == s) for s in (0, 1)],
        "text": narrate(seat, move, displaced),
    }


# ----- reading a view back (Game.from_position) --------------------------------------------


def read_pieces(view: Mapping[str, Any], board: Board) -> dict[int, int]:
    """Cell index -> piece code from a view's "pieces"; IllegalMove on anything off."""
    pieces: dict[int, int] = {}
    for item in view.get("pieces", []):
        if not isinstance(item, Mapping):
            raise IllegalMove(f"a piece is an object, not {item!r}")
        cell, owner, kind = item.get("cell"), item.get("owner"), item.get("kind")
        if (
            not isinstance(cell, (list, tuple))
            or len(cell) != 2
            or not all(type(x) is int for x in cell)
            or not board.holds(cell[0], cell[1])
        ):
            raise IllegalMove(f"piece {item!r}: its cell is not on this board")
        if owner not in (0, 1) or type(owner) is not int:
            raise IllegalMove(f"piece {item!r}: the owner is seat 0 or 1")
        if kind not in KINDS or type(kind) is not int:
            raise IllegalMove(f"piece {item!r}: the kind is 1, 2, 4 or 8")
        name = item.get("orientation", "N")
        if name not in DIRECTIONS or DIRECTIONS.index(name) >= 8 // kind:
            allowed = ", ".join(DIRECTIONS[: 8 // kind])
            raise IllegalMove(f"piece {item!r}: a {kind}-piece's orientation is one of {allowed}")
        index = board.index(cell[0], cell[1])
        if index in pieces:
            raise IllegalMove(f"two pieces on ({cell[0]},{cell[1]})")
        pieces[index] = piece_code(owner, kind, DIRECTIONS.index(name))
    return pieces


def read_stocks(view: Mapping[str, Any], default: dict[int, int]) -> list[dict[int, int]]:
    stocks = view.get("stocks")
    if stocks is None:
        return [dict(default), dict(default)]
    if not isinstance(stocks, (list, tuple)) or len(stocks) != 2:
        raise IllegalMove("stocks: one object per seat")
    out = []
    for stock in stocks:
        if not isinstance(stock, Mapping):
            raise IllegalMove(f"stocks: {stock!r} is not an object")
        counts = {}
        for kind in LIMITED_KINDS:
            n = stock.get(str(kind), 0)
            if type(n) is not int or n < 0:
                raise IllegalMove(f"stocks: {kind}-pieces left must be a whole number >= 0")
            counts[kind] = n
        out.append(counts)
    return out
