"""Tournaments for people: a Swiss, a round robin or an arena that takes entries, then
plays every game live with the tournament's clock.

A person creates one (game, format, rounds, clock); it is ``OPEN`` and anyone may join
or withdraw until its creator starts it. Starting fixes the entrants and pairs the
first round: each of its games becomes a live match between the two people at once
(they find it on the tournament's page and in *Your turn*). A match's end counts its
game (``listeners.game_ended``), and the last game of a round pairs the next from the
standings (``playing.finish``), whose matches start at once too. Entrants are
``person:<identity key>`` specs, so the standings, the formats and the game rows are
the same as for agents and bots.

An **arena** has no rounds: it runs ``window_min`` minutes from its start, and whoever
finishes a game is paired again at once with whoever else is free
(``playing.pair_arena``); people may join while it runs. Games under way when the
window closes still count; the last one to end closes it (or the sweep, ``start_due``).

``check_*`` validate and ``do_*`` write, with the tournament's row locked, so two
joins at once get two seats and a join racing the start is refused or counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

import games
from agents.core.seeding import new_match_seed
from agents.tournament import FORMATS as ALL_FORMATS
from agents.tournament import FormatError, make_format
from agents.tournament.formats import Swiss
from webapp.accounts.identity import Identity
from webapp.bots.challenges import check_bot_plays
from webapp.errors import Rejected
from webapp.matches import clocks
from webapp.matches.lobby import lobby_defaults
from webapp.tournaments import live, playing, services
from webapp.tournaments.entrants import person_spec
from webapp.tournaments.models import Entry, Tournament

#: The identity key prefix of a schedule that makes tournaments (it enters nobody).
SCHEDULE = "schedule:"
#: The formats people play: those of the registry that take live games, joins and
#: withdrawals (``Format.for_people``). Any other (a knockout) is for agents and bots.
FORMATS = tuple(slug for slug, cls in ALL_FORMATS.items() if cls.for_people)
#: Swiss's own limit, for round robins too.
MAX_ENTRANTS = Swiss.MAX_ENTRANTS
MAX_ROUNDS = 15
#: An arena's window, in minutes.
ARENA_MINUTES = (1, 180)


@dataclass
class PeoplePlan:
    game: str
    format: str = "swiss"
    #: Swiss: rounds to play (at most entrants − 1 once it starts); round robin: 1.
    rounds: int = 3
    clock: str = "5+3"
    name: str = ""
    #: An arena: minutes it runs once started.
    minutes: int = 30


def check_plan(plan: PeoplePlan, identity: Identity | None) -> str:
    """The tournament's canonical clock; Rejected says what does not fit."""
    if identity is None:
        raise Rejected("not_signed_in", "open the site once (or sign in) to make a tournament")
    try:
        game = games.get(plan.game)
    except (KeyError, TypeError):
        raise Rejected("unknown_game", f"there is no game {plan.game!r}") from None
    if not game.min_players <= 2 <= game.max_players:
        raise Rejected("unknown_game", f"{game.title} is not played two at a time")
    if plan.format not in FORMATS:
        known = " or ".join(FORMATS)
        if plan.format in ALL_FORMATS:
            raise Rejected(
                "bad_format",
                f"{plan.format} is for tournaments of agents and bots (/tournaments/new/), "
                f"not yet for people; a tournament for people is {known}",
            )
        raise Rejected("bad_format", f"a tournament for people is {known}")
    if not isinstance(plan.rounds, int) or not 1 <= plan.rounds <= MAX_ROUNDS:
        raise Rejected("bad_rounds", f"rounds are 1 to {MAX_ROUNDS}")
    least, most = ARENA_MINUTES
    if plan.format == "arena" and (
        not isinstance(plan.minutes, int) or not least <= plan.minutes <= most
    ):
        raise Rejected("bad_minutes", f"an arena runs {least} to {most} minutes")
    try:
        control = clocks.parse(plan.clock)
    except ValueError as exc:
        raise Rejected("bad_clock", str(exc)) from None
    if control is None:
        raise Rejected("bad_clock", "a tournament for people needs a clock, e.g. 5+3 or 3d")
    return control.text


