"""Footsies analysed exactly, from the solved game (``agents.equilibrium``).

A position's win probability is (1 + v) / 2 for the seat whose equilibrium value is v
(a draw is worth 0, so it counts half). A choice is judged against the opponent's
equilibrium mix: every move in the equilibrium's support earns the value, any other
earns less, and the loss is that shortfall. The game has no chance, so nobody's dice
are lucky: the swings of a Footsies match are guesses won and lost.
"""

from __future__ import annotations

from agents.analyse.plies import Choice, Ply
from agents.analyse.records import Replayed
from agents.analyse.values import Estimate
from agents.analyse.words import describe_event
from agents.footsies.nash import solution_for
from games.core import TERMINAL
from games.footsies import MOVES
from games.footsies.rules import NAMES
from games.footsies.state import FootsiesState

#: Moves earning within this of the best are equally good (the LP's rounding).
TIE = 1e-9


def value(state: FootsiesState) -> Estimate:
    """Exact win probabilities of both seats."""
    if state.current() == TERMINAL:
        return Estimate.of_returns(state.returns())
    solution = solution_for(state)
    p0 = (1.0 + solution.values[solution.key(state)]) / 2.0
    return Estimate((p0, 1.0 - p0))


def plies(replayed: Replayed) -> list[Ply]:
    found = []
    for k, (actor, move) in enumerate(replayed.events):
        state = replayed.states[k]
        joint = dict(move)
        solution = solution_for(state)
        choices = []
        for seat in (0, 1):
            earned = solution.payoffs(state, seat)
            top = max(earned.values())
            played = joint[seat]
            best = played if earned[played] >= top - TIE else max(MOVES, key=earned.get)
            choices.append(
                Choice(
                    seat=seat,
                    move=played,
                    best_move=best,
                    best_text=NAMES[best],
                    played=(1.0 + earned[played]) / 2.0,
                    best=(1.0 + earned[best]) / 2.0,
                )
            )
        found.append(
            Ply(
                ply=k,
                actor=actor,
                move=state.event_to_json(actor, move)[1],
                text=describe_event(state, actor, move),
                before=value(state),
                choices=choices,
            )
        )
    return found
