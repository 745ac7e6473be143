"""What bots bring to tournaments: entrants' specs ("bot:<name>") and their checks,
the tournament's clock for its bots, the form's bot choices, and who is free to play.
The playing itself (live matches, waiting games) is the tournaments' side:
``webapp.tournaments.bot_games``; it needs us, never the other way round.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from webapp.bots.clock import TimeControl
from webapp.bots.models import Bot, BotSeat, TournamentClock
from webapp.matches.models import Match

BOT_SPEC = "bot:"


def is_bot_spec(spec: str) -> bool:
    return spec.startswith(BOT_SPEC)


def bot_name(spec: str) -> str:
    return spec[len(BOT_SPEC) :]


# ----- submitting ----------------------------------------------------------------------


def check_entrant(game: str, spec: str) -> str:
    """A bot entrant's canonical spec; ValueError says why it cannot enter."""
    bot = Bot.objects.filter(name__iexact=bot_name(spec)).first()
    if bot is None:
        raise ValueError(f"there is no bot {bot_name(spec)!r}")
    if not bot.plays(game):
        raise ValueError(
            f"bot {bot.name!r} does not play {game} (it plays: {', '.join(bot.games)})"
        )
    if bot.revoked:
        raise ValueError(f"bot {bot.name!r} has no token: it could not connect")
    if not bot.accepts_challenges:
        raise ValueError(f"bot {bot.name!r} does not accept challenges")
    return bot.spec


def check_clock(data: Any) -> tuple[TimeControl, int]:
    """The time control and the wait for a tournament's bots, from ``{move_s, bank_s,
    wait_s}`` (each may be left out)."""
    data = dict(data or {})
    wait = data.pop("wait_s", None)
    control = TimeControl.parse(data)
    if wait in (None, ""):
        return control, settings.DICEARENA_BOT_WAIT_S
    try:
        wait_s = int(wait)
    except (TypeError, ValueError):
        raise ValueError("wait_s is a whole number of seconds") from None
    if not 0 <= wait_s <= 86400:
        raise ValueError("wait_s is between 0 and 86,400 seconds")
    return control, wait_s


def tournament_created(tournament, specs: list[str], clock: Any) -> None:
    if not any(is_bot_spec(s) for s in specs):
        return
    control, wait_s = check_clock(clock)
    TournamentClock.objects.create(
        tournament=tournament, move_ms=control.move_ms, bank_ms=control.bank_ms, wait_s=wait_s
    )


def choices(game: str) -> list[dict[str, Any]]:
    """Bots that may enter a tournament of ``game``, shaped like the agents' catalogue."""
    return [
        {
            "name": bot.spec,
            "description": f"outside bot by {bot.owner.get_username()}"
            + (f": {bot.description}" if bot.description else ""),
            "games": bot.games,
            "params": {},
            "budget_note": "its own clock (the tournament's time control)",
            "bot": True,
            "online": bot.online,
        }
        for bot in Bot.objects.filter(accepts_challenges=True, token_digest__isnull=False)
        .select_related("owner")
        .order_by("name")
        if bot.plays(game)
    ]


# ----- who can play now ---------------------------------------------------------------


def bots_of(seats: list[str]) -> dict[str, Bot]:
    names = {bot_name(s) for s in seats if is_bot_spec(s)}
    return {bot.spec: bot for bot in Bot.objects.filter(name__in=names)}


def busy(bot: Bot) -> bool:
    active = BotSeat.objects.filter(bot=bot, match__status=Match.Status.ACTIVE).count()
    return active >= settings.DICEARENA_BOT_MAX_MATCHES


def absent_too_long(bot: Bot, tournament, wait_s: int) -> bool:
    since = max(filter(None, [bot.seen_at, tournament.started_at, tournament.created_at]))
    return timezone.now() - since > timedelta(seconds=wait_s)


def seat_stats(match: Match) -> list[dict[str, Any]]:
    """Thinking time, decisions and flagged moves per seat, as in-memory games report."""
    per_seat = [{"seconds": 0.0, "decisions": 0, "failures": 0} for _ in range(match.num_players)]
    for decisions in match.events.values_list("decisions", flat=True):
        for seat, decision in (decisions or {}).items():
            stats = (decision or {}).get("stats") or {}
            row = per_seat[int(seat)]
            row["seconds"] = round(row["seconds"] + float(stats.get("seconds") or 0), 6)
            row["decisions"] += 1
            row["failures"] += "fallback" in stats
    return per_seat
