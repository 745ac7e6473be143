"""Posting, accepting and cancelling seeks: ``check_*`` validates, ``do_*`` writes, in
one transaction with the seek row locked, so two people accepting at once make one
match (the second hears it was taken)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction

import games
from webapp.accounts.identity import Identity
from webapp.bots.challenges import check_bot_plays
from webapp.errors import Rejected
from webapp.leaderboards.models import START
from webapp.matches import clocks, levels, signals
from webapp.matches import services as matches
from webapp.matches.lobby import DEFAULT_OPPONENT
from webapp.matches.models import Match
from webapp.rating_labels import rating_label
from webapp.seeks import live
from webapp.seeks.models import Seek, SeekSeat

#: Open seeks one person may have at once (over every game and time control).
MAX_OPEN = 5
#: The rating ranges quick pairing offers (±points); None is "anyone".
RATING_RANGES = (None, 100, 200, 400)


@dataclass
class SeekPlan:
    game: str
    clock: str = ""
    rated: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    #: 2, or more for a game of more (Dice Wars: 3–8), filled as people join.
    players: int = 2
    #: ±points an opponent's rating may be from the poster's; None: anyone.
    rating_range: int | None = None
    #: People only: outside bots may not take the seek.
    no_bots: bool = False


def rating_of(identity: Identity, game: str, clock: str) -> int:
    """A person's rating on the board a match of ``game`` at ``clock`` counts on (live
    and correspondence apart); a guest or a newcomer stands at the start, 1500. An outside
    bot is rated as people are (on its own "bot:<id>" key)."""
    if identity.user_id is None and not identity.is_bot:
        return START
    control = clocks.parse(clock)
    board = clocks.board_of(game, correspondence=bool(control and control.correspondence))
    rows = signals.ask(signals.ratings_of, key=identity.key)
    found = [c for c in rows if c.game == board and c.key == identity.key and c.games > 0]
    return found[0].rating if found else START


def mark_provisional(seeks: list[Seek]) -> list[Seek]:
    """Set ``provisional`` on each seek: is its poster's rating on the seek's board
    provisional (a newcomer's or a guest's 1500 is)? Pages write it with a "?"."""
    found: dict[tuple[str, str], bool] = {}
    for seek in seeks:
        control = clocks.parse(seek.clock)
        board = clocks.board_of(seek.game, correspondence=bool(control and control.correspondence))
        if (seek.created_by, board) not in found:
            rows = signals.ask(signals.ratings_of, key=seek.created_by)
            mine = [c for c in rows if c.game == board and c.key == seek.created_by]
            found[(seek.created_by, board)] = not mine or mine[0].provisional
        seek.provisional = found[(seek.created_by, board)]
    return seeks


def _near(a: int, b: int, points: int | None) -> bool:
    """Are two ratings within ``points`` of each other (None: any distance)?"""
    return points is None or abs(a - b) <= points


def poster_rating(seek: Seek) -> int:
    """The poster's rating when posted (a seek from before ratings were kept: 1500)."""
    return seek.rating if seek.rating is not None else START


def within(seek: Seek, rating: int) -> bool:
    """Is ``rating`` inside the seek's range around its poster's rating?"""
    return _near(rating, poster_rating(seek), seek.rating_range)


def check_seek(plan: SeekPlan, identity: Identity | None) -> dict[str, Any]:
    """Returns the game's full options. Raises Rejected with the reason."""
    if identity is None:
        raise Rejected("not_signed_in", "open the site once (or sign in) to post a seek")
    if not isinstance(plan.game, str):
        raise Rejected("unknown_game", "name a game")
    try:
        game = games.get(plan.game)
    except KeyError:
        raise Rejected("unknown_game", f"there is no game {plan.game!r}") from None
    if isinstance(plan.players, bool) or not isinstance(plan.players, int):
        raise Rejected("bad_players", "players is a whole number")
    if not game.min_players <= plan.players <= game.max_players or plan.players < 2:
        raise Rejected(
            "bad_players", f"{game.title} is for {game.min_players} to {game.max_players} players"
        )
    try:
        options = game.resolve_options(plan.options if isinstance(plan.options, dict) else {})
        clocks.parse(plan.clock)
    except ValueError as exc:
        raise Rejected("bad_seek", str(exc)) from None
    if not isinstance(plan.rated, bool):
        raise Rejected("bad_seek", "rated is true or false")
    if not isinstance(plan.no_bots, bool):
        raise Rejected("bad_seek", "no_bots is true or false")
    if plan.rating_range not in RATING_RANGES:
        allowed = ", ".join(str(r) for r in RATING_RANGES if r)
        raise Rejected("bad_range", f"a rating range is {allowed} points, or none for anyone")
    if plan.rated and identity.user_id is None:
        raise Rejected("rated_needs_account", "sign in to post a rated seek: guests are not rated")
    if Seek.objects.filter(created_by=identity.key, status=Seek.Status.OPEN).count() >= MAX_OPEN:
        raise Rejected("too_many_seeks", f"at most {MAX_OPEN} open seeks at once; cancel one")
    return options


