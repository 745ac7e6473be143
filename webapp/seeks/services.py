"""Posting, accepting and cancelling seeks: ``check_*`` validates, ``do_*`` writes, in
one transaction with the seek row locked, so two people accepting at once make one
match (the second hears it was taken)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction

import games
from webapp.accounts.identity import Identity
from webapp.errors import Rejected
from webapp.matches import clocks
from webapp.matches import services as matches
from webapp.matches.models import Match
from webapp.seeks.models import Seek

#: Open seeks one person may have at once (over every game and time control).
MAX_OPEN = 5


@dataclass
class SeekPlan:
    game: str
    clock: str = ""
    rated: bool = False
    options: dict[str, Any] = field(default_factory=dict)


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
    if game.min_players > 2:
        raise Rejected("bad_players", f"{game.title} needs more than two players")
    try:
        options = game.resolve_options(plan.options if isinstance(plan.options, dict) else {})
        game.check_num_players(2)
        clocks.parse(plan.clock)
    except ValueError as exc:
        raise Rejected("bad_seek", str(exc)) from None
    if not isinstance(plan.rated, bool):
        raise Rejected("bad_seek", "rated is true or false")
    if plan.rated and identity.user_id is None:
        raise Rejected("rated_needs_account", "sign in to post a rated seek: guests are not rated")
    if Seek.objects.filter(created_by=identity.key, status=Seek.Status.OPEN).count() >= MAX_OPEN:
        raise Rejected("too_many_seeks", f"at most {MAX_OPEN} open seeks at once; cancel one")
    return options


def do_create_seek(plan: SeekPlan, options: dict[str, Any], identity: Identity) -> Seek:
    control = clocks.parse(plan.clock)
    try:
        with transaction.atomic():
            return Seek.objects.create(
                game=plan.game,
                options=options,
                clock=control.text if control else "",
                rated=plan.rated,
                created_by=identity.key,
                name=identity.name,
                user_id=identity.user_id,
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


def check_accept(seek: Seek, identity: Identity | None) -> None:
    if identity is None:
        raise Rejected("not_signed_in", "open the site once (or sign in) to accept a seek")
    if seek.status == Seek.Status.ACCEPTED:
        raise Rejected("taken", "someone accepted this seek first")
    if seek.status != Seek.Status.OPEN:
        raise Rejected("cancelled", "this seek was cancelled")
    if seek.created_by == identity.key:
        raise Rejected("own_seek", "this is your own seek; wait for someone to accept it")
    if seek.rated and identity.user_id is None:
        raise Rejected("rated_needs_account", "sign in to accept a rated seek")


def do_accept(seek: Seek, identity: Identity, address: str = "") -> Match:
    """The match: the seek's poster and the acceptor, seats by a fair coin from the
    seek's number (its parity), the seek's game, options, clock and rating."""
    poster = Identity(key=seek.created_by, name=seek.name, user_id=seek.user_id)
    people = [poster, identity] if seek.pk % 2 else [identity, poster]
    plan = matches.MatchPlan(
        game=seek.game,
        seats=[matches.SeatPlan(identity=p) for p in people],
        options=seek.options,
        clock=seek.clock,
        rated=seek.rated,
        created_by=seek.created_by,
        address=address,
    )
    match = matches.create_match(plan)
    seek.status, seek.match, seek.accepted_by = Seek.Status.ACCEPTED, match, identity.key
    seek.save(update_fields=["status", "match", "accepted_by"])
    return match


def accept(seek_id: Any, identity: Identity | None, address: str = "") -> Match:
    with transaction.atomic():
        seek = _locked(seek_id)
        check_accept(seek, identity)
        return do_accept(seek, identity, address)


def cancel(seek_id: Any, identity: Identity | None) -> Seek:
    with transaction.atomic():
        seek = _locked(seek_id)
        if identity is None or seek.created_by != identity.key:
            raise Rejected("not_yours", "only whoever posted a seek can cancel it")
        if seek.status != Seek.Status.OPEN:
            raise Rejected("not_open", "this seek is no longer open")
        seek.status = Seek.Status.CANCELLED
        seek.save(update_fields=["status"])
        return seek


def open_seeks(limit: int = 100) -> list[Seek]:
    return list(Seek.objects.filter(status=Seek.Status.OPEN)[:limit])


def as_json(seek: Seek) -> dict[str, Any]:
    control = clocks.parse(seek.clock)
    return {
        "id": seek.pk,
        "game": seek.game,
        "clock": seek.clock,
        "clock_label": control.label if control else "untimed",
        "rated": seek.rated,
        "by": seek.name,
        "status": seek.status,
        "match": seek.match_id,
        "match_url": f"/matches/{seek.match_id}/" if seek.match_id else None,
        "created_at": seek.created_at.isoformat(),
    }
