"""Playouts: a position played to the end by a policy, many times, on common random
numbers.

Every position of an analysis gets the same stream of random numbers for its j-th
playout (``Random(f"{salt}:{j}")``), so two sibling positions — the move played and the
move the judge preferred — meet the same dice, and the difference between their
estimates is far less noisy than either estimate alone. The whole analysis is
reproducible: the same record, policy and number of playouts give the same figures.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from agents.analyse.values import Estimate, Recalibration, half_width, mixture, win_shares
from agents.core import Agent, Budget
from games.core import CHANCE, SIMULTANEOUS, TERMINAL, State

#: ``playout(state, rng, fixed)``: play ``state`` (left unchanged) on and return each
#: seat's win share (adding up to 1); ``fixed`` pins some seats' moves at a first,
#: simultaneous node.
Playout = Callable[[State, random.Random, Mapping[int, Any] | None], tuple[float, ...]]

#: ``leaf(state)``: win probabilities of a position a playout stops at before the end.
Leaf = Callable[[State], tuple[float, ...]]

#: A playout that has not ended after this many events is scored as it stands.
MAX_EVENTS = 100_000

#: View fields that narrate the last event rather than describe the position: two
#: states differing only there play on alike, so they share one estimate.
NARRATION = ("last", "last_battle", "seat")


class AgentPlayout:
    """Every seat plays ``agent``, to the end or for ``horizon`` decisions, after which
    ``leaf`` judges the position (a truncated playout: the dice of the next few turns
    are sampled, the far future is the leaf's estimate). Registered agents leave the
    state they are given unchanged (a test checks it), so no copy is made per decision.
    """

    def __init__(
        self,
        agent: Agent,
        horizon: int | None = None,
        leaf: Leaf | None = None,
        budget: Budget | None = None,
    ) -> None:
        if horizon is not None and leaf is None:
            raise ValueError("a playout cut short needs a leaf to judge where it stops")
        self.agent = agent
        self.horizon = horizon
        self.leaf = leaf
        self.budget = budget or Budget()

    def __call__(
        self, state: State, rng: random.Random, fixed: Mapping[int, Any] | None = None
    ) -> tuple[float, ...]:
        s = state.clone()
        act = self.agent.act
        budget = self.budget
        decisions = 0
        horizon = self.horizon if self.horizon is not None else MAX_EVENTS
        for _ in range(MAX_EVENTS):
            actor = s.current()
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                s.apply_in_place(s.sample_chance(rng))
                continue
            if decisions >= horizon:
                return self.leaf(s)
            if actor == SIMULTANEOUS:
                joint = {
                    seat: fixed[seat] if fixed and seat in fixed else act(s, seat, budget, rng).move
                    for seat in s.acting_seats()
                }
                s.apply_joint_in_place(joint)
            else:
                s.apply_in_place(act(s, actor, budget, rng).move)
            fixed = None
            decisions += 1
        return win_shares(s.returns())


def position_key(state: State, fixed: Mapping[int, Any] | None = None) -> str:
    """Equal for two states that play on alike (narration of the last event aside)."""
    view = {k: v for k, v in state.full_view().items() if k not in NARRATION}
    pinned = sorted((s, state.move_to_str(m)) for s, m in (fixed or {}).items())
    return json.dumps([state.current(), pinned, view], sort_keys=True, default=str)


#: A chance node with at most this many listed outcomes is valued as the exact
#: probability-weighted mean of its outcomes (a Dice Wars battle: won or lost).
EXACT_OUTCOMES = 8


@dataclass
class _Sampled:
    state: State
    fixed: Mapping[int, Any] | None


@dataclass
class _Mixture:
    parts: list[tuple[float, int]]  # (exact probability, handle of the outcome)


class Sampler:
    """Estimates for many positions at once, in rounds that give every position the
    same number of playouts, until the playouts asked for are done, the time is up or
    every interval is narrow enough.

    A handle stands for a position: sampled by playouts, exact (the game is over), or
    a chance node whose few outcomes are listed (the exact mixture of their handles).
    Sums are kept per handle and per compared pair, so a difference between two
    positions gets the interval of the paired difference, which common random numbers
    make far narrower than the two intervals together.
    """

    #: Playouts per position in the first round (two are needed for an interval).
    FIRST = 2
    #: Stop early once every seat's half-width is at most this, with at least
    #: ``SURE`` playouts behind it (a handful of equal results is no proof of none).
    NARROW = 0.01
    SURE = 32

    def __init__(
        self, playout: Playout, salt: str, power: float | Recalibration | None = None
    ) -> None:
        self.playout = playout
        self.salt = salt
        # The game's recalibration of sampled means: a power (values.temper) or a
        # calibration map (calmap); None: raw means.
        self.power = power
        self.nodes: list[_Sampled | _Mixture | Estimate] = []
        self._keys: dict[str, int] = {}
        self._sums: dict[int, list[float]] = {}
        self._squares: dict[int, list[float]] = {}
        self._pairs: dict[tuple[int, int, int], list[float]] = {}
        self.n = 0
        self.seconds = 0.0

    # ----- positions ---------------------------------------------------------------------

    def add(self, state: State, fixed: Mapping[int, Any] | None = None) -> int:
        """Register a position (``fixed``: seats' pinned moves at a simultaneous node);
        returns its handle. The same position twice is sampled once."""
        if state.current() == TERMINAL:
            return self._new(Estimate.of_returns(state.returns()))
        key = position_key(state, fixed)
        found = self._keys.get(key)
        if found is not None:
            return found
        outcomes = state.chance_outcomes() if state.current() == CHANCE else None
        if outcomes and len(outcomes) <= EXACT_OUTCOMES:
            parts = [(p, self.add(state.apply(o))) for o, p in outcomes]
            node: _Sampled | _Mixture = _Mixture(parts)
        else:
            node = _Sampled(state, fixed)
        handle = self._new(node)
        self._keys[key] = handle
        return handle

    def compare(self, a: int, b: int, seat: int) -> None:
        """Keep the paired difference ``a - b`` for ``seat`` (see :meth:`difference`)."""
        self._pairs.setdefault((a, b, seat), [0.0, 0.0])

    def estimate(self, handle: int) -> Estimate:
        node = self.nodes[handle]
        if isinstance(node, Estimate):
            return node
        if self._exact(handle):
            return Estimate(self._exact_mean(handle))
        if self.power is None:
            return self.raw(handle)
        if isinstance(node, _Mixture):
            # The exact odds over recalibrated outcomes: a battle's luck stays exactly
            # (result - odds) x (won - lost).
            return mixture([(p, self.estimate(h)) for p, h in node.parts])
        if isinstance(self.power, (int, float)):
            return self.raw(handle).tempered(self.power)
        return self.raw(handle).mapped(self.power)

    def raw(self, handle: int) -> Estimate:
        """The plain mean of the playouts (no recalibration)."""
        return Estimate.of_samples(self._sums[handle], self._squares[handle], self.n)

    def difference(self, a: int, b: int, seat: int) -> tuple[float, float | None]:
        """``seat``'s win probability at ``a`` minus at ``b``, and the 95 % half-width of
        that paired difference (None when both are exact)."""
        diff = self.estimate(a).mean[seat] - self.estimate(b).mean[seat]
        if self._exact(a) and self._exact(b):
            return diff, None
        sums = self._pairs.get((a, b, seat))
        if sums is None or self.n < 2:
            return diff, 1.0
        # A difference of two win shares lies in [-1, 1].
        half = half_width(sums[0], sums[1], self.n, -1.0, 1.0)
        if self.power is not None:
            # The recalibration stretches or shrinks differences: carry the interval
            # through the same map (its secant between the two raw means).
            raw = sums[0] / self.n
            if abs(raw) > 1e-12:
                half *= abs(diff / raw)
        return diff, half

    def _new(self, node: _Sampled | _Mixture | Estimate) -> int:
        self.nodes.append(node)
        return len(self.nodes) - 1

    def _exact(self, handle: int) -> bool:
        node = self.nodes[handle]
        if isinstance(node, _Mixture):
            return all(self._exact(h) for _, h in node.parts)
        return isinstance(node, Estimate)

    def _exact_mean(self, handle: int) -> tuple[float, ...]:
        node = self.nodes[handle]
        if isinstance(node, Estimate):
            return node.mean
        parts = [(p, self._exact_mean(h)) for p, h in node.parts]
        return tuple(sum(p * m[s] for p, m in parts) for s in range(len(parts[0][1])))

    # ----- sampling ----------------------------------------------------------------------

    def run(self, seconds: float | None, playouts: int) -> None:
        """Sample until ``playouts`` per position, or until ``seconds`` have passed
        (the last round is cut to what fits, so every position has the same n)."""
        started = time.perf_counter()
        sampled = [h for h, node in enumerate(self.nodes) if not self._exact(h)]
        if not sampled:
            return
        for h in sampled:
            seats = self._seats(h)
            self._sums[h] = [0.0] * seats
            self._squares[h] = [0.0] * seats
        batch = min(self.FIRST, playouts)
        while self.n < playouts:
            batch = min(batch, playouts - self.n)
            if seconds is not None and self.n:
                elapsed = time.perf_counter() - started
                batch = min(batch, int((seconds - elapsed) / (elapsed / self.n)))
                if batch < 1:
                    break
            # The first round always completes: every position needs two playouts
            # for an interval, however slow the policy (the budget is a target).
            for j in range(self.n, self.n + batch):
                self._sample(j)
            self.n += batch
            batch *= 2
            if self._narrow(sampled):
                break
        self.seconds = time.perf_counter() - started

    def _seats(self, handle: int) -> int:
        node = self.nodes[handle]
        if isinstance(node, Estimate):
            return len(node.mean)
        if isinstance(node, _Mixture):
            return self._seats(node.parts[0][1])
        return node.state.num_players

    def _sample(self, j: int) -> None:
        stream = random.Random(f"{self.salt}:{j}").getstate()
        rng = random.Random()
        play = self.playout
        values: list[tuple[float, ...]] = []
        # Handles are numbered children first, so a mixture's outcomes are ready.
        for handle, node in enumerate(self.nodes):
            if isinstance(node, Estimate):
                value = node.mean
            elif isinstance(node, _Mixture):
                parts = [(p, values[h]) for p, h in node.parts]
                value = tuple(sum(p * v[s] for p, v in parts) for s in range(len(parts[0][1])))
            else:
                rng.setstate(stream)
                value = play(node.state, rng, node.fixed)
            values.append(value)
            sums = self._sums.get(handle)
            if sums is not None:
                squares = self._squares[handle]
                for seat, share in enumerate(value):
                    sums[seat] += share
                    squares[seat] += share * share
        for (a, b, seat), sums in self._pairs.items():
            d = values[a][seat] - values[b][seat]
            sums[0] += d
            sums[1] += d * d

    def _narrow(self, sampled: list[int]) -> bool:
        if self.n < self.SURE:
            return False
        for h in sampled:
            half = Estimate.of_samples(self._sums[h], self._squares[h], self.n).half or ()
            if any(x > self.NARROW for x in half):
                return False
        return True
