"""Questions agents ask about a position, in the game's own words."""

from __future__ import annotations

from games.dicewars import regions as _region_masks
from games.dicewars.board import bits
from games.dicewars.phases import ATTACK
from games.dicewars.state import DiceWarsState


def legal_attacks(state: DiceWarsState) -> list[tuple[int, int]]:
    """The attacks (source, target) the player to move may make now, in increasing
    order; empty when nobody is choosing an attack (chance node, end of the game)."""
    if state.phase != ATTACK:
        return []
    return state.attacks()


def largest_region(state: DiceWarsState, seat: int) -> int:
    """The seat's score: territories in its largest connected group (0 if none)."""
    if state.board is None:
        return 0
    return _region_masks.largest_region(state.own[seat], state.board.adjacent)


def regions(state: DiceWarsState, seat: int) -> list[list[int]]:
    """The seat's regions (groups of adjacent own territories) as lists of territory
    ids, largest first; the first is the one the seat's score counts."""
    if state.board is None:
        return []
    return [bits(mask) for mask in _region_masks.regions(state.own[seat], state.board.adjacent)]
