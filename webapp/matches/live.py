"""Pushes to open match pages over the channel layer. Called only after a commit.

Every frame goes to the match's group as texts already serialised per audience
(``frames.event_texts``), the frames one commit made in one message; each connection
sends, frame by frame, the text meant for its seat. Frames carry
``seq`` so pages can resync.
"""

from __future__ import annotations

import logging

from webapp import push
from webapp.matches import frames
from webapp.matches.models import Match
from webapp.matches.positions import walk

log = logging.getLogger(__name__)

#: A page further behind than this many events reloads the snapshot instead of
#: replaying each event frame it missed.
CATCH_UP_LIMIT = 64


def group_name(match_id: int) -> str:
    return f"match-{match_id}"


def _send(match_id: int, *batch: frames.Texts, seq: int | None = None) -> None:
    """One message on the channel layer for frames that go out together (a move, the
    instant AI's reply and their dice): each web process parses it once and each page
    handles it once, however many frames it holds; the page gets each frame on its own.
    ``seq``: the last event's, when the batch holds events (a socket keeps the position
    its page has, to catch up from after a Redis restart)."""
    message = {"type": "match.frames", "batch": list(batch)}
    if seq is not None:
        message["seq"] = seq
    push.push(group_name(match_id), message)


def frames_since(match: Match, since_seq: int) -> list[frames.Texts]:
    """Event frames for every stored event after ``since_seq``, in order."""
    events = list(match.events.order_by("ply"))
    return [
        frames.event_texts(match, before, event, after)
        for before, event, after in walk(match, events)
        if event.ply + 1 > since_seq
    ]


def events_stored(match: Match, stored: list, pages: frozenset[int] | None = None) -> None:
    """Push the events a transaction just committed: (before, event, after) each;
    ``pages``: the seats a page can hold (see ``frames.event_texts``)."""
    if stored:
        texts = [frames.event_texts(match, b, e, a, pages) for b, e, a in stored]
        _send(match.pk, *texts, seq=stored[-1][1].ply + 1)


def choice_made(match_id: int, ply: int, seats: list[int]) -> None:
    """Tell watchers who has chosen at a simultaneous turn (never what)."""
    _send(match_id, frames.to_everyone({"type": "chosen", "seq": ply, "seats": seats}))


def seats_changed(match_id: int) -> None:
    match = Match.objects.get(pk=match_id)
    _send(match_id, frames.to_everyone({"type": "seats", "seats": frames.seat_list(match)}))


def status_changed(match_id: int) -> None:
    """The match ended off the board (resigned, aborted, lost on time): every page hears."""
    match = Match.objects.get(pk=match_id)
    frame = {"type": "status", "seq": match.ply, "status": frames.status(match)}
    _send(match_id, frames.to_everyone(frame))


def rematch_changed(match_id: int, frame: dict | None) -> None:
    """A rematch was offered, declined, lapsed or accepted (``rematches.state_of``):
    every page of the old match shows it; once accepted, the players' pages go to it."""
    if frame is not None:
        _send(match_id, frames.to_everyone(frame))


def clock_changed(match_id: int, clock: dict | None) -> None:
    """The people's clocks after a move, a gift of time or a flag: pages draw them."""
    if clock is not None:
        _send(match_id, frames.to_everyone({"type": "clock", "clock": clock}))
