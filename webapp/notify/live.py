"""Pushes to every open page of a person (``/ws/me/``, docs/protocol.md "The person
socket"). Called only after a commit; each goes to the person's channel group
(``Identity.group_name``), which every page of theirs joins, whatever it shows.

- ``game``: a new game with their seat is on (a seek taken, a quick pairing, a rematch
  accepted, a tournament's pairing, a friend sitting down): the page opens it (a lobby
  or the seeks page) or shows a notice with its link.
- ``turns``: the games waiting for their move changed: each page counts them again.
"""

from __future__ import annotations

from django.urls import reverse

import games
from webapp import push
from webapp.accounts.identity import person_group
from webapp.matches import clocks, frames
from webapp.matches.models import Match


def _to(key: str, message: dict) -> None:
    push.push(person_group(key), message)


def game_started(match_id: int) -> None:
    """Tell each person seated in a match that just started, on every page they have
    open. A match against the site's AI only is one the person started themselves, on
    the page they are looking at: nothing to tell."""
    match = Match.objects.prefetch_related("seats").filter(pk=match_id).first()
    if match is None or match.is_over:
        return
    seats = list(match.seats.all())
    if sum(1 for s in seats if not s.is_agent) < 2:
        return
    control = clocks.control_of(match)
    told = set()
    for seat in seats:
        if seat.is_agent or seat.is_bot or not seat.owner or seat.owner in told:
            continue
        told.add(seat.owner)
        frame = {
            "type": "game",
            "match": match.pk,
            "url": reverse("matches:detail", args=[match.pk]),
            "game": match.game,
            "title": games.get(match.game).title,
            "seat": seat.index,
            "opponents": [s.name for s in seats if s.owner != seat.owner],
            # "5+3" as players say it; "3 days a move", "20 s a move + 2 min bank"
            "clock": _clock_words(control),
            "rated": match.rated,
        }
        _to(seat.owner, {"type": "me.frame", "text": frames.dumps(frame)})


def _clock_words(control: clocks.TimeControl | None) -> str:
    if control is None:
        return "untimed"
    return control.label if control.correspondence or control.banked else control.text


def turns_changed(keys: list[str]) -> None:
    """The games waiting for these people's moves may have changed: their pages count
    them again (each page once however many nudges arrive together)."""
    for key in dict.fromkeys(keys):
        _to(key, {"type": "me.turns"})


def preferences_changed(key: str, frame: dict) -> None:
    """A person changed a choice on one page (the new-game sound): every page hears."""
    _to(key, {"type": "me.frame", "text": frames.dumps(frame)})
