from __future__ import annotations

import random

from agents.core import Agent, Budget, Decision
from games.footsies import ATTACK, BLOCK, DRAGON_PUNCH, GRAB, MOVES
from games.footsies.state import FootsiesState

#: What beats the opponent's previous move, by the write-up's rule list. Its notebook
#: has no rule after a Dragon Punch; Block beats Dragon Punch, so we answer that.
ANSWER = {ATTACK: BLOCK, BLOCK: GRAB, GRAB: ATTACK, DRAGON_PUNCH: BLOCK}


class CounterAgent(Agent):
    name = "footsies-counter"
    description = (
        "The Simple-Minded: blocks a loaded opponent, attacks one out of blocks, "
        "otherwise answers the opponent's previous move."
    )
    games = ("footsies",)
    budget_note = "instant"
    instant = True
    #: Its choice depends on the position alone, so ``mix`` is its whole policy (the
    #: equilibrium tool computes its exact exploitability from it).
    stationary = True

    def rule(self, state: FootsiesState, seat: int) -> tuple[str | None, str]:
        """The first rule that matches, in the write-up's order: (move or None for a
        uniformly random one, the rule in words)."""
        opp = 1 - seat
        if state.streak[opp] > 0:
            return BLOCK, "opponent landed a hit last turn: block"
        if state.blocks[opp] == 0:
            return ATTACK, "opponent has no blocks left: attack"
        if state.previous[opp] is None:
            return None, "no previous opponent move: random"
        move = ANSWER[state.previous[opp]]
        return move, f"opponent last played {state.previous[opp]}: answer {move}"

    def mix(self, state: FootsiesState, seat: int) -> dict[str, float]:
        """The distribution ``act`` draws from at ``state``."""
        move, _ = self.rule(state, seat)
        if move is None:
            return {m: 1.0 / len(MOVES) for m in MOVES}
        return {m: float(m == move) for m in MOVES}

    def act(self, state: FootsiesState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        move, rule = self.rule(state, seat)
        if move is None:
            move = rng.choice(MOVES)
        return Decision(move=move, thinking={"rule": rule})
