"""Moves in people's words: one sentence per event, with the players' names.

Every page, the move log, the analysis and the "why?" panel describe a move the same way:
``describe_event`` asks the game (``Game.describe_move``) and falls back to the move's
short text form; ``with_names`` puts the players' names where an engine's words say
"seat N" (engines know seats, not names; the server knows both).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from games.core.state import SIMULTANEOUS, State, actor_name

_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")

#: The subject of a move chosen blind at a simultaneous node when the move alone does not
#: say whose it is (Button Men's "a player sets the swing size to 13"): an engine words
#: such a move with it, and a caller that knows the seat names it (``for_seat``).
SOMEONE = "a player"


def for_seat(text: str, seat: int) -> str:
    """``text`` with an unnamed chooser (``SOMEONE``) made "seat N", which ``with_names``
    then names: people read who chose, never "a player"."""
    if text.startswith(SOMEONE + " "):
        return f"seat {seat}" + text[len(SOMEONE) :]
    return text


def describe_event(before: State, actor: int, move: Any) -> str:
    """A sentence for ``move`` by ``actor`` at ``before`` (a joint move for a
    simultaneous node): the game's words where it has them, else the text form."""
    try:
        words = before.game.describe_move(before, move)
        if words:
            return str(words)
    except Exception:  # words must never break a page, a feed or an analysis
        pass
    if actor == SIMULTANEOUS:
        return ", ".join(f"seat {seat}: {before.move_to_str(m)}" for seat, m in move)
    return f"{actor_name(actor)}: {before.move_to_str(move)}"


def describe_text_move(state: State, text: str, seat: int | None = None) -> str:
    """The game's sentence for a move given in its text form at ``state``; the text
    itself when it is not a move there or the game has no words for it. ``seat``, when
    given, is whose move it is: a blind choice then names its chooser (``for_seat``)."""
    try:
        words = state.game.describe_move(state, state.str_to_move(text))
        if words:
            return str(words) if seat is None else for_seat(str(words), seat)
    except Exception:
        pass
    return text


def with_names(text: str, names: Sequence[str]) -> str:
    """``text`` with "seat N" (any N) replaced by the name of seat N, where known."""

    def name(match: re.Match) -> str:
        index = int(match.group(2))
        return names[index] if 0 <= index < len(names) and names[index] else match.group(0)

    return _SEAT.sub(name, str(text))
