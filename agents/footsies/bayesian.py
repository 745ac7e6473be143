"""The Statistician (docs/games/footsies.md): Dirichlet counts of the opponent's moves, answer the
most likely one.

As in the write-up's notebook: a move's count starts at α the first time it is seen
(the notebook's ``defaultdict(lambda: alpha)``), the total at 4α; the most probable move
among those seen is predicted (ties: the one seen first); A is answered with Block, B
with Grab, G with Attack; a predicted Dragon Punch is met with a Dragon Punch when its
probability reaches the risk threshold, else with a random move. The first turn of a
round (no previous opponent move) is random.

It learns in ``observe``, from the joint move of every turn. The notebook counted the
opponent's previous move when it next chose, so a move that ends a round (after which
the next round starts with no previous move) is never counted; neither is it here.
Memory lasts across games until ``reset()``.
"""

from __future__ import annotations

import random
from typing import Any

from agents.core import Agent, Budget, Decision
from games.core import SIMULTANEOUS
from games.footsies import ATTACK, BLOCK, DRAGON_PUNCH, GRAB, MOVES
from games.footsies.state import FootsiesState

#: The notebook's best response to each predicted move other than Dragon Punch.
ANSWER = {ATTACK: BLOCK, BLOCK: GRAB, GRAB: ATTACK}


class BayesianAgent(Agent):
    name = "footsies-bayesian"
    description = (
        "The Statistician: counts the opponent's moves (Dirichlet prior α), answers the "
        "most likely one; Dragon Punch when it expects one and is sure enough."
    )
    games = ("footsies",)
    params = {"alpha": 1.0, "risk": 0.2}
    limits = {"alpha": (1e-6, 1e6), "risk": (0.0, 1.0)}
    budget_note = "instant; remembers the opponent across games until reset()"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.alpha <= 0 or not 0 <= self.risk <= 1:
            raise ValueError("agent 'footsies-bayesian': alpha must be > 0 and risk in [0, 1]")
        self.reset()

    def reset(self) -> None:
        # Insertion order is the order moves were first seen: it breaks ties, as the
        # notebook's dict did.
        self.counts: dict[str, float] = {}
        self.total = self.alpha * len(MOVES)
        self.seat: int | None = None
        # Joint moves seen before this agent knew its seat (it learns it in act).
        self._pending: list[dict[int, str]] = []

    # ----- learning ---------------------------------------------------------------------

    def observe(self, state: FootsiesState, event: tuple[int, Any]) -> None:
        actor, joint = event
        if actor != SIMULTANEOUS:
            return
        moves = dict(joint)
        after = state.apply_joint(moves)
        if after.over or after.round != state.round:
            return  # the round's last exchange: the notebook never got to count it
        self._pending.append(moves)
        self._flush()

    def _flush(self) -> None:
        if self.seat is None:
            return
        for moves in self._pending:
            seen = moves[1 - self.seat]
            self.counts[seen] = self.counts.get(seen, self.alpha) + 1
            self.total += 1
        self._pending.clear()

    def _learn_seat(self, seat: int) -> None:
        self.seat = seat
        self._flush()

    # ----- choosing ---------------------------------------------------------------------

    def probabilities(self) -> dict[str, float]:
        """The predicted chance of each move seen so far."""
        return {move: count / self.total for move, count in self.counts.items()}

    def plan(self, state: FootsiesState, seat: int) -> tuple[str | None, str]:
        """(move, or None for a uniformly random one; the reason in words)."""
        self._learn_seat(seat)
        if state.previous[1 - seat] is None or not self.counts:
            return None, "no previous opponent move this round: random"
        probabilities = self.probabilities()
        predicted = max(probabilities, key=probabilities.get)
        if predicted in ANSWER:
            return ANSWER[predicted], f"predicts {predicted}: answer {ANSWER[predicted]}"
        top = max(self.counts.values()) / self.total
        if top >= self.risk:
            return DRAGON_PUNCH, f"predicts DP with p {top:.3f} >= {self.risk}: Dragon Punch"
        return None, f"predicts DP with p {top:.3f} < {self.risk}: random"

    def mix(self, state: FootsiesState, seat: int) -> dict[str, float]:
        """The distribution ``act`` draws from now (it depends on what was learned)."""
        move, _ = self.plan(state, seat)
        if move is None:
            return {m: 1.0 / len(MOVES) for m in MOVES}
        return {m: float(m == move) for m in MOVES}

    def act(self, state: FootsiesState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        move, rule = self.plan(state, seat)
        if move is None:
            move = rng.choice(MOVES)
        probabilities = self.probabilities()
        thinking = {
            "algorithm": self.name,
            "alpha": self.alpha,
            "risk": self.risk,
            "rule": rule,
            "total": round(self.total, 6),
            "opponent": [
                {"move": m, "count": round(c, 6), "p": round(probabilities[m], 4)}
                for m, c in self.counts.items()
            ],
        }
        if probabilities:
            thinking["predicted"] = max(probabilities, key=probabilities.get)
        return Decision(move=move, thinking=thinking)
