"""Rollout policies for Button Men playouts, between uniformly random and greedy.

A playout that plays uniformly random moves measures "who wins if both sides then play
at random"; the write-up's *highest point conversion* rule (:mod:`agents.buttonmen.greedy`)
is a far better model of a real opponent but is deterministic but for ties, so the
playouts it gives all run down the same few lines and are biased where that rule errs.
:func:`mixed` plays the rule with probability ``p`` at each move and a uniformly random
attack otherwise (epsilon-greedy): playouts that look like real play, still spread.
"""

from __future__ import annotations

import random

from agents.buttonmen.greedy import _COMBOS, conversion_pick
from games.buttonmen.fast import AttackPolicy


def random_pick(
    own: list[int], foe: list[int], foe_sizes: list[int], rng: random.Random
) -> tuple[tuple[int, ...], int] | None:
    """A uniformly random legal attack (power, or skill sets of two or more dice), or
    None when there is none. Each (attackers, target) counts once, as in the engine."""
    found: list[tuple[tuple[int, ...], int]] = []
    n = len(own)
    sets = [(slots, sum(own[i] for i in slots)) for group in _COMBOS[n] for slots in group]
    for t, showing in enumerate(foe):
        for i, v in enumerate(own):
            if v >= showing:
                found.append(((i,), t))
        for slots, total in sets:
            if total == showing:
                found.append((slots, t))
    if not found:
        return None
    return found[int(rng.random() * len(found))]


def mixed(p: float) -> AttackPolicy:
    """The conversion rule with probability ``p`` at each move, else a uniformly random
    attack. Both draw only from ``rng``, so a playout stays fixed by its seed."""

    def pick(
        own: list[int], foe: list[int], foe_sizes: list[int], rng: random.Random
    ) -> tuple[tuple[int, ...], int] | None:
        if rng.random() < p:
            return conversion_pick(own, foe, foe_sizes, rng)
        return random_pick(own, foe, foe_sizes, rng)

    return pick


class OpeningRule:
    """A playout policy whose first ``plies`` calls answer by the conversion rule and
    the rest by ``rest`` (None: uniformly random): a quick model of the opponent's
    immediate reply. A real opponent takes the die a move leaves open; a half-random
    playout takes it only half the time, which blurs exactly the difference between a
    safe move and an exposed one. Call :meth:`start` before each playout."""

    def __init__(self, plies: int, rest: AttackPolicy | None) -> None:
        self.plies = plies
        self.rest = rest or random_pick
        self.left = plies

    def start(self) -> None:
        self.left = self.plies

    def __call__(
        self, own: list[int], foe: list[int], foe_sizes: list[int], rng: random.Random
    ) -> tuple[tuple[int, ...], int] | None:
        if self.left > 0:
            self.left -= 1
            return conversion_pick(own, foe, foe_sizes, rng)
        return self.rest(own, foe, foe_sizes, rng)


class Alternating:
    """A playout policy whose calls alternate between ``first`` and ``then``, starting
    with ``first``: a model with one way of playing for the side that moves first in the
    playout and another for the other side (a playout's turns alternate strictly, a pass
    being a turn). Call :meth:`start` before each playout."""

    def __init__(self, first: AttackPolicy, then: AttackPolicy) -> None:
        self.sides = (first, then)
        self.calls = 0

    def start(self) -> None:
        self.calls = 0

    def __call__(
        self, own: list[int], foe: list[int], foe_sizes: list[int], rng: random.Random
    ) -> tuple[tuple[int, ...], int] | None:
        side = self.sides[self.calls & 1]
        self.calls += 1
        return side(own, foe, foe_sizes, rng)
