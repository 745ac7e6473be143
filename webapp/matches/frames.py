"""What the browser receives: snapshots, and event frames that carry only what changed.

An event frame is built once per audience — spectators, and each seat whose frame
differs (its own view or legal moves) — and serialised once there, so hundreds of open
pages cost one ``json.dumps`` each, not one per page. Frames name the position they
lead to (``seq``); a page that is not exactly one behind asks for what it missed.

What an AI weighed is not pushed: frames say which seats have thinking to show, and the
page fetches it (``/matches/<id>/thinking/<ply>/``) when someone asks.
"""

from __future__ import annotations

import json
from typing import Any

from games.core import CHANCE, SIMULTANEOUS, TERMINAL, State, actor_name, describe_event
from webapp.matches import delta

#: The key of the spectators' text in a frame's texts (a seat's key is its index).
SPECTATORS = "*"

Texts = dict[str, str]


def dumps(frame: dict[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"))


def seat_list(match) -> list[dict[str, Any]]:
    """The seats as pages show them."""
    return [
        {"index": s.index, "name": s.name, "agent": s.agent_spec or None, "open": s.is_open}
        for s in match.seats.all()
    ]


def _base_entry(before: State, event) -> dict[str, Any]:
    actor, move = before.parse_event(event.as_record_item())
    return {
        "ply": event.ply,
        "seq": event.ply + 1,
        "actor": event.actor,
        "actor_name": actor_name(event.actor),
        "move": event.move,
        "text": describe_event(before, actor, move),
    }


def event_summary(before: State, event) -> dict[str, Any]:
    """A move log entry with everything the agents weighed (replays, exports)."""
    return {**_base_entry(before, event), "decisions": event.decisions or {}}


#: Figures of a decision small enough to travel with every live frame.
_STAT_KEYS = ("seconds", "fallback", "reason")


def log_entry(before: State, event) -> dict[str, Any]:
    """A move log entry for live pages: which seats have thinking to show, and each
    decision's time and any fallback, but not the thinking itself."""
    decisions = event.decisions or {}
    return {
        **_base_entry(before, event),
        "thinking": sorted(int(s) for s, d in decisions.items() if d and d.get("thinking")),
        "stats": {
            s: {k: d["stats"][k] for k in _STAT_KEYS if k in (d.get("stats") or {})}
            for s, d in decisions.items()
            if d and d.get("stats")
        },
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


def _legal(state: State, seat: int) -> list[str]:
    return [state.move_to_str(m) for m in state.legal_moves(seat)]


def _view_change(before: State, after: State, seat: int | None) -> dict[str, Any]:
    kind, value = delta.smaller(before.observation(seat), after.observation(seat))
    return {kind: value}


def event_texts(
    match, before: State, event, after: State, pages: frozenset[int] | None = None
) -> Texts:
    """The frame of one stored event for every audience, each serialised once.
    ``pages``: the seats a page can hold (people's and bots'; None: every seat). An AI's
    seat has no page, so its own frame (its view, every move it may make: hundreds in
    The Octagon Theory) is never built."""
    common: dict[str, Any] = {
        "type": "event",
        "seq": event.ply + 1,
        "event": log_entry(before, event),
        "turn": turn_info(after),
    }
    if after.current() == TERMINAL:
        common["status"] = status(match)
    spectator_change = _view_change(before, after, None)
    texts = {SPECTATORS: dumps({**common, **spectator_change})}
    acting = set(after.acting_seats())
    for seat in range(after.num_players):
        if pages is not None and seat not in pages:
            continue
        change = _view_change(before, after, seat)
        # A seat reads the spectators' frame unless its view or its moves differ.
        if seat not in acting and change == spectator_change:
            continue
        legal = _legal(after, seat) if seat in acting else []
        texts[str(seat)] = dumps({**common, **change, "legal": legal})
    return texts


def snapshot(match, state: State, log: list[dict], chosen: list[int], seat: int | None):
    """The whole position for one page: where a page starts and where it resyncs."""
    return {
        "type": "snapshot",
        "seq": match.ply,
        "view": state.observation(seat),
        "legal": _legal(state, seat) if seat is not None and seat in state.acting_seats() else [],
        "turn": turn_info(state),
        "status": status(match),
        "seats": seat_list(match),
        "log": log,
        "chosen": chosen,
        "you": seat,
    }


def for_audience(texts: Texts, seat: int | None) -> str:
    """The text one page receives: its seat's own, else the spectators'."""
    if seat is not None:
        own = texts.get(str(seat))
        if own is not None:
            return own
    return texts[SPECTATORS]


def to_everyone(frame: dict[str, Any]) -> Texts:
    """A frame every page receives alike (who has chosen, the seats changed)."""
    return {SPECTATORS: dumps(frame)}
