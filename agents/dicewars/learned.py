"""A Dice Wars player that searches its own turn with a value learned from self-play.

Every option of a turn ends in the same place: the player ends its turn and its
reinforcement is due. ``agents.dicewars.value`` estimates the chance to win from
there (a logistic model or a small network, fitted to self-play games by
``python -m agents.train dicewars``). This player looks ``depth`` attacks ahead within
its own turn (two battles; with two seats alive ``depth_two``: four): the value of a
position is the better of ending the turn now and the best attack's expected value,
each battle's two outcomes (won, lost) weighed by their exact odds, recursively.
Every attack is judged one battle deep first; only the best ``width`` at the root, and
the best ``inner_width`` below it, are looked at deeper (a beam: the full tree grows
with the attacks to the power of the depth).
An attack is played when its expected value beats ending the turn by more than
``margin`` (``margin_two`` when only two seats are alive: the two tables differ).
``logit_margin_two`` asks the same of the logits (log-odds) with two seats alive: a
margin on the chance itself stops a leader attacking once its estimate nears 1, one on
the log-odds does not.

With two seats alive and the game still open (the estimate of ending the turn
within ``reply_band`` of neither 0 nor 1), the search's best ``reply_width`` attacks
and ending the turn get a second opinion (``agents.dicewars.reply``): each is played
out ``replies`` times through the other player's whole turn, that player modelled by
``dicewars-wpm``'s rule, and the option with the best mean is played.

The search makes no random draw; the replies draw from the seeded RNG the agent is
given. So the play is fixed by the position, the seed and the counts (depth,
replies); ``Budget.seconds`` only cuts the search short (then the best attack found
so far, by the depth-1 values, is played, and no replies are sampled).
"""

from __future__ import annotations

import functools
import math
import random
from typing import Any

from agents.core import Agent, Budget, Decision
from agents.core.deadline import Deadline
from agents.dicewars.odds import hold_probability
from agents.dicewars.reply import replied_values
from agents.dicewars.value import Model, estimate, load_weights
from agents.dicewars.wpm import wpm_move
from agents.search.thinking import OWN_SCALE, TOP_MOVES
from games.dicewars import END_TURN, DiceWarsState, legal_attacks
from games.dicewars.moves import to_text
from games.dicewars.phases import OVER

#: The share of ``Budget.seconds`` the search may use.
TIME_SHARE = 0.8


@functools.cache
def shipped_weights() -> dict[str, Model]:
    """The weights in ``value_weights.json``, read once per process."""
    return load_weights()


def raised(p: float, logit_margin: float) -> float:
    """The chance whose log-odds are ``p``'s plus ``logit_margin`` (0 and 1 stay put)."""
    if not logit_margin or p <= 0.0 or p >= 1.0:
        return p  # exactly: no margin must leave the shipped play as it was
    z = math.log(p / (1.0 - p)) + logit_margin
    return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


class TurnSearch:
    """Values of the options at one decision, by search over the rest of the turn."""

    def __init__(
        self, state: DiceWarsState, me: int, weights, deadline: Deadline, inner_width: int = 0
    ) -> None:
        self.state = state
        self.me = me
        self.weights = weights
        self.deadline = deadline
        #: Below the root, how many attacks (the best one battle deep) are looked at
        #: deeper; 0: every one (the cost grows with the attacks to the power of the depth).
        self.inner_width = inner_width
        self.seen: dict[tuple, float] = {}

    def end_value(self) -> float:
        state = self.state
        # Attacks taken in another order often end in the same position (in a measured
        # game of the three-battle search, 10,424 distinct of 36,816): read each once.
        # Within a turn the owners and dice fix it (the reserve and order do not change).
        key = (tuple(state.own), tuple(state.dice))
        v = self.seen.get(key)
        if v is None:
            state.push(END_TURN)
            v = self.seen[key] = estimate(self.weights, state, self.me)
            state.pop()
        return v

    def attack_value(self, attack: tuple[int, int], depth: int) -> tuple[float, float]:
        """(chance the battle is won, expected value of the attack)."""
        state = self.state
        state.push(attack)
        total = 0.0
        p_won = 0.0
        for roll, p in state.chance_outcomes():
            owner_before = state.owner[attack[1]]
            state.push(roll)
            if state.owner[attack[1]] != owner_before:
                p_won = p
            if state.phase == OVER:
                v = 1.0 if state.winner == self.me else 0.0
            else:
                v = self.value(depth - 1)
            state.pop()
            total += p * v
        state.pop()
        return p_won, total

    def best_attack(self) -> tuple[int, int] | None:
        """The attack whose one-battle value beats ending the turn most, or None (the
        rest of a turn played out in ``agents.dicewars.reply``)."""
        best, best_value = None, self.end_value()
        for attack in legal_attacks(self.state):
            v = self.attack_value(attack, 1)[1]
            if v > best_value:
                best, best_value = attack, v
        return best

    def value(self, depth: int) -> float:
        """The better of ending the turn and the best attack, ``depth`` attacks deep."""
        best = self.end_value()
        if depth <= 0 or self.deadline.passed():
            return best
        attacks = legal_attacks(self.state)
        if self.inner_width and depth > 1 and len(attacks) > self.inner_width:
            # A beam: every attack one battle deep, the best few of them deeper.
            shallow = {a: self.attack_value(a, 1)[1] for a in attacks}
            best = max(best, *shallow.values())
            attacks = sorted(shallow, key=shallow.__getitem__, reverse=True)[: self.inner_width]
        for attack in attacks:
            v = self.attack_value(attack, depth)[1]
            if v > best:
                best = v
        return best


