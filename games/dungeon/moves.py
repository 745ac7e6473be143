"""Moves and chance outcomes as values, and their text grammar (docs/games/dungeon.md).

A seat's moves::

    place:<die>:<equipment>:<slot>   put a die on a slot of one of your cards
    unshock:<die>:<equipment>        spend a die to clear the shock from a card
    extinguish:<die>                 pay 2 HP to put out a burning die
    end                              end the turn

Chance outcomes::

    roll:1,3,5      the dice of a turn, sorted
    burn:0,2        dice (by index) set on fire
    shock:1         cards (by index) shocked
    weaken:0        cards (by index) weakened
    split:2         a lockpick cuts its die into 2 and the rest

Indices count from 0 in the order the view lists dice, cards and slots. The values are
tuples of a kind and small ints — ``("place", 0, 1, 0)``, ``("end",)`` — built once and
shared, so listing legal moves allocates nothing new.
"""

from __future__ import annotations

from typing import Any

from games.core import IllegalMove
from games.dungeon.catalogue import MAX_EQUIPMENT
from games.dungeon.chance import BURN, MAX_DICE, ROLL, SHOCK, SPLIT, TARGET_KINDS, WEAKEN

PLACE, UNSHOCK, EXTINGUISH = "place", "unshock", "extinguish"
END = ("end",)
MOVE_KINDS = (PLACE, UNSHOCK, EXTINGUISH, "end")
CHANCE_KINDS = (ROLL, BURN, SHOCK, WEAKEN, SPLIT)

#: Safety cap: after this many actions in one turn only ``end`` is legal. Only a
#: reusable Spanner could otherwise go round forever (6 + 3 → 6 and 3 → ...).
MAX_ACTIONS = 60
#: A turn's dice list only grows (spent dice keep their index), by at most two per action.
MAX_DIE_INDEX = MAX_DICE + 2 * MAX_ACTIONS
MAX_SLOTS = 2

PLACES = [
    [[(PLACE, d, e, s) for s in range(MAX_SLOTS)] for e in range(MAX_EQUIPMENT)]
    for d in range(MAX_DIE_INDEX)
]
UNSHOCKS = [[(UNSHOCK, d, e) for e in range(MAX_EQUIPMENT)] for d in range(MAX_DIE_INDEX)]
EXTINGUISHES = [(EXTINGUISH, d) for d in range(MAX_DIE_INDEX)]

_ARITY = {PLACE: 3, UNSHOCK: 2, EXTINGUISH: 1}


def to_text(move: Any) -> str:
    kind = move[0]
    if kind in _ARITY or kind == "end":
        return ":".join(str(part) for part in move)
    return f"{kind}:{','.join(str(part) for part in move[1:])}"


def _number(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise IllegalMove(f"{what} must be a small whole number, not {text!r}")
    return int(text)


def parse(text: Any) -> tuple:
    """Text → a move or chance outcome value, by syntax alone (legality is the state's
    business). IllegalMove says what is wrong."""
    if not isinstance(text, str) or not text.strip() or len(text) > 64:
        raise IllegalMove(f"{text!r} is not a dungeon move (e.g. place:0:1:0, end)")
    kind, _, rest = text.strip().lower().partition(":")
    if kind == "end":
        if rest:
            raise IllegalMove("'end' takes nothing after it")
        return END
    if kind in _ARITY:
        parts = rest.split(":") if rest else []
        if len(parts) != _ARITY[kind]:
            raise IllegalMove(f"{kind} takes {_ARITY[kind]} numbers separated by ':'")
        numbers = [_number(p, "an index") for p in parts]
        return (kind, *numbers)
    if kind in CHANCE_KINDS:
        numbers = [_number(p, "a value") for p in rest.split(",")] if rest else []
        if not numbers:
            raise IllegalMove(f"{kind} needs at least one number")
        if kind == SPLIT:
            if len(numbers) != 1:
                raise IllegalMove("split takes one number: the first part of the die")
            return (SPLIT, numbers[0])
        if kind == ROLL and not all(1 <= v <= 6 for v in numbers):
            raise IllegalMove("rolled dice show 1 to 6")
        return (kind, *sorted(numbers))
    raise IllegalMove(
        f"{text!r} is not a dungeon move: use place, unshock, extinguish or end "
        f"(chance: {', '.join(CHANCE_KINDS)})"
    )


def is_chance(move: tuple) -> bool:
    return move[0] in CHANCE_KINDS


def is_target(move: tuple) -> bool:
    return move[0] in TARGET_KINDS
