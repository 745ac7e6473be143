"""Tournaments listen: to the match services (a live game with bots ended: count it),
to bots (one connected, the periodic sweep: start the games that wait for them), to
the accounts (a guest who signs up keeps their entries), and
within the app to their own services (a tournament submitted, a round made: the
workers take over). Connected when this module is imported, by
``TournamentsConfig.ready``."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from webapp.accounts import signals as accounts
from webapp.bots import signals as bot_signals
from webapp.bots.models import Bot
from webapp.bots.tournament_games import seat_stats
from webapp.matches import signals as match_signals
from webapp.matches.models import Match
from webapp.tournaments import buttonstats, people, playing, services, tasks
from webapp.tournaments.models import Tournament, TournamentGame


def game_ended(match_id: int, status: str, played: Any) -> None:
    """A live tournament game ended (finished or aborted): count it, then start the
    games that were waiting. In-memory games (``played``) are counted as they are stored."""
    if played is not None or not TournamentGame.objects.filter(match_id=match_id).exists():
        return
    match = Match.objects.get(pk=match_id)
    with transaction.atomic():
        game = TournamentGame.objects.select_for_update().filter(match=match).first()
        if game is None or game.status == TournamentGame.Status.DONE:
            return
        game.status = TournamentGame.Status.DONE
        game.finished_at = timezone.now()
        game.stats = {"seats": seat_stats(match)}
        game.save(update_fields=["status", "finished_at", "stats"])
        Tournament.objects.filter(pk=game.tournament_id).update(games_done=F("games_done") + 1)
        tournament_id = game.tournament_id
        transaction.on_commit(lambda: playing.after_game(tournament_id))
    playing.pump(tournament_id)


def button_study() -> list[dict]:
    """The table of the study the button pages show, for the lobby's fair matchup."""
    return [buttonstats.current().table]


def match_context(match: Match, identity: Any) -> list[dict[str, Any]]:
    """A tournament game's card links back to its tournament and, for a person in it,
    to their next game there as soon as it is paired (the card asks again whenever
    the tournament's socket says something changed)."""
    game = TournamentGame.objects.filter(match_id=match.pk).select_related("tournament").first()
    if game is None:
        return []
    tournament = game.tournament
    following = next((m for m in people.my_matches(tournament, identity) if m != match.pk), None)
    return [
        {
            "tournament": {
                "id": tournament.pk,
                "name": tournament.name,
                "url": reverse("tournaments:detail", args=[tournament.pk]),
                "status": tournament.status,
                "next_match": following,
                "next_url": reverse("matches:detail", args=[following]) if following else None,
            }
        }
    ]


def _running_with_bots():
    return Tournament.objects.filter(status=Tournament.Status.RUNNING, bot_clock__isnull=False)


def pump_all() -> dict[str, int]:
    """The bots' sweep: every running tournament with bots tries its waiting games."""
    return {"started": sum(playing.pump(t.pk) for t in _running_with_bots())}


def pump_for_bot(bot_id: int) -> None:
    """A bot connected: the tournaments it entered try their waiting games."""
    bot = Bot.objects.filter(pk=bot_id).first()
    if bot is None:
        return
    for tournament in _running_with_bots().filter(entries__agent_spec=bot.spec).distinct():
        playing.pump(tournament.pk)


def start_on_workers(tournament_id: int) -> None:
    tasks.start_tournament.delay(tournament_id)


def fan_out_round(tournament_id: int, games: int) -> None:
    if Tournament.objects.filter(pk=tournament_id).exclude(clock="").exists():
        playing.pump(tournament_id)  # people's games: live matches, made right here
        return
    tasks.fan_out(tournament_id, games)  # looked up now: tests may replace it


match_signals.match_ended.connect(game_ended)
match_signals.match_context.connect(match_context)
match_signals.button_study.connect(button_study)
bot_signals.sweeping.connect(pump_all)
bot_signals.bot_connected.connect(pump_for_bot)
services.submitted.connect(start_on_workers)
accounts.guest_signed_up.connect(people.claim_guest_entries)
playing.round_started.connect(fan_out_round)
