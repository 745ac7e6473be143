"""``dicewars-wpm``: the write-up's repository's strongest win-probability player.

dturecek/dicewars (the repository of seed 003, not its paper) has three clients that
*maximise an estimated win probability*; the strongest uses the logarithms of every
seat's score (largest region) and dice. This is our own restatement of what it does,
written from its description and figures (the repository's code is GPL and is not
copied; the weights are facts and carry over):

- **The estimate.** Seats are listed in play order starting with the player itself;
  each contributes ``log(score + 1)`` and ``log(dice + 1)`` (dice on the board; the
  reserve is not counted). The chance to win is ``sigmoid(w · features)`` with the
  repository's weights ``w`` for the table's size at the start (``WEIGHTS``).
- **Ending the turn** is judged with the player's dice raised by its score (the
  reinforcement, neither capped by room on the board nor counting the reserve).
- **An attack** ``a > d`` is judged as ``p · E(won) + (1 − p) · E(lost)``, ``p`` the
  exact battle odds. Both outcomes count the reinforcement of ending the turn after
  it. Won: the player keeps its dice (the source's move in) plus its score, the
  defender loses the target's dice. Lost: the player loses the source's dice but
  one, plus its score. No score changes: the repository's check of whether a
  conquest joins the largest region reads a list that this client never fills, so
  the score term of an attack is always the current score.
- **The choice.** Each option's gain is ``log(estimate) − log(estimate now)``; the
  options are sorted by gain with ending the turn listed first (a stable sort: an
  attack must gain *more* than ending the turn, and equal attacks keep the board's
  order, source then target). The best attack is played if its gain is at least
  −0.05 (always so: ending the turn gains more than 0) or its source has 8 dice. When
  ending the turn is best, the best attack from a territory with 8 dice is still
  played, whatever its odds; only when there is none does the turn end.

Deterministic: the same position always gives the same move (no random draw).
"""

from __future__ import annotations

import math
import random
from typing import Any

from agents.core import Agent, Budget, Decision
from agents.dicewars.odds import MAX_DICE, WIN
from agents.search.thinking import OWN_SCALE, TOP_MOVES
from games.dicewars import END_TURN, DiceWarsState, legal_attacks

#: Per table size: (score weight, dice weight) for each seat in play order, the player
#: first. The repository's figures (client ``ai7``, logs of scores and dice).
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (1.30214778, 2.25563871, -1.30214778, -2.25563871),
    3: (1.03427841, 0.50262886, -0.78619448, -0.31264667, -0.74070513, -0.3344083),
    4: (
        1.04279419, 0.25416893, -0.64830571, -0.15321224,
        -0.64217824, -0.11354054, -0.59113493, -0.19902261,
    ),
    5: (
        0.88792394, 0.23898045, -0.50630318, -0.10684734, -0.48406202,
        -0.12877724, -0.48004353, -0.17429738, -0.51195613, -0.12572176,
    ),
    6: (
        0.84452717, 0.20915755, -0.4275969, -0.12319906, -0.438397, -0.11476484,
        -0.44610219, -0.10640943, -0.42926595, -0.15994294, -0.40215393, -0.12508173,
    ),
    7: (
        0.77043331, 0.22744643, -0.34448306, -0.16104125, -0.34304867, -0.16545059,
        -0.36316993, -0.14238659, -0.37359036, -0.13535348, -0.34917492, -0.13725688,
        -0.36908313, -0.11803061,
    ),
    8: (
        0.71518557, 0.2580538, -0.3303392, -0.13374949, -0.3288953, -0.16076534,
        -0.31261043, -0.14316612, -0.31785557, -0.16003507, -0.31410674, -0.16487769,
        -0.33290964, -0.12624279, -0.33843017, -0.14888412,
    ),
}  # fmt: skip

#: The repository's floor for the best attack's gain (in log-probability).
MIN_GAIN = -0.05


def sigmoid(x: float) -> float:
    if x < -700:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def log_estimate(x: float) -> float:
    """log(sigmoid(x)) without overflow at either end."""
    return -math.log1p(math.exp(-x)) if x > -30 else x - math.log1p(math.exp(x))


def seats_from(state: DiceWarsState, me: int) -> list[int]:
    """Every seat in play order, starting with ``me`` (eliminated seats included)."""
    order = list(state.order)
    i = order.index(me)
    return order[i:] + order[:i]


