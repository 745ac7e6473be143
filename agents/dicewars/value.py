"""A learned estimate of a seat's chance to win Dice Wars, judged as it ends its turn.

The position is read at one moment only: the seat ``me`` has just ended its turn and
its reinforcement (``state.pool``) is due. That is the moment every option of a turn
leads to (attack, attack, ..., end the turn), so comparing options is comparing
estimates taken there. Training (``agents.train.dicewars``) records exactly these
positions from self-play and fits a model (logistic or a small network) to who went on to win.

Features (``feature_names``), logarithms of counts plus one:
- each seat's *score* (largest region), *dice* (mine after the reinforcement, as far as
  there is room on my territories), *territories* and *reserve*;
- *danger*: the sum over my territories of the best odds an enemy neighbour with 2+
  dice has against it (how many the next players could take back), and *reach*: the
  same sum over the enemy territories my territories border, my odds against them;
- two models: ``two`` when two seats are alive (me and the one who moves next), and
  ``many`` when more are: me, the seat who moves next, and the strongest of the rest
  (by dice), with the number of seats alive.

Each model is either logistic (one weight per feature) or, where training was asked
for it (``--mlp``), a small network: one layer of tanh units over the standardised
features, then the logistic (``Mlp``). Both end in a chance to win.

The weights ship in ``value_weights.json`` beside this module, with the command and
the data size that made them; ``agents.dicewars.learned`` reads them once per process, at
its first decision (importing the module reads no file), and never trains.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.dicewars.odds import MAX_DICE, WIN
from games.dicewars import DiceWarsState
from games.dicewars.board import bits
from games.dicewars.phases import OVER, REINFORCE
from games.dicewars.reinforcement import MAX_RESERVE

WEIGHTS_FILE = Path(__file__).with_name("value_weights.json")

SEAT_FEATURES = ("score", "dice", "territories", "reserve")
SHARED = ("danger", "reach", "border", "border_dice", "weak_border", "enemy_border_dice")

#: Feature names per model, in the order of the weights.
FEATURE_NAMES: dict[str, tuple[str, ...]] = {
    "two": ("bias",)
    + tuple(f"me_{f}" for f in SEAT_FEATURES)
    + tuple(f"next_{f}" for f in SEAT_FEATURES)
    + SHARED,
    "many": ("bias",)
    + tuple(f"me_{f}" for f in SEAT_FEATURES)
    + tuple(f"next_{f}" for f in SEAT_FEATURES)
    + tuple(f"rival_{f}" for f in SEAT_FEATURES)
    + SHARED
    + ("alive",),
}


def _seat_counts(state: DiceWarsState, seat: int) -> list[int]:
    mask = state.own[seat]
    dice = state.dice
    total = sum(dice[t] for t in bits(mask))
    return [state.board.region_size(mask), total, mask.bit_count(), state.reserve[seat]]


def _best_odds(attackers: int, defending: int, dice: list[int]) -> float:
    """The best chance any territory of the mask ``attackers`` has against
    ``defending`` dice (0 with none)."""
    best = 0.0
    for a in bits(attackers):
        p = WIN[dice[a]][defending]
        if p > best:
            best = p
    return best


def features(state: DiceWarsState, me: int) -> tuple[str, list[float]]:
    """(model name, feature vector) for ``me`` at ``state``: ``me`` has just ended its
    turn (``state.pool`` is its reinforcement) or, elsewhere, as if it had no pool."""
    own = state.own
    dice = state.dice
    adjacent = state.board.adjacent
    mine = own[me]
    counts = _seat_counts(state, me)
    pool = state.pool if (state.phase == REINFORCE and state.mover == me) else 0
    if pool:
        room = MAX_DICE * counts[2] - counts[1]
        placed = min(pool, room)
        counts[1] += placed
        counts[3] = min(pool - placed, MAX_RESERVE)
    # Seats after me in play order, alive only.
    order = state.order
    i = order.index(me)
    others = [s for s in order[i + 1 :] + order[:i] if own[s]]
    enemy = 0
    for s in others:
        enemy |= own[s]
    danger = 0.0
    border = weak = border_dice = 0
    facing = 0  # the enemy territories my territories border
    for t in bits(mine):
        facing |= adjacent[t]
        n = adjacent[t] & enemy
        if not n:
            continue
        border += 1
        border_dice += dice[t]
        if dice[t] <= 2:
            weak += 1
        danger += _best_odds(n, dice[t], dice)
    reach = 0.0
    enemy_dice = 0
    for t in bits(facing & enemy):
        enemy_dice += dice[t]
        reach += _best_odds(adjacent[t] & mine, dice[t], dice)
    log = math.log
    shared = [log(v + 1) for v in (danger, reach, border, border_dice, weak, enemy_dice)]
    x = [1.0] + [log(c + 1) for c in counts]
    nxt = _seat_counts(state, others[0]) if others else [0, 0, 0, 0]
    x += [log(c + 1) for c in nxt]
    if len(others) <= 1:
        return "two", x + shared
    rival = max((_seat_counts(state, s) for s in others[1:]), key=lambda c: (c[1], c[0]))
    x += [log(c + 1) for c in rival]
    return "many", x + shared + [log(len(others) + 1)]


@dataclass(frozen=True)
class Mlp:
    """One hidden layer of tanh units over the features, then a logistic output.

    The file keeps the training's feature scaling (``mean``, ``std``) apart from the
    weights; ``from_json`` folds it into the first layer, so playing costs one pass
    of multiply-adds per unit.
    """

    rows: tuple[tuple[float, ...], ...]  # per hidden unit: a weight per feature
    biases: tuple[float, ...]
    out: tuple[float, ...]  # per hidden unit
    out_bias: float

    @classmethod
    def from_json(cls, data: dict[str, Any], n: int) -> Mlp:
        mean, std = data["mean"], data["std"]
        w1, b1 = data["w1"], data["b1"]
        if len(mean) != n or len(std) != n or any(len(r) != n for r in w1):
            raise ValueError(f"an MLP over {len(mean)} features, not {n}")
        if len(b1) != len(w1) or len(data["w2"]) != len(w1):
            raise ValueError("an MLP whose layers do not fit together")
        rows = []
        biases = []
        for row, b in zip(w1, b1, strict=True):
            rows.append(tuple(float(w) / s for w, s in zip(row, std, strict=True)))
            biases.append(float(b) - sum(w * m / s for w, m, s in zip(row, mean, std, strict=True)))
        return cls(
            tuple(rows), tuple(biases), tuple(float(w) for w in data["w2"]), float(data["b2"])
        )

    def logit(self, x: list[float]) -> float:
        tanh = math.tanh
        z = self.out_bias
        for row, b, v in zip(self.rows, self.biases, self.out, strict=True):
            z += v * tanh(b + sum(w * f for w, f in zip(row, x, strict=True)))
        return z


#: A model: logistic weights (one per feature) or an ``Mlp``.
Model = list[float] | Mlp


def load_model(name: str, data: list[float] | dict[str, Any], where: str = "") -> Model:
    """One model from its JSON form; ValueError if it does not fit ``name``'s features."""
    n = len(FEATURE_NAMES[name])
    if isinstance(data, dict):
        if data.get("kind") != "mlp":
            raise ValueError(f"{where}model {name!r}: unknown kind {data.get('kind')!r}")
        try:
            return Mlp.from_json(data, n)
        except ValueError as e:
            raise ValueError(f"{where}model {name!r}: {e}") from None
    weights = [float(w) for w in data]
    if len(weights) != n:
        raise ValueError(f"{where}model {name!r} has {len(weights)} weights, not {n}")
    return weights


def load_weights(path: Path = WEIGHTS_FILE) -> dict[str, Model]:
    """The shipped models; ValueError if they do not fit the features."""
    data = json.loads(path.read_text())
    return {name: load_model(name, data["models"][name], f"{path}: ") for name in FEATURE_NAMES}


def logit(model: Model, x: list[float]) -> float:
    if isinstance(model, Mlp):
        return model.logit(x)
    return sum(w * f for w, f in zip(model, x, strict=True))


def estimate(weights: dict[str, Model], state: DiceWarsState, me: int) -> float:
    """The estimated chance that ``me`` wins (1 or 0 once the game is over)."""
    if state.phase == OVER:
        return 1.0 if state.winner == me else 0.0
    if not state.own[me]:
        return 0.0
    name, x = features(state, me)
    z = logit(weights[name], x)
    if z < -700:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z)) if z < 700 else 1.0
