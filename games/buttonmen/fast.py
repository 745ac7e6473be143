"""The fast path: whole Button Men matches on a compact copy of a position.

``playout(state, rng)`` plays the match from ``state`` to the end with uniformly random
legal moves and returns the winner, drawing from ``rng`` exactly what the clean path
(``games.testing.random_playout``: ``sample_chance`` at chance nodes, ``rng.choice`` of
``legal_moves`` at decisions) would draw, so both give the same game from the same seed;
pass ``trace=[]`` to get that game's events in ``history()`` form.

Why it is fast: the state is a handful of local lists mutated in place; and the number
of legal attacks comes from a cached table instead of a move list. For a multiset
of own values, ``_attack_counts`` gives, per target value, how many attacks hit a die
showing it (power: own dice showing at least as much; skill: sets of two or more dice
summing exactly to it). Summing over the targets gives the length of the clean path's
move list; the one move drawn is then decoded in that list's order. A table is built
with a few big-integer operations (bytes as counts), so the first games of a process,
which meet most of the new tables, cost little more than later ones. For a plain
``random.Random`` the index of the move is drawn with ``getrandbits`` as ``rng.choice``
itself would draw it (checked at import, else ``rng.choice`` is called).

Other policies: ``pick_attack`` and ``pick_swing`` (see :func:`playout`) replace the
uniformly random choice of an attack and of a swing size, both seats on the same policy;
the match itself (rolls, captures, rerolls, the round end and scoring, swing
reselection, round and match counting) is this one loop whatever the policy. The engine
has only the random policy; ``agents.buttonmen.greedy`` plays its greedy matches by
passing a ``pick_attack``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from games.buttonmen.dice import is_classic
from games.buttonmen.fighters import FIGHTERS as RECIPES
from games.buttonmen.fighters import MAX_DICE, MAX_SIZE, NAMES, SWING, SWING_SIZES
from games.buttonmen.rules import MAX_ROUNDS, PASS, POWER, SKILL, SKILL_SETS, SLOTS, SURRENDER_KIND
from games.buttonmen.state import (
    COIN,
    FIGHTERS,
    OVER,
    PLAY,
    REROLL,
    ROLL,
    SWING_PHASE,
    ButtonMenState,
)
from games.core import CHANCE, SIMULTANEOUS

#: Attack counts by sorted own values; bounded so week-long simulations stay small.
_COUNTS: dict[tuple[int, ...], bytes] = {}
_COUNTS_LIMIT = 300_000

#: range(n) for every possible number of legal attacks: at most 255 per target (a byte
#: of a counts table) on at most MAX_DICE targets, so a draw never builds a range.
_RANGES = tuple(range(n) for n in range(MAX_DICE * 255 + 1))
#: _BELOW[v]: an integer whose bytes 1..v-1 are 1 and the others 0 (see _attack_counts).
_BELOW = tuple(((1 << (v << 3)) - 1) // 255 >> 8 << 8 if v else 0 for v in range(MAX_SIZE + 1))
_SWING_CHOICES = range(len(SWING_SIZES))
_SWING_LOW = SWING_SIZES[0]
_SWING_COUNT = len(SWING_SIZES)
_SWING_BITS = _SWING_COUNT.bit_length()
#: n.bit_length() for every n of _RANGES: the bits a draw below n asks for at a time.
_BITS = tuple(n.bit_length() for n in range(len(_RANGES)))


def _draws_inline() -> bool:
    """Whether ``rng.choice(range(n))`` is, on this Python, ``getrandbits(n.bit_length())``
    drawn again while not below n: then the loop inlines that for a plain
    ``random.Random`` and gets the same numbers from the same calls. Checked on a sample
    rather than trusted, so another Python's ``random`` falls back to ``rng.choice``."""
    if random.Random._randbelow is not random.Random._randbelow_with_getrandbits:
        return False
    ours = random.Random(20240501)
    theirs = random.Random(20240501)
    for n in (*range(1, 300), 1000, 1275, 2040):
        for _ in range(3):
            b = n.bit_length()
            r = ours.getrandbits(b)
            while r >= n:
                r = ours.getrandbits(b)
            if r != theirs.choice(range(n)):
                return False
    return ours.getstate() == theirs.getstate()


_INLINE_DRAWS = _draws_inline()