def create(
    plan: PeoplePlan,
    identity: Identity | None,
    user=None,
    starts_at: datetime | None = None,
    schedule_key: str | None = None,
) -> Tournament:
    """An open tournament, its creator entered first (a schedule's is empty, and starts
    itself at ``starts_at``)."""
    clock = check_plan(plan, identity)
    game = games.get(plan.game)
    scheduled = identity.key.startswith(SCHEDULE)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=(plan.name.strip() or f"{game.title} {plan.format} for people ({clock})")[:120],
            game=plan.game,
            format=plan.format,
            # The rules people play in the lobby (Footsies: first to 3 of 5 rounds).
            options=game.resolve_options(lobby_defaults(game)),
            players=2,
            games_per_pairing=1,
            rounds=plan.rounds if plan.format == "swiss" else 1,
            window_min=plan.minutes if plan.format == "arena" else None,
            seed=new_match_seed(),
            clock=clock,
            status=Tournament.Status.OPEN,
            starts_at=starts_at,
            schedule_key=schedule_key,
            created_by=identity.key,
            user=user if user is not None and user.is_authenticated else None,
        )
        if not scheduled:
            do_join(tournament, identity)
    return tournament


def _locked(tournament_id: Any) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        raise Rejected("unknown_tournament", f"there is no tournament {tournament_id!r}") from None


def _check_open(tournament: Tournament) -> None:
    if not tournament.clock:
        raise Rejected("not_for_people", "this tournament is for agents and bots")
    if tournament.status != Tournament.Status.OPEN:
        raise Rejected("started", "this tournament has started: entries are closed")


def _check_joinable(tournament: Tournament) -> None:
    """Open for entries, or an arena whose window is still open (one may join late)."""
    if not tournament.takes_late_entries:
        _check_open(tournament)


def _spec(identity: Identity, bot=None) -> str:
    """The entrant spec of a person, or of an outside bot ("bot:<name>")."""
    return bot.spec if bot is not None else person_spec(identity)


def do_join(tournament: Tournament, identity: Identity, spec: str | None = None) -> Entry:
    """Enter a person (or, with ``spec``, an outside bot: "bot:<name>") as the next
    entrant of a locked tournament."""
    spec = spec or person_spec(identity)
    count = tournament.entries.count()
    if count >= MAX_ENTRANTS:
        raise Rejected("full", f"at most {MAX_ENTRANTS} people play one tournament")
    # A person's second entry the database refuses; a bot's, this check under the
    # tournament's row lock (agents' tournaments may list one bot twice).
    if tournament.entries.filter(agent_spec=spec).exists():
        raise Rejected("joined", "you are in this tournament already")
    try:
        with transaction.atomic():
            return Entry.objects.create(
                tournament=tournament, index=count, agent_spec=spec, name=identity.name
            )
    except IntegrityError:
        raise Rejected("joined", "you are in this tournament already") from None


def join(tournament_id: Any, identity: Identity | None, bot=None) -> Entry:
    """Join an open tournament (or a running arena: again, after a withdrawal or a
    pause); ``bot``: an outside bot joins (the bot asking is its owner's opt-in), if it
    plays the game."""
    if identity is None:
        raise Rejected("not_signed_in", "open the site once (or sign in) to join")
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _check_joinable(tournament)
        if bot is not None:
            check_bot_plays(bot, tournament.game)  # its games wait for its socket
        spec = _spec(identity, bot)
        back = tournament.entries.filter(agent_spec=spec).exclude(state=Entry.State.ACTIVE)
        entry = back.first() if tournament.status == Tournament.Status.RUNNING else None
        if entry is not None:  # an arena's entrant who had left comes back, score and all
            do_set_state(tournament, entry, Entry.State.ACTIVE)
        else:
            entry = do_join(tournament, identity, spec)
        if tournament.status == Tournament.Status.RUNNING:  # a late entry to an arena
            transaction.on_commit(lambda: playing.pair_arena(tournament.pk))
        else:
            transaction.on_commit(lambda: live.progress(tournament.pk))
    return entry


