"""The "highest point conversion" policy that MC's swing choice plays for both sides.

The rule (docs/games/buttonmen.md, a **Decision** where the write-up is silent on ties): capture the
largest die (its size is what the capture converts into points); among attacks on dice
of that size, use the fewest attacking dice; among those, pick at random. Pass only when
no attack exists.

:func:`conversion_moves` states the rule on an engine state; :func:`conversion_pick`
states it on plain lists of the dice in play, and is the ``pick_attack`` policy with
which :func:`greedy_playout` plays whole matches on the engine's fast path
(``games.buttonmen.fast.playout``), which is what makes 17 × 50 greedy matches per swing
choice affordable. Swing sizes chosen inside a greedy match (a later round's
reselection) are uniform on 4..20, as in the random playouts.
"""

from __future__ import annotations

import random
from itertools import combinations

from games.buttonmen import ButtonMenState, attack_list
from games.buttonmen.fast import playout
from games.buttonmen.rules import PASS
from games.buttonmen.state import FIGHTERS

#: Position subsets of n dice with k of them, k >= 2, in increasing k: skill sets.
_COMBOS = {n: tuple(tuple(combinations(range(n), k)) for k in range(2, n + 1)) for n in range(0, 9)}


def conversion_moves(state: ButtonMenState, seat: int | None = None) -> list[tuple]:
    """The moves the rule keeps before its random tie-break, in legal-move order:
    attacks on the largest capturable die with the fewest attackers; ``[PASS]`` when
    there is no attack."""
    found = attack_list(state, seat)
    if not found:
        return [PASS]
    gain = max(a.gain for a in found)
    biggest = [a for a in found if a.gain == gain]
    fewest = min(len(a.attackers) for a in biggest)
    return [a.move for a in biggest if len(a.attackers) == fewest]


def conversion_pick(
    own: list[int], foe: list[int], foe_sizes: list[int], rng: random.Random
) -> tuple[tuple[int, ...], int] | None:
    """The rule on plain lists (values of the dice in play; the opponent's sizes):
    ``(attacker positions, target position)``, or None when no attack exists. Draws
    from ``rng`` only to break a remaining tie. A ``pick_attack`` for ``fast.playout``."""
    best_gain = 0
    best_count = 0
    tied: list[tuple[tuple[int, ...], int]] = []
    n = len(own)
    for t, showing in enumerate(foe):
        gain = foe_sizes[t]
        if gain < best_gain:
            continue
        count = 0
        here: list[tuple[int, ...]] = []
        for i, v in enumerate(own):
            if v >= showing:
                here.append((i,))
        if here:
            count = 1
        else:
            for sets in _COMBOS[n]:  # the fewest dice first: stop at the first size that fits
                for slots in sets:
                    total = 0
                    for i in slots:
                        total += own[i]
                    if total == showing:
                        here.append(slots)
                if here:
                    count = len(sets[0])
                    break
        if not here:
            continue
        if gain > best_gain or count < best_count:
            best_gain, best_count, tied = gain, count, [(s, t) for s in here]
        elif count == best_count:
            tied.extend((s, t) for s in here)
    if not tied:
        return None
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def greedy_playout(
    state: ButtonMenState, rng: random.Random, trace: list | None = None
) -> int | None:
    """Play ``state`` (left unchanged) to the end with both seats on the conversion
    rule; the winning seat, or None for a draw. ``trace``, if given, receives every
    event as (actor, move) in the engine's terms, so the match can be replayed."""
    if state.phase == FIGHTERS:
        raise ValueError("seat the fighters before a greedy playout")
    return playout(state, rng, trace, pick_attack=conversion_pick)
