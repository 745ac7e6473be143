"""Judging a Button Men position by the round under way, not the whole match.

A move changes the match only through the round it is played in: once the round is
over, every die comes back and the next round starts afresh (only the loser may change
its swing size). So the chance of winning the match rises with the chance of winning
this round, and a playout that stops when the round ends measures what the move can
change, without the noise of the rounds after it. Such a playout is also two to three
times shorter than one to the end of the match (first to 2: about 2.5 rounds).

:func:`round_view` makes a copy on which the engine's fast playout ends with the round:
it asks for one round win and starts both seats at none, so the round's winner is the
"match" winner. A tied round (equal scores, rare) is played again, as a fresh round,
on that copy: a tie counts as the next round's chance.
"""

from __future__ import annotations

import random

from games.buttonmen import ButtonMenState
from games.buttonmen.fast import AttackPolicy, SwingPolicy, playout
from games.buttonmen.state import OVER


def round_view(state: ButtonMenState) -> ButtonMenState:
    """A copy of ``state`` whose match ends when the round under way ends."""
    view = state.clone()
    view.options = {**state.options, "rounds_to_win": 1}
    view.round_wins = [0, 0]
    return view


def settled(before: ButtonMenState, after: ButtonMenState, seat: int) -> float | None:
    """The round's result for ``seat`` (1 won, 0 lost, 0.5 tied) if the step from
    ``before`` to ``after`` ended it; None while it goes on."""
    if after.round == before.round and after.phase != OVER:
        return None
    won = after.round_wins[seat] - before.round_wins[seat]
    lost = after.round_wins[1 - seat] - before.round_wins[1 - seat]
    return 1.0 if won > lost else 0.0 if lost > won else 0.5


def round_playout(
    view: ButtonMenState,
    seat: int,
    rng: random.Random,
    pick_attack: AttackPolicy | None = None,
    pick_swing: SwingPolicy | None = None,
) -> float:
    """Play ``view`` (a :func:`round_view`, left unchanged) to the round's end: 1 if
    ``seat`` wins the round, 0 if it loses, 0.5 for the length cap's draw."""
    winner = playout(view, rng, pick_attack=pick_attack, pick_swing=pick_swing)
    return 0.5 if winner is None else float(winner == seat)
