"""``footsies-best``: model the opponent, exploit what the evidence shows, else the
equilibrium.

Footsies is solved (``agents.equilibrium``): the equilibrium mix holds any opponent to
the game's value (0, an even game), but it also wins no more than that against weak
opponents. This player keeps a posterior over a library of opponent models and answers
the posterior's prediction when that is clearly worth more than the equilibrium:

- *the models*: the equilibrium itself, a uniformly random player, the write-up's
  counter and statistician (a shadow copy that sees every event), the exploiter of
  random players (``footsies-br``), the two bandits (``footsies-mcts`` estimated by
  sampling copies once per position, ``footsies-mcts-faithful`` shadowed by copies as
  its statistics grow), and a generic one: Dirichlet counts of the opponent's moves in
  the match so far (for people, the generic searchers and anything else the library
  does not know);
- *the posterior*: each model's weight is multiplied, at every exchange, by the chance
  it gave the move the opponent actually played, blended with ``noise`` of a uniform
  chance, so one surprise lowers a model's weight without ruling it out;
- *the answer*: each own option is valued against the posterior's mix of predictions
  for this exchange, positions after it at their equilibrium value. The best option is
  played when it is worth more than ``margin`` above the equilibrium mix's value
  against the same prediction; otherwise, and always before the opponent has shown a
  single move, it draws from the equilibrium mix (equal options: drawn by their
  equilibrium weights).

Play is fixed by the seed and the counts: every model answers every question, a
sampled one from a fixed number of copies seeded by the question, so the same match
replays the same on any machine and under any load. Every model answers in a few
milliseconds (the generic searchers, which take seconds to sample, are left to the
counts). ``Budget.seconds`` is only a safety cap: a decision that reaches it plays the
equilibrium mix and says so. Nothing is solved at move time for the shipped rule sets;
another rule set is solved within the deadline as ``footsies-nash`` does, or the
equilibrium stand-in is played.

Memory: the posterior and the shadows last across games until ``reset()`` (the arena
builds fresh agents per match; the web app replays the match's events into a fresh
agent before each move).
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable
from typing import Any

from agents.core import Agent, Budget, Decision, get
from agents.core.deadline import Deadline, OutOfTime, check_time, within
from agents.equilibrium.footsies import Solution
from agents.footsies.nash import live_solution, standard_mix
from agents.footsies.response import exchange_values
from games.core import SIMULTANEOUS
from games.footsies import MOVES
from games.footsies.state import FootsiesState

Mix = dict[str, float]

#: Options whose values differ by less than this are equal.
TIE = 1e-9
#: Copies of a position-only sampled model asked to estimate its mix at a position.
STATIONARY_SAMPLES = 32
#: Positions whose sampled mix is kept per process. A stationary model's estimate is a
#: pure function of the position (its copies are seeded by it), so keeping it changes
#: nothing but the time.
MAX_CACHED = 4096
_SAMPLED: dict[tuple, dict[str, float]] = {}


def _normalised(counts: dict[str, float]) -> Mix:
    total = sum(counts.values())
    return {m: counts.get(m, 0.0) / total for m in MOVES}


def _position(state: FootsiesState, seat: int) -> tuple:
    """What a position-only player sees, from ``seat``'s side."""
    opp = 1 - seat
    return (
        tuple(sorted(state.options.items())),
        state.blocks[seat],
        state.blocks[opp],
        state.streak[seat],
        state.streak[opp],
        state.turns_left(),
        tuple(state.round_wins) if seat == 0 else tuple(reversed(state.round_wins)),
    )


class Model:
    """One guess at how the opponent chooses: a mix per position, kept in step with
    the match by ``learn`` (the opponent's seat is ``seat``)."""

    name: str

    def predict(self, state: FootsiesState, seat: int, key: str) -> Mix:
        """The chance of each move of ``seat`` at ``state``. ``key`` seeds any sampling,
        so the same question gets the same answer."""
        raise NotImplementedError

    def available(self, state: FootsiesState) -> bool:
        """Whether the model answers under these rules (decided by the rules alone)."""
        return True

    def learn(self, state: FootsiesState, event: tuple[int, Any], seat: int) -> None:
        """See the exchange ``event`` played from ``state``."""


