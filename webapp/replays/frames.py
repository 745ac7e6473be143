"""A stored match as replay frames: the position after every event, as a spectator
sees it, with the move log entry that led there."""

from __future__ import annotations

from typing import Any

from webapp.matches import frames
from webapp.matches.models import Match
from webapp.matches.positions import record_of, walk


def replay_frames(match: Match) -> list[dict[str, Any]]:
    events = list(match.events.order_by("ply"))
    start = match.game_rules.new_state(match.num_players, match.options)
    out = [{"ply": 0, "event": None, "view": start.observation(None)}]
    for before, event, after in walk(match, events):
        out.append(
            {
                "ply": event.ply + 1,
                "event": frames.event_summary(before, event),
                "view": after.observation(None),
            }
        )
    return out


def export(match: Match) -> dict[str, Any]:
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
