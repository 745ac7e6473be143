"""Regions: groups of adjacent territories of one player (docs/games/dicewars.md).

A player's *score* is the size of their largest region; it is also how many dice they
get at the end of each turn, so it is computed once per turn and must be cheap.
"""

from __future__ import annotations

from collections.abc import Sequence


def largest_region(owned: int, adjacent: Sequence[int]) -> int:
    """Territories in the largest connected group of ``owned`` (a territory bit mask),
    with ``adjacent[t]`` the mask of territory t's neighbours."""
    best = 0
    rest = owned
    while rest:
        if rest.bit_count() <= best:
            break  # what is left cannot hold a larger region
        # Flood one region from the lowest remaining territory.
        region = frontier = rest & -rest
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = adjacent[low.bit_length() - 1] & rest & ~region
            region |= new
            frontier |= new
        size = region.bit_count()
        if size > best:
            best = size
        rest ^= region
    return best


def regions(owned: int, adjacent: Sequence[int]) -> list[int]:
    """Every region of ``owned`` as a mask, largest first (ties: lowest territory first)."""
    found = []
    rest = owned
    while rest:
        region = frontier = rest & -rest
        while frontier:
            grown = 0
            while frontier:
                low = frontier & -frontier
                grown |= adjacent[low.bit_length() - 1]
                frontier ^= low
            frontier = grown & rest & ~region
            region |= frontier
        found.append(region)
        rest &= ~region
    found.sort(key=lambda r: (-r.bit_count(), r & -r))
    return found