class Position:
    """The estimate's inputs at one decision: each seat's score and dice."""

    def __init__(self, state: DiceWarsState, me: int) -> None:
        board = state.board
        self.seats = seats_from(state, me)
        self.weights = WEIGHTS[state.num_players]
        self.scores = [board.region_size(m) for m in state.own]
        self.dice = [0] * state.num_players
        for t, owner in enumerate(state.owner):
            self.dice[owner] += state.dice[t]
        self.me = me

    def logit(self, dice_of: dict[int, int] | None = None) -> float:
        """w · features, with ``dice_of`` overriding some seats' dice totals."""
        x = 0.0
        w = self.weights
        for i, seat in enumerate(self.seats):
            dice = self.dice[seat] if dice_of is None else dice_of.get(seat, self.dice[seat])
            x += w[2 * i] * math.log(self.scores[seat] + 1)
            x += w[2 * i + 1] * math.log(dice + 1)
        return x

    def end_turn(self) -> float:
        me = self.me
        return sigmoid(self.logit({me: self.dice[me] + self.scores[me]}))

    def attack(self, attacking: int, defending: int, defender: int) -> tuple[float, float]:
        """(the battle odds, the expected estimate after the battle and the turn's end)."""
        me = self.me
        p = WIN[attacking][defending]
        reinforced = self.dice[me] + self.scores[me]
        won = sigmoid(self.logit({me: reinforced, defender: self.dice[defender] - defending}))
        lost = sigmoid(self.logit({me: reinforced - attacking + 1}))
        return p, p * won + (1 - p) * lost


Option = tuple[float, Any, int, float | None]


def ranked_options(state: DiceWarsState, seat: int) -> tuple[float, list[Option]]:
    """(log of the estimate now, the options as (gain, move, source dice, odds)), best
    first; ending the turn is listed first so that a stable sort keeps it ahead of any
    attack that only equals it."""
    position = Position(state, seat)
    start = log_estimate(position.logit())
    end = position.end_turn()
    dice, owner = state.dice, state.owner
    options: list[Option] = [(math.log(end) - start if end > 0 else -math.inf, END_TURN, 0, None)]
    for a, d in legal_attacks(state):
        p, expected = position.attack(dice[a], dice[d], owner[d])
        gain = (math.log(expected) if expected > 0 else -math.inf) - start
        options.append((gain, (a, d), dice[a], p))
    options.sort(key=lambda o: o[0], reverse=True)
    return start, options


def choose(options: list[Option]) -> tuple[Any, str | None]:
    """The move the repository's rule picks from ranked options, and why it ends the
    turn or attacks against its estimate (None when the best attack is simply played)."""
    gain, move, source_dice, _ = options[0]
    if move != END_TURN:
        if gain >= MIN_GAIN or source_dice == MAX_DICE:
            return move, None
        return END_TURN, "no attack gains enough: end the turn"
    for _, move, source_dice, _ in options[1:]:
        if source_dice == MAX_DICE:
            return move, "ending the turn is best, but a full territory attacks"
    return END_TURN, "ending the turn is best"


def wpm_move(state: DiceWarsState, seat: int) -> Any:
    """``dicewars-wpm``'s move at ``state`` for ``seat``, without the thinking (cheap:
    other players use it as a model of who moves next)."""
    return choose(ranked_options(state, seat)[1])[0]


class WinProbabilityAgent(Agent):
    name = "dicewars-wpm"
    description = (
        "Win probability maximisation (the write-up's repository's strongest player): a "
        "logistic estimate of its chance to win from every seat's score and dice "
        "(logarithms, the repository's weights); plays the attack that raises it most "
        "over ending the turn, and always attacks from a territory with 8 dice."
    )
    games = ("dicewars",)
    budget_note = "instant (one pass over the attacks)"
    instant = True

    def act(self, state: DiceWarsState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        start, options = ranked_options(state, seat)
        rows = [
            {"move": "end" if m == END_TURN else f"{m[0]}>{m[1]}", "value": round(g, 5)}
            | ({} if p is None else {"p_win": round(p, 4)})
            for g, m, _, p in options[:TOP_MOVES]
        ]
        thinking: dict[str, Any] = {
            "scale": OWN_SCALE,
            # In words: a rise in the log of the chance is its rise as a ratio.
            "rule": "the attack that multiplies its estimated chance to win the most; "
            "8 dice always attack",
            "estimate_now": round(math.exp(start), 5),
            "attacks": len(options) - 1,
            "moves": rows,
        }
        move, verdict = choose(options)
        if verdict:
            thinking["verdict"] = verdict
        return Decision(move, thinking)
