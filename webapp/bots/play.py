"""A bot's moves, and the moves played for it: ``submit`` takes a move from the bot's
socket, ``flag`` runs at a deadline. Both go through the match services' ``check_move``
and ``do_move``, in one transaction with the match locked.

An illegal move, or a move after the deadline, is a strike: a random legal move (drawn
from the match seed, so replays stay exact) is played instead and flagged in the event's
decisions the way the agents' runner flags a failed agent. The third strike forfeits.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from agents.core.seeding import agent_rng
from games.core import State
from webapp.accounts.identity import Identity
from webapp.bots import frames, live
from webapp.bots.clock import STRIKES_TO_FORFEIT
from webapp.bots.models import Bot, BotSeat
from webapp.bots.wire import is_count
from webapp.matches import services
from webapp.matches.models import Match
from webapp.matches.positions import load_state
from webapp.matches.thinking import fitted

Rejected = services.Rejected
#: What a bot may tell us it weighed, shown in replays like an agent's thinking.
MAX_THINKING_BYTES = 8000


@dataclass
class Played:
    """What became of a bot's move: stored as sent, or replaced after a strike."""

    match: int
    seat: int
    seq: int
    move: str
    penalty: dict[str, Any] | None = None
    #: time.perf_counter() when the move's transaction committed.
    stored_at: float | None = None


def identity(bot: Bot) -> Identity:
    return Identity(key=bot.identity_key, name=bot.name)


def _bot_seat(match: Match, bot: Bot, seat: Any) -> BotSeat:
    rows = {row.seat: row for row in BotSeat.objects.filter(match=match, bot=bot)}
    if not rows:
        # The same answer whether the match exists or not: no peeking at others' games.
        raise Rejected("unknown_match", f"you have no seat in a match {match.pk}")
    if seat is None and len(rows) == 1:
        return next(iter(rows.values()))
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in rows:
        raise Rejected("not_your_seat", f"name one of your seats: {sorted(rows)}")
    return rows[seat]


def _thinking(value: Any) -> dict[str, Any] | None:
    """What the bot weighed, as stored: only what fits the documented shape
    (``webapp.matches.thinking.fitted``), so every viewer's "why?" can show it."""
    if value is None:
        return None
    if not isinstance(value, dict) or len(json.dumps(value)) > MAX_THINKING_BYTES:
        raise Rejected(
            "bad_thinking", f"thinking is a JSON object of at most {MAX_THINKING_BYTES} bytes"
        )
    return fitted(value)


def submit(
    bot: Bot, match_id: Any, seat: Any, seq: Any, move_text: Any, thinking: Any = None
) -> Played:
    """Store the bot's move, or a flagged random one after a strike. Raises Rejected
    (nothing changed) for anything that is not the bot's due turn."""
    thinking = _thinking(thinking)
    if not is_count(match_id):
        raise Rejected("unknown_match", f"there is no match {str(match_id)[:40]!r}")
    with transaction.atomic():
        match = services.lock_match(match_id)
        row = _bot_seat(match, bot, seat)
        if match.is_over:
            raise Rejected("over", "this match is over")
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise Rejected("bad_seq", "a move names the sequence number it answers")
        if seq != match.ply:
            raise Rejected(
                "stale", f"that move answers position {seq}, but the match is at {match.ply}"
            )
        if row.turn_ply != seq:
            raise Rejected("not_your_turn", f"seat {row.seat} has no move due")
        now = timezone.now()
        if row.deadline is not None and now >= row.deadline:
            state = load_state(match)
            return _penalise(match, state, row, "timeout", "the move came after the deadline")
        try:
            state, move = services.check_move(match, row.seat, seq, move_text, identity(bot))
        except Rejected as exc:
            if exc.code != "illegal":
                raise
            return _penalise(match, load_state(match), row, "illegal", exc.message)
        elapsed_ms = (now - row.turn_started_at).total_seconds() * 1000
        _stop_clock(row, elapsed_ms)
        decision = {"thinking": thinking, "stats": {"seconds": round(elapsed_ms / 1000, 6)}}
        played = Played(match.pk, row.seat, seq, state.move_to_str(move))
        # First of the after-commit callbacks: the moment the move is stored, before
        # the pushes and tasks that follow it.
        transaction.on_commit(lambda: setattr(played, "stored_at", time.perf_counter()))
        services.do_move(match, state, row.seat, move, decision)
    return played


def _stop_clock(row: BotSeat, elapsed_ms: float, bank_ms: int | None = None) -> None:
    over = max(0, round(elapsed_ms) - row.move_ms)
    row.bank_ms = max(0, row.bank_ms - over) if bank_ms is None else bank_ms
    row.turn_ply = row.turn_started_at = row.deadline = None
    row.save(update_fields=["bank_ms", "strikes", "turn_ply", "turn_started_at", "deadline"])


def _penalise(match: Match, state: State, row: BotSeat, reason: str, error: str) -> Played:
    """A strike: a random legal move for the bot, flagged; the third forfeits."""
    seq = match.ply
    elapsed_ms = (timezone.now() - row.turn_started_at).total_seconds() * 1000
    row.strikes += 1
    # A timeout has spent the whole bank; an illegal move pays only for its time.
    _stop_clock(row, elapsed_ms, 0 if reason == "timeout" else None)
    move = agent_rng(match.seed, row.seat, seq).choice(state.legal_moves(row.seat))
    text = state.move_to_str(move)
    penalty = {
        "fallback": reason,
        "error": error[:300],
        "strike": row.strikes,
        "seconds": round(elapsed_ms / 1000, 6),
    }
    # Even when the random move ends the match: a bot that never answered must not win.
    forfeit = row.strikes >= STRIKES_TO_FORFEIT
    message = (
        f"{error}; a random legal move ({text}) was played for you: "
        f"strike {row.strikes} of {STRIKES_TO_FORFEIT}"
        + (", so the match is forfeit" if forfeit else "")
    )
    frame = frames.error(reason, message, match=match.pk, seat=row.seat, seq=seq, played=text)
    bot_id = row.bot_id
    # Registered before the move (which may end the match) and the forfeit, so the bot
    # hears why before it hears match_over.
    transaction.on_commit(lambda: live.send(bot_id, frame))
    services.do_move(match, state, row.seat, move, {"thinking": None, "stats": penalty})
    if forfeit:
        bot = Bot.objects.get(pk=row.bot_id)
        reason_text = f"{bot.name} forfeits: strike {row.strikes} ({reason})"
        services.do_forfeit(match, [row.seat], reason_text)
    return Played(match.pk, row.seat, seq, text, penalty)


def flag(match_id: int, seat: int, ply: int) -> str | float:
    """At a deadline: if the bot still owes that move, play a random one for it.
    Idempotent: a move that came in time, or an earlier flag, leaves nothing to do.
    Returns what happened, or the seconds still left if it ran early."""
    with transaction.atomic():
        try:
            match = services.lock_match(match_id)
        except Rejected:
            return "gone"
        row = BotSeat.objects.filter(match=match, seat=seat).first()
        if row is None or match.is_over or match.ply != ply or row.turn_ply != ply:
            return "answered"
        left = (row.deadline - timezone.now()).total_seconds()
        if left > 0:
            return left
        _penalise(match, load_state(match), row, "timeout", "no move before the deadline")
    return "flagged"
