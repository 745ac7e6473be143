"""Final placings (docs/games/dicewars.md): the conqueror first, the others by elimination
order (later is better); at the turn cap the survivors by territories, then dice."""

from __future__ import annotations

from collections.abc import Sequence


def placings(own: Sequence[int], dice: Sequence[int], eliminated: Sequence[int]) -> tuple[int, ...]:
    """ranks[seat], 1 best, tied seats sharing a rank (competition ranking).

    ``own[seat]`` is the seat's territory mask; ``eliminated`` the seats knocked out,
    first one first. Survivors always rank above the eliminated."""
    n = len(own)
    strength = [_strength(own[seat], dice) for seat in range(n)]
    ranks = [0] * n
    for seat in range(n):
        if seat in eliminated:
            ranks[seat] = n - eliminated.index(seat)
        else:
            ranks[seat] = 1 + sum(
                1
                for other in range(n)
                if other not in eliminated and strength[other] > strength[seat]
            )
    return tuple(ranks)


def _strength(owned: int, dice: Sequence[int]) -> tuple[int, int]:
    total = 0
    mask = owned
    while mask:
        low = mask & -mask
        total += dice[low.bit_length() - 1]
        mask ^= low
    return owned.bit_count(), total


def leader(own: Sequence[int], dice: Sequence[int], eliminated: Sequence[int]) -> int | None:
    """The single best survivor, or None when the best are tied."""
    ranks = placings(own, dice, eliminated)
    best = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return best[0] if len(best) == 1 else None
