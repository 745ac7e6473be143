"""From a JSON view back to a state, like a FEN: ``GAME.from_position(view)``.

The view is the one ``observation(None)`` gives (docs/games/dungeon.md); only the fields
that carry state are read — names of cards and rules come from the catalogue by key —
and a view that no battle could reach raises IllegalMove.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.core import IllegalMove
from games.dungeon import moves
from games.dungeon.catalogue import ITEMS, MAX_EQUIPMENT
from games.dungeon.chance import MAX_DICE
from games.dungeon.phases import BURNING, FREE, OVER, PHASES, ROLL, SPENT, SPLIT
from games.dungeon.sides import Gear, Side
from games.dungeon.state import DungeonState

if TYPE_CHECKING:
    from games.dungeon.game import Dungeon


def restore(game: Dungeon, view: Mapping[str, Any]) -> DungeonState:
    """A state set up from ``view`` (as ``observation(None)`` gives it); IllegalMove if
    the view is not a possible battle position."""
    try:
        options = game.resolve_options(view.get("options"))
        sides = [_restore_side(s) for s in view["sides"]]
        if len(sides) != 2:
            raise ValueError("a battle has two sides")
        state = DungeonState(game, options, sides)
        state.seat = _int(view["to_move"], 0, 1, "to_move")
        state.phase = PHASES.index(view["phase"])
        state.turn = _int(view["turn"], 1, state.max_turns, "turn")
        for die in view.get("dice", []):
            state.dice.append(_int(die["value"], 1, 6, "a die"))
            state.marks.append(SPENT if die["used"] else BURNING if die["burning"] else FREE)
        state.split = _int(view.get("split") or 0, 0, 6, "split")
        state.actions = _int(view.get("actions", 0), 0, moves.MAX_ACTIONS, "actions")
        winner = view.get("winner")
        state.winner = None if winner is None else _int(winner, 0, 1, "winner")
        last = view.get("last")
        state.last = dict(last) if isinstance(last, Mapping) else None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise IllegalMove(f"not a dungeon position: {exc}") from exc
    problem = _inconsistency(state, view)
    if problem:
        raise IllegalMove(f"not a dungeon position: {problem}")
    state._position = state.observation(None)
    return state


def _int(value: Any, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _restore_side(view: Mapping[str, Any]) -> Side:
    max_hp = _int(view["max_hp"], 1, 999, "max_hp")
    gear = [_restore_gear(g) for g in view["equipment"]]
    if not 1 <= len(gear) <= MAX_EQUIPMENT:
        raise ValueError(f"a side has 1 to {MAX_EQUIPMENT} equipment cards")
    side = Side(str(view["name"]), max_hp, _int(view["dice_per_turn"], 1, MAX_DICE, "dice"), gear)
    side.hp = _int(view["hp"], -999, max_hp, "hp")
    side.shield = _int(view.get("shield", 0), 0, 999, "shield")
    side.poison = _int(view.get("poison", 0), 0, 999, "poison")
    pending = view.get("pending", {})
    side.burn = _int(pending.get("burn", 0), 0, 99, "burn")
    side.shock = _int(pending.get("shock", 0), 0, 99, "shock")
    side.weaken = _int(pending.get("weaken", 0), 0, 99, "weaken")
    return side


def _restore_gear(view: Mapping[str, Any]) -> Gear:
    item = ITEMS[view["key"]]
    g = Gear(item, bool(view.get("reusable", False)))
    slots = view.get("slots") or [{} for _ in item.slots]
    if len(slots) != len(item.slots):
        raise ValueError(f"the {item.name} has {len(item.slots)} slots")
    for s, (rule, slot) in enumerate(zip(item.slots, slots, strict=True)):
        value = slot.get("value") or 0
        if value and (len(item.slots) == 1 or not rule.accepts(value)):
            raise ValueError(f"the {item.name} cannot hold a {value!r} in slot {s}")
        g.slots[s] = value
    g.held = sum(1 for v in g.slots if v)
    if g.held == len(g.slots) and g.held > 1:
        raise ValueError(f"a full {item.name} would have fired")
    if item.countdown:
        g.left = _int(
            (view.get("countdown") or {}).get("left", item.countdown),
            1,
            item.countdown,
            "countdown",
        )
    g.uses = _int(view.get("uses", 0), 0, moves.MAX_ACTIONS, "uses")
    g.shocked = bool(view.get("shocked", False))
    g.weakened = bool(view.get("weakened", False))
    return g


def _inconsistency(state: DungeonState, view: Mapping[str, Any]) -> str | None:
    phase = state.phase
    side = state.sides[state.seat]
    if bool(view.get("over", phase == OVER)) != (phase == OVER):
        return "'over' disagrees with the phase"
    if phase != OVER:
        if state.winner is not None:
            return "a winner while the battle goes on"
        if any(s.hp <= 0 for s in state.sides):
            return "a side at 0 HP has already lost"
    if (phase == ROLL) != (not state.dice) and phase != OVER:
        return "dice are there exactly when the roll is done"
    if len(state.dice) > moves.MAX_DIE_INDEX:
        return "too many dice"
    if (phase == SPLIT) != (state.split >= 2):
        return "a lockpick cut needs a die of 2 or more, and only while one is due"
    pending = {"burn": side.burn, "shock": side.shock, "weaken": side.weaken}
    if PHASES[phase] in pending and not pending[PHASES[phase]]:
        return f"a {PHASES[phase]} event with no {PHASES[phase]} pending"
    return None
