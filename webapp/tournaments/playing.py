"""Playing one tournament game, idempotently.

A game is claimed under a row lock, played in memory by the same runner as the arena
(``agents.match.play_match``, same seeding), then stored as a normal match in one
transaction that first checks nobody stored it meanwhile. A re-queued or duplicated
delivery therefore finds the game done and does nothing; the unique constraints on the
game slot and its match are the last line of defence.
"""

from __future__ import annotations

import os
import socket
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from agents.core import Budget
from agents.match import play_match
from webapp.bots.tournament_games import is_bot_spec, play_live
from webapp.matches import services as match_services
from webapp.tournaments import live
from webapp.tournaments.models import Tournament, TournamentGame


def worker_name(node: str | None = None) -> str:
    """ "<celery node>#<pid>": the node is what a ping answers with, so the sweep can
    tell a game whose worker died from one whose worker is busy."""
    return f"{node or 'local@' + socket.gethostname()}#{os.getpid()}"


def node_of(worker: str) -> str:
    return worker.split("#", 1)[0]


def _claim(game_id: int, me: str, live_workers: set[str] | None) -> TournamentGame | None:
    with transaction.atomic():
        game = (
            TournamentGame.objects.select_for_update().select_related("tournament").get(pk=game_id)
        )
        tournament = game.tournament
        if game.status == TournamentGame.Status.DONE or tournament.is_over:
            return None
        if game.match_id is not None:
            return None  # a live game with a bot: the match's end counts it
        if game.status == TournamentGame.Status.RUNNING and game.worker != me:
            stale = timezone.now() - timedelta(seconds=settings.DICEARENA_STALE_GAME_S)
            owner_alive = live_workers is None or node_of(game.worker) in live_workers
            if owner_alive and game.started_at and game.started_at > stale:
                return None  # someone is playing it right now
        game.status, game.worker, game.started_at = (
            TournamentGame.Status.RUNNING,
            me,
            timezone.now(),
        )
        game.save(update_fields=["status", "worker", "started_at"])
        return game


def _seat_stats(result, players: int) -> dict[str, Any]:
    per_seat = []
    for seat in range(players):
        decisions = result.decisions(seat)
        per_seat.append(
            {
                "seconds": round(sum(d.stats.get("seconds", 0.0) for d in decisions), 6),
                "decisions": len(decisions),
                "failures": sum(1 for d in decisions if "fallback" in d.stats),
            }
        )
    facts = {}
    view = result.state.observation(None)
    if "fighters" in view:  # Button Men: results by fighter
        facts["fighters"] = [f.get("name") if isinstance(f, dict) else f for f in view["fighters"]]
    return {"seats": per_seat, **facts}


def play_game(game_id: int, live_workers: set[str] | None = None, node: str | None = None) -> str:
    """Play and store one tournament game if it still needs playing."""
    me = worker_name(node)
    game = _claim(game_id, me, live_workers)
    if game is None:
        return "skipped"
    tournament = game.tournament
    specs = list(tournament.entries.order_by("index").values_list("agent_spec", flat=True))
    seats = [specs[i] for i in game.seating]
    if any(is_bot_spec(s) for s in seats):
        return play_live(game, seats)
    budget = Budget(iterations=tournament.budget_iterations)
    options = {**tournament.options, **game.options}
    result = play_match(tournament.game, seats, game.seed, options, len(seats), budget)
    with transaction.atomic():
        game = TournamentGame.objects.select_for_update().get(pk=game_id)
        if game.status == TournamentGame.Status.DONE:
            return "duplicate"
        match = match_services.do_store_played(
            tournament.game,
            options,
            game.seed,
            seats,
            result,
            created_by=f"tournament:{tournament.pk}",
        )
        game.match = match
        game.status = TournamentGame.Status.DONE
        game.finished_at = timezone.now()
        game.stats = _seat_stats(result, len(seats))
        game.save(update_fields=["match", "status", "finished_at", "stats"])
        Tournament.objects.filter(pk=tournament.pk).update(games_done=F("games_done") + 1)
        transaction.on_commit(lambda: after_game(tournament.pk))
    return "played"


def after_game(tournament_id: int) -> None:
    live.progress(tournament_id)
    tournament = Tournament.objects.get(pk=tournament_id)
    if tournament.games_done >= tournament.total_games:
        finish(tournament_id)


def finish(tournament_id: int) -> bool:
    """Mark a tournament finished once every game is stored (idempotent)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.is_over:
            return False
        left = tournament.games.exclude(status=TournamentGame.Status.DONE).count()
        if left:
            return False
        tournament.status = Tournament.Status.FINISHED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "finished_at"])
        transaction.on_commit(lambda: live.progress(tournament_id))
    return True
