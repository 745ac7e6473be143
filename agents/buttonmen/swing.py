"""Choosing a swing size the write-up's way, for both of its players.

MC tries every size 4..20 in ``playouts`` greedy matches each (both seats on the
"highest point conversion" rule of :mod:`agents.buttonmen.greedy`) and keeps the size
that won most, ties at random. In the published runs EM chose its swing this way too.

The opponent's size: at the simultaneous opening choice (and after every round under
``swing_reselect: "both"``) it is hidden, so each playout draws it uniformly from 4..20;
when only this seat chooses, the opponent's size is the one revealed by the last roll.

:func:`uniform_swing` (a size drawn uniformly, no thought) is an experiment's baseline:
it shows how much of a result the swing choice carries.

Whether to play Auxiliary dice (the auxiliary phase, a blind choice of both seats
before round 1) is weighed the same way: the agents hand it to these functions as a
swing choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from agents.buttonmen.greedy import greedy_playout
from agents.search.allowance import Allowance
from agents.search.thinking import as_value
from games.buttonmen import SWING_SIZES, ButtonMenState

SWING_MOVES = tuple(("swing", n) for n in SWING_SIZES)


def joint_swing(
    state: ButtonMenState,
    seat: int,
    move: tuple,
    rng: random.Random,
    other: Callable[[], tuple] | None = None,
) -> tuple[tuple[int, tuple], ...]:
    """Every chooser's swing choice, ``(seat, move)`` in chooser order: ``seat``'s
    ``move`` and any other chooser's drawn (its choice is blind to ours), by ``other()``
    if given (a model of that chooser), else uniformly from its own choices (X sizes, or
    other letters and option dice)."""

    def drawn(s: int) -> tuple:
        return other() if other is not None else rng.choice(state.legal_moves(s))

    return tuple((s, move if s == seat else drawn(s)) for s in state.choosers)


def after_joint(state: ButtonMenState, joint: tuple[tuple[int, tuple], ...]) -> ButtonMenState:
    """A copy of ``state`` with the choices of :func:`joint_swing` made."""
    child = state.clone()
    if len(joint) > 1:
        child.apply_joint_in_place(dict(joint))
    else:
        child.apply_in_place(joint[0][1])
    return child


def after_swing(
    state: ButtonMenState,
    seat: int,
    move: tuple,
    rng: random.Random,
    other: Callable[[], tuple] | None = None,
) -> ButtonMenState:
    """A copy of ``state`` with ``seat``'s swing chosen and any other chooser's drawn
    (:func:`joint_swing`)."""
    return after_joint(state, joint_swing(state, seat, move, rng, other))


def monte_carlo_swing(
    state: ButtonMenState, seat: int, allowance: Allowance, rng: random.Random
) -> tuple[tuple, list[dict[str, Any]]]:
    """The size with the most greedy-match wins and a row per size ``{move, value,
    visits, wins}`` (value = win rate). Sizes take turns, one match each, so a time
    limit leaves them evenly sampled."""
    moves = state.legal_moves(seat)

    def greedy_match(i: int) -> int | None:
        return greedy_playout(after_swing(state, seat, moves[i], rng), rng)

    return flat_sweep(state, seat, moves, greedy_match, allowance, rng)


def flat_sweep(
    state: ButtonMenState,
    seat: int,
    moves: list,
    play: Callable[[int], int | None],
    allowance: Allowance,
    rng: random.Random,
) -> tuple[Any, list[dict[str, Any]]]:
    """Flat Monte Carlo: ``play(i)`` plays one match after move ``i`` and names the
    winner; moves take turns, one match each, until the allowance is spent. Returns the
    move with the best win rate (ties at random) and a row per move ``{move, value,
    visits, wins}``, the value on the thinking's scale (:func:`as_value`). Rates, not
    counts: a time limit may stop a sweep part way."""
    wins = [0] * len(moves)
    played = [0] * len(moves)
    while allowance.used < allowance.limit and not allowance.out_of_time():
        for i in range(len(moves)):
            wins[i] += play(i) == seat
            played[i] += 1
            if allowance.out_of_time():
                break
        allowance.spend()
    rate = [w / n if n else -1.0 for w, n in zip(wins, played, strict=True)]
    best = max(rate)
    pick = rng.choice([i for i, r in enumerate(rate) if r == best])
    rows = [
        {"move": state.move_to_str(m), "value": as_value(r) if n else None, "visits": n, "wins": w}
        for m, r, n, w in zip(moves, rate, played, wins, strict=True)
    ]
    return moves[pick], rows


def uniform_swing(
    state: ButtonMenState, seat: int, rng: random.Random
) -> tuple[tuple, list[dict[str, Any]]]:
    """A size drawn uniformly from 4..20; no rows (nothing was weighed)."""
    return rng.choice(state.legal_moves(seat)), []