def _entry_of(tournament: Tournament, identity: Identity | None, bot=None) -> Entry:
    spec = _spec(identity, bot) if identity else ""
    entry = tournament.entries.filter(agent_spec=spec).first() if spec else None
    if entry is None:
        raise Rejected("not_entered", "you are not in this tournament")
    return entry


def withdraw(tournament_id: Any, identity: Identity | None, bot=None) -> None:
    """Leave. Before the start the entry goes, and those after move up a place (the
    listed order seeds the first Swiss round). In a running arena or Swiss the entrant
    keeps its score but is paired no more (a Swiss: from the next round; the game under
    way still counts). ``bot``: an outside bot withdraws. A second press changes nothing."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if not tournament.clock:
            raise Rejected("not_for_people", "this tournament is for agents and bots")
        mine = _entry_of(tournament, identity, bot)
        if tournament.status == Tournament.Status.OPEN:
            mine.delete()
            # In ascending order each index moves into the place just freed.
            for entry in tournament.entries.filter(index__gt=mine.index).order_by("index"):
                entry.index -= 1
                entry.save(update_fields=["index"])
            transaction.on_commit(lambda: live.progress(tournament.pk))
            return
        check_leave(tournament)
        do_set_state(tournament, mine, Entry.State.WITHDRAWN)


def check_leave(tournament: Tournament) -> None:
    """May an entrant withdraw from this started tournament? An arena or a Swiss under
    way: yes. A round robin's games are all made at its start: they are played or
    resigned."""
    if tournament.is_over:
        raise Rejected("over", f"this tournament is {tournament.get_status_display()}")
    if tournament.format not in ("arena", "swiss"):
        raise Rejected(
            "started", "this tournament has started: its games are all made; play or resign them"
        )


def check_pause(tournament: Tournament, entry: Entry) -> None:
    """Pause and resume are an arena's, while it runs; a withdrawn entrant joins again."""
    if tournament.format != "arena":
        raise Rejected("not_arena", "only an arena pauses; in a Swiss you may withdraw")
    if tournament.status != Tournament.Status.RUNNING:
        raise Rejected("not_running", "this arena is not running")
    if entry.state == Entry.State.WITHDRAWN:
        raise Rejected("withdrawn", "you have withdrawn from this arena: join it again to play")


def do_set_state(tournament: Tournament, entry: Entry, state: str) -> bool:
    """Put a locked tournament's entrant in ``state`` (``Entry.State``); False when it
    was so already (a second press). A Swiss withdrawal takes effect from the next
    round; an arena entrant made active is paired after the commit. Pages hear it."""
    if entry.state == state:
        return False
    entry.state = state
    fields = ["state"]
    if state == Entry.State.WITHDRAWN and tournament.format == "swiss":
        entry.out_from_round = tournament.round + 1
        fields.append("out_from_round")
    entry.save(update_fields=fields)
    if tournament.format == "swiss":
        tournament.total_games = _swiss_total(tournament)
        tournament.save(update_fields=["total_games"])
    if state == Entry.State.ACTIVE and tournament.status == Tournament.Status.RUNNING:
        transaction.on_commit(lambda: playing.pair_arena(tournament.pk))  # pushes too
    else:
        transaction.on_commit(lambda: live.progress(tournament.pk))
    return True


