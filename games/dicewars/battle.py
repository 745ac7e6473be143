"""Battles (docs/games/dicewars.md): each side rolls one d6 per die on its territory and
the attacker wins only with a strictly greater total (a tie goes to the defender).

Everything here is precomputed once at import: the exact distribution of the sum of
1-8 dice, the exact chance that an attack succeeds, and tables of every roll of up to
four dice so a battle is rolled with two draws per side instead of one per die.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

MAX_DICE = 8
FACES = 6
#: Dice rolled per table draw; 8 dice are two draws of four.
CHUNK = 4


def _sum_counts(dice: int) -> list[int]:
    """counts[s] = number of ways ``dice`` d6 add up to s (out of 6**dice)."""
    counts = [1]
    for _ in range(dice):
        grown = [0] * (len(counts) + FACES)
        for total, ways in enumerate(counts):
            for face in range(1, FACES + 1):
                grown[total + face] += ways
        counts = grown
    return counts


#: SUM_COUNTS[k][s]: ways k dice total s.
SUM_COUNTS: tuple[tuple[int, ...], ...] = tuple(tuple(_sum_counts(k)) for k in range(MAX_DICE + 1))


def _win_fraction(attacker: int, defender: int) -> Fraction:
    att, dfn = SUM_COUNTS[attacker], SUM_COUNTS[defender]
    below = 0  # ways the defender totals less than the attacker's current total
    wins = 0
    for total, ways in enumerate(att):
        wins += ways * below
        if total < len(dfn):
            below += dfn[total]
    return Fraction(wins, FACES ** (attacker + defender))


#: WIN_FRACTION[a][d]: the exact chance that a dice beat d dice (index 0 unused).
WIN_FRACTION: tuple[tuple[Fraction, ...], ...] = tuple(
    tuple(_win_fraction(a, d) if a and d else Fraction(0) for d in range(MAX_DICE + 1))
    for a in range(MAX_DICE + 1)
)
WIN_PROBABILITY: tuple[tuple[float, ...], ...] = tuple(
    tuple(float(p) for p in row) for row in WIN_FRACTION
)


def win_probability(attacker_dice: int, defender_dice: int) -> float:
    """The exact chance (as a float) that an attack with ``attacker_dice`` dice beats a
    territory holding ``defender_dice`` dice; both 1..8."""
    if not (1 <= attacker_dice <= MAX_DICE and 1 <= defender_dice <= MAX_DICE):
        raise ValueError(f"dice counts are 1..{MAX_DICE}, not {attacker_dice}, {defender_dice}")
    return WIN_PROBABILITY[attacker_dice][defender_dice]


# ----- rolling ---------------------------------------------------------------------------

#: ROLLS[k]: every roll of k dice (k = 1..4) in a fixed order; ROLL_TOTALS[k] their sums.
ROLLS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(itertools.product(range(1, FACES + 1), repeat=k)) for k in range(CHUNK + 1)
)
ROLL_TOTALS: tuple[tuple[int, ...], ...] = tuple(tuple(sum(r) for r in rolls) for rolls in ROLLS)


def _plan(dice: int) -> tuple:
    # (rolls, how many) per table draw: four dice at a time, then the rest.
    sizes = [CHUNK] * (dice // CHUNK) + ([dice % CHUNK] if dice % CHUNK else [])
    return tuple((ROLLS[k], len(ROLLS[k])) for k in sizes)


_PLANS = tuple(_plan(n) for n in range(MAX_DICE + 1))


def roll(draw: Callable[[], float], dice: int) -> tuple[int, ...]:
    """``dice`` uniformly random faces, drawn with ``draw`` (a ``Random.random``)."""
    plan = _PLANS[dice]
    rolls, size = plan[0]
    faces = rolls[int(draw() * size)]
    if len(plan) == 2:
        rolls, size = plan[1]
        faces += rolls[int(draw() * size)]
    return faces


def is_roll(faces: object, dice: int) -> bool:
    """Whether ``faces`` is a tuple of exactly ``dice`` ints from 1 to 6."""
    return (
        type(faces) is tuple
        and len(faces) == dice
        and all(type(f) is int and 1 <= f <= FACES for f in faces)
    )


def representative_rolls(attacker: int, defender: int) -> list[tuple[tuple, float]]:
    """One winning and one losing roll with their exact chances, for search.

    Only won/lost changes the position, so these two stand for every roll. A side
    that cannot happen (7 or 8 dice against 1 always win) is left out."""
    p = WIN_PROBABILITY[attacker][defender]
    won = ((FACES,) * attacker, (1,) * defender)
    if p >= 1.0:
        return [(won, 1.0)]
    lost = ((1,) * attacker, (FACES,) * defender)
    return [(won, p), (lost, 1.0 - p)]
