"""People's clocks: live ("5+3": minutes per match, seconds added per move), live with a
bank ("20s/2m": 20 seconds for every move, and a 2-minute bank that pays for the moves
that take longer, never refilled: the bots' clock) and correspondence ("3d": days per
move, no idle loss).

The server owns every clock. A seat's time runs from the database's time when its turn
began (``running_since``) to the database's time when the locked move path stores the
move that ends the turn; the browser only draws what the frames say. Nothing here ends a
match: ``webapp.matches.timeouts`` decides what a flag means and ends it through the
services. Agents (the site's AI) have no clock; they think on the server's budget.

A fair start, as on lichess: a seat's first turn does not run on its clock but on the
first-move window (``first_move_ms``), which its first move closes without charging
anything. A seat that lets the window run out never saw the game start, so the match
is aborted (no result, no rating), not lost (``timeouts``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import connection

from games.core import TERMINAL, State
from webapp.matches.models import Match, SeatClock

#: Correspondence: days per move a person may choose.
CORRESPONDENCE_DAYS = (1, 3, 7)
#: Live: the longest match time and increment the site offers.
MAX_MINUTES = 180
MAX_INCREMENT_S = 60
#: Move and bank: the longest time a move and the largest bank the site offers.
MAX_MOVE_S = 300
MAX_BANK_MINUTES = 60
#: What the "give +15 s" button adds to an opponent's clock.
GIFT_S = 15
#: Games that go on when a seat runs out of time: the seat leaves play, and from then
#: on its turns are ended for it with this move (Dice Wars: "end" the turn).
LEAVES_PLAY = {"dicewars": "end"}
#: Games whose turn is several moves of one seat (Dice Wars: attacks, then "end"): the
#: increment comes once a turn, when it ends, not after every attack.
TURNS_OF_SEVERAL_MOVES = {"dicewars"}

#: A live control whose estimated length (lichess's: the match's time + 40 increments)
#: is this long or longer (rapid and slower) gives twice the first-move window.
SLOW_ESTIMATE_MS = 8 * 60_000

_LIVE = re.compile(r"(\d{1,3}(?:\.\d+)?)\+(\d{1,3})")
_DAYS = re.compile(r"(\d{1,2})d")
_BANK = re.compile(r"(\d{1,3})s/(\d{1,2})m")


@dataclass(frozen=True)
class TimeControl:
    text: str
    #: Live: the match's time; with a bank: the bank.
    initial_ms: int = 0
    increment_ms: int = 0
    days: int = 0
    #: Move and bank: the time every move has before the bank pays (0: no such clock).
    move_ms: int = 0

    @property
    def correspondence(self) -> bool:
        return self.days > 0

    @property
    def per_move_ms(self) -> int:
        return self.days * 86_400_000

    @property
    def banked(self) -> bool:
        return self.move_ms > 0

    @property
    def label(self) -> str:
        if self.correspondence:
            return f"{self.days} day{'s' if self.days > 1 else ''} a move"
        if self.banked:
            return f"{self.move_ms // 1000} s a move + {self.initial_ms // 60_000} min bank"
        return f"{self.text} (minutes + seconds a move)"


def parse(text: object) -> TimeControl | None:
    """A time control from its text; None for "" (untimed). ValueError says what is
    wrong in words a person can act on."""
    if text in (None, ""):
        return None
    if not isinstance(text, str) or len(text) > 12:
        raise ValueError('a time control looks like "5+3" (live) or "3d" (correspondence)')
    text = text.strip().lower()
    days = _DAYS.fullmatch(text)
    if days:
        n = int(days.group(1))
        if n not in CORRESPONDENCE_DAYS:
            allowed = ", ".join(str(d) for d in CORRESPONDENCE_DAYS)
            raise ValueError(f"correspondence is {allowed} days a move, not {n}")
        return TimeControl(text=f"{n}d", days=n)
    bank = _BANK.fullmatch(text)
    if bank:
        move_s, minutes = int(bank.group(1)), int(bank.group(2))
        if not 0 < move_s <= MAX_MOVE_S:
            raise ValueError(f"a move has more than 0 and at most {MAX_MOVE_S} seconds")
        if minutes > MAX_BANK_MINUTES:
            raise ValueError(f"the bank is at most {MAX_BANK_MINUTES} minutes")
        return TimeControl(text=f"{move_s}s/{minutes}m", initial_ms=minutes * 60_000,
                           move_ms=move_s * 1000)  # fmt: skip
    live = _LIVE.fullmatch(text)
    if not live:
        raise ValueError(
            f'{text!r} is not a time control: "5+3" is 5 minutes a match plus 3 seconds '
            'a move, "20s/2m" is 20 seconds a move plus a 2-minute bank, "3d" is 3 days '
            "a move"
        )
    minutes, increment = float(live.group(1)), int(live.group(2))
    if not 0 < minutes <= MAX_MINUTES:
        raise ValueError(f"a live match has more than 0 and at most {MAX_MINUTES} minutes")
    if increment > MAX_INCREMENT_S:
        raise ValueError(f"the increment is at most {MAX_INCREMENT_S} seconds a move")
    shown = f"{minutes:g}+{increment}"
    return TimeControl(
        text=shown, initial_ms=round(minutes * 60_000), increment_ms=increment * 1000
    )


def first_move_ms(control: TimeControl) -> int:
    """How long a seat has for its first move before the match is aborted: the one
    place that says it. ``DICEARENA_FIRST_MOVE_S`` (30 s, as lichess gives a blitz
    game) for live controls, twice that for rapid and slower ones, at least a move's own
    time with a bank, and the whole of a correspondence move's days."""
    if control.correspondence:
        return control.per_move_ms
    base = round(settings.DICEARENA_FIRST_MOVE_S * 1000)
    if control.banked:
        return max(base, control.move_ms)
    slow = control.initial_ms + 40 * control.increment_ms >= SLOW_ESTIMATE_MS
    return 2 * base if slow else base


