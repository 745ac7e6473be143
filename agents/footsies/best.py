"""``footsies-best``: read the opponent's habits, exploit them only with what they gave
away, and never be worth more than ``risk`` below the equilibrium to anyone.

Footsies is solved (``agents.equilibrium``): the equilibrium mix holds any opponent to
the game's value (0, an even match) but wins no more than that against people, who
repeat, cycle and answer the last move. This player predicts the opponent's next move
and leans towards the answer, but only as far as a ledger allows
(``agents.footsies.safe``):

- *the prediction*: a posterior over experts. Some are programs it knows (the
  equilibrium, random, the write-up's counter and statistician, the exploiter of random
  players); most are habits it learns from the match: counts of the opponent's moves
  after each of their own last moves, after each of ours, after both, after their last
  two, given our most used move, at each kind of position, and overall (recent moves
  count more: ``decay``). Each expert's weight is multiplied after every exchange by the
  chance it gave the move played (blended with ``noise`` of a uniform chance), and
  older evidence fades (``forget``), so a habit that changes mid-match is followed.
- *the ledger*: the budget starts at ``risk`` and grows by every gift: what the
  opponent's actual move gave away against the mix we drew from, measured in the
  equilibrium's values of the positions after it (0 for a move that is a best reply to
  it, more for one that is not). It is recomputed from the match's events alone, so a
  fresh agent replaying a match books the same budget.
- *the answer*: the mix that does best against the prediction among the mixes whose
  worst case is no more than ``spend`` of the budget below the position's value (a
  four-variable linear programme, ``safe.safe_mix``), or the equilibrium mix when that
  does not gain more than ``margin`` or before the opponent has shown a move.

Because every mix it plays is sure of the position's value minus the budget, the
budget never goes below zero, and its expected match result against any opponent at
all, adaptive or not, is at least the equilibrium's minus ``risk`` (the proof is in
``agents/footsies/safe.py``; ``agents.footsies.exploitability`` computes the exact best
response against it on rule sets small enough to enumerate). ``risk=0.02`` is one
percentage point of the expected score (a win 1, a draw ½).

Play is fixed by the seed and the match's events: every expert answers every question,
none samples, so the same match replays the same on any machine and under any load.
``Budget.seconds`` is only a safety cap (a decision that reaches it plays the
equilibrium mix and says so). Nothing is solved at move time for the shipped rule
sets; another rule set is solved within the deadline as ``footsies-nash`` does, or the
stand-in mix is played (then there is no ledger and no guarantee).
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Hashable
from typing import Any

from agents.core import Agent, Budget, Decision, get
from agents.core.deadline import Deadline, OutOfTime, within
from agents.equilibrium.footsies import Solution
from agents.footsies.nash import live_solution, standard_mix
from agents.footsies.safe import Ledger, against, kelly_mix, safe_mix, worst_case
from games.core import SIMULTANEOUS
from games.footsies import MOVES
from games.footsies.state import FootsiesState

Mix = dict[str, float]
#: The match so far from our side: (our move, theirs) per exchange, oldest first.
History = list[tuple[str, str]]

#: Options whose values differ by less than this are equal.
TIE = 1e-9
#: How far to lean: Kelly's criterion on the budget, or always the whole stake.
SIZINGS = ("kelly", "linear")
#: Experts shown in the thinking (the heaviest first).
SHOWN = 6


def _normalised(counts: dict[str, float]) -> Mix:
    total = sum(counts.values())
    return {m: counts.get(m, 0.0) / total for m in MOVES}


class Model:
    """One guess at how the opponent chooses (its seat is ``opp``)."""

    name: str

    def predict(self, state: FootsiesState, opp: int, history: History) -> Mix:
        """The chance of each move of ``opp`` at ``state`` after ``history``."""
        raise NotImplementedError

    def available(self, state: FootsiesState) -> bool:
        """Whether the model answers under these rules (decided by the rules alone)."""
        return True

    def learn(
        self, state: FootsiesState, event: tuple[int, Any], opp: int, history: History
    ) -> None:
        """See the exchange ``event`` played from ``state`` after ``history``."""


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
        # position of its own). Under a cap it is left out.
        return not self.uncapped_only or state.options["max_turns"] is None

    def predict(self, state: FootsiesState, opp: int, history: History) -> Mix:
        return self.policy(state, opp)


class Shadow(Model):
    """A copy of a learning player that offers its exact next mix (``mix``)."""

    def __init__(self, spec: str) -> None:
        self.name = spec
        self.agent = get(spec)

    def predict(self, state: FootsiesState, opp: int, history: History) -> Mix:
        return self.agent.mix(state, opp)

    def learn(
        self, state: FootsiesState, event: tuple[int, Any], opp: int, history: History
    ) -> None:
        self.agent.observe(state, event)


#: What a habit is conditioned on: (position, the opponent's seat, history) -> a key,
#: or None when there is nothing to condition on yet.
Context = Callable[[FootsiesState, int, History], Hashable | None]


def _overall(state: FootsiesState, opp: int, history: History) -> Hashable | None:
    return ()


def _their_last(state: FootsiesState, opp: int, history: History) -> Hashable | None:
    return history[-1][1] if history else None


def _my_last(state: FootsiesState, opp: int, history: History) -> Hashable | None:
    return history[-1][0] if history else None


def _both_last(state: FootsiesState, opp: int, history: History) -> Hashable | None:
    return history[-1] if history else None


def _their_last_two(state: FootsiesState, opp: int, history: History) -> Hashable | None:
    return (history[-2][1], history[-1][1]) if len(history) >= 2 else None


def _my_most_used(state: FootsiesState, opp: int, history: History) -> Hashable | None:
    # A frequency counter answers our most used move; ties go to the latest of them.
    if not history:
        return None
    counts: dict[str, int] = {}
    for mine, _ in history:
        counts[mine] = counts.get(mine, 0) + 1
    top = max(counts.values())
    return next(mine for mine, _ in reversed(history) if counts[mine] == top)


def _position(state: FootsiesState, opp: int, history: History) -> Hashable | None:
    # What a player who watches the position sees: who has a hit in, who is out of blocks.
    me = 1 - opp
    return (
        state.streak[opp] > 0,
        state.streak[me] > 0,
        state.blocks[opp] <= 0,
        state.blocks[me] <= 0,
    )


#: The habits learned from the match, by name.
CONTEXTS: dict[str, Context] = {
    "their moves": _overall,
    "after their last": _their_last,
    "after my last": _my_last,
    "after both last": _both_last,
    "after their last two": _their_last_two,
    "given my most used": _my_most_used,
    "at the position": _position,
}


class Habit(Model):
    """Counts of the opponent's moves in each context (Dirichlet prior ``alpha`` per
    move); a context's counts fade by ``decay`` each time it is seen again, so a habit
    given up is forgotten."""

    def __init__(self, name: str, context: Context, alpha: float, decay: float) -> None:
        self.name = name
        self.context = context
        self.alpha = alpha
        self.decay = decay
        self.counts: dict[Hashable, dict[str, float]] = {}

    def predict(self, state: FootsiesState, opp: int, history: History) -> Mix:
        key = self.context(state, opp, history)
        seen = self.counts.get(key, {}) if key is not None else {}
        return _normalised({m: seen.get(m, 0.0) + self.alpha for m in MOVES})

    def learn(
        self, state: FootsiesState, event: tuple[int, Any], opp: int, history: History
    ) -> None:
        key = self.context(state, opp, history)
        if key is None:
            return
        seen = self.counts.setdefault(key, {})
        for m in seen:
            seen[m] *= self.decay
        actual = dict(event[1])[opp]
        seen[actual] = seen.get(actual, 0.0) + 1.0


#: Moves relative to a move, as people think of them: the same again, the move that
#: beats it outright, the move it beats, and the next or previous in the order A, B, G,
#: DP (Block, Grab and Dragon Punch beat each other in a circle, Attack stands apart).
TURNS: dict[str, dict[str, str]] = {
    "the same": {m: m for m in MOVES},
    "what beats": {"A": "DP", "B": "G", "G": "DP", "DP": "B"},
    "what is beaten by": {"A": "G", "B": "DP", "G": "B", "DP": "G"},
    "the next after": {"A": "B", "B": "G", "G": "DP", "DP": "A"},
    "the one before": {"A": "DP", "B": "A", "G": "B", "DP": "G"},
}


def _their_most_used(state: FootsiesState, opp: int, history: History) -> Hashable | None:
    if not history:
        return None
    counts: dict[str, int] = {}
    for _, theirs in history:
        counts[theirs] = counts.get(theirs, 0) + 1
    top = max(counts.values())
    return next(theirs for _, theirs in reversed(history) if counts[theirs] == top)


def _their_two_back(state: FootsiesState, opp: int, history: History) -> Hashable | None:
    return history[-2][1] if len(history) >= 2 else None


#: What a rule of thumb starts from.
REFERENCES: dict[str, Context] = {
    "their last": _their_last,
    "my last": _my_last,
    "my most used": _my_most_used,
    "their most used": _their_most_used,
    "their move two back": _their_two_back,
}


class Rule(Model):
    """A rule of thumb: the opponent plays a fixed turn of a reference move ("what beats
    my last", "the same as their last"), except for ``slack`` of the time."""

    def __init__(self, turn: str, reference: str, slack: float) -> None:
        self.name = f"{turn} {reference}"
        self.turn = TURNS[turn]
        self.reference = REFERENCES[reference]
        self.slack = slack

    def predict(self, state: FootsiesState, opp: int, history: History) -> Mix:
        start = self.reference(state, opp, history)
        if start is None:
            return _uniform(state, opp)
        aimed = self.turn[start]
        return {m: (1 - self.slack) * (m == aimed) + self.slack / len(MOVES) for m in MOVES}


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
        "Safe exploiter: learns the opponent's habits and leans towards the answer, "
        "staking only what the opponent has given away plus 1 point: no opponent can "
        "expect more than 1 point of the score above an even match against it."
    )
    games = ("footsies",)
    params = {
        "risk": 0.02,
        "sizing": "kelly",
        "spend": 1.0,
        "margin": 0.0,
        "noise": 0.05,
        "forget": 0.9,
        "alpha": 0.3,
        "decay": 0.9,
        "counts": True,
        "rules": True,
        "slack": 0.25,
    }
    limits = {
        "risk": (0.0, 2.0),
        "spend": (0.0, 1.0),
        "margin": (0.0, 2.0),
        "noise": (0.0, 1.0),
        "forget": (0.0, 1.0),
        "alpha": (1e-6, 1e6),
        "decay": (0.0, 1.0),
        "slack": (0.0, 1.0),
    }
    budget_note = (
        "a few ms (no search: counts, a posterior and a four-variable linear programme); "
        "the deadline is only a safety cap"
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if not 0 < self.noise <= 1 or self.alpha <= 0 or self.sizing not in SIZINGS:
            raise ValueError(
                "agent 'footsies-best': noise in (0, 1], alpha > 0 and sizing "
                + " or ".join(SIZINGS)
            )
        self.reset()

    def reset(self) -> None:
        equilibrium = Policy("footsies-nash", self._equilibrium_mix)
        self.models: list[Model] = [
            equilibrium,
            Policy("random", _uniform),
            Policy("footsies-counter", get("footsies-counter").mix),
            Shadow("footsies-bayesian"),
            Policy("footsies-br", _random_exploiter(), uncapped_only=True),
        ]
        if self.counts:
            self.models += [
                Habit(name, context, self.alpha, self.decay) for name, context in CONTEXTS.items()
            ]
        if self.rules:
            self.models += [
                Rule(turn, reference, self.slack) for reference in REFERENCES for turn in TURNS
            ]
        #: The evidence for each model, an even prior: the log of the chances it gave
        #: the moves played, older exchanges fading by ``forget``.
        self.log_weights = [0.0 for _ in self.models]
        self.seen = 0  # opponent moves learned from
        self.history: History = []
        self.seat: int | None = None
        self.ledger = Ledger(self.risk)
        self._pending: list[tuple[FootsiesState, tuple[int, Any]]] = []
        self._solution: Solution | None = None
        #: The last plan made, by (opponent moves seen, ply): the exchange played from
        #: there is booked with it instead of planning it again.
        self._planned: tuple[tuple[int, int], dict[str, Any]] | None = None

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
        # agent before it asks for a move).
        self._pending.append((state.clone(), event))

    def _flush(self) -> None:
        """Learn from the events waiting, oldest first: book the exchange in the ledger
        with the mix this agent drew from there (recomputed: the same function of the
        same events), then weigh every model on the move played and let it see it."""
        opp = 1 - self.seat
        while self._pending:
            state, event = self._pending[0]
            moves = dict(event[1])
            actual = moves[opp]
            predictions = self._predictions(state)
            plan = self._plan_at(state, predictions)
            # Booked only once everything was computed, so an event is learned once and
            # whole, even when the safety cap stops a decision half way.
            self._pending.pop(0)
            self.ledger.add(plan["mix_row"], plan["matrix"], plan["value"], MOVES.index(actual))
            for index, (model, predicted) in enumerate(zip(self.models, predictions, strict=True)):
                if predicted is None:
                    continue
                chance = (1 - self.noise) * predicted.get(actual, 0.0) + self.noise / len(MOVES)
                self.log_weights[index] = self.forget * self.log_weights[index] + math.log(chance)
                model.learn(state, event, opp, self.history)
            self.history.append((moves[self.seat], actual))
            self.seen += 1

    def posterior(self) -> list[float]:
        top = max(self.log_weights)
        weights = [math.exp(w - top) for w in self.log_weights]
        total = sum(weights)
        return [w / total for w in weights]

    # ----- choosing -----------------------------------------------------------------------

    def _predictions(self, state: FootsiesState) -> list[Mix | None]:
        """Each model's mix for the opponent's move at ``state`` (None: not asked here)."""
        opp = 1 - self.seat
        return [
            model.predict(state, opp, self.history) if model.available(state) else None
            for model in self.models
        ]

    def _mixed(self, predictions: list[Mix | None]) -> tuple[Mix, dict[str, float]]:
        """The posterior's mix of the models' predictions, and each model's weight."""
        asked = [
            (model, weight, predicted)
            for model, weight, predicted in zip(
                self.models, self.posterior(), predictions, strict=True
            )
            if predicted is not None
        ]
        total = sum(weight for _, weight, _ in asked)
        mix = dict.fromkeys(MOVES, 0.0)
        weights: dict[str, float] = {}
        for model, weight, predicted in asked:
            weights[model.name] = weight / total
            for move, p in predicted.items():
                mix[move] += weight / total * p
        return mix, weights

    def _plan_at(self, state: FootsiesState, predictions: list[Mix | None]) -> dict[str, Any]:
        """``_plan``, remembered for the exchange about to be played from ``state``."""
        where = (self.seen, state.ply)
        if self._planned is not None and self._planned[0] == where:
            return self._planned[1]
        plan = self._plan(state, predictions)
        self._planned = (where, plan)
        return plan

    def _plan(self, state: FootsiesState, predictions: list[Mix | None]) -> dict[str, Any]:
        """The mix to draw from at ``state``, given the models' predictions there and
        the budget booked so far. A function of the match's events alone."""
        solution = self._solution
        key = solution.seat_key(state, self.seat)
        matrix = solution.matrices[key].tolist()
        value = float(solution.values[key])
        equilibrium = [float(p) for p in solution.mixes[key]]
        predicted, weights = self._mixed(predictions) if self.seen else ({}, {})
        budget = self.ledger.budget
        plan: dict[str, Any] = {
            "matrix": matrix,
            "value": value,
            "budget": budget,
            "mix_row": equilibrium,
            "predicted": predicted,
            "weights": weights,
        }
        if not predicted:
            plan["how"] = "no move of the opponent seen yet: the equilibrium mix"
            return plan
        opponent = [predicted[m] for m in MOVES]
        baseline = against(equilibrium, matrix, opponent)
        plan["equilibrium_gain"] = baseline
        stake = self.spend * max(budget, 0.0)
        if self.sizing == "kelly":
            mix, gain = kelly_mix(matrix, value, stake, opponent, equilibrium)
        else:
            found = safe_mix(matrix, value - stake, opponent)
            mix, gain = found if found is not None else (equilibrium, baseline)
        if gain - baseline <= max(self.margin, TIE):
            plan["how"] = "no safe answer beats the equilibrium here: its mix"
            plan["gain"] = baseline
            return plan
        plan["mix_row"], plan["gain"] = mix, gain
        plan["how"] = "leans towards the answer, within the budget"
        return plan

    def policy(self, state: FootsiesState, seat: int) -> Mix:
        """The mix ``act`` would draw from at ``state`` (no deadline): what an exact
        best response against this player reads (``agents.footsies.exploitability``)."""
        self._solution = live_solution(state, Deadline.of(None))
        if self._solution is None:
            return standard_mix(state, seat)
        self.seat = seat
        self._flush()
        plan = self._plan_at(state, self._predictions(state))
        return dict(zip(MOVES, plan["mix_row"], strict=True))

    #: The same, under the name other players read a model's mix by (``footsies-br``
    #: with ``model=footsies-best`` answers it exactly, one exchange at a time).
    mix = policy

    def fork(self) -> BestAgent:
        """A copy that learns on its own from here (the solved tables stay shared)."""
        shared = {id(self._solution): self._solution}
        return copy.deepcopy(self, shared)

    def act(self, state: FootsiesState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        deadline = Deadline.of(budget)
        self._solution = live_solution(state, deadline)
        if self._solution is None:
            mix = standard_mix(state, seat)
            return self._draw(
                mix, rng, {"how": "these rules could not be solved in time: a stand-in mix"}
            )
        self.seat = seat
        try:
            with within(deadline.remaining()):
                self._flush()
                plan = self._plan_at(state, self._predictions(state))
        except OutOfTime:
            # The safety cap: reached only on a machine far slower than any we measure.
            how = "out of time before every model answered: the equilibrium mix"
            return self._draw(self._solution.mix(state, seat), rng, {"how": how})
        mix = dict(zip(MOVES, plan["mix_row"], strict=True))
        matrix = plan["matrix"]
        thinking: dict[str, Any] = {
            "how": plan["how"],
            "value": round(plan["value"], 6),
            "budget": round(plan["budget"], 6),
            "risk_taken": round(plan["value"] - worst_case(plan["mix_row"], matrix), 6),
        }
        if plan["predicted"]:
            opponent = [plan["predicted"][m] for m in MOVES]
            thinking["predicted"] = {m: round(p, 4) for m, p in plan["predicted"].items() if p}
            heaviest = sorted(plan["weights"].items(), key=lambda item: -item[1])[:SHOWN]
            thinking["models"] = [{"model": n, "weight": round(w, 4)} for n, w in heaviest]
            thinking["moves"] = [
                {
                    "move": m,
                    "value": round(sum(matrix[i][j] * opponent[j] for j in range(4)), 6),
                }
                for i, m in enumerate(MOVES)
            ]
            thinking["equilibrium_gain"] = round(plan["equilibrium_gain"], 6)
            thinking["gain"] = round(plan["gain"], 6)
        return self._draw(mix, rng, thinking)

    def _draw(self, mix: Mix, rng: random.Random, thinking: dict[str, Any]) -> Decision:
        move = rng.choices(MOVES, weights=[mix[m] for m in MOVES])[0]
        total = sum(mix.values())
        thinking = {
            "algorithm": self.name,
            **thinking,
            "mix": {m: round(p / total, 4) for m, p in mix.items()},
        }
        return Decision(move=move, thinking=thinking)
