"""An exploiter: the best response to a model of the opponent (``model`` = its spec).

- A model whose choice depends on the position alone (``random``, ``footsies-counter``,
  ``footsies-nash``) is answered exactly: the responder solves the decision process
  that model leaves it (``agents.equilibrium.response``) and plays the move of highest
  value (of equal ones, the quickest to win), so against that very opponent it earns the exploitability the equilibrium tool
  prints.
- A learning or sampling model (``footsies-bayesian``, ``footsies-mcts``,
  ``footsies-mcts-faithful``) is shadowed: a private copy of it sees the same events as
  the real one. Its next-move distribution is read off exactly where the model offers
  ``mix`` (the Bayesian), or estimated by letting ``samples`` copies of the shadow
  choose (each with randomness of its own). The responder then plays the move of best
  expected payoff for this exchange, valuing positions that go on at their equilibrium
  value. After the exchange the shadow becomes a copy that chose what the opponent
  actually chose, so a model that learns while choosing (the faithful bandit) stays in
  step.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from agents.core import Agent, Budget, Deadline, Decision, OutOfTime, get, within
from agents.equilibrium.footsies import Solution
from agents.equilibrium.response import BestResponse, uniform
from agents.footsies.nash import solution_for, standard_mix
from games.core import SIMULTANEOUS
from games.footsies import MOVES
from games.footsies.state import FootsiesState

#: Moves whose values differ by less than this are ties (broken at random).
TIE = 1e-9

#: The part of the time budget spent asking copies of a sampling model.
ASKING_SHARE = 0.6

#: Solved responses to position-only models, by (model, options, seat).
_EXACT: dict[tuple, BestResponse] = {}
MAX_CACHED = 64


def exchange_values(
    state: FootsiesState, seat: int, predicted: dict[str, float], solution: Solution
) -> dict[str, float]:
    """Each own option's value for this exchange against the ``predicted`` mix of the
    opponent's moves, the position after it valued at the game's equilibrium."""
    values = {}
    for mine in MOVES:
        total = 0.0
        for theirs, p in predicted.items():
            if p <= 0:
                continue
            after = state.apply_joint({seat: mine, 1 - seat: theirs})
            if after.over:
                total += p * after.returns()[seat]
            else:
                total += p * solution.values[solution.seat_key(after, seat)]
        values[mine] = total
    return values


class BestResponseAgent(Agent):
    name = "footsies-br"
    description = (
        "Exploiter: best-responds to a model of the opponent (model=spec): exactly for "
        "position-only players, by shadowing a copy for learning or sampling ones."
    )
    games = ("footsies",)
    params = {"model": "random", "samples": 16}
    limits = {"samples": (1, 1_000)}
    nested = ("model",)
    budget_note = (
        "instant for position-only models; iterations = copies of a sampling model "
        "asked per decision (default 16)"
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.samples < 1:
            raise ValueError("agent 'footsies-br': samples must be at least 1")
        if self.model.partition(":")[0] == self.name:
            raise ValueError("agent 'footsies-br': the model cannot be footsies-br itself")
        self.shadow = get(self.model)
        if not self.shadow.plays("footsies"):
            raise ValueError(f"agent 'footsies-br': model {self.model!r} does not play footsies")
        self.exact = self.model == "random" or getattr(self.shadow, "stationary", False)
        self.reset()

    def reset(self) -> None:
        self.shadow.reset()
        self._copies: list[tuple[str, Agent]] = []
        self._seat: int | None = None

    # ----- the opponent model -------------------------------------------------------------

    def _policy(self):
        return uniform if self.model == "random" else self.shadow.mix

    def _exact(self, state: FootsiesState, seat: int) -> BestResponse:
        # Shared by every instance in the process: a position-only model has no memory,
        # so its solved responses hold for every match (the arena builds agents per match).
        key = (self.model, tuple(sorted(state.options.items())), seat)
        solved = _EXACT.get(key)
        if solved is None:
            if len(_EXACT) >= MAX_CACHED:
                _EXACT.clear()
            solved = _EXACT[key] = BestResponse(self._policy(), seat)
        return solved

    def _predict(
        self, state: FootsiesState, opp: int, budget: Budget, rng: random.Random
    ) -> dict[str, float]:
        if hasattr(self.shadow, "mix"):
            return self.shadow.mix(state, opp)
        count = budget.iterations if budget.iterations is not None else self.samples
        # The copies share the asking share of the time; each gets what is left of it,
        # and asking stops when it is gone (one copy at least).
        deadline = Deadline.of(budget, ASKING_SHARE)
        self._copies = []
        for _ in range(max(1, count)):
            twin = copy.deepcopy(self.shadow)
            choice = twin.act(
                state.clone(), opp, deadline.budget(), random.Random(rng.getrandbits(64))
            )
            self._copies.append((choice.move, twin))
            if deadline.passed():
                break
        asked = len(self._copies)
        return {m: sum(1 for move, _ in self._copies if move == m) / asked for m in MOVES}

    def _one_exchange(
        self, state: FootsiesState, seat: int, predicted: dict[str, float]
    ) -> dict[str, float]:
        # OutOfTime if these rules cannot be solved in time.
        return exchange_values(state, seat, predicted, solution_for(state))

    # ----- the agent ----------------------------------------------------------------------

    def act(self, state: FootsiesState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        self._seat = seat
        opp = 1 - seat
        try:
            with within(Deadline.of(budget).remaining()):  # what solvers below look at
                predicted, values, best, how = self._respond(state, seat, opp, budget, rng)
        except OutOfTime:
            # The model or its solution did not fit in the time: the equilibrium mix
            # (or its stand-in), which no opponent can beat on average.
            mix = standard_mix(state, seat)
            move = rng.choices(MOVES, weights=[mix[m] for m in MOVES])[0]
            thinking = {
                "algorithm": self.name,
                "model": self.model,
                "how": "out of time before the model was answered: an equilibrium mix",
                "mix": {m: round(p, 4) for m, p in mix.items()},
            }
            return Decision(move=move, thinking=thinking)
        move = best[0] if len(best) == 1 else rng.choice(best)
        ranked = sorted(MOVES, key=values.get, reverse=True)
        return Decision(
            move=move,
            thinking={
                "algorithm": self.name,
                "model": self.model,
                "how": how,
                "predicted": {m: round(p, 4) for m, p in predicted.items() if p > 0},
                "moves": [{"move": m, "value": round(values[m], 6)} for m in ranked],
            },
        )

    def _respond(
        self, state: FootsiesState, seat: int, opp: int, budget: Budget, rng: random.Random
    ) -> tuple[dict[str, float], dict[str, float], list[str], str]:
        """(the predicted opponent mix, each move's value, the best moves, how)."""
        if self.exact:
            predicted = self._policy()(state, opp)
            solved = self._exact(state, seat)
            values = solved.q_values(state)
            best = solved.choices(state, TIE)
            return predicted, values, best, "exact best response to the model's policy"
        predicted = self._predict(state, opp, budget, rng)
        values = self._one_exchange(state, seat, predicted)
        top = max(values.values())
        best = [m for m in MOVES if values[m] >= top - TIE]
        return predicted, values, best, "best reply this exchange; equilibrium values after it"

    def observe(self, state: FootsiesState, event: tuple[int, Any]) -> None:
        actor, joint = event
        if actor == SIMULTANEOUS and self._copies and self._seat is not None:
            actual = dict(joint)[1 - self._seat]
            same = [twin for move, twin in self._copies if move == actual]
            self.shadow = same[0] if same else self._copies[0][1]
        self._copies = []
        self.shadow.observe(state, event)