def _attack_counts(key: tuple[int, ...]) -> bytes:
    """counts[x] = attacks the dice ``key`` (values, sorted) have on a die showing x.

    Built as one integer whose byte x (little-endian) is counts[x], so the work is a few
    big-integer operations instead of a loop over values. Skill: the product over the
    dice of (1 + z**v), z = 256, counts every subset by its sum. The empty set (the 1)
    attacks nothing, and one die alone is the power attack, which hits every value 1..v:
    so each die adds bytes 1..v-1 to the z**v it already has. No byte reaches 256 (at most
    8 power attacks, and by Littlewood-Offord at most C(8, 4) = 70 subsets of one sum),
    so no byte carries into the next one.
    """
    total = 1
    for v in key:
        total += total << (v << 3)
    total -= 1
    for v in key:
        total += _BELOW[v]
    size = max(sum(key), MAX_SIZE) + 1
    if len(_COUNTS) >= _COUNTS_LIMIT:
        _COUNTS.clear()
    table = _COUNTS[key] = total.to_bytes(size, "little")
    return table


@functools.cache
def _swing_positions(recipe: tuple) -> tuple[int, ...]:
    return tuple(i for i, die in enumerate(recipe) if die == SWING)


@functools.cache
def _sizes(recipe: tuple, swing: int) -> tuple[int, ...]:
    """The sizes of a recipe's dice, its swing dice at ``swing`` (0: not chosen yet)."""
    return tuple(swing if die == SWING else die for die in recipe)


#: ``pick_attack(own, foe, foe_sizes, rng)``: the attack of the seat to move, as
#: ``(attacker positions, target position)``, or None to pass.
AttackPolicy = Callable[
    [list[int], list[int], list[int], random.Random], tuple[tuple[int, ...], int] | None
]
#: ``pick_swing(seat, rng)``: the swing size ``seat`` chooses (one of ``SWING_SIZES``).
SwingPolicy = Callable[[int, random.Random], int]


