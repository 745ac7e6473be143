"""Button Men rules as pure functions over dice (docs/games/buttonmen.md).

Dice of one seat live in *slots*: slot ``i`` is the ``i``-th die of the fighter's recipe
for the whole round, so a die keeps its number when others leave play. A set of slots
is a bit mask (bit ``i`` = slot ``i``); the tables below are built once so move
generation never has to enumerate subsets itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.buttonmen.fighters import MAX_DICE

#: Safety cap from the site: a match still undecided after this many rounds is a draw.
MAX_ROUNDS = 200

#: A reroll or a round-start roll with at most this many results is enumerated exactly
#: (every reroll of up to three dice: 20**3); a bigger one is only sampled.
EXACT_OUTCOMES = 8000

POWER, SKILL, PASS_KIND = "power", "skill", "pass"
PASS = (PASS_KIND,)
#: Giving up the round under way (not the match), when the match allows it.
SURRENDER_KIND = "surrender"
SURRENDER = (SURRENDER_KIND,)
#: The Shadow die's attack (in place of its power attack).
SHADOW = "shadow"
#: The Speed die's attack: one die takes several whose values sum to its own.
SPEED = "speed"
#: The Trip die's attack: it and its target are rerolled; the target is taken if the
#: Trip die then shows at least as much.
TRIP = "trip"
#: The rush attack: one die takes exactly two whose values sum to its own, when a Rush
#: die is among the three.
RUSH = "rush"
#: The moves of the focus phase: turn one Focus die down, ``("focus", slot, value)``;
#: take the initiative with the dice turned down so far; or let the other seat start.
FOCUS_KIND = "focus"
#: The choice of the auxiliary phase: ``("auxiliary", 1)`` to play the Auxiliary dice
#: (they are played only if both seats choose so), ``("auxiliary", 0)`` not to.
AUXILIARY_KIND = "auxiliary"
#: The move of the turbo phase: an attacking Turbo die's new size, ``("turbo", slot, size)``.
TURBO_KIND = "turbo"
TAKE = ("take",)
DECLINE = ("decline",)

#: SLOTS[mask]: the slots in ``mask``, ascending.
SLOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(MAX_DICE) if mask >> i & 1) for mask in range(1 << MAX_DICE)
)

#: SKILL_SETS[mask]: every (submask, slots) of ``mask`` with two dice or more, by submask.
#: One die alone is never a skill attack: on an equal value it is the power attack.
SKILL_SETS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple(
        (sub, SLOTS[sub])
        for sub in range(3, mask + 1)
        if sub & mask == sub and len(SLOTS[sub]) >= 2
    )
    for mask in range(1 << MAX_DICE)
)


def attacks(own: Sequence[int], own_alive: int, foe: Sequence[int], foe_alive: int) -> list[tuple]:
    """Every attack of the dice ``own`` (values by slot) on the dice ``foe``.

    The order is fixed and part of the contract (the fast path relies on it): targets by
    slot; for each target the power attacks by attacking slot, then the skill attacks by
    attacker mask. A move is ``("power", (slot,), target)`` or
    ``("skill", (slot, slot, ...), target)``.
    """
    mine = SLOTS[own_alive]
    sums = []
    for _sub, slots in SKILL_SETS[own_alive]:
        total = 0
        for i in slots:
            total += own[i]
        sums.append((total, slots))
    moves: list[tuple] = []
    for target in SLOTS[foe_alive]:
        showing = foe[target]
        for i in mine:
            if own[i] >= showing:
                moves.append((POWER, (i,), target))
        for total, slots in sums:
            if total == showing:
                moves.append((SKILL, slots, target))
    return moves


def attacks_with_shadow(
    own: Sequence[int],
    own_alive: int,
    foe: Sequence[int],
    foe_alive: int,
    own_sizes: Sequence[int],
    shadow: int,
) -> list[tuple]:
    """``attacks`` for a seat with Shadow dice (``shadow``: their slots as a mask).

    A Shadow die makes no power attack; instead its *shadow attack* takes one die
    showing at least its own value and at most its size (the site's rule). Shadow dice
    join skill attacks as any die. Order: by target; for each target the one-die
    attacks (power or shadow) by attacking slot, then the skill attacks as ``attacks``.
    """
    moves: list[tuple] = []
    plain = attacks(own, own_alive & ~shadow, foe, foe_alive) if own_alive & ~shadow else []
    skills = [m for m in attacks(own, own_alive, foe, foe_alive) if m[0] == SKILL]
    for target in SLOTS[foe_alive]:
        showing = foe[target]
        one_die = [m for m in plain if m[2] == target and m[0] == POWER]
        for i in SLOTS[own_alive & shadow]:
            if own[i] <= showing <= own_sizes[i]:
                one_die.append((SHADOW, (i,), target))
        one_die.sort(key=lambda m: m[1][0])
        moves.extend(one_die)
        moves.extend(m for m in skills if m[2] == target)
    return moves


def attacks_with_stinger(
    own: Sequence[int],
    own_alive: int,
    foe: Sequence[int],
    foe_alive: int,
    own_sizes: Sequence[int],
    shadow: int,
    mins: Sequence[int],
    stinger: int,
) -> list[tuple]:
    """``attacks_with_shadow`` for a seat with Stinger dice (``stinger``: their slots).

    In a skill attack a Stinger die counts as any value from its minimum (``mins``: 1,
    or 2 for a twin die) to the value it shows (the site's rule), so a set of dice with
    Stinger dice reaches every target value from the sum of its Stinger dice's minimums
    and its other dice's values up to the sum of all its values. One-die attacks are
    as without Stinger (a Stinger die alone on a lower value is its power attack).
    Same order as ``attacks_with_shadow``.
    """
    sets = []
    for _sub, slots in SKILL_SETS[own_alive]:
        low = high = 0
        for i in slots:
            high += own[i]
            low += mins[i] if stinger >> i & 1 else own[i]
        sets.append((low, high, slots))
    mine = SLOTS[own_alive]
    moves: list[tuple] = []
    for target in SLOTS[foe_alive]:
        showing = foe[target]
        for i in mine:
            if shadow >> i & 1:
                if own[i] <= showing <= own_sizes[i]:
                    moves.append((SHADOW, (i,), target))
            elif own[i] >= showing:
                moves.append((POWER, (i,), target))
        for low, high, slots in sets:
            if low <= showing <= high:
                moves.append((SKILL, slots, target))
    return moves


def speed_attacks(
    own: Sequence[int], speed: int, foe: Sequence[int], foe_alive: int
) -> list[tuple]:
    """The speed attacks of the Speed dice ``speed`` (their slots in play, as a mask):
    one Speed die takes two or more opposing dice whose values sum exactly to its value
    (the site's rule), ``("speed", (slot,), (target, target, ...))``. A one-target speed
    attack is left out: it does what the power (or shadow) attack on the same die
    does. Order: by attacking slot, then by target mask."""
    moves: list[tuple] = []
    for i in SLOTS[speed]:
        value = own[i]
        for _sub, targets in SKILL_SETS[foe_alive]:
            total = 0
            for t in targets:
                total += foe[t]
            if total == value:
                moves.append((SPEED, (i,), targets))
    return moves


def trip_attacks(
    trip: int, highest: Sequence[int], foe_alive: int, foe_lowest: Sequence[int]
) -> list[tuple]:
    """The trip attacks of the Trip dice ``trip`` (their slots that may attack, as a
    mask) on the opposing dice in play: ``("trip", (slot,), target)``. One die trips one
    die; a trip attack that cannot capture (the Trip die's highest value after its roll,
    ``highest``, below the target's lowest, ``foe_lowest``: a d1 against a twin die) is
    not legal (the site's rule). Order: by attacking slot, then by target."""
    return [
        (TRIP, (i,), t)
        for i in SLOTS[trip]
        for t in SLOTS[foe_alive]
        if highest[i] >= foe_lowest[t]
    ]


def rush_attacks(
    own: Sequence[int],
    usable: int,
    own_rush: int,
    foe: Sequence[int],
    foe_alive: int,
    foe_rush: int,
    speed: int,
) -> list[tuple]:
    """The rush attacks of the dice ``usable`` (their slots that may attack, as a mask):
    one die takes exactly two opposing dice whose values sum to its value, if it is a
    Rush die (``own_rush``) or one of the two is (``foe_rush``), the site's rule, so any
    die may rush two dice one of which is a Rush die; ``("rush", (slot,), (t, u))``. A
    Speed die's (``speed``) rush attack is left out: its speed attack on the same two
    dice does exactly the same. Order: by attacking slot, then by target mask."""
    pairs = []
    for _sub, targets in SKILL_SETS[foe_alive]:
        if len(targets) == 2:
            a, b = targets
            pairs.append((foe[a] + foe[b], bool((foe_rush >> a | foe_rush >> b) & 1), targets))
    moves: list[tuple] = []
    for i in SLOTS[usable & ~speed]:
        value, rushing = own[i], bool(own_rush >> i & 1)
        for total, rush_target, targets in pairs:
            if total == value and (rushing or rush_target):
                moves.append((RUSH, (i,), targets))
    return moves


def initiative(first: Sequence[int], second: Sequence[int]) -> int | None:
    """Who moves first after a round-start roll: 0, 1, or None for the coin toss.

    Values sorted ascending are compared position by position and the lower value at the
    first difference moves first; if all compared values match, more dice move first.
    """
    a, b = sorted(first), sorted(second)
    for x, y in zip(a, b, strict=False):
        if x != y:
            return 0 if x < y else 1
    if len(a) != len(b):
        return 0 if len(a) > len(b) else 1
    return None


def score_x2(captured: int, sizes: Sequence[int], alive: int) -> int:
    """Twice the round score: captured sizes count whole, own dice in play half.

    Doubling keeps the halves exact in integers; the showing value never counts.
    """
    total = 2 * captured
    for i in SLOTS[alive]:
        total += sizes[i]
    return total


def poison_score_x2(
    captured: Sequence[tuple], sizes: Sequence[int], alive: int, poison: int
) -> int:
    """``score_x2`` with Poison dice (the site's rule): an own Poison die still in play
    counts minus its whole size, a captured one (an entry ``(size, swing, "p")``) minus
    half its size for the capturer; every other die as in ``score_x2``."""
    total = 0
    for entry in captured:
        total += -entry[0] if len(entry) > 2 and "p" in entry[2] else 2 * entry[0]
    for i in SLOTS[alive]:
        total += -2 * sizes[i] if poison >> i & 1 else sizes[i]
    return total


def round_winner(score0_x2: int, score1_x2: int) -> int | None:
    if score0_x2 == score1_x2:
        return None
    return 0 if score0_x2 > score1_x2 else 1
