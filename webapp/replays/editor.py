"""A position built by hand (the position editor): a full view, as
``observation(None)`` gives it, set up with ``Game.from_position`` and shared by link.

The link carries the position itself, compressed (``code``/``decode``), so any position
anyone built opens again from its link with nothing stored. Views are checked by the
game's own ``from_position``: a bad one is refused with the game's message.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from typing import Any

import games
from games.core import CHANCE, State

#: The most bytes of JSON a position may take (an 8-player Dice Wars view is ~10 KB).
MAX_JSON = 64_000


class BadPosition(ValueError):
    """Not a position of this game; the message says why, for the person editing."""


def code(view: Any) -> str:
    """The link's form of a view: compact JSON, deflated, base64url."""
    raw = json.dumps(view, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode(text: str) -> Any:
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        raw = zlib.decompressobj().decompress(packed, MAX_JSON + 1)
    except (ValueError, zlib.error):
        raise BadPosition("this link does not hold a position (it may be cut short)") from None
    if len(raw) > MAX_JSON:
        raise BadPosition("the position is too large")
    try:
        return json.loads(raw)
    except ValueError:
        raise BadPosition("this link does not hold a position") from None


def parse(text: str) -> Any:
    """The view typed into the editor."""
    if len(text.encode()) > MAX_JSON:
        raise BadPosition("the position is too large")
    try:
        return json.loads(text)
    except ValueError as exc:
        raise BadPosition(f"not valid JSON: {exc}") from None


def set_up(slug: str, view: Any) -> State:
    """The state of ``view`` in game ``slug``; BadPosition says what is wrong."""
    game = games.get(slug)
    if not isinstance(view, dict):
        raise BadPosition("a position is a JSON object, as a match's view is")
    try:
        return game.from_position(view)
    except Exception as exc:  # whatever the game's checks raise, the person gets words
        detail = exc.args[0] if exc.args else type(exc).__name__
        raise BadPosition(f"not a position of {game.title}: {detail}") from None


def starting_view(slug: str) -> dict[str, Any]:
    """A first position to edit: the game's start with its setup dice rolled (a fixed
    seed, so the editor always opens on the same one)."""
    game = games.get(slug)
    state = game.new_state(game.min_players)
    rng = random.Random(f"editor:{slug}")
    while state.current() == CHANCE:
        state = state.apply(state.sample_chance(rng))
    return state.observation(None)
