"""``pig-hold20``, the rule of thumb, and ``pig-best``, the solved game (solve.py)."""

from __future__ import annotations

import random

from agents.core import Agent, Budget, Decision
from agents.pig.solve import table
from agents.search.thinking import as_value
from games.core import State
from games.pig import HOLD, ROLL


def position(state: State, seat: int) -> tuple[int, int, int]:
    """(my score, their score, turn total) for ``seat``, the one to move."""
    return state.scores[seat], state.scores[1 - seat], state.turn_total


class HoldAt(Agent):
    name = "pig-hold20"
    description = "Rolls until the turn total reaches 20 (or the goal), then holds."
    games = ("pig",)
    params = {"at": 20}
    limits = {"at": (1, 100)}
    budget_note = "instant"
    instant = True

    def act(self, state: State, seat: int, budget: Budget, rng: random.Random) -> Decision:
        mine, _, total = position(state, seat)
        enough = total >= self.at or mine + total >= state.options["goal"]
        move = HOLD if enough and HOLD in state.legal_moves(seat) else ROLL
        return Decision(move=move, thinking={"algorithm": self.name, "turn_total": total})


class HoldAt10(HoldAt):
    name = "pig-hold10"
    description = "Rolls until the turn total reaches 10 (or the goal), then holds: the Easy level."
    params = {"at": 10}


class BestAgent(Agent):
    name = "pig-best"
    description = (
        "The optimal policy, solved by value iteration over (my score, their score, turn "
        "total) for the game's goal, as Neller and Presser solved it."
    )
    games = ("pig",)
    budget_note = "instant (the goal's table is solved once, under a second)"
    instant = True

    def act(self, state: State, seat: int, budget: Budget, rng: random.Random) -> Decision:
        solved = table(state.options["goal"])
        mine, theirs, total = position(state, seat)
        values = solved.values(mine, theirs, total)
        move = ROLL if "hold" not in values or values["roll"] > values["hold"] else HOLD
        return Decision(
            move=move,
            thinking={
                "algorithm": self.name,
                "win_chance": round(values[move], 6),
                "moves": [
                    {"move": m, "value": as_value(v), "win_chance": round(v, 6)}
                    for m, v in values.items()
                ],
            },
        )