def do_create_seek(plan: SeekPlan, options: dict[str, Any], identity: Identity) -> Seek:
    control = clocks.parse(plan.clock)
    try:
        with transaction.atomic():
            live.after_commit()  # pages following the seeks list show it
            return Seek.objects.create(
                game=plan.game,
                options=options,
                clock=control.text if control else "",
                rated=plan.rated,
                players=plan.players,
                created_by=identity.key,
                name=identity.name,
                user_id=identity.user_id,
                rating=rating_of(identity, plan.game, plan.clock),
                rating_range=plan.rating_range,
                no_bots=plan.no_bots,
            )
    except IntegrityError:
        raise Rejected(
            "duplicate_seek", "you already have an open seek for this game and time control"
        ) from None


def create_seek(plan: SeekPlan, identity: Identity | None) -> Seek:
    options = check_seek(plan, identity)
    return do_create_seek(plan, options, identity)


def _locked(seek_id: Any) -> Seek:
    try:
        return Seek.objects.select_for_update().get(pk=seek_id)
    except (Seek.DoesNotExist, ValueError, TypeError):
        raise Rejected("unknown_seek", f"there is no seek {seek_id!r}") from None


def check_accept(seek: Seek, identity: Identity | None, rating: int | None = None) -> None:
    """May this person take a seat of the seek (for two: accept it)? ``rating``: theirs
    on the seek's board, if the caller has it already."""
    if identity is None:
        raise Rejected("not_signed_in", "open the site once (or sign in) to accept a seek")
    if seek.status == Seek.Status.ACCEPTED:
        raise Rejected("taken", "someone accepted this seek first")
    if seek.status != Seek.Status.OPEN:
        raise Rejected("cancelled", "this seek was cancelled")
    if seek.created_by == identity.key:
        raise Rejected("own_seek", "this is your own seek; wait for someone to accept it")
    if identity.is_bot and seek.no_bots:
        raise Rejected("no_bots", "this seek is for people only: its poster chose no bots")
    if seek.rated and identity.user_id is None and not identity.is_bot:
        raise Rejected("rated_needs_account", "sign in to accept a rated seek")
    if seek.joined.filter(key=identity.key).exists():
        raise Rejected("joined", "you have joined this seek already")
    if rating is None:
        rating = rating_of(identity, seek.game, seek.clock)
    if not within(seek, rating):
        raise Rejected(
            "out_of_range",
            f"this seek is for ratings within {seek.rating_range} of {seek.rating}",
        )


def _people(seek: Seek) -> list[Identity]:
    """The poster, then whoever joined, in order."""
    poster = Identity(key=seek.created_by, name=seek.name, user_id=seek.user_id)
    joined = [Identity(key=j.key, name=j.name, user_id=j.user_id) for j in seek.joined.all()]
    return [poster, *joined]


def _start(seek: Seek, seats: list[matches.SeatPlan], accepted_by: str, address: str) -> Match:
    plan = matches.MatchPlan(
        game=seek.game,
        seats=seats,
        options=seek.options,
        clock=seek.clock,
        rated=seek.rated,
        created_by=seek.created_by,
        address=address,
    )
    match = matches.create_match(plan)
    seek.status, seek.match, seek.accepted_by = Seek.Status.ACCEPTED, match, accepted_by
    seek.save(update_fields=["status", "match", "accepted_by"])
    live.after_commit()
    return match


def do_accept(seek: Seek, identity: Identity, address: str = "") -> Match | None:
    """Take a seat. For two, the match starts, seats by a fair coin from the seek's
    number (its parity); for more, the person joins, and the match starts when the
    last seat is taken (the poster first, then in the order they joined)."""
    if seek.players == 2:
        people = [_people(seek)[0], identity]
        if not seek.pk % 2:
            people.reverse()
        return _start(seek, [matches.SeatPlan(identity=p) for p in people], identity.key, address)
    try:
        with transaction.atomic():
            SeekSeat.objects.create(
                seek=seek, key=identity.key, name=identity.name, user_id=identity.user_id
            )
    except IntegrityError:
        raise Rejected("joined", "you have joined this seek already") from None
    people = _people(seek)
    if len(people) < seek.players:
        live.after_commit()  # one more seat taken
        return None
    return _start(seek, [matches.SeatPlan(identity=p) for p in people], identity.key, address)


