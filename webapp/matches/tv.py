"""TV: the live AI-against-AI match of the moment for each game, pushed to the TV page.

A watchable match (every seat an agent) that starts or ends is announced after its
commit to the channel layer's ``tv`` group; the TV page's socket (``/ws/tv/``) is in
that group, so a Footsies match of five seconds is on the screen as it starts rather
than missed between two polls. A socket gets every game's match on connecting and
whenever it says hello (its heartbeat, and its resync after a drop); the page asks
``/tv/<game>/now.json`` only while its socket is down (docs/protocol.md, "TV"). The
socket is ``webapp.matches.tv_socket``.
"""

from __future__ import annotations

from django.db import transaction

import games
from webapp import push
from webapp.matches import browse
from webapp.matches.models import Match

#: The channel layer's group of every open TV page (webapp.matches.tv_socket).
GROUP = "tv"


def watchable(match: Match) -> bool:
    """Is this a match TV may show: every seat played by an agent?"""
    seats = list(match.seats.all())
    return bool(seats) and all(s.is_agent for s in seats)


def now_playing() -> dict[str, int | None]:
    """Every game's match on TV now (None: nothing live)."""
    return {
        game.slug: (m.pk if (m := browse.tv_match(game.slug)) else None) for game in games.all()
    }


def announce_start(match: Match) -> None:
    """A watchable match was made: after the commit, every TV page hears of it (the
    match itself, even if a newer one or its own end follows within a second)."""
    game, match_id = match.game, match.pk
    frame = {"screens": {game: match_id}, "started": {game: match_id}}
    transaction.on_commit(lambda: push.push(GROUP, {"type": "tv.now", "frame": frame}))


def announce_end(match: Match) -> None:
    """A watchable match ended: after the commit, TV pages hear what is on now."""
    game = match.game

    def send() -> None:
        on = browse.tv_match(game)
        frame = {"screens": {game: on.pk if on else None}}
        push.push(GROUP, {"type": "tv.now", "frame": frame})

    transaction.on_commit(send)
