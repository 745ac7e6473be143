"""Creating matches and making moves: ``check_*`` validates, ``do_*`` writes.

Both run inside one transaction with the match row locked (select_for_update), so two
moves racing for the same ply cannot both land; the unique (match, ply) constraint is
the last line of defence. Browsers hear about changes only after the commit.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

import agents
import games
from agents.core.seeding import chance_rng, seed_hash
from games.core import CHANCE, SIMULTANEOUS, TERMINAL, IllegalMove, Outcome, State
from webapp.accounts.identity import Identity
from webapp.errors import Rejected
from webapp.matches import clocks, instant, limits, live, signals, tv
from webapp.matches.bulk import db_json, db_time, insert_many
from webapp.matches.gamebook import distinct_names
from webapp.matches.models import Event, Match, PendingChoice, Seat
from webapp.matches.plans import MatchPlan, SeatPlan
from webapp.matches.positions import cached_at, load_state, remember

# Rejected, MatchPlan and SeatPlan live below the services; callers name them here too.
__all__ = ["MatchPlan", "Rejected", "SeatPlan"]

MAX_MOVE_TEXT = 200

log = logging.getLogger(__name__)


# ----- creating a match ----------------------------------------------------------------


def check_new_match(plan: MatchPlan) -> dict[str, Any]:
    """Validate a plan; returns the game's full options. Raises Rejected."""
    try:
        game = games.get(plan.game)
    except KeyError as exc:
        raise Rejected("unknown_game", str(exc.args[0])) from None
    try:
        game.check_num_players(len(plan.seats))
        options = game.resolve_options(plan.options)
    except ValueError as exc:
        raise Rejected("bad_options", str(exc)) from None
    for index, seat in enumerate(plan.seats):
        if seat.agent_spec:
            try:
                # Names, parameter limits, nested specs and the game, as the agent
                # would be built: an over-limit spec is refused here, not at move time.
                agents.check_spec(seat.agent_spec, plan.game)
            except ValueError as exc:
                raise Rejected("bad_agent", str(exc)) from None
        elif seat.identity is None and not seat.open:
            raise Rejected("bad_seat", f"seat {index} has neither a player nor an agent")
    if not 0 <= plan.pace <= 10:
        raise Rejected("bad_pace", "pace is between 0 and 10 seconds")
    check_clock(plan)
    limits.check_live_ai_matches(plan)
    if plan.address:
        limits.check_new_match_rate(plan.address)
    signals.match_checking.send(plan=plan)  # outside bots take only so many challenges
    return options


def check_clock(plan: MatchPlan) -> clocks.TimeControl | None:
    """A time control is for people playing people: at least two seats for people."""
    try:
        control = clocks.parse(plan.clock)
    except ValueError as exc:
        raise Rejected("bad_clock", str(exc)) from None
    people = sum(1 for s in plan.seats if not s.agent_spec)
    if control is not None and people < 2:
        raise Rejected("bad_clock", "a clock is for matches between people; the AI has none")
    return control


def do_create_match(plan: MatchPlan, options: dict[str, Any], schedule: bool = True) -> Match:
    control = clocks.parse(plan.clock)
    match = Match.objects.create(
        time_control=control.text if control else "",
        rated=plan.rated,
        game=plan.game,
        options=options,
        num_players=len(plan.seats),
        pace=plan.pace,
        created_by=plan.created_by,
        rematch_of_id=plan.rematch_of,
    )
    names = distinct_names(
        plan.game, [seat.name or _seat_name(seat, i) for i, seat in enumerate(plan.seats)]
    )
    for index, seat in enumerate(plan.seats):
        Seat.objects.create(
            match=match,
            index=index,
            agent_spec=seat.agent_spec,
            owner=seat.identity.key if seat.identity else "",
            user_id=seat.identity.user_id if seat.identity else None,
            name=names[index],
        )
    if control is not None:
        clocks.create(match, [i for i, s in enumerate(plan.seats) if not s.agent_spec], control)
    signals.match_created.send(match=match, plan=plan)
    if all(seat.agent_spec for seat in plan.seats):
        tv.announce_start(match)  # on TV as it starts, however short it is
    state = games.get(plan.game).new_state(len(plan.seats), options)
    _advance(match, state, schedule)
    if not any(seat.open for seat in plan.seats):
        _announce_start(match, any(seat.identity for seat in plan.seats))
    return match


