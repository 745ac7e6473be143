"""Chance events of a battle, with exact outcome lists and fast sampling.

**Decision (rolls):** the order of a side's dice never matters to the rules, so a roll is
the sorted multiset of its values — ``("roll", 1, 3, 3)`` — with its multinomial
probability. Three dice give 56 outcomes instead of 216, which expectimax enumerates
faster; the dice are shown in that sorted order.

**Decision (targets):** the burn, shock and weaken stacks pending on a side hit distinct
targets, chosen uniformly among the sets of that size (stacks beyond the number of dice
or cards are lost). So a card is shocked or weakened at most once and a die burns once.

Every table is built once; sampling draws one ``rng.random()`` per event, and both the
clean and the fast path sample through here, so they stay in step.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from functools import cache
from itertools import accumulate, combinations, combinations_with_replacement
from math import comb, factorial, prod

Outcome = tuple  # ("roll", 1, 3, 5), ("burn", 0, 2), ("shock", 1), ("weaken", 0), ("split", 2)

ROLL, BURN, SHOCK, WEAKEN, SPLIT = "roll", "burn", "shock", "weaken", "split"
TARGET_KINDS = (BURN, SHOCK, WEAKEN)

#: Dice a side may roll per turn (6 dice: 462 sorted outcomes).
MAX_DICE = 6


@cache
def roll_outcomes(n: int) -> tuple[tuple[Outcome, float], ...]:
    """Every sorted roll of ``n`` dice with its probability n!/(∏ counts!)/6^n."""
    table = []
    for faces in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n) // prod(factorial(faces.count(f)) for f in set(faces))
        table.append(((ROLL, *faces), ways / 6**n))
    return tuple(table)


@cache
def _roll_sampler(n: int) -> tuple[list[float], tuple[Outcome, ...]]:
    outcomes = roll_outcomes(n)
    return list(accumulate(p for _, p in outcomes)), tuple(o for o, _ in outcomes)


def sample_roll(n: int, rng: random.Random) -> Outcome:
    bounds, outcomes = _roll_sampler(n)
    index = bisect_right(bounds, rng.random())
    return outcomes[min(index, len(outcomes) - 1)]  # a float sum may end just below 1


@cache
def target_sets(kind: str, pool: int, stacks: int) -> tuple[Outcome, ...]:
    """The equally likely ways ``stacks`` marks fall on distinct targets among ``pool``."""
    size = min(pool, stacks)
    return tuple((kind, *chosen) for chosen in combinations(range(pool), size))


def target_outcomes(kind: str, pool: int, stacks: int) -> list[tuple[Outcome, float]]:
    sets = target_sets(kind, pool, stacks)
    p = 1.0 / comb(pool, min(pool, stacks))
    return [(o, p) for o in sets]


def sample_targets(kind: str, pool: int, stacks: int, rng: random.Random) -> Outcome:
    sets = target_sets(kind, pool, stacks)
    return sets[int(rng.random() * len(sets))]


@cache
def split_cuts(value: int) -> tuple[Outcome, ...]:
    """A lockpick cuts a ``value`` into k and value − k, k uniform on 1..value−1."""
    return tuple((SPLIT, k) for k in range(1, value))


def split_outcomes(value: int) -> list[tuple[Outcome, float]]:
    cuts = split_cuts(value)
    return [(o, 1.0 / len(cuts)) for o in cuts]


def sample_split(value: int, rng: random.Random) -> Outcome:
    cuts = split_cuts(value)
    return cuts[int(rng.random() * len(cuts))]
