"""A stored match as replay frames: the position after every event, as a spectator
(or one seat) sees it, with the move log entry that led there. Frames after the first
carry a patch of the view before them where that is smaller (``webapp.matches.delta``,
applied by the page with ``DiceArena.nextView``)."""

from __future__ import annotations

from typing import Any

from games.core import SIMULTANEOUS
from webapp.matches import delta, frames
from webapp.matches.models import Match
from webapp.matches.positions import export, walk
from webapp.matches.thinking import move_words

# ``export`` (the downloadable match) is the match's own: kept importable from here.
__all__ = ["export", "replay_frames", "views_of"]


def replay_frames(match: Match, seat: int | None = None) -> list[dict[str, Any]]:
    """Every position as ``seat`` sees it (``observation(seat)``; None: a spectator,
    who sees everything). A simultaneous event's frame carries each seat's choice in
    words (``choices``), so the page can show, at the position before it, the choices
    being made — all of them, or in a seat's view only that seat's own until the reveal."""
    events = list(match.events.order_by("ply"))
    start = match.game_rules.new_state(match.num_players, match.options)
    view = start.observation(seat)
    out = [{"ply": 0, "event": None, "view": view}]
    for before, event, after in walk(match, events):
        summary = frames.event_summary(before, event)
        if event.actor == SIMULTANEOUS and isinstance(event.move, dict):
            summary["choices"] = {s: move_words(before, m, int(s)) for s, m in event.move.items()}
        # A frame carries what changed (a patch, as live frames do) unless the whole view
        # is smaller: a long Dice Wars replay is a quarter of its views' size.
        before_view, view = view, after.observation(seat)
        kind, body = delta.smaller(before_view, view)
        out.append({"ply": event.ply + 1, "event": summary, kind: body})
    return out


def views_of(frames: list[dict[str, Any]]) -> list[Any]:
    """Every frame's whole view, rebuilt from the patches (what the page does)."""
    views: list[Any] = []
    for frame in frames:
        views.append(frame["view"] if "view" in frame else delta.apply(views[-1], frame["patch"]))
    return views