def _announce_start(match: Match, has_people: bool) -> None:
    """Every seat is taken: after the commit, the players hear that the match is on."""
    if has_people:
        signals.match_started.notify_on_commit(match_id=match.pk)


def create_match(plan: MatchPlan, schedule: bool = True) -> Match:
    with transaction.atomic():
        options = check_new_match(plan)
        match = do_create_match(plan, options, schedule)
        # Noted as its address's before the commit, so a request waiting on the same
        # locks (a bot's challenges) counts it; a match rolled back is forgotten at the
        # next count, which reads only live matches.
        limits.remember(match, plan.address)
    return match


def _seat_name(seat: SeatPlan, index: int) -> str:
    if seat.agent_spec:
        return seat.agent_spec
    if seat.identity is not None:
        return seat.identity.name
    return f"open seat {index}"


@dataclass
class PlayedMatch:
    """A match an agent runner played in memory (``agents.match.play_match``)."""

    game: str
    options: dict[str, Any]
    seed: str
    specs: list[str]
    played: Any  # agents.match.MatchResult
    created_by: str = ""


def do_store_played(batch: list[PlayedMatch]) -> list[Match]:
    """Store matches played in memory: the same rows, seed and event log as live
    matches, written in bulk (a few statements for the whole batch), rated once after
    the commit."""
    now = timezone.now()
    matches = Match.objects.bulk_create(
        Match(
            game=p.game,
            options=p.options,
            num_players=len(p.specs),
            seed=p.seed,
            seed_sha256=seed_hash(p.seed),  # bulk_create skips Match.save()
            status=Match.Status.FINISHED,
            ply=len(p.played.record["history"]),
            result=p.played.outcome.to_json(),
            created_by=p.created_by,
            finished_at=now,
        )
        for p in batch
    )
    # Seats and events need no ids back: inserted without a model instance per row.
    insert_many(
        Seat,
        ["match", "index", "agent_spec", "owner", "name"],
        (
            (m.pk, i, spec, "", name)
            for m, p in zip(matches, batch, strict=True)
            # One name per player: two seats of one agent read "random (Red)", "random (Blue)".
            for i, (spec, name) in enumerate(
                zip(p.specs, distinct_names(p.game, p.specs), strict=True)
            )
        ),
    )
    stamp = db_time(now)
    insert_many(
        Event,
        ["match", "ply", "actor", "move", "decisions", "created_at"],
        (
            (
                m.pk,
                step.ply,
                actor,
                db_json(move),
                db_json(
                    {
                        str(seat): decision_record(d, f"stored match {m.pk} ply {step.ply}")
                        for seat, d in step.decisions.items()
                    }
                ),
                stamp,
            )
            for m, p in zip(matches, batch, strict=True)
            for step, (actor, move) in zip(p.played.steps, p.played.record["history"], strict=True)
        ),
    )
    if matches:
        # One announcement for the batch, with what is in hand (ratings need not read
        # the rows back).
        played = {
            m.pk: (m.game, m.result, list(p.specs), m.options, m.created_by)
            for m, p in zip(matches, batch, strict=True)
        }
        signals.match_ended.notify_on_commit(
            match_id=matches[-1].pk, status=Match.Status.FINISHED, played=played
        )
    return matches


def decision_record(decision: Any, where: str) -> dict[str, Any]:
    """What is stored (and shown to every viewer) of an agent's decision: its thinking
    and figures. A failing agent's traceback names server paths: it goes to the log,
    and viewers see the short reason only."""
    stats = dict(decision.stats)
    trace = stats.pop("trace", None)
    if trace:
        log.warning("agent fell back (%s) at %s:\n%s", stats.get("fallback"), where, trace)
    return {"thinking": decision.thinking, "stats": stats}


def match_finished(match_id: int, status: str = "finished", played: dict | None = None) -> None:
    """Announce a match's end (ratings, bots, tournaments and analyses listen); called
    after the commit. ``end_match`` arranges it: call this directly only for a match
    ended outside the services."""
    signals.match_ended.notify(match_id=match_id, status=status, played=played)


