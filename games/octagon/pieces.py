"""Compass directions and the four piece kinds (docs/games/octagon.md).

A piece is a kind (1, 2, 4 or 8 arrows) and an orientation. The orientation is the
direction of its first arrow clockwise from N, so one number serves the move text, the
tables and the renderer: a k-piece's arrows are that direction and every 8/k-th one
after it. A 2-piece therefore has 4 orientations, a 4-piece 2 ("+" and "x"), an
8-piece 1 and a 1-piece 8.

On the board a piece is one small int, its *code*, so the fast path copies and compares
plain ints; ``piece_code`` and ``owner_of``/``spec_of`` are the only places that know it.
"""

from __future__ import annotations

#: Clockwise from N; a direction is its index here.
DIRECTIONS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DIRECTION_INDEX = {name: i for i, name in enumerate(DIRECTIONS)}
#: (row step, column step) per direction; rows grow downwards (S).
DELTAS: tuple[tuple[int, int], ...] = (
    (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1),
)  # fmt: skip

KINDS: tuple[int, ...] = (1, 2, 4, 8)
#: Kinds a player holds a limited stock of; the 1-piece is unlimited.
LIMITED_KINDS: tuple[int, ...] = (2, 4, 8)


def orientations(kind: int) -> int:
    """How many distinct orientations a ``kind``-piece has (8 / kind)."""
    return 8 // kind


def arrows(kind: int, orientation: int) -> tuple[int, ...]:
    """The directions a piece pushes in, clockwise from N."""
    spacing = 8 // kind
    return tuple(sorted((orientation + j * spacing) % 8 for j in range(kind)))


#: Every (kind, orientation) a piece can be, in the order legal moves list them.
SPECS: tuple[tuple[int, int], ...] = tuple((k, o) for k in KINDS for o in range(orientations(k)))
SPEC_INDEX = {spec: i for i, spec in enumerate(SPECS)}
SPEC_ARROWS: tuple[tuple[int, ...], ...] = tuple(arrows(k, o) for k, o in SPECS)


def piece_code(owner: int, kind: int, orientation: int) -> int:
    """The board's int for a piece; 0 stays free to mean an empty cell."""
    return 2 + 2 * SPEC_INDEX[(kind, orientation)] + owner


def owner_of(code: int) -> int:
    return code & 1


def spec_of(code: int) -> tuple[int, int]:
    """(kind, orientation) of a piece code."""
    return SPECS[(code >> 1) - 1]


def orientation_for(kind: int, direction: int) -> int | None:
    """The orientation of a ``kind``-piece with an arrow pointing ``direction``.

    Any of the piece's arrows names it, so a player may click either end of a 2-piece.
    """
    if kind not in KINDS:
        return None
    return direction % (8 // kind)
