"""What a placement does to the pieces around it: pushes, cannoning and kills.

Pieces already on the board are inert; only the placed piece pushes, once, along each of
its arrows, clockwise from N. The arrows' lines start at the placed cell and run in
different directions, so they never share a cell: what happens along one arrow cannot
change another. That lets the whole effect be computed from the board as it stands
(``displacements``) and then applied in one go (``apply_displacements``), which is what
both the clean path and the fast path do, and what the agents' preview reads.

A displacement is ``(from_index, to, code)``: ``to`` is a cell index, or OFF_EDGE /
INTO_HOLE when the piece dies; ``code`` is the piece moved. Within one line they are
listed far end first, so applying them in order always moves a piece into a free cell.
"""

from __future__ import annotations

from collections.abc import Sequence

#: ``chain_mode`` values (docs/games/octagon.md): who moves when the pushed piece has a piece behind it.
CRADLE = "cradle"  # the impulse passes down the line; only its last piece moves or dies
SHIFT = "shift"  # the whole line moves one step; its last piece dies at the edge
BLOCK = "block"  # a piece behind the pushed one stops the push
CHAIN_MODES: tuple[str, ...] = (CRADLE, SHIFT, BLOCK)

Displacement = tuple[int, int, int]


def displacements(
    board: Sequence[int],
    step: Sequence[Sequence[int]],
    cell: int,
    mover: int,
    directions: Sequence[int],
    chain_mode: str = CRADLE,
) -> list[Displacement]:
    """Every piece a placement at ``cell`` by ``mover`` displaces (board not changed).

    ``board`` holds piece codes (0 empty, owner in the low bit) and must already hold the
    placed piece or be empty at ``cell``; ``directions`` are its arrows in clockwise order.
    """
    out: list[Displacement] = []
    for d in directions:
        line = step[d]
        first = line[cell]
        if first < 0:
            continue
        code = board[first]
        # Only an adjacent opponent piece is pushed; own neighbours are never pushed directly.
        if not code or (code & 1) == mover:
            continue
        if chain_mode == CRADLE:
            here = first
            while True:
                ahead = line[here]
                if ahead < 0 or not board[ahead]:
                    out.append((here, ahead, board[here]))
                    break
                here = ahead
        elif chain_mode == SHIFT:
            run = [first]
            ahead = line[first]
            while ahead >= 0 and board[ahead]:
                run.append(ahead)
                ahead = line[ahead]
            # Far end first, so each piece steps into the cell just vacated ahead of it;
            # the step from the last piece is where the line goes (a free cell or death).
            out.extend((here, line[here], board[here]) for here in reversed(run))
        else:  # BLOCK
            ahead = line[first]
            if ahead < 0 or not board[ahead]:
                out.append((first, ahead, code))
    return out


def apply_displacements(board: list[int], moves: Sequence[Displacement]) -> None:
    """Carry out ``displacements`` on ``board`` in place."""
    for here, to, code in moves:
        board[here] = 0
        if to >= 0:
            board[to] = code


def undo_displacements(board: list[int], moves: Sequence[Displacement]) -> None:
    """Exactly reverse :func:`apply_displacements`."""
    for here, to, code in reversed(moves):
        if to >= 0:
            board[to] = 0
        board[here] = code