def end_match(
    match: Match,
    status: str,
    result: dict | None,
    also: tuple[str, ...] = (),
    by_move: bool = False,
) -> None:
    """The one way a locked match ends, whatever ended it (its last move, a resignation,
    a forfeit, a loss on time, an abort): the status and result are saved (with the
    ``also`` fields), waiting choices dropped, and after the commit ``match_ended`` is
    announced. Once per match: a forfeit that rewrites the result of a move which ended
    the match in the same transaction (a bot's flagged last move) changes only the
    result. A move's end reaches the pages with its events (``by_move``); any other end
    is pushed as a status change."""
    already_over = match.status in (Match.Status.FINISHED, Match.Status.ABORTED)
    match.status = status
    match.result = result
    match.finished_at = timezone.now()
    match.save(update_fields=[*also, "status", "result", "finished_at"])
    match_id = match.pk
    if not by_move:
        match.pending.all().delete()
        if match.time_control:
            clocks.halt(match, clocks.db_now())
        transaction.on_commit(lambda: live.status_changed(match_id))
    if not already_over:
        transaction.on_commit(lambda: match_finished(match_id, status))
        if tv.watchable(match):
            tv.announce_end(match)  # TV pages hear what is on now


# ----- joining an open seat ------------------------------------------------------------


def join_seat(match_id: int, identity: Identity) -> int:
    """Take the first open seat of a match; returns its index."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.is_over:
            raise Rejected("over", "this match is over")
        if match.seats.filter(owner=identity.key).exists():
            raise Rejected("seated", "you already have a seat in this match")
        seat = match.seats.filter(agent_spec="", owner="").order_by("index").first()
        if seat is None:
            raise Rejected("full", "no seat is open")
        seat.owner, seat.user_id, seat.name = identity.key, identity.user_id, identity.name
        seat.save(update_fields=["owner", "user", "name"])
        transaction.on_commit(lambda: live.seats_changed(match.pk))
        if not match.seats.filter(agent_spec="", owner="").exists():
            if match.time_control:
                _tick(match, load_state(match))  # every seat is taken: the clocks start
            _announce_start(match, True)
        return seat.index


# ----- aborting ------------------------------------------------------------------------


def check_abort(match: Match, identity: Identity | None) -> None:
    """Who may abort: whoever started an AI-vs-AI match, at any time; a player of a
    match no person has moved in yet (after that, the way out is to resign). An AI's
    move does not count: its blind choice lands a second after the match starts."""
    if match.is_over:
        raise Rejected("over", "this match is over")
    seats = list(match.seats.all())
    if identity is not None and all(s.is_agent for s in seats):
        if match.created_by != identity.key:
            raise Rejected("not_yours", "only the person who started this match can abort it")
        return
    if identity is None or not any(s.owner == identity.key for s in seats):
        raise Rejected("not_yours", "only a player of this match can abort it")
    if _a_person_moved(match, seats):
        raise Rejected("started", "the first move is made; a match can be aborted only before")


def _a_person_moved(match: Match, seats: list[Seat]) -> bool:
    people = {s.index for s in seats if not s.is_agent}
    if match.pending.filter(seat__in=people).exists():
        return True
    for actor, move in match.events.exclude(actor=CHANCE).values_list("actor", "move").iterator():
        # A simultaneous event holds every acting seat's choice, keyed by seat.
        movers = {int(s) for s in move} if actor == SIMULTANEOUS else {actor}
        if movers & people:
            return True
    return False


def do_abort(match: Match, reason: str = "") -> None:
    """The match ends with no result: never rated, never a draw or a loss. ``reason``
    (why the site aborted it, when nobody asked) is kept for the game-over card."""
    end_match(match, Match.Status.ABORTED, {"reason": reason} if reason else None)


def abort_match(match_id: Any, identity: Identity | None) -> Match:
    with transaction.atomic():
        match = _locked(match_id)
        check_abort(match, identity)
        do_abort(match)
    return match


# ----- moves ---------------------------------------------------------------------------


def check_move(
    match: Match,
    seat: Any,
    ply: Any,
    move_text: Any,
    identity: Identity | None = None,
    as_agent: bool = False,
    state: State | None = None,
) -> tuple[State, Any]:
    """Is this move allowed, by this player, now? Returns (state, parsed move).
    ``state`` may be the position at ``match.ply`` read before the lock was taken."""
    if match.is_over:
        raise Rejected("over", "this match is over")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.num_players:
        raise Rejected("bad_seat", f"there is no seat {seat!r} in this match")
    row = seat_rows(match)[seat]
    if as_agent:
        if not row.is_agent:
            raise Rejected("not_your_seat", f"seat {seat} is not played by an agent")
    elif identity is None or row.owner != identity.key:
        raise Rejected("not_your_seat", f"seat {seat} is not yours")
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise Rejected("bad_seq", "a move names the sequence number it answers")
    if ply != match.ply:
        raise Rejected(
            "stale", f"that move answers position {ply}, but the match is at {match.ply}"
        )
    if not isinstance(move_text, str) or not move_text or len(move_text) > MAX_MOVE_TEXT:
        raise Rejected("bad_move", "a move is a short text")
    if state is None or state.ply != match.ply:
        state = load_state(match)
    if seat not in state.acting_seats():
        raise Rejected("not_your_turn", f"it is not seat {seat}'s turn")
    if state.current() == SIMULTANEOUS and match.pending.filter(ply=ply, seat=seat).exists():
        raise Rejected("already_chosen", "you have already chosen this turn")
    try:
        move = state.str_to_move(move_text)
        state.check_move(seat, move)
    except IllegalMove as exc:
        raise Rejected("illegal", str(exc)) from None
    return state, move


def do_move(
    match: Match,
    state: State,
    seat: int,
    move: Any,
    decision: dict | None = None,
    schedule: bool = True,
) -> None:
    """Store a checked move (and any chance events it triggers); the match is locked."""
    after = _apply(match, state, seat, move, decision)
    if after is not None:
        _advance(match, after, schedule)


def _apply(match: Match, state: State, seat: int, move: Any, decision: dict | None) -> State | None:
    """Store one checked move: the position after it, or None while a simultaneous turn
    waits for other seats' choices."""
    first_ply = match.ply
    text = state.move_to_str(move)
    if state.current() == SIMULTANEOUS:
        try:
            with transaction.atomic():
                PendingChoice.objects.create(
                    match=match, ply=match.ply, seat=seat, move=text, decision=decision or {}
                )
        except IntegrityError:
            raise Rejected("already_chosen", "you have already chosen this turn") from None
        choices = {c.seat: c for c in match.pending.filter(ply=match.ply)}
        if set(choices) != set(state.acting_seats()):
            transaction.on_commit(lambda: live.choice_made(match.pk, match.ply, sorted(choices)))
            if match.time_control:
                now = clocks.db_now()
                clocks.chose(match, seat, now)
                frame = clocks.as_frame(match, now)
                transaction.on_commit(lambda: live.clock_changed(match.pk, frame))
            return None
        joint = {s: state.str_to_move(c.move) for s, c in choices.items()}
        decisions = {str(s): c.decision for s, c in choices.items() if c.decision}
        after = state.apply_joint(joint)
        joint_text = {str(s): c.move for s, c in choices.items()}
        _store(match, state, after, SIMULTANEOUS, joint_text, decisions)
        match.pending.filter(ply__lte=first_ply).delete()
        return after
    after = state.apply(move)
    _store(match, state, after, seat, text, {str(seat): decision} if decision else {})
    return after


