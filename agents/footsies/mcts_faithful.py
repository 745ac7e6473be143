"""The Clairvoyant as the write-up's notebook wrote it, errors kept (docs/games/footsies.md).

For reproducing the write-up, not for playing well. Per decision it runs 100
simulations: a uniformly random own option, one exchange against a uniformly random
opponent option, then up to min(5, turns left) random exchanges, stopping at the first
non-zero score. Wins and visits per option accumulate over every decision since
``reset()`` (whatever the position), and it plays the option with the highest UCB1,
mean + c·sqrt(ln N / n), where N is the visit total *before* this decision's
simulations plus one. It is a flat bandit, not a tree.

The notebook's scoring (``clash`` below, its ``evaluate_move``) works on the options'
codes A=1, B=2, G=4, DP=8 and their difference; its errors, all kept:

- Grab against Block scores -1 for the grabber (Grab wins), Block against Grab +1;
- the opponent's first hit scores +0.5, as if it were one's own;
- the same option on both sides scores -1 (the difference 0 falls to the default
  case, "higher code wins", which neither is);
- after a block, 0 blocks left on one's own side scores -1 and on the opponent's +1,
  even under rules where blocks simply run out;
- a block never carries over to the next simulated exchange, and hit flags never
  change during a rollout (the counters are local to the scoring function);
- the rollout length is ``timeout - current turn``, which is -1 without a turn cap:
  no rollout at all.
"""

from __future__ import annotations

import math
import random
from typing import Any

from agents.core import Agent, Budget, Decision
from agents.search.allowance import Allowance
from games.footsies import ATTACK, BLOCK, DRAGON_PUNCH, GRAB, MOVES
from games.footsies.state import FootsiesState

#: The notebook's option codes.
CODE = {ATTACK: 1, BLOCK: 2, GRAB: 4, DRAGON_PUNCH: 8}


def clash(
    move: str,
    opp: str,
    own_blocks: int,
    other_blocks: int,
    own_attack: bool,
    other_attack: bool,
) -> float:
    """The notebook's ``evaluate_move``, errors and all (see the module docstring)."""
    diff = CODE[move] - CODE[opp]
    if diff == 1:
        own_blocks -= 1
    elif diff == -1:
        other_blocks -= 1
    elif diff == 2:
        return -1
    elif diff == -2:
        return 1
    elif diff == 3:
        return -1 if other_attack else 0.5
    elif diff == -3:
        return 1 if own_attack else 0.5
    elif diff == 6:
        return -1
    elif diff == -6:
        return 1
    else:
        return 1 if CODE[move] > CODE[opp] else -1
    return -1 if own_blocks <= 0 else (1 if other_blocks <= 0 else 0)


def rollout_length(state: FootsiesState) -> int:
    """The notebook's ``rounds_left``: turns after this one, -1 without a cap."""
    left = state.turns_left()
    return -1 if left is None else left - 1


class FaithfulMctsAgent(Agent):
    name = "footsies-mcts-faithful"
    description = (
        "The Clairvoyant exactly as the write-up coded it: a flat UCB1 bandit with its "
        "scoring errors and no rollout without a turn cap (for reproduction)."
    )
    games = ("footsies",)
    params = {"simulations": 100, "c": 1.4}
    limits = {"simulations": (1, 1_000_000), "c": (0.0, 100.0)}
    budget_note = (
        "iterations = simulations per decision (default 100); statistics add up over "
        "every decision until reset()"
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.simulations < 1 or self.c < 0:
            raise ValueError("agent 'footsies-mcts-faithful': simulations >= 1 and c >= 0")
        self.reset()

    def reset(self) -> None:
        self.wins = {move: 0.0 for move in MOVES}
        self.visits = {move: 0 for move in MOVES}

    def simulate(self, move: str, state: FootsiesState, seat: int, rng: random.Random) -> float:
        """One simulation of ``move``, as the notebook ran it."""
        opp = 1 - seat
        own_blocks, other_blocks = state.blocks[seat], state.blocks[opp]
        own_attack, other_attack = state.streak[seat] > 0, state.streak[opp] > 0
        result = clash(move, rng.choice(MOVES), own_blocks, other_blocks, own_attack, other_attack)
        if result != 0:
            return result
        for _ in range(min(5, rollout_length(state))):
            mine = rng.choice(MOVES)
            theirs = rng.choice(MOVES)
            result = clash(mine, theirs, own_blocks, other_blocks, own_attack, other_attack)
            if result != 0:
                return result
        return 0

    def ucb1(self, move: str, total: int) -> float:
        if self.visits[move] == 0:
            return math.inf
        mean = self.wins[move] / self.visits[move]
        return mean + self.c * math.sqrt(math.log(total) / self.visits[move])

    def act(self, state: FootsiesState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        # The notebook's N: counted before this decision's simulations (stale by design).
        total = sum(self.visits.values()) + 1
        allowance = Allowance(budget, self.simulations)
        while not allowance.exhausted():
            move = rng.choice(MOVES)
            self.wins[move] += self.simulate(move, state, seat, rng)
            self.visits[move] += 1
            allowance.spend()
        scores = {move: self.ucb1(move, total) for move in MOVES}
        chosen = max(MOVES, key=scores.get)  # first of equal scores, as max() does
        return Decision(
            move=chosen,
            thinking={
                "algorithm": self.name,
                "simulations": allowance.used,
                "total_before": total,
                "rollout": max(0, min(5, rollout_length(state))),
                "moves": [
                    {
                        "move": move,
                        "value": _rounded(self.wins[move] / self.visits[move])
                        if self.visits[move]
                        else None,
                        "visits": self.visits[move],
                        "ucb": _rounded(scores[move]),
                    }
                    for move in MOVES
                ],
            },
            stats={"iterations": allowance.used},
        )


def _rounded(x: float) -> float | None:
    return None if math.isinf(x) else round(x, 4)
