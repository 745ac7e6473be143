from __future__ import annotations

import random

from agents.core import Agent, Budget, Decision
from agents.dicewars.odds import strength_difference
from agents.search.thinking import OWN_SCALE
from games.dicewars import END_TURN, DiceWarsState, legal_attacks

#: Rows of the thinking table (the best ones).
TOP_MOVES = 10


class StrengthDifferenceAgent(Agent):
    """AI 2 of the write-up: Strength Difference Checking."""

    name = "dicewars-sdc"
    description = (
        "Strength Difference Checking (AI 2): makes the attack with the largest source "
        "dice minus target dice, ties at random, while that difference is 0 or more."
    )
    games = ("dicewars",)
    params = {"min_difference": 0}
    limits = {"min_difference": (-8, 8)}
    budget_note = "instant"
    instant = True

    def act(self, state: DiceWarsState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        scored = [(strength_difference(state, a, d), (a, d)) for a, d in legal_attacks(state)]
        scored.sort(key=lambda row: row[0], reverse=True)  # stable: ties keep board order
        rows = [{"move": f"{a}>{d}", "value": sd} for sd, (a, d) in scored[:TOP_MOVES]]
        thinking = {
            "rule": "the attack with the largest strength difference (its dice minus the "
            f"target's), if that is at least {self.min_difference}",
            "scale": OWN_SCALE,
            "moves": rows,
        }
        if not scored or scored[0][0] < self.min_difference:
            thinking["verdict"] = (
                f"no attack with a strength difference of at least {self.min_difference}: "
                "end the turn"
            )
            return Decision(END_TURN, thinking)
        best = scored[0][0]
        tied = [move for sd, move in scored if sd == best]
        thinking["tied"] = len(tied)
        return Decision(rng.choice(tied), thinking)
