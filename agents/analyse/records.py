"""What ``python -m agents.analyse`` reads: a match record, or a match page's download.

A record is ``State.to_record()`` (``{game, options, num_players, history}``, maybe a
``position`` it starts from); the download of a match page wraps one as ``record``
next to the match's seats. Anything else is refused with a message naming the fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import games
from games.core import IllegalMove, State


class BadRecord(ValueError):
    """The input is not a match record this analysis can replay."""


@dataclass
class Replayed:
    """Every position of a match, in order: ``states[k]`` is the position before event
    ``k``; the last is where the record ends. ``events[k]`` is (actor, move)."""

    record: dict[str, Any]
    states: list[State]
    events: list[tuple[int, Any]]
    seats: list[str]


def unwrap(data: Any) -> tuple[dict[str, Any], list[str] | None]:
    """The record inside ``data`` and the seats' names if the download carries them."""
    if not isinstance(data, Mapping):
        raise BadRecord("a match record is a JSON object")
    names = None
    if "record" in data and isinstance(data["record"], Mapping):
        seats = (
            (data.get("match") or {}).get("seats")
            if isinstance(data.get("match"), Mapping)
            else None
        )
        if isinstance(seats, list):
            names = [
                str(s.get("name", f"seat {i}"))
                for i, s in enumerate(seats)
                if isinstance(s, Mapping)
            ]
        data = data["record"]
    for field in ("game", "history"):
        if field not in data:
            raise BadRecord(f"a match record needs {field!r} (State.to_record() gives one)")
    if not isinstance(data["history"], list):
        raise BadRecord("'history' is a list of [actor, move] events")
    return dict(data), names


def replay(data: Any) -> Replayed:
    """Every position of the match ``data`` describes, checking each event."""
    record, names = unwrap(data)
    try:
        game = games.get(record["game"])
    except (KeyError, TypeError) as exc:
        raise BadRecord(str(exc.args[0]) if exc.args else "unknown game") from None
    try:
        if "position" in record:
            state = game.from_position(record["position"])
        else:
            state = game.new_state(
                record.get("num_players", game.min_players), record.get("options")
            )
    except (ValueError, TypeError, KeyError) as exc:
        raise BadRecord(f"cannot set up the match: {exc}") from None
    states = [state]
    events = []
    for k, item in enumerate(record["history"]):
        try:
            actor, move = state.parse_event(item)
            state = state.apply_event(actor, move)
        except IllegalMove as exc:
            raise BadRecord(f"event {k} ({item!r}): {exc}") from None
        states.append(state)
        events.append((actor, move))
    seats = [f"seat {i}" for i in range(state.num_players)]
    if names and len(names) == state.num_players:
        seats = names
    return Replayed(record, states, events, seats)
