"""What the browser receives: snapshots and event frames, built from states.

A frame carries the spectator view and only those seat views that differ from it, so
games of open information do not send the same board nine times.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from games.core import CHANCE, SIMULTANEOUS, TERMINAL, State, actor_name


def seat_list(match) -> list[dict[str, Any]]:
    """The seats as pages show them."""
    return [
        {"index": s.index, "name": s.name, "agent": s.agent_spec or None, "open": s.is_open}
        for s in match.seats.all()
    ]


def describe(before: State, actor: int, move: Any) -> str:
    """A sentence for the move log, from the game's own ``describe_move`` if it has one."""
    module = importlib.import_module(f"games.{before.game.slug}")
    describe_move = getattr(module, "describe_move", None)
    if describe_move is not None:
        try:
            return describe_move(before, move)
        except Exception:  # a description must never break the live feed
            pass
    if actor == SIMULTANEOUS:
        return ", ".join(f"seat {seat}: {before.move_to_str(m)}" for seat, m in move)
    return f"{actor_name(actor)}: {before.move_to_str(move)}"


def event_summary(before: State, event) -> dict[str, Any]:
    actor, move = before.parse_event(event.as_record_item())
    return {
        "ply": event.ply,
        "seq": event.ply + 1,
        "actor": event.actor,
        "actor_name": actor_name(event.actor),
        "move": event.move,
        "text": describe(before, actor, move),
        "decisions": event.decisions or {},
    }


def views(state: State) -> dict[str, Any]:
    spectator = state.observation(None)
    public = json.dumps(spectator, sort_keys=True)
    out: dict[str, Any] = {"spectator": spectator}
    for seat in range(state.num_players):
        view = state.observation(seat)
        if json.dumps({**view, "seat": None}, sort_keys=True) != public:
            out[str(seat)] = view
    return out


def legal(state: State) -> dict[str, list[str]]:
    return {
        str(seat): [state.move_to_str(m) for m in state.legal_moves(seat)]
        for seat in state.acting_seats()
    }


def turn_info(state: State) -> dict[str, Any]:
    actor = state.current()
    return {
        "current": actor,
        "acting": list(state.acting_seats()),
        "simultaneous": actor == SIMULTANEOUS,
        "chance": actor == CHANCE,
        "over": actor == TERMINAL,
    }


def status(match) -> dict[str, Any]:
    return {
        "id": match.pk,
        "game": match.game,
        "status": match.status,
        "ply": match.ply,
        "seed_sha256": match.seed_sha256,
        "seed": match.revealed_seed,
        "result": match.result,
    }


def event_frame(match, before: State, event, after: State) -> dict[str, Any]:
    return {
        "type": "event",
        "seq": event.ply + 1,
        "event": event_summary(before, event),
        "views": views(after),
        "legal": legal(after),
        "turn": turn_info(after),
        "status": status(match),
    }


def snapshot(match, state: State, log: list[dict], chosen: list[int]) -> dict[str, Any]:
    return {
        "type": "snapshot",
        "seq": match.ply,
        "views": views(state),
        "legal": legal(state),
        "turn": turn_info(state),
        "status": status(match),
        "seats": seat_list(match),
        "log": log,
        "chosen": chosen,
    }


def for_seat(frame: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Cut a broadcast frame down to what one connection may see."""
    out = {k: v for k, v in frame.items() if k not in ("views", "legal")}
    all_views = frame.get("views")
    if all_views is not None:
        key = str(seat) if seat is not None else None
        if key is not None and key in all_views:
            out["view"] = all_views[key]
        else:
            out["view"] = {**all_views["spectator"], "seat": seat}
    if "legal" in frame:
        out["legal"] = frame["legal"].get(str(seat), []) if seat is not None else []
    out["you"] = seat
    return out
