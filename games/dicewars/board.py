"""A Dice Wars map: territories, the hexes that draw them, and who borders whom.

A board never changes during a game, so every state of a game shares one. Sets of
territories are int bit masks (bit t = territory t): a map has about 30 of them, and
the questions the engine asks ("which neighbours are enemies?") become one AND.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core import IllegalMove
from games.dicewars.regions import largest_region

#: More territories than any generated map has; bounds hand-made positions.
MAX_TERRITORIES = 64
#: Region sizes a board remembers before it starts afresh.
REGION_MEMORY = 4096


def bits(mask: int) -> list[int]:
    """The territories of a mask, in increasing order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class Board:
    """The static map. ``hexes[t]`` are grid cells (see hexgrid), ``neighbours[t]`` the
    adjacent territories in increasing order and ``adjacent[t]`` the same as a mask."""

    __slots__ = ("size", "hexes", "_hex_text", "neighbours", "adjacent", "everything", "_regions")

    def __init__(self, hexes: Sequence[Sequence[int]], adjacent: Sequence[int]) -> None:
        self.size = len(adjacent)
        self.hexes = tuple(tuple(h) for h in hexes)
        self._hex_text: tuple[str, ...] | None = None
        self.adjacent = tuple(adjacent)
        self.neighbours = tuple(tuple(bits(mask)) for mask in self.adjacent)
        self.everything = (1 << self.size) - 1
        self._regions: dict[int, int] = {}

    @property
    def hex_text(self) -> tuple[str, ...]:
        """What views show: each territory's cells as one string, e.g. "35 36 67".
        Made on first use: bulk simulation never looks."""
        if self._hex_text is None:
            self._hex_text = tuple(" ".join(map(str, sorted(cells))) for cells in self.hexes)
        return self._hex_text

    def region_size(self, owned: int) -> int:
        """The largest connected group within ``owned`` (a mask), remembered: views ask
        for every player's score at every position, and most masks repeat."""
        size = self._regions.get(owned)
        if size is None:
            if len(self._regions) >= REGION_MEMORY:
                self._regions.clear()
            size = self._regions[owned] = largest_region(owned, self.adjacent)
        return size

    @classmethod
    def from_neighbours(
        cls, neighbours: Sequence[Sequence[int]], hexes: Sequence[Sequence[int]] | None = None
    ) -> Board:
        """A board from neighbour lists (a position's view or a hand-made test map).

        Adjacency must be symmetric and never a territory to itself; raises IllegalMove."""
        size = len(neighbours)
        if not 1 <= size <= MAX_TERRITORIES:
            raise IllegalMove(f"a map has 1 to {MAX_TERRITORIES} territories, not {size}")
        masks = [0] * size
        for t, adjacent in enumerate(neighbours):
            for other in adjacent:
                if type(other) is not int or not 0 <= other < size or other == t:
                    raise IllegalMove(f"territory {t} cannot border {other!r}")
                masks[t] |= 1 << other
        for t in range(size):
            for other in bits(masks[t]):
                if not masks[other] >> t & 1:
                    raise IllegalMove(f"territory {t} borders {other} but not the other way")
        return cls(hexes if hexes is not None else [()] * size, masks)
