"""The "highest point conversion" policy that MC's swing choice plays for both sides.

The rule (GAMES.md §1, a **Decision** where the write-up is silent on ties): capture the
largest die (its size is what the capture converts into points); among attacks on dice
of that size, use the fewest attacking dice; among those, pick at random. Pass only when
no attack exists.

:func:`conversion_moves` states the rule on an engine state; :func:`greedy_playout`
plays whole matches with it on a compact copy (lists of the dice in play, as
``games.buttonmen.fast`` does), which is what makes 17 × 50 greedy matches per swing
choice affordable. Swing sizes chosen inside a greedy match (a later round's
reselection) are uniform on 4..20, as in the random playouts.
"""

from __future__ import annotations

import random
from itertools import combinations

from games.buttonmen import SWING_SIZES, ButtonMenState, attack_list
from games.buttonmen.fighters import SWING
from games.buttonmen.rules import MAX_ROUNDS, PASS, POWER, SKILL, SLOTS
from games.buttonmen.state import COIN, FIGHTERS, OVER, PLAY, REROLL, ROLL, SWING_PHASE
from games.core import CHANCE, SIMULTANEOUS

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
    """The rule on plain lists (values of the dice in play): ``(attacker positions,
    target position)``, or None when no attack exists."""
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
    draw = rng.random
    choice = rng.choice
    low = SWING_SIZES[0]
    choices = range(len(SWING_SIZES))

    options = state.options
    need = options["rounds_to_win"]
    both_reselect = options["swing_reselect"] == "both"
    phase = state.phase
    recipes = state.recipes[:]
    swing = state.swing[:]
    ids = [list(SLOTS[state.alive[s]]) for s in (0, 1)]
    size = [[state.size[s][i] for i in ids[s]] for s in (0, 1)]
    value = [[state.value[s][i] for i in ids[s]] for s in (0, 1)]
    captured = [sum(c[0] for c in state.captured[s]) for s in (0, 1)]
    turn = state.turn
    passes = state.passes
    choosers = state.choosers
    rounds = state.round
    wins = state.round_wins[:]
    swing_at = [tuple(i for i, d in enumerate(r) if d == SWING) for r in recipes]

    while True:
        if phase == OVER:
            return state.winner
        if phase == SWING_PHASE:
            chosen = []
            for s in choosers:
                n = low + choice(choices)
                swing[s] = n
                for i in swing_at[s]:
                    size[s][i] = n
                chosen.append((s, ("swing", n)))
            if trace is not None:
                trace.append((SIMULTANEOUS, tuple(chosen)) if len(chosen) > 1 else chosen[0])
            phase = ROLL
        if phase == ROLL:
            value = [[int(draw() * n) + 1 for n in size[0]], [int(draw() * n) + 1 for n in size[1]]]
            if trace is not None:
                trace.append((CHANCE, ("roll", tuple(value[0]), tuple(value[1]))))
            turn = None
            for x, y in zip(sorted(value[0]), sorted(value[1]), strict=False):
                if x != y:
                    turn = 0 if x < y else 1
                    break
            else:
                if len(value[0]) != len(value[1]):
                    turn = 0 if len(value[0]) > len(value[1]) else 1
            phase = COIN if turn is None else PLAY
        if phase == COIN:
            turn = int(draw() * 2)
            if trace is not None:
                trace.append((CHANCE, ("coin", turn)))
            phase = PLAY
        if phase == REROLL:
            at = [ids[turn].index(slot) for slot in state.pending]
            for i in at:
                value[turn][i] = int(draw() * size[turn][i]) + 1
            if trace is not None:
                trace.append((CHANCE, ("reroll", tuple(value[turn][i] for i in at))))
            turn = 1 - turn
            phase = PLAY

        # ----- one round of greedy play --------------------------------------------------
        while True:
            foe = 1 - turn
            picked = conversion_pick(value[turn], value[foe], size[foe], rng)
            if picked is None:
                if trace is not None:
                    trace.append((turn, PASS))
                passes += 1
                if passes >= 2:
                    break
                turn = foe
                continue
            attackers, t = picked
            if trace is not None:
                kind = POWER if len(attackers) == 1 else SKILL
                trace.append((turn, (kind, tuple(ids[turn][i] for i in attackers), ids[foe][t])))
            del ids[foe][t]
            passes = 0
            captured[turn] += size[foe][t]
            del value[foe][t]
            del size[foe][t]
            if not value[foe]:
                break
            own, sizes = value[turn], size[turn]
            for i in attackers:
                own[i] = int(draw() * sizes[i]) + 1
            if trace is not None:
                trace.append((CHANCE, ("reroll", tuple(own[i] for i in attackers))))
            turn = foe

        # ----- the round ends ------------------------------------------------------------
        score0 = 2 * captured[0] + sum(size[0])
        score1 = 2 * captured[1] + sum(size[1])
        won = None if score0 == score1 else (0 if score0 > score1 else 1)
        if won is not None:
            wins[won] += 1
            if wins[won] >= need:
                return won
        if rounds >= MAX_ROUNDS:
            return None
        rounds += 1
        if both_reselect:
            choosers = (0, 1)
        else:
            choosers = () if won is None else (1 - won,)
        choosers = tuple(s for s in (0, 1) if swing_at[s] and (s in choosers or swing[s] is None))
        size = [[(swing[s] or 0) if d == SWING else d for d in recipes[s]] for s in (0, 1)]
        ids = [list(range(len(recipes[0]))), list(range(len(recipes[1])))]
        captured = [0, 0]
        passes = 0
        phase = SWING_PHASE if choosers else ROLL
