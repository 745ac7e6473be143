from __future__ import annotations

import random

from agents.core import Agent, Budget, Decision
from games.core import State


class RandomAgent(Agent):
    name = "random"
    description = "Picks uniformly among the legal moves (the write-ups' Chaotic player)."
    budget_note = "instant"
    instant = True

    def act(self, state: State, seat: int, budget: Budget, rng: random.Random) -> Decision:
        moves = state.legal_moves(seat)
        return Decision(move=rng.choice(moves), thinking={"legal_moves": len(moves)})