def control_of(match: Match) -> TimeControl | None:
    return parse(match.time_control) if match.time_control else None


#: The rating board of a game's correspondence matches: kept apart from its live board,
#: as lichess keeps them (a week a move is another game than 5+3). The leaderboards
#: store it in ``Competitor.game`` as "<game>:correspondence".
CORRESPONDENCE = "correspondence"


def board_of(game: str, correspondence: bool = False) -> str:
    """The rating board of a game's matches: its own slug, or its correspondence board."""
    return f"{game}:{CORRESPONDENCE}" if correspondence else game


def is_correspondence(time_control: str) -> bool:
    """Is a stored time control days a move? (A stored one was checked when made.)"""
    control = parse(time_control)
    return control is not None and control.correspondence


def db_now() -> datetime:
    """The database's clock, so every web process and worker charges time alike (and a
    browser's clock never counts)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT clock_timestamp()")
            return cursor.fetchone()[0]
        cursor.execute("SELECT strftime('%Y-%m-%d %H:%M:%f', 'now')")
        text = cursor.fetchone()[0]
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def create(match: Match, seats: list[int], control: TimeControl) -> None:
    """A clock for each person's seat of a new match (not started yet)."""
    start = control.per_move_ms if control.correspondence else control.initial_ms
    SeatClock.objects.bulk_create(
        SeatClock(match=match, seat=seat, left_ms=start) for seat in seats
    )


def rows(match: Match) -> dict[int, SeatClock]:
    """The match's clocks by seat, read once per locked match object."""
    found = match.__dict__.get("_clock_rows")
    if found is None:
        found = match.__dict__["_clock_rows"] = {c.seat: c for c in match.clocks.all()}
    return found


def _elapsed_ms(row: SeatClock, now: datetime) -> int:
    return max(0, round((now - row.running_since).total_seconds() * 1000))


#: What starting and stopping a clock changes.
_RUN_FIELDS = ("left_ms", "running_since", "deadline", "moved", "move_left_at_end_ms")


def in_first_move(row: SeatClock) -> bool:
    """Is the seat's first turn running (on the first-move window, not its clock)?"""
    return row.running_since is not None and not row.moved


def left_ms(row: SeatClock, now: datetime, control: TimeControl) -> int:
    """Time left on the clock at ``now`` until it flags (running or not), never below
    zero; with a bank, a running turn's own time counts too. In the first-move window
    the clock itself stands still."""
    if row.running_since is None or not row.moved:
        return max(0, row.left_ms)
    return max(0, control.move_ms + row.left_ms - _elapsed_ms(row, now))


