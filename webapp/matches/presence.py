"""Which players of a match have its page open, across every web process: a Redis hash
per match, one field per open socket of a player (its channel name → its owner key),
written when the socket connects and removed when it closes. A rematch offer lapses when
the one who offered or one asked leaves the page (``rematches.left_page``).

A web process that dies leaves its fields behind, so a player may seem present longer
than they are: the offer's minute still ends it. The hash expires on its own."""

from __future__ import annotations

from webapp import counters

#: How long a match's presence is kept after its last change.
KEEP_S = 6 * 3600


def _key(match_id: int) -> str:
    return counters.key("present", match_id)


def arrived(match_id: int, channel: str, owner: str) -> None:
    pipe = counters.client().pipeline()
    pipe.hset(_key(match_id), channel, owner)
    pipe.expire(_key(match_id), KEEP_S)
    pipe.execute()


def left(match_id: int, channel: str) -> None:
    counters.client().hdel(_key(match_id), channel)


def here(match_id: int) -> set[str]:
    """The owner keys of the players with the match's page open now."""
    return {v.decode() for v in counters.client().hvals(_key(match_id))}