class Policy(Model):
    """A player whose mix depends on the position alone."""

    def __init__(
        self,
        name: str,
        policy: Callable[[FootsiesState, int], Mix],
        uncapped_only: bool = False,
    ) -> None:
        self.name = name
        self.policy = policy
        self.uncapped_only = uncapped_only

    def available(self, state: FootsiesState) -> bool:
        # The exploiter of random players solves a best response to random over the
        # whole game: instant without a turn cap, a minute with one (every turn is a
        # position of its own). Under a cap it is left to the counts model.
        return not self.uncapped_only or state.options["max_turns"] is None

    def predict(self, state: FootsiesState, seat: int, key: str) -> Mix:
        return self.policy(state, seat)


class Shadow(Model):
    """A copy of a learning player that offers its exact next mix (``mix``)."""

    def __init__(self, spec: str) -> None:
        self.name = spec
        self.agent = get(spec)

    def predict(self, state: FootsiesState, seat: int, key: str) -> Mix:
        return self.agent.mix(state, seat)

    def learn(self, state: FootsiesState, event: tuple[int, Any], seat: int) -> None:
        self.agent.observe(state, event)


class Sampled(Model):
    """A player that samples: its mix is estimated by letting copies choose.

    ``stationary``: fresh statistics every decision, so the mix depends on the
    position alone and is estimated once per position and process, from 32 copies
    seeded by the position (an estimate the safety cap cuts short is not kept). Otherwise (the
    faithful bandit, whose statistics add up over decisions) ``samples`` copies are
    asked each time, and after the exchange the shadow becomes a copy that chose what
    the opponent chose, so it stays in step with the real one."""

    def __init__(self, spec: str, stationary: bool, samples: int) -> None:
        self.name = spec
        self.agent = get(spec)
        self.stationary = stationary
        self.samples = samples
        self._asked: tuple[str, list[tuple[str, Agent]]] | None = None

    def _ask(self, agent: Agent, state: FootsiesState, seat: int, rng: random.Random) -> str:
        deadline = Deadline.of(None)
        return agent.act(state.clone(), seat, deadline.budget(), rng).move

    def predict(self, state: FootsiesState, seat: int, key: str) -> Mix:
        if self.stationary:
            where = (self.name, _position(state, seat))
            estimate = _SAMPLED.get(where)
            if estimate is None:
                rng = random.Random(f"{self.name}:{where}")
                counts = dict.fromkeys(MOVES, 0.0)
                for _ in range(STATIONARY_SAMPLES):
                    check_time()  # the safety cap only: kept only once complete
                    counts[self._ask(self.agent, state, seat, rng)] += 1
                if len(_SAMPLED) >= MAX_CACHED:
                    _SAMPLED.clear()
                estimate = _SAMPLED[where] = _normalised(counts)
            return estimate
        rng = random.Random(f"{self.name}:{key}")
        copies = []
        self._asked = None
        for _ in range(self.samples):
            check_time()
            twin = copy.deepcopy(self.agent)
            copies.append((self._ask(twin, state, seat, rng), twin))
        self._asked = (key, copies)
        return _normalised({m: sum(1.0 for move, _ in copies if move == m) for m in MOVES})

    def learn(self, state: FootsiesState, event: tuple[int, Any], seat: int) -> None:
        if self.stationary or self._asked is None:
            return
        actual = dict(event[1])[seat]
        copies = self._asked[1]
        same = [twin for move, twin in copies if move == actual]
        self.agent = same[0] if same else copies[0][1]
        self._asked = None
        self.agent.observe(state, event)


