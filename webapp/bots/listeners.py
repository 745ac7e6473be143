"""Bots listen to the match services (``webapp.matches.signals``): their challenge
limits, clock rows, turn frames, deadlines and ``match_over`` frames. Connected when
this module is imported, by ``BotsConfig.ready``."""

from __future__ import annotations

from typing import Any

from games.core import State
from webapp.bots import challenges, hooks
from webapp.bots.tournament_games import is_bot_spec
from webapp.matches import lobby, signals
from webapp.matches.models import Match
from webapp.matches.plans import MatchPlan, SeatPlan
from webapp.matches.services import seat_rows


def checking(plan: MatchPlan) -> None:
    hooks.check_new_match(plan)  # outside bots take only so many challenges at once


def created(match: Match, plan: MatchPlan) -> None:
    hooks.seats_created(match, plan)


def stored(match: Match, state: State) -> None:
    # Most matches have no bot: tell from the seats in hand before reading clock rows.
    if any(hooks.bot_id_of(seat.owner) is not None for seat in seat_rows(match).values()):
        hooks.advanced(match, state)


def ended(match_id: int, status: str, played: Any) -> None:
    if played is None:  # a batch stored from memory has no bot seats
        hooks.finished(match_id)


def bot_seat(game: str, opponent: str) -> SeatPlan | None:
    """A lobby opponent "bot:<name>": the bot's seat if it may be challenged now."""
    return challenges.opponent_seat(game, opponent) if is_bot_spec(opponent) else None


if challenges.available not in lobby.BOT_SOURCES:
    lobby.BOT_SOURCES.append(challenges.available)
if bot_seat not in lobby.SEAT_MAKERS:
    lobby.SEAT_MAKERS.append(bot_seat)
signals.match_checking.connect(checking)
signals.match_created.connect(created)
signals.position_stored.connect(stored)
signals.match_ended.connect(ended)