def submit_move(
    match_id: int,
    seat: Any,
    ply: Any,
    move_text: Any,
    identity: Identity | None = None,
    decision: dict | None = None,
    as_agent: bool = False,
    schedule: bool = True,
    before: State | None = None,
) -> Match:
    """Check and store one move in one transaction; ``schedule`` False leaves the next
    AI moves to the caller (a synchronous play-out) instead of the workers. ``before``
    is the position at ``ply`` if the caller has it already (an AI just thought about
    it); it is checked against the locked match like one read here."""
    if before is None:
        before = _position_before_lock(match_id, ply)
    with transaction.atomic():
        match = _locked(match_id)
        # A move that arrives after its seat's time ran out is too late: the flag is
        # settled (and committed) first, then the move is refused.
        late = _settle_flags(match)
        if not late:
            state, move = check_move(match, seat, ply, move_text, identity, as_agent, before)
            do_move(match, state, seat, move, decision, schedule)
    if late:
        raise Rejected("time_out", "time ran out before that move arrived")
    return match


def _settle_flags(match: Match) -> bool:
    """Did a clock of this locked match run out (``timeouts`` listens and ends it)?"""
    if not match.time_control or match.is_over:
        return False
    return any(signals.clock_checking.send(match=match, now=clocks.db_now()))


def _position_before_lock(match_id: Any, ply: Any) -> State | None:
    """The position at ``ply``, read before the match is locked: stored events never
    change, so it is still right inside the lock if the match is still at ``ply`` — and
    the lock (on SQLite, the one write lock of the whole database) is held only for the
    writing."""
    if isinstance(ply, bool) or not isinstance(ply, int):
        return None
    # This process stored the last move of most matches its pages play: no query then.
    state = cached_at(match_id, ply)
    if state is not None:
        return state
    try:
        match = Match.objects.filter(pk=match_id, ply=ply, status=Match.Status.ACTIVE).first()
    except (ValueError, TypeError):
        return None
    return load_state(match) if match is not None else None


