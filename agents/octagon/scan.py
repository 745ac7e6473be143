"""One scan of every legal placement, valued by the designer's weights, for searches.

The designer's AI (``greedy.py``) builds a :class:`~agents.octagon.greedy.Candidate` per
placement so it can explain its choice; a search asks the same question at every node and
needs only the numbers. ``scan`` gives them: each placement's cell safety plus its kill
and push points, computed arrow by arrow only where an opponent piece stands next to the
cell (no other arrow displaces anything). ``favourites`` reads from it what the designer's
AI would draw from, economy rule and ties included (tested against its own ``act``).
"""

from __future__ import annotations

from agents.octagon.greedy import NOTHING, arrow_effect
from games.octagon.moves import Move, move_table
from games.octagon.pieces import SPEC_ARROWS, SPECS
from games.octagon.state import OctagonState

#: ``(value, cell, spec)``: a placement's designer value, its cell index and piece spec.
Valued = tuple[float, int, int]


def scan(state: OctagonState, seat: int, kill: float, push: float) -> list[Valued]:
    """Every legal placement of ``seat`` in the legal-move order (cells row-major, then
    kind and orientation): its cell's safety plus ``kill`` a piece killed and ``push`` a
    piece pushed to a less safe cell, own pieces counted against."""
    board = state.board
    geometry = state.geometry
    step, safety = geometry.step, geometry.safety
    usable = state._usable_specs(seat)
    found: list[Valued] = []
    for cell in state.empties:
        points: list[float] | None = None
        for d in range(8):
            near = step[d][cell]
            if near < 0:
                continue
            code = board[near]
            if not code or (code & 1) == seat:
                continue  # only an adjacent opponent piece is ever pushed
            e = arrow_effect(state, seat, cell, d)
            if e is not NOTHING:
                if points is None:
                    points = [0.0] * 8
                points[d] = kill * (e.kills - e.own_lost) + push * (
                    e.down - e.up - e.own_down + e.own_up
                )
        base = safety[cell]
        if points is None:
            found.extend((base, cell, spec) for spec in usable)
            continue
        for spec in usable:
            value = base
            for d in SPEC_ARROWS[spec]:
                value += points[d]
            found.append((value, cell, spec))
    return found


def favourites(state: OctagonState, kill: float, push: float) -> list[Move]:
    """The placements the designer's AI (its default settings, given its ``kill`` value
    now) draws from for the seat to move: the piece economy's eligible placements of the
    best value, the weakest piece among them, in the scan's order."""
    seat = state.current()
    valued = scan(state, seat, kill, push)
    best_single = max(v for v, _, spec in valued if SPECS[spec][0] == 1)
    if state.placements_left(seat) > sum(state.stock[seat].values()):
        # The economy: a limited piece must beat the best 1-piece by a whole kill.
        threshold = best_single + kill
        valued = [x for x in valued if SPECS[x[2]][0] == 1 or x[0] >= threshold]
    top = max(v for v, _, _ in valued)
    tied = [x for x in valued if x[0] == top]
    weakest = min(SPECS[spec][0] for _, _, spec in tied)
    table = move_table(state.geometry)
    return [table[cell][spec] for _, cell, spec in tied if SPECS[spec][0] == weakest]
