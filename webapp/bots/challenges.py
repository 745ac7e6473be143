"""People challenge connected bots from the lobby (if their owners allow it), a few
matches at a time: a bot is somebody's program on somebody's machine, and thirty guests
must not be able to bury it (or its owner's rating) in matches in two seconds."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from webapp.bots.models import Bot
from webapp.bots.play import identity
from webapp.bots.tournament_games import bot_name, is_bot_spec
from webapp.errors import Rejected
from webapp.matches import limits
from webapp.matches.models import Match
from webapp.matches.plans import MatchPlan, SeatPlan

#: Matches that tournaments make: they have their own limit (DICEARENA_BOT_MAX_MATCHES).
TOURNAMENT = "tournament:"


def available(game: str) -> list[Bot]:
    """Connected bots that play ``game`` and accept challenges, for the lobby."""
    recent = timezone.now() - timedelta(seconds=settings.DICEARENA_BOT_ONLINE_S)
    found = (
        Bot.objects.filter(accepts_challenges=True, token_digest__isnull=False, seen_at__gt=recent)
        .exclude(channel="")
        .select_related("owner")
    )
    return [bot for bot in found if bot.plays(game)]


def check_bot_plays(bot: Bot, game: str, connected: bool = False) -> None:
    """A bot that asks to play ``game`` itself (a seek it takes, a tournament it joins):
    it must be registered for the game, and ``connected`` when the match starts at once
    (it plays it over its socket)."""
    if not bot.plays(game):
        raise Rejected("bot_cannot_play", f"{bot.name} is not registered for {game}")
    if connected and not bot.online:
        raise Rejected("bot_offline", f"connect {bot.name}'s socket (/ws/bot/) first")


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
    return SeatPlan(identity=identity(bot))


def check_limits(plan: MatchPlan, bot_ids: list[int]) -> None:
    """Refuse a match against bots already playing as many challenges as they may: at
    most DICEARENA_BOT_CHALLENGES at once in all, DICEARENA_BOT_CHALLENGES_PER_PERSON from
    whoever asks and DICEARENA_BOT_CHALLENGES_PER_ADDRESS from their address (a client
    that drops its cookie is a new guest every time). Runs in the transaction that makes
    the match, with the bots' rows locked, so simultaneous challenges are counted one
    after another (on PostgreSQL the row lock, on SQLite the immediate write lock), never
    all against the same count; the match is noted as its address's before the commit
    (``services.create_match``), so the next one counts it."""
    if plan.created_by.startswith(TOURNAMENT):
        return
    total = settings.DICEARENA_BOT_CHALLENGES
    each = settings.DICEARENA_BOT_CHALLENGES_PER_PERSON
    per_address = settings.DICEARENA_BOT_CHALLENGES_PER_ADDRESS
    for bot in Bot.objects.select_for_update().filter(pk__in=bot_ids).order_by("pk"):
        playing = (
            Match.objects.filter(status=Match.Status.ACTIVE, bot_seats__bot=bot)
            .distinct()
            .exclude(created_by__startswith=TOURNAMENT)
        )
        if plan.created_by and playing.filter(created_by=plan.created_by).count() >= each:
            raise Rejected(
                "bot_busy",
                f"you are already playing {bot.name} (at most {each} at once): "
                "finish or abort that match first",
            )
        if plan.address:
            from_there = playing.filter(pk__in=limits.matches_from(plan.address).values("pk"))
            if from_there.count() >= per_address:
                raise Rejected(
                    "bot_busy",
                    f"your address is already playing {bot.name} {per_address} times (at "
                    f"most {per_address} at once): finish or abort one of those matches first",
                )
        if playing.count() >= total:
            raise Rejected(
                "bot_busy",
                f"{bot.name} is playing {total} challenges already (at most {total} at once): "
                "try again when one ends",
            )