def forfeit_outcome(num_players: int, seats: list[int], reason: str = "") -> Outcome:
    """The result when ``seats`` forfeit: they rank last, every other seat shares first
    place; forfeiters all lose even when nobody is left to win (then no seat has rank 1)."""
    others = num_players - len(seats)
    lost = others + 1 if others else 2
    return Outcome(
        returns=tuple(-1.0 if s in seats else 1.0 for s in range(num_players)),
        ranks=tuple(lost if s in seats else 1 for s in range(num_players)),
        reason=reason,
    )


def do_forfeit(match: Match, seats: list[int], reason: str) -> None:
    """End a locked match that ``seats`` forfeit (a bot's third strike, a bot that never
    came): ``forfeit_outcome``. The forfeit decides even when the move stored just before
    it (a bot's flagged random move) ended the match: then only the result changes, and
    the end is announced once (``end_match``)."""
    outcome = forfeit_outcome(match.num_players, seats, reason)
    end_match(match, Match.Status.FINISHED, {**outcome.to_json(), "forfeit": sorted(seats)})


def lock_match(match_id: Any) -> Match:
    """The match row, locked until the transaction ends; Rejected if there is none."""
    return _locked(match_id)


# ----- internals -----------------------------------------------------------------------


def _locked(match_id: Any) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError):
        raise Rejected("unknown_match", f"there is no match {match_id!r}") from None


def _store(
    match: Match, before: State, after: State, actor: int, move: Any, decisions: dict
) -> None:
    # The unique (match, ply) constraint makes a second writer fail here, not corrupt.
    event = Event.objects.create(
        match=match, ply=match.ply, actor=actor, move=move, decisions=decisions
    )
    match.ply += 1
    # Kept for the frames sent after the commit: the states are already in hand, so
    # pushing never needs to replay the log.
    if not hasattr(match, "stored"):
        match.stored = []
    match.stored.append((before, event, after))


def _advance(match: Match, state: State, schedule: bool = True) -> None:
    """Resolve due chance events from the match seed, end the turns of seats that left
    play on time, play the replies of instant agents (``instant.py``), settle the end,
    save, and arrange the pushes and AI moves that must follow the commit."""
    chosen: set[int] = set()
    inline_left = settings.DICEARENA_INSTANT_MOVES
    while True:
        state = _resolve_chance(match, state)
        # A seat that left play on time (Dice Wars) has its turn ended for it.
        leaver = clocks.passing_seat(match, state) if match.time_control else None
        if leaver is not None:
            move = state.str_to_move(clocks.LEAVES_PLAY[match.game])
            before, state = state, state.apply(move)
            _store(match, before, state, leaver, state.move_to_str(move), {})
            continue
        if not schedule or state.current() == TERMINAL or inline_left <= 0:
            break
        after, chosen = _instant_reply(match, state)
        if after is None:
            break
        state, inline_left = after, inline_left - 1
    if state.current() == TERMINAL:
        outcome = state.outcome()
        result = outcome.to_json() if outcome else None
        if match.time_control:
            result = clocks.rank_leavers(result, clocks.out_seats(match))
        end_match(match, Match.Status.FINISHED, result, ("ply",), by_move=True)
    else:
        match.save(update_fields=["ply"])
    remember(match.pk, state)
    signals.position_stored.send(match=match, state=state)
    stored = match.__dict__.pop("stored", [])
    pages = frozenset(i for i, s in seat_rows(match).items() if not s.is_agent)
    transaction.on_commit(lambda: live.events_stored(match, stored, pages))
    if match.time_control:
        _tick(match, state, _movers(stored))
    if schedule and state.current() != TERMINAL:
        # Decided here, from what is in hand, so the commit hook only queues the tasks.
        due = due_agents(match, state, seat_rows(match), chosen)
        if due:
            transaction.on_commit(lambda: _queue_after_commit(match, due))


def _movers(stored: list) -> frozenset[int]:
    """The seats whose own move is among the events just stored."""
    seats: set[int] = set()
    for _before, event, _after in stored:
        if event.actor == SIMULTANEOUS:
            seats.update(int(s) for s in event.move)
        elif event.actor >= 0:
            seats.add(event.actor)
    return frozenset(seats)


