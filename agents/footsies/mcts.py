"""The Clairvoyant with the rules right: the notebook's flat bandit, same budget and c.

Per decision (fresh statistics each time) it runs 100 simulations. Each picks an own
option by UCB1 over the four (untried ones first, in a random order), meets a uniformly
random opponent option, and resolves the exchange with the engine's own rule table
(blocks spent and running out as the options say, hit streaks carried, Grab beating
Block); then both sides play at random for up to min(5, turns left) more exchanges.
A won round scores +1, a lost one -1, anything unfinished 0 (a drawn round too). It
plays the most simulated option (ties: the better mean).

What it fixes against ``footsies-mcts-faithful``: the scoring signs, the mirror and
hit cases, blocks and streaks carried through the rollout, a rollout without a turn
cap, UCB1's N counted as it grows, and no statistics mixed across positions.
"""

from __future__ import annotations

import math
import random
from typing import Any

from agents.core import Agent, Budget, Decision
from agents.search.allowance import Allowance
from games.footsies import MOVES
from games.footsies.rules import resolve
from games.footsies.state import FootsiesState


class MctsAgent(Agent):
    name = "footsies-mcts"
    description = (
        "The Clairvoyant with correct rules: a flat UCB1 bandit over the four options, "
        "random opponent, short random rollouts scored by the real rule table."
    )
    games = ("footsies",)
    params = {"simulations": 100, "c": 1.4, "depth": 5}
    limits = {"simulations": (1, 1_000_000), "c": (0.0, 100.0), "depth": (0, 100)}
    budget_note = "iterations = simulations per decision (default 100); seconds stops early"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.simulations < 1 or self.c < 0 or self.depth < 0:
            raise ValueError("agent 'footsies-mcts': simulations >= 1, c >= 0, depth >= 0")

    def simulate(self, state: FootsiesState, seat: int, move: str, rng: random.Random) -> float:
        """One exchange of ``move`` against a random option, then a short random rollout;
        the result for ``seat``: +1 round won, -1 lost, 0 not decided."""
        opts = state.options
        exhaustion, to_win = opts["block_exhaustion"], opts["attacks_to_win"]
        opp = 1 - seat
        # Seen from this seat: index 0 is us, 1 the opponent.
        blocks = (state.blocks[seat], state.blocks[opp])
        streak = (state.streak[seat], state.streak[opp])
        left = state.turns_left()
        exchanges = 1 + (self.depth if left is None else min(self.depth, left - 1))
        mine = move
        for exchange in range(exchanges):
            if exchange:
                mine = rng.choice(MOVES)
            loser, blocks, streak, _ = resolve(
                (mine, rng.choice(MOVES)), blocks, streak, exhaustion, to_win
            )
            if loser is not None:
                return 1.0 if loser == 1 else -1.0
        return 0.0

    def act(self, state: FootsiesState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        order = list(MOVES)
        rng.shuffle(order)
        visits = dict.fromkeys(MOVES, 0)
        totals = dict.fromkeys(MOVES, 0.0)
        allowance = Allowance(budget, self.simulations)
        while not allowance.exhausted():
            n = allowance.used
            if n < len(order):
                move = order[n]
            else:
                log_n = math.log(n)
                move = max(
                    order,
                    key=lambda m: totals[m] / visits[m] + self.c * math.sqrt(log_n / visits[m]),
                )
            totals[move] += self.simulate(state, seat, move, rng)
            visits[move] += 1
            allowance.spend()

        def mean(m: str) -> float:
            return totals[m] / visits[m] if visits[m] else -math.inf

        ranked = sorted(MOVES, key=lambda m: (visits[m], mean(m)), reverse=True)
        return Decision(
            move=ranked[0],
            thinking={
                "algorithm": self.name,
                "simulations": allowance.used,
                "moves": [
                    {
                        "move": m,
                        "value": round(mean(m), 4) if visits[m] else None,
                        "visits": visits[m],
                    }
                    for m in ranked
                ],
            },
            stats={"iterations": allowance.used},
        )
