"""Which finished matches count for the ratings, and why one does not.

An agent's rating is what people read beside a level in the lobby, so it must be
measured on the game people play there and must not be something any visitor can
push around:

- on the lobby's rules (``webapp.matches.lobby.lobby_defaults``: Footsies first to 3 of
  5 rounds, the other games the engine's defaults): a match with one of our agents in
  it on other rules (one Footsies round, chosen fighters, a bigger Octagon board) is
  not rated, for anyone in it;
- against a person, or in a tournament (the levels ladders are tournaments): a match
  with only AIs in it outside a tournament is a visitor's demonstration ("Watch AI
  against AI", the demo data of ``make run``) and is not rated.

Matches between people (and outside bots) are rated as before: unless casual, a guest
played, or one player held two seats. ``rating.apply`` asks ``why_not`` for every
match it takes in order, so ``manage.py rebuild_ratings`` applies these rules to a
database rated by an earlier version too.
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any

import games
from webapp.accounts.identity import is_bot_key
from webapp.leaderboards.models import Competitor
from webapp.matches.lobby import lobby_defaults

if TYPE_CHECKING:
    from webapp.leaderboards.rating import Finished, SeatRow

#: The ``created_by`` of every tournament's matches: "tournament:<id>".
TOURNAMENT = "tournament:"


class NotRated(StrEnum):
    """Why a finished match left the ratings as they were."""

    CASUAL = "casual"  # posted or started unrated
    GUEST = "guest"  # a guest (or nobody) sat in a seat
    TWO_SEATS = "two_seats"  # one competitor held two seats (self-play)
    DEMONSTRATION = "demonstration"  # only AIs, outside a tournament
    RULES = "rules"  # an AI played, on other rules than the lobby's


def _normal(options: dict[str, Any]) -> str:
    """Options as one comparable text (a tuple and a stored JSON list are the same)."""
    return json.dumps(options, sort_keys=True, default=list)


@cache
def _lobby_rules(game: str) -> str:
    rules = games.get(game)
    return _normal(rules.resolve_options(lobby_defaults(rules)))


def on_lobby_rules(game: str, options: dict[str, Any] | None) -> bool:
    """Was a match of ``game`` with these stored options played on the lobby's rules?"""
    try:
        resolved = games.get(game).resolve_options(options or {})
    except (KeyError, ValueError):  # a game or an option this version no longer has
        return False
    return _normal(resolved) == _lobby_rules(game)


def competitor_key(seat) -> tuple[str, str, str] | None:
    """(key, kind, name) of whoever sat in a seat, or None if that seat is not rated
    (a guest, or a seat nobody took)."""
    if seat.agent_spec:
        return f"agent:{seat.agent_spec}", Competitor.Kind.AGENT, seat.agent_spec
    if is_bot_key(seat.owner):  # an outside bot: its seats hold "bot:<id>"
        return seat.owner, Competitor.Kind.BOT, seat.name
    if seat.user_id:
        return f"user:{seat.user_id}", Competitor.Kind.PERSON, seat.name
    return None


def is_person(seat: SeatRow) -> bool:
    """A seat a person played (signed in or a guest), not an agent or an outside bot."""
    return not seat.agent_spec and bool(seat.owner) and not is_bot_key(seat.owner)


def why_not(match: Finished) -> NotRated | None:
    """None if ``match`` (finished, with a result) counts for the ratings, else why not."""
    if not match.rated:
        return NotRated.CASUAL
    keys = [competitor_key(s) for s in match.seats]
    if any(k is None for k in keys):
        return NotRated.GUEST
    if len({k[0] for k in keys if k is not None}) != len(keys):
        return NotRated.TWO_SEATS
    if any(s.agent_spec for s in match.seats):
        tournament = match.created_by.startswith(TOURNAMENT)
        if not tournament and not any(is_person(s) for s in match.seats):
            return NotRated.DEMONSTRATION
        if not on_lobby_rules(match.game, match.options):
            return NotRated.RULES
    return None