def playout(
    state: ButtonMenState,
    rng: random.Random,
    trace: list | None = None,
    pick_attack: AttackPolicy | None = None,
    pick_swing: SwingPolicy | None = None,
) -> int | None:
    """Play ``state`` (left unchanged) to the end; the winning seat or None for a draw.
    ``trace``, if given, receives every event as (actor, move).

    Both seats move uniformly at random unless given a policy (the same for both):

    - ``pick_attack(own, foe, foe_sizes, rng)`` sees the values of the mover's dice in
      play, the opponent's values and sizes (lists in slot order; do not change them)
      and returns ``(attacker positions, target position)`` into those lists, a legal
      power or skill attack, or None to pass (legal only when no attack exists; the
      playout does not check). It draws from ``rng`` whatever it needs; the playout
      draws nothing for its choice.
    - ``pick_swing(seat, rng)`` returns the swing size ``seat`` chooses whenever it
      chooses one (the opening and later rounds' reselections).

    Chance nodes draw from ``rng`` as the clean path does, whatever the policies.

    A fighter with dice beyond plain and X swing (other swing letters, option or twin
    dice) is played on the clean path itself (:func:`_generic_playout`): slower, same
    rules, same policies (``pick_swing`` only for a classic seat).
    """
    if not all(recipe is None or is_classic(recipe) for recipe in state.recipes):
        return _generic_playout(state, rng, trace, pick_attack, pick_swing)
    draw = rng.random
    choice = rng.choice
    # For a plain random.Random, draw a decision's index from getrandbits directly, as
    # rng.choice would (see _draws_inline); any other rng goes through rng.choice.
    bits = rng.getrandbits if _INLINE_DRAWS and type(rng) is random.Random else None
    bit_lengths = _BITS
    counts_of = _COUNTS.get
    ranges = _RANGES
    skill_sets = SKILL_SETS

    options = state.options
    need = options["rounds_to_win"]
    both_reselect = options["swing_reselect"] == "both"
    phase = state.phase
    fighters = state.fighters[:]
    recipes = state.recipes[:]
    swing = state.swing[:]
    turn = state.turn
    passes = state.passes
    choosers = state.choosers
    rounds = state.round
    wins = state.round_wins[:]
    if phase == FIGHTERS:
        # A match not begun (every bench game): no dice yet, so nothing to copy; the
        # fighters node below builds them.
        captured = [0, 0]
    else:
        # Per seat, only the dice in play, in slot order: sizes, values and slot numbers.
        # Removing a captured die keeps the order, so masks over positions enumerate
        # skill sets in the same order as masks over slots do.
        ids = [list(SLOTS[state.alive[s]]) for s in (0, 1)]
        size = [[state.size[s][i] for i in ids[s]] for s in (0, 1)]
        value = [[state.value[s][i] for i in ids[s]] for s in (0, 1)]
        captured = [sum(c[0] for c in state.captured[s]) for s in (0, 1)]
        # Positions of the swing dice: those in play now, then each round the recipe's.
        swing_at = [
            tuple(p for p, slot in enumerate(ids[s]) if state.swing_slots[s] >> slot & 1)
            for s in (0, 1)
        ]

    while True:
        # ----- the nodes that open a round -----------------------------------------------
        if phase == OVER:
            return state.winner
        if phase == FIGHTERS:
            picks = [NAMES[int(draw() * len(NAMES))] if f is None else f for f in fighters]
            if trace is not None:
                trace.append((CHANCE, ("fighters", picks[0], picks[1])))
            recipes = [recipes[s] or RECIPES[picks[s]] for s in (0, 1)]
            fighters = picks
            swing_at = [_swing_positions(r) for r in recipes]
            size = [
                list(_sizes(recipes[0], swing[0] or 0)),
                list(_sizes(recipes[1], swing[1] or 0)),
            ]
            ids = [list(range(len(recipes[0]))), list(range(len(recipes[1])))]
            choosers = tuple(s for s in (0, 1) if swing_at[s])
            phase = SWING_PHASE if choosers else ROLL
        if phase == SWING_PHASE:
            chosen = []
            for s in choosers:
                if pick_swing is not None:
                    n = pick_swing(s, rng)
                elif bits is not None:
                    n = bits(_SWING_BITS)
                    while n >= _SWING_COUNT:
                        n = bits(_SWING_BITS)
                    n += _SWING_LOW
                else:
                    n = _SWING_LOW + choice(_SWING_CHOICES)
                swing[s] = n
                sizes = size[s]
                for i in swing_at[s]:  # a swing phase always has every die in play
                    sizes[i] = n
                chosen.append((s, ("swing", n)))
            if trace is not None:
                trace.append((SIMULTANEOUS, tuple(chosen)) if len(chosen) > 1 else chosen[0])
            phase = ROLL
        if phase == ROLL:
            value = [[int(draw() * n) + 1 for n in size[0]], [int(draw() * n) + 1 for n in size[1]]]
            if trace is not None:
                trace.append((CHANCE, ("roll", tuple(value[0]), tuple(value[1]))))
            first_values = sorted(value[0])
            second_values = sorted(value[1])
            turn = None
            for x, y in zip(first_values, second_values, strict=False):
                if x != y:
                    turn = 0 if x < y else 1
                    break
            else:
                if len(first_values) != len(second_values):
                    turn = 0 if len(first_values) > len(second_values) else 1
            phase = COIN if turn is None else PLAY
        if phase == COIN:
            turn = int(draw() * 2)
            if trace is not None:
                trace.append((CHANCE, ("coin", turn)))
            phase = PLAY
        if phase == REROLL:  # only when starting from a position waiting for a reroll
            values = value[turn]
            sizes = size[turn]
            at = [ids[turn].index(slot) for slot in state.pending]
            for i in at:
                values[i] = int(draw() * sizes[i]) + 1
            if trace is not None:
                trace.append((CHANCE, ("reroll", tuple(values[i] for i in at))))
            turn = 1 - turn
            phase = PLAY

        # ----- attacks and passes until the round ends -----------------------------------
        while True:
            foe = 1 - turn
            own_values = value[turn]
            foe_values = value[foe]
            if pick_attack is not None:
                picked = pick_attack(own_values, foe_values, size[foe], rng)
                if picked is None:
                    attackers = None
                else:
                    attackers, t = picked
            else:  # uniformly random: count the legal moves, decode the one drawn
                key = tuple(sorted(own_values))
                counts = counts_of(key) or _attack_counts(key)
                n = 0
                for x in foe_values:
                    n += counts[x]
                attackers = None
                if not n:
                    # The clean path draws its forced pass from a list of one too.
                    if bits is None:
                        choice(ranges[1])
                    else:
                        while bits(1):
                            pass
                else:
                    if bits is None:
                        k = choice(ranges[n])
                    else:
                        b = bit_lengths[n]
                        k = bits(b)
                        while k >= n:
                            k = bits(b)
                    # Decode the k-th attack in legal_moves order: targets by slot; power
                    # attackers by slot, then skill sets by mask.
                    t = 0
                    for x in foe_values:
                        c = counts[x]
                        if k < c:
                            break
                        k -= c
                        t += 1
                    for i, v in enumerate(own_values):
                        if v >= x:
                            if not k:
                                attackers = (i,)
                                break
                            k -= 1
                    if attackers is None:
                        for _sub, slots in skill_sets[(1 << len(own_values)) - 1]:
                            total = 0
                            for i in slots:
                                total += own_values[i]
                            if total == x:
                                if not k:
                                    attackers = slots
                                    break
                                k -= 1
            if attackers is None:
                if trace is not None:
                    trace.append((turn, PASS))
                passes += 1
                if passes >= 2:
                    break
                turn = foe
                continue
            if trace is not None:
                own_ids = ids[turn]
                kind = POWER if len(attackers) == 1 else SKILL
                trace.append((turn, (kind, tuple(own_ids[i] for i in attackers), ids[foe][t])))
                del ids[foe][t]
            passes = 0
            captured[turn] += size[foe][t]
            del foe_values[t]
            del size[foe][t]
            if not foe_values:
                break  # nothing left to attack; the reroll would not matter
            sizes = size[turn]
            for i in attackers:
                own_values[i] = int(draw() * sizes[i]) + 1
            if trace is not None:
                trace.append((CHANCE, ("reroll", tuple(own_values[i] for i in attackers))))
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
        swing_at = [_swing_positions(recipes[0]), _swing_positions(recipes[1])]
        choosers = tuple(s for s in (0, 1) if swing_at[s] and (s in choosers or swing[s] is None))
        size = [list(_sizes(recipes[0], swing[0] or 0)), list(_sizes(recipes[1], swing[1] or 0))]
        if trace is not None:
            ids = [list(range(len(recipes[0]))), list(range(len(recipes[1])))]
        captured = [0, 0]
        passes = 0
        phase = SWING_PHASE if choosers else ROLL


