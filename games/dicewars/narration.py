"""Sentences for people: player colours, what a move would do, what just happened."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from games.dicewars.moves import END_TURN, MAP_SEED, REINFORCEMENT, is_attack

if TYPE_CHECKING:
    from games.dicewars.state import DiceWarsState

#: The colour a seat plays; renderers use the same names.
COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Teal", "Pink")


def colour(seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(COLOURS):
        return "Nobody"
    return COLOURS[seat]


def _dice(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def _faces(faces) -> str:
    if len(faces) == 1:
        return str(faces[0])
    return "+".join(map(str, faces)) + f" = {sum(faces)}"


def describe_move(state: DiceWarsState, move: Any) -> str:
    """A sentence about ``move`` (or chance outcome) played at ``state``'s node, e.g.
    "Red attacks territory 12 (3 dice) from territory 7 (6 dice)"."""
    who = colour(state.mover)
    if move == END_TURN and type(move) is str:
        return f"{who} ends the turn"
    if type(move) is tuple and len(move) == 2:
        first, second = move
        if is_attack(move) and state.board is not None:
            size = state.board.size
            if 0 <= first < size and 0 <= second < size:
                return (
                    f"{who} attacks territory {second} ({_dice(state.dice[second])}) "
                    f"from territory {first} ({_dice(state.dice[first])})"
                )
        if first == MAP_SEED:
            return f"The map is drawn from seed {second}"
        if first == REINFORCEMENT:
            placed = sum(n for _, n in second)
            return f"{who} gets {_dice(placed)} of reinforcement"
        if type(first) is tuple and type(second) is tuple:
            won = sum(first) > sum(second)
            return f"{who} rolls {_faces(first)} against {_faces(second)} and " + (
                "wins the battle" if won else "loses the battle"
            )
    return f"{move!r}"


@functools.lru_cache(maxsize=4096)  # views render the same event at every node until the next
def event_text(event: tuple) -> str:
    """The sentence for a state's ``last`` event (see DiceWarsState.last)."""
    kind = event[0]
    if kind == "setup":
        return f"The map is drawn from seed {event[1]}"
    if kind == "attack":
        _, seat, source, target = event
        return f"{colour(seat)} attacks territory {target} from territory {source}"
    if kind == "battle":
        _, seat, source, target, defender, att, dfn, won = event
        outcome = (
            f"takes territory {target}"
            if won
            else f"fails; {colour(defender)} holds territory {target}"
        )
        return (
            f"{colour(seat)} rolls {_faces(att)} from territory {source} against "
            f"{colour(defender)}'s {_faces(dfn)}: {outcome}"
        )
    if kind == "end":
        return f"{colour(event[1])} ends the turn"
    if kind == "reinforce":
        _, seat, placements, reserve = event
        placed = sum(n for _, n in placements)
        return f"{colour(seat)} places {_dice(placed)}; {reserve} in reserve"
    return str(event)