def move_left_ms(row: SeatClock, now: datetime, control: TimeControl) -> int:
    """Move and bank: what is left of the move's own time (all of it between turns and
    in the first-move window; once the match is over, what was left when it ended)."""
    if row.running_since is None and row.move_left_at_end_ms is not None:
        return row.move_left_at_end_ms
    if row.running_since is None or not row.moved:
        return control.move_ms
    return max(0, control.move_ms - _elapsed_ms(row, now))


def first_move_left_ms(row: SeatClock, now: datetime) -> int:
    """What is left of a seat's first-move window at ``now``."""
    return max(0, round((row.deadline - now).total_seconds() * 1000))


def _stop(
    row: SeatClock, control: TimeControl, now: datetime, increment: bool, final: bool = False
) -> None:
    """Charge a running clock and stop it; ``final``: the match ends here, and with a
    bank the move's own time left is kept as it stood (the next turn never comes)."""
    if control.banked and final and row.moved:
        row.move_left_at_end_ms = max(0, control.move_ms - _elapsed_ms(row, now))
    if not row.moved:
        # The first move: made inside its window, it costs nothing and gains nothing;
        # the seat's own clock runs from its next turn on.
        row.moved = True
    elif control.banked:  # the bank pays only for what the move's own time did not cover
        row.left_ms = max(0, row.left_ms - max(0, _elapsed_ms(row, now) - control.move_ms))
    elif not control.correspondence:
        row.left_ms = max(0, row.left_ms - _elapsed_ms(row, now))
        if increment:
            row.left_ms += control.increment_ms
    row.running_since = row.deadline = None


def _deadline(row: SeatClock, control: TimeControl) -> datetime:
    return row.running_since + timedelta(milliseconds=control.move_ms + row.left_ms)


def _start(row: SeatClock, control: TimeControl, now: datetime) -> None:
    if control.correspondence:
        row.left_ms = control.per_move_ms  # a fresh allowance for every move
    row.running_since = now
    if row.moved:
        row.deadline = _deadline(row, control)
    else:
        row.deadline = now + timedelta(milliseconds=first_move_ms(control))


def advance(
    match: Match, state: State, now: datetime, movers: frozenset[int] = frozenset()
) -> list[int]:
    """After a position is stored (the match locked): stop the clocks of seats whose
    turn ended (charging their time, adding the increment), start those whose turn
    began; a seat in ``movers`` (it just moved) that must move again is charged and
    starts afresh (Footsies' next blind choice) — with no increment while its turn goes
    on (a Dice Wars attack). Clocks wait until every seat is taken. Returns the seats
    whose turn began. A seat's first turn runs on its first-move window instead."""
    control = control_of(match)
    if control is None:
        return []
    over = state.current() == TERMINAL or match.is_over
    ready = not match.seats.filter(agent_spec="", owner="").exists()
    acting = set() if over or not ready else set(state.acting_seats())
    changed, started = [], []
    for row in rows(match).values():
        running = row.running_since is not None
        due = row.seat in acting and not row.out
        if running and not due:
            _stop(row, control, now, increment=not over, final=over)
        elif due and not running:
            _start(row, control, now)
            started.append(row.seat)
        elif due and row.seat in movers:
            same_turn = match.game in TURNS_OF_SEVERAL_MOVES
            _stop(row, control, now, increment=not same_turn)
            _start(row, control, now)
            if not same_turn:
                started.append(row.seat)
        else:
            continue
        changed.append(row)
    if changed:
        SeatClock.objects.bulk_update(changed, [*_RUN_FIELDS])
    return started


def chose(match: Match, seat: int, now: datetime) -> None:
    """A seat made its hidden choice at a simultaneous turn: its clock stops while the
    others choose."""
    control = control_of(match)
    row = rows(match).get(seat) if control else None
    if row is not None and row.running_since is not None:
        _stop(row, control, now, increment=True)
        row.save(update_fields=[*_RUN_FIELDS])


def halt(match: Match, now: datetime) -> None:
    """The match ended off the board (a resignation, an abort, a forfeit): every
    running clock stops where it stood, charged and without increment, so a page
    loaded later shows the times at the end, not the times at the reload."""
    control = control_of(match)
    if control is None:
        return
    running = [row for row in rows(match).values() if row.running_since is not None]
    for row in running:
        moved = row.moved
        _stop(row, control, now, increment=False, final=True)
        row.moved = moved  # stopped by the end, not by a move of its own
    if running:
        SeatClock.objects.bulk_update(running, [*_RUN_FIELDS])