def _tick(match: Match, state: State, movers: frozenset[int] = frozenset()) -> None:
    """Charge and start the people's clocks for the position just stored; the pages
    hear the clocks after the commit (after the events, so a page draws them last)."""
    now = clocks.db_now()
    started = clocks.advance(match, state, now, movers)
    frame = clocks.as_frame(match, now)
    transaction.on_commit(lambda: live.clock_changed(match.pk, frame))
    if started:
        signals.turn_started.send(match=match, state=state, seats=started)


def pass_for_leavers(match: Match, state: State) -> None:
    """Seats just left play (locked match): end their turn now if it is theirs, and go
    on as after any move."""
    _advance(match, state)


def _resolve_chance(match: Match, state: State) -> State:
    while state.current() == CHANCE:
        outcome = state.sample_chance(chance_rng(match.seed, state.ply))
        before, state = state, state.apply(outcome)
        _store(match, before, state, CHANCE, state.move_to_str(outcome), {})
    return state


def _instant_reply(match: Match, state: State) -> tuple[State | None, set[int]]:
    """Play the moves of the instant agents that are due now with no countdown, through
    the same checks as a worker's move. Returns the position after the turn they
    completed (None if none did: nobody instant is due, or a simultaneous turn still
    waits for a person) and the seats whose choices wait in that turn."""
    seats = seat_rows(match)
    if not instant.may_play_inline(all(s.is_agent for s in seats.values())):
        return None, set()
    chosen: set[int] = set()
    for seat, countdown in due_agents(match, state, seats, chosen=set()):
        spec = seats[seat].agent_spec
        if countdown or not instant.is_instant(spec):
            continue
        decision = instant.decide(spec, match.seed, state, seat)
        record = decision_record(decision, f"match {match.pk} ply {match.ply} seat {seat}")
        text = state.move_to_str(decision.move)
        checked, move = check_move(match, seat, match.ply, text, as_agent=True, state=state)
        after = _apply(match, checked, seat, move, record)
        if after is not None:
            return after, set()
        chosen.add(seat)
    return None, chosen


def seat_rows(match: Match) -> dict[int, Seat]:
    """The match's seats by index, read once per match object."""
    rows = match.__dict__.get("_seat_rows")
    if rows is None:
        rows = match.__dict__["_seat_rows"] = {s.index: s for s in match.seats.all()}
    return rows


def due_agents(
    match: Match, state: State, seats: dict[int, Seat], chosen: set[int]
) -> list[tuple[int, float]]:
    """The agent seats that must act now and have not chosen, each with its countdown:
    AI-vs-AI matches keep a pace so people can follow them live."""
    all_agents = all(s.is_agent for s in seats.values())
    countdown = match.pace if all_agents and match.ply > 0 else 0
    return [
        (seat, countdown)
        for seat in state.acting_seats()
        if seats[seat].is_agent and seat not in chosen
    ]


def _queue_ai(match: Match, seat: int, countdown: float) -> None:
    # matches.tasks (which runs the moves through this module) listens and queues it.
    signals.agents_due.send(match=match, seat=seat, countdown=countdown)


def _queue_after_commit(match: Match, due: list[tuple[int, float]]) -> None:
    try:
        for seat, countdown in due:
            _queue_ai(match, seat, countdown)
    except Exception:  # the move is stored; the sweep or a page's hello queues it later
        log.exception("could not queue the AI moves of match %s", match.pk)


#: An AI move this overdue (beyond the match's pace) is queued again when a page connects.
STUCK_AFTER_S = 10.0


def nudge_ai(match_id: int) -> bool:
    """Queue the due AI moves again if the match has waited too long for them (a task
    lost with a broker outage, say). Safe to repeat: ai_move is idempotent."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.ACTIVE).first()
    if match is None:
        return False
    last = match.events.order_by("-ply").values_list("created_at", flat=True).first()
    since = last or match.created_at
    if (timezone.now() - since).total_seconds() < match.pace + STUCK_AFTER_S:
        return False
    schedule_ai(match_id)
    return True


def schedule_ai(match_id: int) -> None:
    """Queue a move for every agent that must act now and has not yet chosen."""
    match = Match.objects.get(pk=match_id)
    if match.is_over:
        return
    state = load_state(match)
    chosen = set(match.pending.filter(ply=match.ply).values_list("seat", flat=True))
    for seat, countdown in due_agents(match, state, seat_rows(match), chosen):
        _queue_ai(match, seat, countdown)
