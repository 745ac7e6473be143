from __future__ import annotations

import random
from typing import Any

from agents.core import Agent, Budget, Decision
from games.dicewars import END_TURN, DiceWarsState, legal_attacks


class NaiveAgent(Agent):
    """AI 1 of the write-up: attacks whatever it can until it can attack no more."""

    name = "dicewars-naive"
    description = (
        "The Naive player (AI 1): a random territory with 2+ dice attacks a random enemy "
        "neighbour, again and again; ends its turn only when no attack is left."
    )
    games = ("dicewars",)
    budget_note = "instant"
    instant = True

    def act(self, state: DiceWarsState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        targets: dict[int, list[int]] = {}
        for source, target in legal_attacks(state):
            targets.setdefault(source, []).append(target)
        if not targets:
            return Decision(END_TURN, {"rule": "no attack is possible: end the turn"})
        # The write-up scans its territories in random order and, from the first one
        # that can attack, picks a random enemy neighbour: every territory able to
        # attack is equally likely, whatever its number of enemy neighbours.
        source = rng.choice(sorted(targets))
        target = rng.choice(targets[source])
        # The chance that each attack of the chosen source was the one made.
        chance = 1 / (len(targets) * len(targets[source]))
        thinking: dict[str, Any] = {
            "rule": "attack while any attack is possible",
            "sources": len(targets),
            "attacks": sum(len(t) for t in targets.values()),
            "moves": [
                {"move": f"{source}>{t}", "p": round(chance, 4)} for t in targets[source][:10]
            ],
        }
        return Decision((source, target), thinking)
