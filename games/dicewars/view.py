"""The JSON view of a position (docs/games/dicewars.md lists every field). Dice Wars
is open information: every seat and every spectator sees the same thing, only "seat"
differs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.dicewars import hexgrid
from games.dicewars.narration import COLOURS, event_text
from games.dicewars.phases import BATTLE, OVER, PHASES, REINFORCE, SETUP

if TYPE_CHECKING:
    from games.dicewars.state import DiceWarsState

SLUG = "dicewars"


def observe(state: DiceWarsState, seat: int | None) -> dict[str, Any]:
    n = state.num_players
    board = state.board
    scores = [0] * n
    totals = [0] * n
    geometry = None
    if board is not None:
        # Territory data is laid out by column (map.hexes[t], owners[t], dice[t]): the
        # same facts as a list of per-territory objects at half the JSON cost, and the
        # map part never changes during a game, so a client can keep it. Each
        # territory's hexes are one string of cell numbers: as int lists the 500-odd
        # cells were most of the cost of every view.
        geometry = {
            "columns": hexgrid.COLUMNS,
            "rows": hexgrid.ROWS,
            "territories": board.size,
            "hexes": list(board.hex_text),
            "neighbours": [list(adjacent) for adjacent in board.neighbours],
        }
        scores = [board.region_size(mask) for mask in state.own]
        for t, o in enumerate(state.owner):
            totals[o] += state.dice[t]
    phase = state.phase
    over = phase == OVER
    return {
        "game": SLUG,
        "seat": seat,
        "options": dict(state.options),
        "num_players": n,
        "colours": list(COLOURS[:n]),
        "phase": PHASES[phase],
        "map_seed": state.map_seed,
        "map": geometry,
        "owners": list(state.owner),
        "dice": list(state.dice),
        "order": list(state.order),
        "current": None if phase in (SETUP, OVER) else state.mover,
        "turn": state.turn,
        "reserves": list(state.reserve),
        "alive": [bool(mask) or board is None for mask in state.own],
        "territory_counts": [mask.bit_count() for mask in state.own],
        "dice_totals": totals,
        "scores": scores,
        "eliminated": list(state.eliminated),
        "battle": {"from": state.source, "to": state.target} if phase == BATTLE else None,
        "pool": state.pool if phase == REINFORCE else None,
        "last": event_view(state.last),
        "last_battle": event_view(state.last_battle),
        "over": over,
        "winner": state.winner if over else None,
        "ranks": list(state.ranks()) if over else None,
        "ended": ("turn cap" if state.capped else "conquest") if over else None,
    }


def event_view(event: tuple | None) -> dict[str, Any] | None:
    if event is None:
        return None
    kind = event[0]
    text = event_text(event)
    if kind == "setup":
        return {"event": "setup", "seed": event[1], "text": text}
    if kind == "attack":
        return {"event": "attack", "seat": event[1], "from": event[2], "to": event[3], "text": text}
    if kind == "battle":
        _, seat, source, target, defender, att, dfn, won = event
        return {
            "event": "battle",
            "seat": seat,
            "from": source,
            "to": target,
            "defender": defender,
            "attacker_dice": list(att),
            "defender_dice": list(dfn),
            "attack_total": sum(att),
            "defence_total": sum(dfn),
            "won": won,
            "text": text,
        }
    if kind == "end":
        return {"event": "end_turn", "seat": event[1], "text": text}
    _, seat, placements, reserve = event
    return {
        "event": "reinforcement",
        "seat": seat,
        "placed": [[t, k] for t, k in placements],
        "reserve": reserve,
        "text": text,
    }


def event_from_view(view: Any) -> tuple | None:
    """The state's tuple form of a "last"/"last_battle" view (the text is ignored)."""
    if view is None:
        return None
    kind = view["event"]
    if kind == "setup":
        return ("setup", int(view["seed"]))
    if kind == "attack":
        return ("attack", int(view["seat"]), int(view["from"]), int(view["to"]))
    if kind == "battle":
        return (
            "battle",
            int(view["seat"]),
            int(view["from"]),
            int(view["to"]),
            int(view["defender"]),
            tuple(int(f) for f in view["attacker_dice"]),
            tuple(int(f) for f in view["defender_dice"]),
            bool(view["won"]),
        )
    if kind == "end_turn":
        return ("end", int(view["seat"]))
    if kind == "reinforcement":
        placements = tuple((int(t), int(k)) for t, k in view["placed"])
        return ("reinforce", int(view["seat"]), placements, int(view["reserve"]))
    raise ValueError(f"unknown event {kind!r}")