def _swiss_total(tournament: Tournament) -> int:
    """A running Swiss's games: those made so far, and each later round's tables among
    the entrants still paired (withdrawals make them fewer)."""
    paired = tournament.entries.filter(out_from_round__isnull=True).count()
    later = max(0, tournament.rounds - tournament.round)
    return tournament.games.count() + later * (paired // 2) * tournament.games_per_pairing


def _arena_state(tournament_id: Any, identity: Identity | None, bot, state: str) -> bool:
    with transaction.atomic():
        tournament = _locked(tournament_id)
        entry = _entry_of(tournament, identity, bot)
        check_pause(tournament, entry)
        return do_set_state(tournament, entry, state)


def pause(tournament_id: Any, identity: Identity | None, bot=None) -> bool:
    """An arena's entrant stops being paired (their game under way still counts) until
    they resume; their score stays. False if they were paused already."""
    return _arena_state(tournament_id, identity, bot, Entry.State.PAUSED)


def resume(tournament_id: Any, identity: Identity | None, bot=None) -> bool:
    """A paused arena entrant is paired again, at once if someone is free."""
    return _arena_state(tournament_id, identity, bot, Entry.State.ACTIVE)


def start(tournament_id: Any, identity: Identity | None) -> Tournament:
    """Its maker starts it (see ``do_start``)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _check_open(tournament)
        if identity is None or identity.key != tournament.created_by:
            raise Rejected("not_yours", "only whoever made the tournament can start it")
        return do_start(tournament)


def start_due(now: datetime | None = None) -> dict[str, int]:
    """The sweep: scheduled tournaments whose time has come start, or are cancelled
    when fewer than two people joined; arenas whose window has closed with no game
    left in play are finished."""
    now = now or timezone.now()
    closing = Tournament.objects.filter(status=Tournament.Status.RUNNING, ends_at__lte=now)
    for tournament_id in list(closing.values_list("pk", flat=True)):
        playing.finish(tournament_id)
    due = Tournament.objects.filter(status=Tournament.Status.OPEN, starts_at__lte=now)
    started = cancelled = 0
    for tournament_id in list(due.values_list("pk", flat=True)):
        with transaction.atomic():
            tournament = _locked(tournament_id)
            if tournament.status != Tournament.Status.OPEN:
                continue  # started or cancelled meanwhile
            if tournament.entries.count() >= 2:
                do_start(tournament)
                started += 1
                continue
            tournament.status = Tournament.Status.CANCELLED
            tournament.finished_at = now
            tournament.error = (
                "Cancelled at its start time: fewer than two people had joined "
                f"({tournament.entries.count()} had)."
            )
            tournament.save(update_fields=["status", "finished_at", "error"])
            transaction.on_commit(lambda tid=tournament_id: live.progress(tid))
            cancelled += 1
    return {"started": started, "cancelled": cancelled}


def do_start(tournament: Tournament) -> Tournament:
    """Close the entries of a locked open tournament and pair the first round; its
    matches start after the commit. Swiss plays the rounds asked, or as many as the
    entrants allow (each meets a new opponent every round)."""
    entrants = tournament.entries.count()
    if entrants < 2:
        raise Rejected("too_few", "a tournament needs at least two people")
    rounds = None
    if tournament.format == "swiss":
        rounds = min(tournament.rounds, entrants - 1 if entrants % 2 == 0 else entrants)
    try:
        fmt = make_format(tournament.format, entrants, 1, tournament.seed, 2, rounds)
    except FormatError as exc:
        raise Rejected("bad_format", str(exc)) from None
    first = fmt.first_round()
    services.do_add_games(tournament, [(f, {}) for f in first])
    tournament.rounds, tournament.round = fmt.rounds, 1
    tournament.total_games = fmt.total_games()  # an arena's: not known ahead (0)
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = timezone.now()
    if tournament.window_min:
        tournament.ends_at = tournament.started_at + timedelta(minutes=tournament.window_min)
    tournament.save(
        update_fields=["rounds", "round", "total_games", "status", "started_at", "ends_at"]
    )
    # People's games are live matches: made here, no worker plays them.
    transaction.on_commit(lambda: _started(tournament.pk))
    return tournament


def _started(tournament_id: int) -> None:
    playing.pump(tournament_id)
    live.progress(tournament_id)


def claim_guest_entries(guest: Identity, user: Identity) -> None:
    """A guest signed up: their entries (in open, running and past tournaments) are the
    account's, under its name, so the next pairing seats the account; the tournaments
    they made are the account's to start or cancel. Inside the sign-up's transaction."""
    Entry.objects.filter(agent_spec=person_spec(guest)).update(
        agent_spec=person_spec(user), name=user.name
    )
    Tournament.objects.filter(created_by=guest.key).update(
        created_by=user.key, user_id=user.user_id
    )


def my_matches(tournament: Tournament, identity: Identity | None) -> list[int]:
    """The person's unfinished matches in this tournament (their current game)."""
    if identity is None:
        return []
    rows = tournament.games.filter(match__isnull=False, match__seats__owner=identity.key).exclude(
        match__status__in=["finished", "aborted"]
    )
    return list(rows.values_list("match_id", flat=True))