def accept(seek_id: Any, identity: Identity | None, address: str = "", bot=None) -> Match | None:
    """The match once it starts; None while a seek for more still waits for people.
    ``bot``: an outside bot takes it (its asking is its owner's opt-in)."""
    with transaction.atomic():
        seek = _locked(seek_id)
        if bot is not None:
            check_bot_plays(bot, seek.game, connected=True)
        check_accept(seek, identity)
        return do_accept(seek, identity, address)


def fill_with_ai(
    seek_id: Any, identity: Identity | None, level: str = "", address: str = ""
) -> Match:
    """The poster starts a seek for more now: the seats nobody took get an AI (a level
    of the game, or its default opponent)."""
    with transaction.atomic():
        seek = _locked(seek_id)
        if identity is None or seek.created_by != identity.key:
            raise Rejected("not_yours", "only whoever posted a seek can fill it with AI")
        if seek.status != Seek.Status.OPEN:
            raise Rejected("not_open", "this seek is no longer open")
        if seek.players == 2:
            raise Rejected("bad_players", "a seek for two waits for a person")
        try:
            spec = levels.resolve(seek.game, level or DEFAULT_OPPONENT.get(seek.game, "random"))
        except ValueError as exc:
            raise Rejected("bad_agent", str(exc)) from None
        people = _people(seek)
        seats = [matches.SeatPlan(identity=p) for p in people]
        seats += [matches.SeatPlan(agent_spec=spec) for _ in range(seek.players - len(people))]
        return _start(seek, seats, identity.key, address)


def cancel(seek_id: Any, identity: Identity | None) -> Seek:
    with transaction.atomic():
        seek = _locked(seek_id)
        if identity is None or seek.created_by != identity.key:
            raise Rejected("not_yours", "only whoever posted a seek can cancel it")
        if seek.status != Seek.Status.OPEN:
            raise Rejected("not_open", "this seek is no longer open")
        seek.status = Seek.Status.CANCELLED
        seek.save(update_fields=["status"])
        live.after_commit()
        return seek


def quick_pair(plan: SeekPlan, identity: Identity | None, address: str = "") -> Match | Seek:
    """Quick pairing: the oldest open seek for the same game, time control and rating
    that both sides' ranges allow is accepted, and its match returned; if there is none,
    the person's own seek is posted (with the game's usual options) for the next one.

    Each candidate is locked and checked again before it is taken, so two people quick
    pairing at once against one seek make one match; the second takes the next seek or
    posts their own."""
    if plan.players != 2:
        raise Rejected("bad_players", "quick pairing is for two; post a seek for more")
    options = check_seek(SeekPlan(**{**plan.__dict__, "options": {}}), identity)
    usual = json.loads(json.dumps(options))  # as the seek's JSON column gives it back
    mine = rating_of(identity, plan.game, plan.clock)
    control = clocks.parse(plan.clock)
    candidates = Seek.objects.filter(
        status=Seek.Status.OPEN,
        game=plan.game,
        clock=control.text if control else "",
        rated=plan.rated,
        players=2,
    ).exclude(created_by=identity.key)
    for candidate in candidates.order_by("created_at", "id"):
        if candidate.options != usual:
            continue  # someone's own choice of options: quick pairing plays the usual game
        if not _near(mine, poster_rating(candidate), plan.rating_range):
            continue
        with transaction.atomic():
            seek = _locked(candidate.pk)
            try:
                check_accept(seek, identity, mine)
            except Rejected:
                continue  # taken meanwhile, or out of their range: try the next
            return do_accept(seek, identity, address)
    plan = SeekPlan(**{**plan.__dict__, "options": options})
    return do_create_seek(plan, options, identity)


def open_seeks(limit: int = 100) -> list[Seek]:
    rows = Seek.objects.filter(status=Seek.Status.OPEN).prefetch_related("joined")[:limit]
    return list(rows)


def as_json(seek: Seek) -> dict[str, Any]:
    if not hasattr(seek, "provisional"):
        mark_provisional([seek])
    control = clocks.parse(seek.clock)
    return {
        "id": seek.pk,
        "game": seek.game,
        "clock": seek.clock,
        "clock_label": control.label if control else "untimed",
        "rated": seek.rated,
        "players": seek.players,
        "rating": seek.rating,
        "rating_text": rating_label(poster_rating(seek), seek.provisional),
        "rating_range": seek.rating_range,
        "no_bots": seek.no_bots,
        "joined": 1 + len(seek.joined.all()),
        "by": seek.name,
        "status": seek.status,
        "match": seek.match_id,
        "match_url": f"/matches/{seek.match_id}/" if seek.match_id else None,
        "created_at": seek.created_at.isoformat(),
    }
