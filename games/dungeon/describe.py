"""Sentences for people: what a move will do, and what the last event did."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from games.core import CHANCE
from games.dungeon import chance, moves

if TYPE_CHECKING:
    from games.dungeon.state import DungeonState

_V = re.compile(r"\bv\b")


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe_move(state: DungeonState, move: Any) -> str:
    """What ``move`` (a value or its text) does in ``state``, before it is applied, in
    one sentence for people."""
    try:
        if isinstance(move, str):
            move = moves.parse(move)
        kind = move[0]
        if kind in chance.TARGET_KINDS or kind in (chance.ROLL, chance.SPLIT):
            return _chance_words(state, move)
        side = state.sides[state.seat]
        if kind == "end":
            return f"{side.name} ends the turn"
        value = state.dice[move[1]]
        if kind == moves.EXTINGUISH:
            return f"{side.name} pays 2 HP to put out the burning {value}"
        g = side.gear[move[2]]
        if kind == moves.UNSHOCK:
            return f"{side.name} spends the {value} to unshock the {g.item.name}"
        if kind != moves.PLACE:
            raise KeyError(kind)
    except (TypeError, IndexError, KeyError, ValueError):
        return f"{move!r} is not a move of this battle"
    name, item = side.name, g.item
    if item.countdown:
        left = g.left - value
        if left <= 0:
            return f"{name} counts the {value} down on the {item.name}: it fires ({item.text})"
        return f"{name} counts the {value} down on the {item.name}: {left} to go"
    if len(g.slots) > 1:
        return f"{name} puts the {value} in slot {move[3] + 1} of the {item.name} ({item.text})"
    return f"{name} puts the {value} on the {item.name}: {_V.sub(str(value), item.text)}"


def _chance_words(state: DungeonState, move: tuple) -> str:
    kind, numbers = move[0], list(move[1:])
    side = state.sides[state.seat]
    if kind == chance.ROLL:
        return f"{side.name} rolls {_and([str(v) for v in numbers])}"
    if kind == chance.SPLIT:
        whole = state.split
        return f"the Lockpick cuts the {whole} into {numbers[0]} and {whole - numbers[0]}"
    if kind == chance.BURN:
        values = [str(state.dice[d]) for d in numbers]
        return f"fire lights {side.name}'s {_and(values)}"
    cards = [side.gear[e].item.name for e in numbers]
    status = "shocked" if kind == chance.SHOCK else "weakened"
    return f"{side.name}'s {_and(cards)} {'is' if len(cards) == 1 else 'are'} {status}"


def describe_last(state: DungeonState, actor: int, move: tuple, detail: int) -> str:
    """What an event did, told from the state right after it (``detail``: the die value
    a move used, or for ``end`` the poison HP the next side lost)."""
    kind = move[0]
    if actor == CHANCE:
        if kind == chance.SPLIT:
            new = state.dice[-2:]
            return f"the Lockpick cuts the {sum(new)} into {new[0]} and {new[1]}"
        return _chance_words(state, move)
    side = state.sides[actor]
    if kind == "end":
        words = f"{side.name} ends the turn"
        if detail:
            words += f"; poison costs {state.sides[1 - actor].name} {detail} HP"
        return words
    if kind == moves.EXTINGUISH:
        return f"{side.name} pays 2 HP to put out the burning {detail}"
    if kind == moves.UNSHOCK:
        return f"{side.name} spends the {detail} to unshock the {side.gear[move[2]].item.name}"
    return f"{side.name} puts the {detail} on the {side.gear[move[2]].item.name}"
