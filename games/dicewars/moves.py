"""Moves and chance outcomes of Dice Wars, and their text (docs/games/dicewars.md).

Values (small, hashable, the same whatever the position):
  END_TURN                      "end"
  an attack                     (source, target)              text "7>12"
  the setup                     ("map", seed)                 text "map:3141592653"
  a battle roll                 ((6, 5, 3), (4, 4))           text "roll:653-44"
  a reinforcement               ("reinforce", ((3, 2), (7, 1)))  text "reinforce:3x2,7"
"""

from __future__ import annotations

import re
from typing import Any

from games.core import IllegalMove
from games.dicewars.board import MAX_TERRITORIES

END_TURN = "end"
MAP_SEED = "map"
REINFORCEMENT = "reinforce"
SEED_LIMIT = 2**32

#: ATTACKS[a][b] is the move (a, b), built once so that legal-move lists share tuples.
ATTACKS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((a, b) for b in range(MAX_TERRITORIES)) for a in range(MAX_TERRITORIES)
)

_ATTACK = re.compile(r"(\d{1,4})>(\d{1,4})")
_MAP = re.compile(r"map:(\d{1,10})")
_ROLL = re.compile(r"roll:([1-6]{1,8})-([1-6]{1,8})")
_PLACE = re.compile(r"(\d{1,4})(?:x(\d{1,2}))?")


def attack(source: int, target: int) -> tuple[int, int]:
    if 0 <= source < MAX_TERRITORIES and 0 <= target < MAX_TERRITORIES:
        return ATTACKS[source][target]
    return (source, target)


def is_attack(move: Any) -> bool:
    return type(move) is tuple and len(move) == 2 and type(move[0]) is int and type(move[1]) is int


def to_text(value: Any) -> str:
    """The text of any move or chance outcome (see the module docstring)."""
    if value == END_TURN and type(value) is str:
        return END_TURN
    if type(value) is tuple and len(value) == 2:
        first, second = value
        if type(first) is int and type(second) is int:
            return f"{first}>{second}"
        if first == MAP_SEED and type(first) is str:
            return f"{MAP_SEED}:{second}"
        if first == REINFORCEMENT and type(first) is str:
            return f"{REINFORCEMENT}:" + ",".join(
                f"{t}x{n}" if n != 1 else str(t) for t, n in second
            )
        if type(first) is tuple and type(second) is tuple:
            return "roll:" + "".join(map(str, first)) + "-" + "".join(map(str, second))
    raise IllegalMove(f"{value!r} is not a Dice Wars move or chance outcome")


def parse_move(text: str) -> Any:
    """A seat's move from its text: "end" or "source>target"."""
    cleaned = _clean(text)
    if cleaned in (END_TURN, "end_turn", "endturn", "pass"):
        return END_TURN
    found = _ATTACK.fullmatch(cleaned)
    if not found:
        raise IllegalMove(f"{text!r} is not a Dice Wars move (write 'end' or 'source>target')")
    return attack(int(found[1]), int(found[2]))


def parse_map(text: str) -> tuple[str, int]:
    found = _MAP.fullmatch(_clean(text))
    if not found or int(found[1]) >= SEED_LIMIT:
        raise IllegalMove(f"{text!r} is not a map seed (write 'map:' and a number below 2**32)")
    return (MAP_SEED, int(found[1]))


def parse_roll(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    found = _ROLL.fullmatch(_clean(text))
    if not found:
        raise IllegalMove(f"{text!r} is not a battle roll (write e.g. 'roll:653-44')")
    return tuple(map(int, found[1])), tuple(map(int, found[2]))


def parse_reinforcement(text: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    cleaned = _clean(text)
    if not cleaned.startswith(REINFORCEMENT + ":"):
        raise IllegalMove(f"{text!r} is not a reinforcement (write e.g. 'reinforce:3x2,7')")
    body = cleaned[len(REINFORCEMENT) + 1 :]
    placements = []
    for item in body.split(",") if body else ():
        found = _PLACE.fullmatch(item)
        if not found:
            raise IllegalMove(f"{item!r} in {text!r} is not 'territory' or 'territoryxdice'")
        placements.append((int(found[1]), int(found[2]) if found[2] else 1))
    return (REINFORCEMENT, tuple(placements))


def _clean(text: Any) -> str:
    if not isinstance(text, str):
        raise IllegalMove(f"a Dice Wars move is text, not {text!r}")
    return "".join(text.split()).lower()
