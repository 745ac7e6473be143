"""End-of-turn reinforcement (docs/games/dicewars.md).

The pool is the player's reserve plus their score (largest region). Dice go one at a
time to a uniformly random own territory that still has room below 8; what cannot be
placed becomes the new reserve, at most 64. The outcome of this chance event is where
the dice went: a tuple of (territory, dice added) pairs in territory order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

MAX_DICE = 8
MAX_RESERVE = 64
#: Which total the 64 cap applies to (a design Decision, docs/games/dicewars.md): "pool" caps reserve + score
#: before handing out, as dturecek/dicewars does; "reserve" caps only what is left over,
#: as the paper words it.
CAP_RULES = ("pool", "reserve")

Placements = tuple[tuple[int, int], ...]


def pool_size(reserve: int, score: int, cap_rule: str) -> int:
    pool = reserve + score
    return min(pool, MAX_RESERVE) if cap_rule == "pool" else pool


def new_reserve(pool: int, placed: int) -> int:
    return min(pool - placed, MAX_RESERVE)


def room(territories: Sequence[int], dice: Sequence[int]) -> int:
    return sum(MAX_DICE - dice[t] for t in territories)


def sample(
    draw: Callable[[], float], pool: int, territories: Sequence[int], dice: Sequence[int]
) -> Placements:
    """Place ``pool`` dice one at a time on random territories (sorted ids) below 8."""
    open_ = []
    space = []
    for t in territories:
        d = dice[t]
        if d < MAX_DICE:
            open_.append(t)
            space.append(MAX_DICE - d)
    # Cases with one possible result draw nothing: same odds, no random numbers spent.
    if pool >= sum(space):
        return tuple(zip(open_, space, strict=True))
    if pool == 0:
        return ()
    if len(open_) == 1:
        return ((open_[0], pool),)
    added = [0] * len(open_)
    if pool <= min(space):
        # No territory can fill up, so every die lands uniformly on any of them: the
        # same draws as below, without the bookkeeping.
        count = len(open_)
        for _ in range(pool):
            added[int(draw() * count)] += 1
    else:
        slots = list(range(len(open_)))  # positions in open_ that still have room
        for _ in range(pool):
            i = int(draw() * len(slots))
            j = slots[i]
            n = added[j] + 1
            added[j] = n
            if n == space[j]:
                slots[i] = slots[-1]
                slots.pop()
    return tuple([(t, n) for t, n in zip(open_, added, strict=True) if n])


def problem(
    placements: object, pool: int, owned: set[int] | frozenset[int], dice: Sequence[int]
) -> str | None:
    """Why ``placements`` cannot be the outcome here, or None if it can.

    Possible outcomes are exactly: own territories in increasing order, each given at
    least one die and no more than its room, and min(pool, total room) dice in all."""
    if type(placements) is not tuple:
        return "reinforcements are a tuple of (territory, dice) pairs"
    total = 0
    previous = -1
    for pair in placements:
        if type(pair) is not tuple or len(pair) != 2:
            return f"{pair!r} is not a (territory, dice) pair"
        t, n = pair
        if type(t) is not int or type(n) is not int:
            return f"{pair!r} is not a (territory, dice) pair"
        if t not in owned:
            return f"territory {t} does not belong to the player being reinforced"
        if t <= previous:
            return "reinforced territories must be listed once each, in increasing order"
        if not 1 <= n <= MAX_DICE - dice[t]:
            return f"territory {t} cannot take {n} more dice"
        previous = t
        total += n
    expected = min(pool, room(sorted(owned), dice))
    if total != expected:
        return f"{expected} dice must be placed, not {total}"
    return None


def forced(pool: int, territories: Sequence[int], dice: Sequence[int]) -> Placements | None:
    """The placements when the dice have only one way to go (no room, no dice, enough
    dice for every place, or a single territory with room), else None."""
    open_ = []
    space = 0
    for t in territories:
        d = dice[t]
        if d < MAX_DICE:
            open_.append(t)
            space += MAX_DICE - d
    if pool >= space:
        return tuple((t, MAX_DICE - dice[t]) for t in open_)
    if pool == 0:
        return ()
    if len(open_) == 1:
        return ((open_[0], pool),)
    return None
