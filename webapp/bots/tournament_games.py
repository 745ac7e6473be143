"""Tournament games with outside bots.

A bot cannot be played in memory like an agent, so its games are live matches: the
game's task starts one (bots' seats, agents' seats, the tournament's time control) and
returns; the match's end counts the game (``match_finished``). A game waits while one
of its bots is offline or already plays its share of matches at once; the bot's
connection, every finished game and the periodic sweep start waiting games again
(``pump``). A bot that stays away longer than the tournament's wait loses its games
unplayed (a forfeit that ranks it last).

Games with bots get a fresh secret seed each (revealed when the match ends), never one
derived from the tournament's public seed, so a bot cannot know the dice in advance.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from webapp.bots.clock import TimeControl
from webapp.bots.models import Bot, BotSeat, TournamentClock
from webapp.matches import services as match_services
from webapp.matches.models import Match

BOT_SPEC = "bot:"
#: Waiting games one pump looks at (the rest wait for the next).
PUMP_LIMIT = 500


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


# ----- playing -------------------------------------------------------------------------


def _bots(seats: list[str]) -> dict[str, Bot]:
    names = {bot_name(s) for s in seats if is_bot_spec(s)}
    return {bot.spec: bot for bot in Bot.objects.filter(name__in=names)}


def _busy(bot: Bot) -> bool:
    active = BotSeat.objects.filter(bot=bot, match__status=Match.Status.ACTIVE).count()
    return active >= settings.DICEARENA_BOT_MAX_MATCHES


def _absent_too_long(bot: Bot, tournament, wait_s: int) -> bool:
    since = max(filter(None, [bot.seen_at, tournament.started_at, tournament.created_at]))
    return timezone.now() - since > timedelta(seconds=wait_s)


def play_live(game, seats: list[str]) -> str:
    """Start a claimed tournament game as a live match, let it wait, or count it lost
    for the bots that stayed away too long."""
    from webapp.tournaments.models import TournamentGame

    tournament = game.tournament
    clock = TournamentClock.objects.filter(tournament=tournament).first()
    control = TimeControl(clock.move_ms / 1000, clock.bank_ms / 1000) if clock else None
    wait_s = clock.wait_s if clock else settings.DICEARENA_BOT_WAIT_S
    bots = _bots(seats)
    # A bot deleted since the submission: its seat is filled by random, then forfeited.
    missing = [spec for spec in seats if is_bot_spec(spec) and spec not in bots]
    offline = [b for b in bots.values() if not b.online]
    gone = [b for b in offline if _absent_too_long(b, tournament, wait_s)]
    awaited = [b for b in offline if b not in gone] + [
        b for b in bots.values() if b.online and _busy(b)
    ]
    if awaited and not missing:
        TournamentGame.objects.filter(pk=game.pk).update(
            status=TournamentGame.Status.PENDING, worker=""
        )
        return "waiting"
    plan = match_services.MatchPlan(
        game=tournament.game,
        seats=[_seat(spec, bots) for spec in seats],
        options={**tournament.options, **game.options},
        created_by=f"tournament:{tournament.pk}",
        time_control=control.to_json() if control else None,
    )
    lost = [i for i, spec in enumerate(seats) if spec in missing or bots.get(spec) in gone]
    with transaction.atomic():
        row = TournamentGame.objects.select_for_update().get(pk=game.pk)
        if row.match_id is not None or row.status == TournamentGame.Status.DONE:
            return "duplicate"
        match = match_services.create_match(plan)
        row.match = match
        row.save(update_fields=["match"])
        if lost:
            names = ", ".join(sorted({seats[i] for i in lost}))
            match_services.do_forfeit(
                match_services.lock_match(match.pk), lost, f"{names} did not come in time"
            )
    return "forfeit" if lost else "live"


def _seat(spec: str, bots: dict[str, Bot]) -> match_services.SeatPlan:
    if spec in bots:
        from webapp.bots.play import identity

        return match_services.SeatPlan(identity=identity(bots[spec]))
    if is_bot_spec(spec):
        return match_services.SeatPlan(agent_spec="random", name=spec)
    return match_services.SeatPlan(agent_spec=spec)


def match_finished(match: Match) -> None:
    """A live tournament game ended: count it, then start games that were waiting."""
    from webapp.tournaments import playing
    from webapp.tournaments.models import Tournament, TournamentGame

    with transaction.atomic():
        game = TournamentGame.objects.select_for_update().filter(match=match).first()
        if game is None or game.status == TournamentGame.Status.DONE:
            return
        game.status = TournamentGame.Status.DONE
        game.finished_at = timezone.now()
        game.stats = {"seats": _seat_stats(match)}
        game.save(update_fields=["status", "finished_at", "stats"])
        Tournament.objects.filter(pk=game.tournament_id).update(games_done=F("games_done") + 1)
        tournament_id = game.tournament_id
        transaction.on_commit(lambda: playing.after_game(tournament_id))
    pump(tournament_id)


def _seat_stats(match: Match) -> list[dict[str, Any]]:
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


def pump(tournament_id: int) -> int:
    """Try every waiting game of a running tournament once; returns how many started."""
    from webapp.tournaments import playing
    from webapp.tournaments.models import Tournament, TournamentGame

    if not Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.RUNNING).exists():
        return 0
    waiting = TournamentGame.objects.filter(
        tournament_id=tournament_id, status=TournamentGame.Status.PENDING, match__isnull=True
    ).order_by("pairing", "number")
    started = 0
    for game_id in list(waiting.values_list("pk", flat=True)[:PUMP_LIMIT]):
        if playing.play_game(game_id) in ("live", "forfeit"):
            started += 1
    return started


def _running_with_bots():
    from webapp.tournaments.models import Tournament

    return Tournament.objects.filter(status=Tournament.Status.RUNNING, bot_clock__isnull=False)


def pump_all() -> dict[str, int]:
    return {"started": sum(pump(t.pk) for t in _running_with_bots())}


def pump_for_bot(bot_id: int) -> None:
    bot = Bot.objects.filter(pk=bot_id).first()
    if bot is None:
        return
    for tournament in _running_with_bots().filter(entries__agent_spec=bot.spec).distinct():
        pump(tournament.pk)