def overdue(match: Match, now: datetime) -> list[int]:
    """Seats whose time ran out and have not moved."""
    return sorted(
        row.seat
        for row in rows(match).values()
        if row.deadline is not None and row.deadline <= now and not row.out
    )


def leave(match: Match, seats: list[int], now: datetime) -> None:
    """The seats left play on time: their clocks stop at zero."""
    for seat in seats:
        row = rows(match)[seat]
        row.left_ms, row.running_since, row.deadline = 0, None, None
        row.out, row.out_at = True, now
        row.save(update_fields=["left_ms", "running_since", "deadline", "out", "out_at"])


def out_seats(match: Match) -> list[int]:
    """Seats that left play, first to leave first."""
    gone = [row for row in rows(match).values() if row.out]
    return [row.seat for row in sorted(gone, key=lambda r: (r.out_at, r.seat))]


def passing_seat(match: Match, state: State) -> int | None:
    """A seat that left play and is to move now: its turn is ended for it."""
    if match.game not in LEAVES_PLAY or state.current() < 0:
        return None
    seat = state.current()
    row = rows(match).get(seat)
    return seat if row is not None and row.out else None


def give(match: Match, seat: int, now: datetime) -> SeatClock:
    """Add GIFT_S to a seat's clock (a live match; the caller checked who gives)."""
    row = rows(match)[seat]
    row.left_ms += GIFT_S * 1000  # with a bank: into the bank
    if row.running_since is not None and row.moved:  # never into a first-move window
        row.deadline = _deadline(row, control_of(match))
    row.save(update_fields=["left_ms", "deadline"])
    return row


def as_frame(match: Match, now: datetime) -> dict | None:
    """What pages draw: each clock's time left at ``now`` and whether it runs; the page
    counts a running clock down from ``at``, when these times held."""
    control = control_of(match)
    if control is None:
        return None
    return {
        "control": control.text,
        # When the times below held (epoch ms, the server's clock): a page that knows how
        # far its own clock is off counts from then, not from the frame's arrival.
        "at": round(now.timestamp() * 1000),
        "correspondence": control.correspondence,
        "label": control.label,
        "gift_s": GIFT_S,
        # The rule a page states: each side's first move within this, or no game.
        "first_move_s": first_move_ms(control) / 1000,
        "seats": [_seat_frame(match, row, now, control) for row in rows(match).values()],
    }


def _seat_frame(match: Match, row: SeatClock, now: datetime, control: TimeControl) -> dict:
    live = not match.is_over
    frame = {
        "seat": row.seat,
        "left_ms": left_ms(row, now, control),
        # The seat's own clock runs (not while its first-move window does).
        "running": row.running_since is not None and row.moved and live,
        "deadline": row.deadline.isoformat() if row.deadline else None,
        "out": row.out,
        "moved": row.moved,
    }
    if control.banked:  # of ``left_ms``, what is the move's own time
        frame["move_left_ms"] = move_left_ms(row, now, control)
    if in_first_move(row) and live:
        # Its first move is awaited: this much is left before the match is aborted.
        frame["first_move_ms"] = first_move_left_ms(row, now)
    return frame


def rank_leavers(result: dict | None, gone: list[int]) -> dict | None:
    """A game's own result with the seats that left play on time ranked below every
    seat that stayed (the later one left, the better it placed), and losing."""
    if not result or not gone:
        return result
    ranks = list(result["ranks"])
    stayed = sorted((r, s) for s, r in enumerate(ranks) if s not in gone)
    new = [0] * len(ranks)
    for rank, seat in stayed:  # ties among those who stayed stay ties
        new[seat] = 1 + sum(1 for r, _ in stayed if r < rank)
    for i, seat in enumerate(reversed(gone)):
        new[seat] = len(stayed) + 1 + i
    returns = [(-1.0 if s in gone else r) for s, r in enumerate(result["returns"])]
    winners = [s for s, r in enumerate(new) if r == 1]
    return {**result, "ranks": new, "returns": returns, "winners": winners, "left_play": gone}