class LearnedAgent(Agent):
    name = "dicewars-best"
    description = (
        "Our strongest Dice Wars player: searches its own turn with a value learned "
        "from self-play games; plays the attack "
        "whose expected estimated chance to win (both battle outcomes, the next "
        "attacks of the turn) beats ending the turn. With two seats left it plays "
        "the other player's whole reply out, 16 times, before it decides."
    )
    games = ("dicewars",)
    params = {
        "depth": 2,
        "depth_two": 4,
        "width": 3,
        "margin": 0.0,
        "margin_two": 0.0,
        "logit_margin_two": 0.0,
        "hold_many": 0.0,
        "inner_width": 2,
        "replies": 16,
        "reply_width": 2,
        "reply_band": 0.05,
    }
    limits = {
        "depth": (1, 3),
        "depth_two": (1, 4),
        "width": (1, 64),
        "margin": (-1.0, 1.0),
        "margin_two": (-1.0, 1.0),
        "logit_margin_two": (-5.0, 5.0),
        "hold_many": (0.0, 1.0),
        "inner_width": (0, 64),
        "replies": (0, 256),
        "reply_width": (1, 16),
        "reply_band": (0.0, 0.5),
    }
    budget_note = (
        "searches its own turn 2-4 attacks deep; with two seats left, samples the "
        "other player's reply 16 times (a tenth of a second)"
    )

    #: Weights per model; None: the shipped ones. Training sets its own on an instance.
    weights: dict[str, Model] | None = None

    def act(self, state: DiceWarsState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        deadline = Deadline.of(budget, TIME_SHARE)
        search = TurnSearch(
            state.clone(), seat, self.weights or shipped_weights(), deadline, self.inner_width
        )
        end = search.end_value()
        alive = sum(1 for m in state.own if m)
        depth = self.depth_two if alive <= 2 else self.depth
        # Every attack one battle deep, then the best ``width`` of them deeper.
        values = {attack: search.attack_value(attack, 1) for attack in legal_attacks(state)}
        if depth > 1:
            ranked = sorted(values, key=lambda a: values[a][1], reverse=True)
            for attack in ranked[: self.width]:
                if deadline.passed():
                    break
                values[attack] = search.attack_value(attack, depth)
        replied = None
        if (
            alive <= 2
            and self.replies
            and self.reply_band < end < 1.0 - self.reply_band
            and not deadline.passed()
        ):
            ranked = sorted(values, key=lambda a: values[a][1], reverse=True)
            replied = replied_values(
                search, [END_TURN, *ranked[: self.reply_width]], wpm_move, self.replies, rng
            )
        rows: list[dict[str, Any]] = []
        # ``margin`` at a table of three or more, ``margin_two`` with two seats alive.
        margin = self.margin_two if alive <= 2 else self.margin
        # With two seats alive the log-odds margin applies too (either sign).
        logit_margin = self.logit_margin_two if alive <= 2 else 0.0
        best, best_value = None, raised(end, logit_margin) + margin
        # At a table of three or more, an attack must also keep its conquest often
        # enough (the write-up's P_hold), if ``hold_many`` asks it to.
        hold = self.hold_many if alive > 2 else 0.0
        for attack, (p, v) in values.items():
            if hold and hold_probability(state, *attack) < hold:
                continue
            rows.append(
                {
                    "move": f"{attack[0]}>{attack[1]}",
                    "value": round(v - end, 5),
                    "p_win": round(p, 4),
                }
            )
            if v > best_value:
                best, best_value = attack, v
        rows.sort(key=lambda r: r["value"], reverse=True)
        thinking: dict[str, Any] = {
            "scale": OWN_SCALE,
            "rule": "largest expected rise in the learned chance to win over ending the turn",
            "estimate_end_turn": round(end, 5),
            "attacks": len(rows),
            "moves": rows[:TOP_MOVES],
        }
        if replied is not None:
            best = max(replied, key=replied.__getitem__)
            best = None if best == END_TURN else best
            thinking["replies"] = {to_text(m): round(v, 4) for m, v in replied.items()}
            # The list below ranks by the search alone; say what decided, so a played
            # move that is not the list's first is not a puzzle.
            thinking["rule"] += (
                f"; then ending the turn and its best {self.reply_width} attacks are weighed "
                f"again over {self.replies} sampled replies of the other player, which decide"
            )
        if best is None:
            thinking["verdict"] = "no attack beats ending the turn"
            return Decision(END_TURN, thinking)
        return Decision(best, thinking)
