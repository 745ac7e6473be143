"""What a placement would do, for agents and for people, without changing the state.

``simulate_placement`` is the weighted-greedy agent's scan (docs/games/octagon.md): it reports
every piece a placement would displace. ``describe_move`` and ``narrate`` turn the same
facts into a sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from games.core import IllegalMove
from games.octagon.board import INTO_HOLE, Board
from games.octagon.moves import Move
from games.octagon.pieces import DIRECTIONS, SPEC_ARROWS, SPEC_INDEX, owner_of, spec_of
from games.octagon.push import displacements

if TYPE_CHECKING:
    from games.octagon.state import OctagonState

#: ``Displaced.fate`` values.
MOVED, EDGE, HOLE = "moved", "edge", "hole"


class Displaced(NamedTuple):
    """One piece a placement moves or kills."""

    owner: int
    kind: int
    orientation: int
    origin: tuple[int, int]  # (row, column) before the placement
    to: tuple[int, int] | None  # (row, column) after, None when killed
    fate: str  # MOVED, EDGE (pushed off the board) or HOLE (pushed into the hole)

    @property
    def killed(self) -> bool:
        return self.to is None


def displaced_pieces(board: Board, moved: list[tuple[int, int, int]]) -> list[Displaced]:
    """Raw displacements (see games.octagon.push) as readable records."""
    out = []
    for here, to, code in moved:
        kind, orientation = spec_of(code)
        if to >= 0:
            target, fate = board.row_col(to), MOVED
        else:
            target, fate = None, HOLE if to == INTO_HOLE else EDGE
        out.append(Displaced(owner_of(code), kind, orientation, board.row_col(here), target, fate))
    return out


def simulate_placement(state: OctagonState, move: Move) -> list[Displaced]:
    """Every piece ``move`` would displace if the player to move placed it now.

    The state is not changed. Raises IllegalMove if the move is not legal here.
    """
    seat = state.current()
    if seat < 0:
        raise IllegalMove("the game is over")
    state._check_move(seat, move)
    row, column, kind, orientation = move
    cell = state.geometry.index(row, column)
    # The placed piece is never on one of its own lines, so the board can stay as it is.
    moved = displacements(
        state.board,
        state.geometry.step,
        cell,
        seat,
        SPEC_ARROWS[SPEC_INDEX[(kind, orientation)]],
        state.chain_mode,
    )
    return displaced_pieces(state.geometry, moved)


def describe_move(state: OctagonState, move: Move) -> str:
    """A sentence for people about ``move`` played now by the player to move."""
    return narrate(state.current(), move, simulate_placement(state, move))


def narrate(seat: int, move: Move, displaced: list[Displaced]) -> str:
    row, column, kind, orientation = move
    arrows = SPEC_ARROWS[SPEC_INDEX[(kind, orientation)]]
    pointing = "all ways" if kind == 8 else "/".join(DIRECTIONS[d] for d in arrows)
    text = f"Seat {seat} places a {kind}-piece ({pointing}) at ({row},{column})"
    if not displaced:
        return text + "; nothing moves."
    effects = []
    for piece in displaced:
        whose = "its own" if piece.owner == seat else f"seat {piece.owner}'s"
        where = "({},{})".format(*piece.origin)
        if piece.fate == MOVED:
            effects.append("pushes {} piece from {} to ({},{})".format(whose, where, *piece.to))
        elif piece.fate == HOLE:
            effects.append(f"pushes {whose} piece at {where} into the hole")
        else:
            effects.append(f"pushes {whose} piece at {where} off the board")
    return text + " and " + ", ".join(effects) + "."
