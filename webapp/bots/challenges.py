"""People challenge connected bots from the lobby (if their owners allow it)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from webapp.bots.models import Bot
from webapp.bots.tournament_games import bot_name, is_bot_spec
from webapp.matches.services import SeatPlan


def available(game: str) -> list[Bot]:
    """Connected bots that play ``game`` and accept challenges, for the lobby."""
    recent = timezone.now() - timedelta(seconds=settings.DICEARENA_BOT_ONLINE_S)
    found = (
        Bot.objects.filter(accepts_challenges=True, token_digest__isnull=False, seen_at__gt=recent)
        .exclude(channel="")
        .select_related("owner")
    )
    return [bot for bot in found if bot.plays(game)]


def opponent_seat(game: str, opponent: str) -> SeatPlan:
    """The seat of the lobby's chosen opponent: an agent, or a bot that may be
    challenged now (ValueError says why not)."""
    if not is_bot_spec(opponent):
        return SeatPlan(agent_spec=opponent)
    bot = Bot.objects.filter(name__iexact=bot_name(opponent)).first()
    if bot is None or not bot.plays(game):
        raise ValueError(f"there is no bot {bot_name(opponent)!r} for this game")
    if not bot.accepts_challenges or bot.revoked:
        raise ValueError(f"{bot.name} does not accept challenges")
    if not bot.online:
        raise ValueError(f"{bot.name} is not connected right now")
    from webapp.bots.play import identity

    return SeatPlan(identity=identity(bot))