def random_game(options: dict[str, Any] | None = None, seed: int | None = None) -> int | None:
    """A whole random match from a new state on the fast path; its winner or None."""
    from games.buttonmen import GAME

    return playout(GAME.new_state(2, options), random.Random(seed))


def _generic_playout(
    state: ButtonMenState,
    rng: random.Random,
    trace: list | None,
    pick_attack: AttackPolicy | None,
    pick_swing: SwingPolicy | None,
) -> int | None:
    """:func:`playout` on a copy of the clean state, for fighters the loop above does
    not model. Random moves are ``rng.choice`` of the legal moves, as the clean path's."""
    game = state.clone()
    game.narrating = False
    while game.phase != OVER:
        actor = game.current()
        if actor == CHANCE:
            move: Any = game.sample_chance(rng)
            game.apply_own_in_place(move)
        elif actor == SIMULTANEOUS:
            joint = {s: _pick_choice(game, s, rng, pick_swing) for s in game.choosers}
            game.apply_joint_in_place(joint)
            move = tuple(sorted(joint.items()))
        elif game.phase == SWING_PHASE:
            move = _pick_choice(game, actor, rng, pick_swing)
            game.apply_in_place(move)  # a policy's swing size is not one of legal_moves
        else:
            move = _pick_play(game, actor, rng, pick_attack)
            game.apply_own_in_place(move)
        if trace is not None:
            trace.append((actor, move))
    return game.winner


def _pick_choice(
    game: ButtonMenState, seat: int, rng: random.Random, pick_swing: SwingPolicy | None
) -> tuple:
    if pick_swing is not None and game.classic[seat]:
        return ("swing", pick_swing(seat, rng))
    return rng.choice(game.legal_moves(seat))


def _pick_play(
    game: ButtonMenState, seat: int, rng: random.Random, pick_attack: AttackPolicy | None
) -> tuple:
    moves = game.legal_moves(seat)
    if pick_attack is None or game.phase != PLAY:  # the policies only pick attacks
        return rng.choice(moves)
    moves = [m for m in moves if m[0] != SURRENDER_KIND]  # a policy never surrenders
    if moves == [PASS]:
        return PASS
    foe = 1 - seat
    own_ids, foe_ids = SLOTS[game.alive[seat]], SLOTS[game.alive[foe]]
    picked = pick_attack(
        [game.value[seat][i] for i in own_ids],
        [game.value[foe][i] for i in foe_ids],
        [game.size[foe][i] for i in foe_ids],
        rng,
    )
    if picked is None:
        # The policy sees no attack; a skill it does not model may still have one.
        return PASS if PASS in moves else rng.choice(moves)
    attackers, target = picked
    slots = tuple(sorted(own_ids[i] for i in attackers))
    own, showing = game.value[seat], game.value[foe][foe_ids[target]]
    kind = POWER if len(slots) == 1 and own[slots[0]] >= showing else SKILL
    move = (kind, slots, foe_ids[target])
    if move in moves:
        return move
    # The policy sees values only, not skills: the same dice on the same target under
    # this button's rules (a Shadow die's shadow attack), else any legal move. Speed
    # attacks are never named by the policy; it plays them only in that random pick.
    same = [m for m in moves if m[1:] == move[1:]]
    return same[0] if same else rng.choice(moves)
