"""Tournament games with outside bots or people.

A bot cannot be played in memory like an agent, so its games are live matches: the
game's task starts one (bots' seats, agents' seats, the tournament's time control) and
returns; the match's end counts the game (``listeners.game_ended``). A game waits while
one of its bots is offline or already plays its share of matches at once; the bot's
connection, every finished game and the periodic sweep start waiting games again
(``playing.pump``). A bot that stays away longer than the tournament's wait loses its
games unplayed (a forfeit that ranks it last).

Games with bots get a fresh secret seed each (revealed when the match ends), never one
derived from the tournament's public seed, so a bot cannot know the dice in advance.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from webapp.bots.clock import TimeControl
from webapp.bots.models import Bot, TournamentClock
from webapp.bots.play import identity
from webapp.bots.tournament_games import absent_too_long, bots_of, busy, is_bot_spec
from webapp.matches import services as match_services
from webapp.tournaments.entrants import is_person_spec, person_seat
from webapp.tournaments.models import TournamentGame


def play_live(game, seats: list[str]) -> str:
    """Start a claimed tournament game as a live match, let it wait, or count it lost
    for the bots that stayed away too long."""
    tournament = game.tournament
    clock = TournamentClock.objects.filter(tournament=tournament).first()
    control = TimeControl(clock.move_ms / 1000, clock.bank_ms / 1000) if clock else None
    wait_s = clock.wait_s if clock else settings.DICEARENA_BOT_WAIT_S
    bots = bots_of(seats)
    # A bot deleted since the submission: its seat is filled by random, then forfeited.
    missing = [spec for spec in seats if is_bot_spec(spec) and spec not in bots]
    offline = [b for b in bots.values() if not b.online]
    gone = [b for b in offline if absent_too_long(b, tournament, wait_s)]
    awaited = [b for b in offline if b not in gone] + [
        b for b in bots.values() if b.online and busy(b)
    ]
    if awaited and not missing:
        TournamentGame.objects.filter(pk=game.pk).update(
            status=TournamentGame.Status.PENDING, worker=""
        )
        return "waiting"
    names = dict(tournament.entries.values_list("agent_spec", "name"))
    plan = match_services.MatchPlan(
        game=tournament.game,
        seats=[_seat(spec, bots, names) for spec in seats],
        options={**tournament.options, **game.options},
        created_by=f"tournament:{tournament.pk}",
        time_control=control.to_json() if control else None,
        # A tournament for people: its clock ("5+3", "3d") for every seat.
        clock=tournament.clock,
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


def _seat(spec: str, bots: dict[str, Bot], names: dict[str, str]) -> match_services.SeatPlan:
    if is_person_spec(spec):
        return person_seat(spec, names.get(spec, ""))
    if spec in bots:
        return match_services.SeatPlan(identity=identity(bots[spec]))
    if is_bot_spec(spec):
        return match_services.SeatPlan(agent_spec="random", name=spec)
    return match_services.SeatPlan(agent_spec=spec)
