"""How a rating is written, wherever one is shown: "1623", or "1623?" while provisional.

One helper for every page (leaderboards, the lobby's levels, the game-over card, seeks,
profiles; the ``rating`` template filter in ``webapp/matches/templatetags/ratings.py``
wraps it), so the "?" means the same everywhere. Here, below the apps, because the
match pages and seeks show ratings that the leaderboards keep.
"""

from __future__ import annotations

#: Fewer rated games than this, or more uncertainty (σ), and a rating is provisional.
PROVISIONAL_GAMES = 10
PROVISIONAL_SIGMA = 5.0

#: What the "?" means, for a tooltip or a footnote.
PROVISIONAL_NOTE = (
    f"provisional: fewer than {PROVISIONAL_GAMES} rated games, or still uncertain "
    f"(σ above {PROVISIONAL_SIGMA:g})"
)


def is_provisional(games: int, sigma: float) -> bool:
    return games < PROVISIONAL_GAMES or sigma > PROVISIONAL_SIGMA


def rating_label(rating: int, provisional: bool) -> str:
    """The one way a rating is written: "1623", or "1623?" while it is provisional."""
    return f"{rating}{'?' if provisional else ''}"