class Frequency(Model):
    """Dirichlet counts of the opponent's moves so far (prior ``alpha`` each)."""

    name = "frequency"

    def __init__(self, alpha: float = 1.0) -> None:
        self.counts = dict.fromkeys(MOVES, alpha)

    def predict(self, state: FootsiesState, seat: int, key: str) -> Mix:
        return _normalised(self.counts)

    def learn(self, state: FootsiesState, event: tuple[int, Any], seat: int) -> None:
        self.counts[dict(event[1])[seat]] += 1.0


def _uniform(state: FootsiesState, seat: int) -> Mix:
    return dict.fromkeys(MOVES, 1.0 / len(MOVES))


def _random_exploiter() -> Callable[[FootsiesState, int], Mix]:
    exploiter = get("footsies-br")  # model=random: a position-only player

    def policy(state: FootsiesState, seat: int) -> Mix:
        choices = exploiter._exact(state, seat).choices(state, TIE)
        return {m: (1.0 / len(choices) if m in choices else 0.0) for m in MOVES}

    return policy


class BestAgent(Agent):
    name = "footsies-best"
    description = (
        "Adaptive: weighs a library of opponent models by how well they predicted the "
        "opponent, answers the likely move when that clearly pays, else plays the "
        "exact equilibrium."
    )
    games = ("footsies",)
    params = {"noise": 0.05, "margin": 0.02, "samples": 16}
    limits = {"noise": (0.0, 1.0), "margin": (0.0, 2.0), "samples": (1, 256)}
    budget_note = (
        "a few ms (every model is cheap, and every one is always asked: play depends on "
        "the seed alone); the deadline is only a safety cap"
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if not 0 < self.noise <= 1 or self.margin < 0 or self.samples < 1:
            raise ValueError("agent 'footsies-best': noise in (0, 1], margin >= 0 and samples >= 1")
        self.reset()

    def reset(self) -> None:
        self.models: list[Model] = [
            Policy("footsies-nash", self._equilibrium_mix),
            Policy("random", _uniform),
            Policy("footsies-counter", get("footsies-counter").mix),
            Shadow("footsies-bayesian"),
            Policy("footsies-br", _random_exploiter(), uncapped_only=True),
            Sampled("footsies-mcts", stationary=True, samples=self.samples),
            Sampled("footsies-mcts-faithful", stationary=False, samples=self.samples),
            Frequency(),
        ]
        #: log of each model's weight: an even prior.
        self.log_weights = [0.0 for _ in self.models]
        self.seen = 0  # opponent moves learned from
        self.seat: int | None = None
        self._pending: list[tuple[FootsiesState, tuple[int, Any]]] = []
        self._solution: Solution | None = None

    # ----- learning -----------------------------------------------------------------------

    def _equilibrium_mix(self, state: FootsiesState, seat: int) -> Mix:
        if self._solution is None:
            return standard_mix(state, seat)
        return self._solution.mix(state, seat)

    def observe(self, state: FootsiesState, event: tuple[int, Any]) -> None:
        if event[0] != SIMULTANEOUS:
            return
        # Learning waits for the next decision, under its deadline: the seat is known
        # only from the first act (the web app replays a match's events into a fresh
        # agent before it asks for a move), and asking the models takes time.
        self._pending.append((state.clone(), event))

    def _flush(self) -> None:
        """Learn from the events waiting, oldest first: every model is weighed on the
        move the opponent played, then sees it."""
        opp = 1 - self.seat
        while self._pending:
            state, event = self._pending[0]
            actual = dict(event[1])[opp]
            key = str(self.seen)
            chances = [
                model.predict(state, opp, key).get(actual, 0.0) if model.available(state) else None
                for model in self.models
            ]
            # Weighed only once every model answered, so an event is learned once and
            # whole, even when the safety cap stops a decision half way.
            self._pending.pop(0)
            for index, (model, p) in enumerate(zip(self.models, chances, strict=True)):
                if p is None:
                    continue
                chance = (1 - self.noise) * p + self.noise / len(MOVES)
                self.log_weights[index] += math.log(chance)
                model.learn(state, event, opp)
            self.seen += 1

    def posterior(self) -> list[float]:
        top = max(self.log_weights)
        weights = [math.exp(w - top) for w in self.log_weights]
        total = sum(weights)
        return [w / total for w in weights]

    # ----- choosing -----------------------------------------------------------------------

    def act(self, state: FootsiesState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        deadline = Deadline.of(budget)
        self._solution = live_solution(state, deadline)
        if self._solution is None:
            mix = standard_mix(state, seat)
            return self._draw(
                mix, rng, {"how": "these rules could not be solved in time: a stand-in mix"}
            )
        self.seat = seat
        equilibrium = self._solution.mix(state, seat)
        try:
            with within(deadline.remaining()):
                self._flush()
                if self.seen == 0:
                    how = "no move of the opponent seen yet: the equilibrium mix"
                    return self._draw(equilibrium, rng, {"how": how})
                predicted, weights = self._predict(state, 1 - seat)
        except OutOfTime:
            # The safety cap: reached only on a machine far slower than any we measure.
            how = "out of time before every model answered: the equilibrium mix"
            return self._draw(equilibrium, rng, {"how": how})
        values = self._values(state, seat, predicted)
        baseline = sum(equilibrium[m] * values[m] for m in MOVES)
        top = max(values.values())
        thinking: dict[str, Any] = {
            "predicted": {m: round(p, 4) for m, p in predicted.items() if p > 0},
            "models": [
                {"model": name, "weight": round(w, 4)}
                for name, w in sorted(weights.items(), key=lambda item: -item[1])
            ],
            "moves": [
                {"move": m, "value": round(values[m], 6), "equilibrium": round(equilibrium[m], 6)}
                for m in sorted(MOVES, key=values.get, reverse=True)
            ],
            "equilibrium_value": round(baseline, 6),
        }
        if top - baseline <= self.margin:
            thinking["how"] = "no answer clearly beats the equilibrium here: its mix"
            return self._draw(equilibrium, rng, thinking)
        best = [m for m in MOVES if values[m] >= top - TIE]
        thinking["how"] = "exploits the predicted mix"
        return self._draw(
            {m: (equilibrium[m] if m in best else 0.0) for m in MOVES}, rng, thinking, best
        )

    def _predict(self, state: FootsiesState, opp: int) -> tuple[Mix, dict[str, float]]:
        """The posterior's mix for the opponent's move, and each model's weight."""
        asked = [
            (m, w) for m, w in zip(self.models, self.posterior(), strict=True) if m.available(state)
        ]
        total = sum(w for _, w in asked)
        mix = dict.fromkeys(MOVES, 0.0)
        weights: dict[str, float] = {}
        for model, weight in asked:
            predicted = model.predict(state, opp, f"act:{self.seen}")
            weights[model.name] = weight / total
            for move, p in predicted.items():
                mix[move] += weight / total * p
        return mix, weights

    def _values(self, state: FootsiesState, seat: int, predicted: Mix) -> dict[str, float]:
        """Each own option's value for this exchange against ``predicted``, the
        position after it at its equilibrium value."""
        return exchange_values(state, seat, predicted, self._solution)

    def _draw(
        self,
        mix: Mix,
        rng: random.Random,
        thinking: dict[str, Any],
        among: list[str] | None = None,
    ) -> Decision:
        if sum(mix.values()) <= 0:  # the best options lie outside the equilibrium's support
            mix = {m: (1.0 if m in (among or MOVES) else 0.0) for m in MOVES}
        move = rng.choices(MOVES, weights=[mix[m] for m in MOVES])[0]
        total = sum(mix.values())
        thinking = {
            "algorithm": self.name,
            **thinking,
            "mix": {m: round(p / total, 4) for m, p in mix.items()},
        }
        return Decision(move=move, thinking=thinking)
