"""Rebuild a match's position from its stored events.

The event log is the truth; a small per-process cache keyed by (match, ply) saves
replaying the whole log on every move. A cached state is only used when its ply equals
the stored ply, so a stale cache can never be trusted by mistake.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

import games
from games.core import State

_CACHE: OrderedDict[int, State] = OrderedDict()
_CACHE_SIZE = 256


def record_of(match, events=None) -> dict:
    items = events if events is not None else match.events.order_by("ply")
    return {
        "game": match.game,
        "options": match.options,
        "num_players": match.num_players,
        "history": [e.as_record_item() for e in items],
    }


def load_state(match) -> State:
    """The current position of ``match`` (a private copy the caller may change).

    A cached position a few events behind is brought up to date with just the events
    since (stored events never change): a human's move in a web process and the AI's
    reply in a worker alternate, so neither process ever has the very latest ply."""
    state = cached_at(match.pk, match.ply)
    if state is not None:
        return state
    cached = _CACHE.get(match.pk)
    if cached is not None and cached.ply < match.ply:
        state = cached.clone()
        for event in match.events.filter(ply__gte=cached.ply).order_by("ply"):
            actor, move = state.parse_event(event.as_record_item())
            state.apply_event_in_place(actor, move)
        if state.ply == match.ply:
            remember(match.pk, state)
            return state
    state = games.replay(record_of(match))
    remember(match.pk, state)  # keeps a copy of its own: ``state`` stays the caller's
    return state


def cached_at(match_id: Any, ply: int) -> State | None:
    """A private copy of the cached position of ``match_id`` at exactly ``ply``, or None.
    Stored events never change, so it is that match's position at that ply whatever has
    happened since; whoever uses it still checks that the match is at ``ply``."""
    cached = _CACHE.get(match_id)
    if cached is None or cached.ply != ply:
        return None
    _CACHE.move_to_end(match_id)
    return cached.clone()


def remember(match_id: int, state: State) -> None:
    _CACHE[match_id] = state.clone()
    _CACHE.move_to_end(match_id)
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)


def forget(match_id: int) -> None:
    _CACHE.pop(match_id, None)


def walk(match, events=None) -> Iterator[tuple[State, object, State]]:
    """(state before, stored event, state after) for every stored event, in order."""
    game = games.get(match.game)
    state = game.new_state(match.num_players, match.options)
    items = events if events is not None else match.events.order_by("ply")
    for event in items:
        actor, move = state.parse_event(event.as_record_item())
        after = state.apply_event(actor, move)
        yield state, event, after
        state = after


def export(match) -> dict[str, Any]:
    """The downloadable match: its record (for games.replay), seats, seed and decisions."""
    events = list(match.events.order_by("ply"))
    return {
        "record": record_of(match, events),
        "match": {
            "id": match.pk,
            "game": match.game,
            "status": match.status,
            "created_at": match.created_at.isoformat(),
            "finished_at": match.finished_at.isoformat() if match.finished_at else None,
            "seed_sha256": match.seed_sha256,
            "seed": match.revealed_seed,
            "result": match.result,
            "seats": [
                {"index": s.index, "name": s.name, "agent": s.agent_spec or None}
                for s in match.seats.all()
            ],
        },
        "decisions": [{"ply": e.ply, "decisions": e.decisions} for e in events if e.decisions],
    }
