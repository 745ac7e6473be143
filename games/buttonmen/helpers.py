"""What agents ask of a Button Men position, worded in the game's terms.

Choosing among attacks (e.g. "highest point conversion") is an agent's business and
lives with the agents; these helpers only describe the position.
"""

from __future__ import annotations

from typing import NamedTuple

from games.buttonmen.rules import POWER
from games.buttonmen.state import ButtonMenState


class Attack(NamedTuple):
    kind: str  # "power", "skill", "shadow", "speed", "rush" or "trip"
    attackers: tuple[int, ...]  # own die slots
    target: int | tuple[int, ...]  # the opposing die's slot (speed and rush: its slots)
    # The captured dice's sizes: what the capture adds to the round score (a trip attack
    # captures only if its roll wins, and at the target's size after that roll).
    gain: int
    move: tuple  # the move to apply


def attack_list(state: ButtonMenState, seat: int | None = None) -> list[Attack]:
    """Every attack ``seat`` (default: the seat to move) could make on the dice as they
    show now, in legal-move order; empty before the round's roll, in the focus phase
    (before the first attack) or after the match."""
    seat = state.turn if seat is None else seat
    if seat is None or state.phase in ("fighters", "swing", "roll", "focus", "over"):
        return []
    foe = 1 - seat
    found = state.attacks_of(seat)
    sizes = state.size[foe]
    return [
        Attack(kind, attackers, target, _gain(sizes, target), (kind, attackers, target))
        for kind, attackers, target in found
    ]


def _gain(sizes: tuple[int, ...], target: int | tuple[int, ...]) -> int:
    if isinstance(target, tuple):  # a speed or rush attack's several dice
        return sum(sizes[t] for t in target)
    return sizes[target]


def round_scores(state: ButtonMenState) -> tuple[float, float]:
    """Both seats' round scores now: captured sizes plus half of own dice in play."""
    return state.round_scores()


__all__ = ["POWER", "Attack", "attack_list", "round_scores"]
