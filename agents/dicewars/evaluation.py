"""How expectimax judges a Dice Wars position it does not search further.

The write-up's STE measures success by the territories held at the start of one's
turn; the dice a player receives each turn are its largest region. So a seat's
strength here is territories + largest region + its dice / 8 (a full territory counts
as one more territory), its chance of winning is its share of everyone's strength,
and the value is that chance on the payoff scale: 2 × share − 1, in [-1, 1].
"""

from __future__ import annotations

from games.core import TERMINAL
from games.dicewars import DiceWarsState, largest_region

#: Dice per territory at most: a territory's dice count as up to one territory more.
MAX_DICE = 8


def strength(state: DiceWarsState, seat: int) -> float:
    """Territories + largest region + dice / 8 of ``seat`` (0 once knocked out)."""
    mask = state.own[seat]
    if not mask:
        return 0.0
    dice = sum(d for t, d in enumerate(state.dice) if mask >> t & 1)
    return mask.bit_count() + largest_region(state, seat) + dice / MAX_DICE


def evaluate(state: DiceWarsState, seat: int) -> float:
    """The payoff at the end; before it, 2 × (the seat's share of all strength) − 1."""
    if state.current() == TERMINAL:
        return state.returns()[seat]
    if state.board is None:
        return 0.0  # before the setup nothing is known
    total = sum(strength(state, s) for s in range(state.num_players))
    return 2.0 * strength(state, seat) / total - 1.0
