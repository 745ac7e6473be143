"""Moves in the game's own words, for people (the move log, the analysis, the "why?").

One implementation for everyone: :func:`games.core.describe_event`.
"""

from games.core import describe_event

__all__ = ["describe_event"]
