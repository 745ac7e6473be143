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

    def act(self, state: FootsiesState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        opp = 1 - seat
        # The first rule that matches decides, in the write-up's order.
        if state.streak[opp] > 0:
            move, rule = BLOCK, "opponent landed a hit last turn: block"
        elif state.blocks[opp] == 0:
            move, rule = ATTACK, "opponent has no blocks left: attack"
        elif state.previous[opp] is None:
            move, rule = rng.choice(MOVES), "no previous opponent move: random"
        else:
            move = ANSWER[state.previous[opp]]
            rule = f"opponent last played {state.previous[opp]}: answer {move}"
        return Decision(move=move, thinking={"rule": rule})
