"""Single-Turn Expectiminimax (AI 3 of the write-up) and its repository's improvement (AI 4).

Both weigh every legal attack by P_hold (odds.hold_probability): the chance of winning
the battle and then keeping the territory through the opponents' next attacks. An
attack is a candidate when P_hold reaches the threshold (inclusive, as the repository's
code has it; the paper says "higher than") or when it comes from a territory with 8
dice, so that two cautious players cannot stall forever. The best candidate is played;
after every battle the player decides afresh, and ends its turn when none is left.
"""

from __future__ import annotations

import random
from typing import Any

from agents.core import Agent, Budget, Decision
from agents.dicewars.odds import MAX_DICE, WIN, hold_probability
from agents.search.thinking import OWN_SCALE
from games.dicewars import END_TURN, DiceWarsState, legal_attacks, regions

#: Rows of the thinking table (the best ones).
TOP_MOVES = 10


def _decide(
    state: DiceWarsState, threshold: float, weights: dict[int, float], rule: str
) -> Decision:
    """The best candidate by weight × P_hold (weights by source; 1 if absent); of equal
    ones, the first in (source, target) order."""
    dice = state.dice
    rows: list[dict[str, Any]] = []
    best: tuple[int, int] | None = None
    best_value = -1.0
    candidates = 0
    for a, d in legal_attacks(state):
        p = hold_probability(state, a, d)
        candidate = p >= threshold or dice[a] == MAX_DICE
        value = p * weights.get(a, 1.0)
        if candidate:
            candidates += 1
            if value > best_value:
                best, best_value = (a, d), value
        row = {
            "move": f"{a}>{d}",
            "value": round(value, 4),
            "p_win": round(WIN[dice[a]][dice[d]], 4),
        }
        row["p_hold"] = round(p, 4)
        row["candidate"] = candidate
        rows.append(row)
    rows.sort(key=lambda r: (r["candidate"], r["value"]), reverse=True)
    thinking: dict[str, Any] = {
        "scale": OWN_SCALE,
        "rule": rule,
        "threshold": threshold,
        "attacks": len(rows),
        "candidates": candidates,
        "moves": rows[:TOP_MOVES],
    }
    if best is None:
        thinking["verdict"] = "no candidate: end the turn"
        return Decision(END_TURN, thinking)
    return Decision(best, thinking)


def _pct(p: float) -> str:
    """0.2 -> "20 %": a threshold as people read a chance."""
    return f"{100 * p:g} %"


class SingleTurnAgent(Agent):
    name = "dicewars-ste"
    description = (
        "Single-Turn Expectiminimax (AI 3): attacks where the chance to conquer and hold "
        "the territory through the next turn is highest, if at least 20 %, or "
        "from a territory with 8 dice."
    )
    games = ("dicewars",)
    params = {"threshold": 0.2}
    limits = {"threshold": (0.0, 1.0)}
    budget_note = "instant"
    instant = True

    def act(self, state: DiceWarsState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        rule = (
            "the attack most likely to take the territory and hold it through the next "
            f"turn, of those at least {_pct(self.threshold)} likely or from 8 dice"
        )
        return _decide(state, self.threshold, {}, rule)


class ImprovedSingleTurnAgent(Agent):
    name = "dicewars-ste4"
    description = (
        "Improved STE (AI 4 of the write-up's repository): like STE, but prefers attacks "
        "from its largest region (that chance counted 3 times over at a 2-player table, "
        "twice at larger ones) and "
        "is more cautious at larger tables (threshold 40 %)."
    )
    games = ("dicewars",)
    params = {
        "two_player_threshold": 0.2,
        "two_player_weight": 3.0,
        "threshold": 0.4,
        "weight": 2.0,
    }
    limits = {
        "two_player_threshold": (0.0, 1.0),
        "two_player_weight": (0.0, 100.0),
        "threshold": (0.0, 1.0),
        "weight": (0.0, 100.0),
    }
    budget_note = "instant"
    instant = True

    def act(self, state: DiceWarsState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        # The table's size at the start, as the repository's AI reads it once per game.
        if state.num_players == 2:
            threshold, weight = self.two_player_threshold, self.two_player_weight
        else:
            threshold, weight = self.threshold, self.weight
        # Of equal regions, the one with the lowest territory: the first the repository's
        # AI 4 finds, scanning territories in order.
        region = (regions(state, seat) or [[]])[0]
        weights = dict.fromkeys(region, weight)
        rule = (
            "the attack most likely to take the territory and hold it through the next "
            f"turn, that chance counted {weight:g} times over from its largest region "
            f"({len(region)} territories), of those at least {_pct(threshold)} likely or "
            "from 8 dice"
        )
        return _decide(state, threshold, weights, rule)
