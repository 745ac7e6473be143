"""The JSON view of a battle; every field is listed in docs/games/dungeon.md.

A battle is open information, so every seat and a spectator see the same facts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.dungeon import moves
from games.dungeon.describe import describe_last
from games.dungeon.phases import ACT, BURNING, OVER, PHASES, SPENT
from games.dungeon.sides import Gear, Side

if TYPE_CHECKING:
    from games.dungeon.state import DungeonState

ROLES = ("hero", "enemy")


def observe(state: DungeonState, seat: int | None) -> dict[str, Any]:
    acting = state.phase == ACT
    return {
        "game": "dungeon",
        "seat": seat,
        "options": dict(state.options),
        "turn": state.turn,
        "max_turns": state.max_turns,
        "to_move": state.seat,
        "phase": PHASES[state.phase],
        "sides": [_side(side, role) for side, role in zip(state.sides, ROLES, strict=True)],
        "dice": [
            {"value": v, "burning": m == BURNING, "used": m == SPENT}
            for v, m in zip(state.dice, state.marks, strict=True)
        ],
        "split": state.split or None,
        "actions": state.actions,
        "max_actions": moves.MAX_ACTIONS,
        "legal": [moves.to_text(m) for m in state.legal_moves(state.seat)] if acting else [],
        "last": _last(state),
        "over": state.phase == OVER,
        "winner": state.winner,
        "result": state.result(),
    }


def _side(side: Side, role: str) -> dict[str, Any]:
    return {
        "name": side.name,
        "role": role,
        "hp": side.hp,
        "max_hp": side.max_hp,
        "dice_per_turn": side.dice,
        "shield": side.shield,
        "poison": side.poison,
        "pending": {"burn": side.burn, "shock": side.shock, "weaken": side.weaken},
        "equipment": [_gear(g) for g in side.gear],
    }


def _gear(g: Gear) -> dict[str, Any]:
    item = g.item
    return {
        "key": item.key,
        "name": item.name,
        "text": item.text,
        "slots": [
            {"rule": rule.label, "kind": rule.kind, "n": rule.n, "value": held or None}
            for rule, held in zip(item.slots, g.slots, strict=True)
        ],
        "countdown": {"start": item.countdown, "left": g.left} if item.countdown else None,
        "reusable": g.reusable,
        "uses": g.uses,
        "uses_left": g.uses_left,
        "shocked": g.shocked,
        "weakened": g.weakened,
    }


def _last(state: DungeonState) -> dict[str, Any] | None:
    last = state.last
    if last is None or isinstance(last, dict):
        return last
    actor, move, detail = last
    return {
        "actor": actor,
        "event": moves.to_text(move),
        "text": describe_last(state, actor, move, detail),
    }
