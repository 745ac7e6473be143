"""Moves in the game's own words, for people (the move log, the analysis, the "why?")."""

from __future__ import annotations

import importlib
from typing import Any

from games.core import SIMULTANEOUS, State, actor_name


def describe_event(before: State, actor: int, move: Any) -> str:
    """A sentence for ``move`` by ``actor`` at ``before``: the game's own
    ``describe_move`` where it has one, else the move's short text form."""
    module = importlib.import_module(f"games.{before.game.slug}")
    describe_move = getattr(module, "describe_move", None)
    if describe_move is not None:
        try:
            return describe_move(before, move)
        except Exception:  # a description must never break a page or an analysis
            pass
    if actor == SIMULTANEOUS:
        return ", ".join(f"seat {seat}: {before.move_to_str(m)}" for seat, m in move)
    return f"{actor_name(actor)}: {before.move_to_str(move)}"
