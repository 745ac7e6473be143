"""People's clocks: the server charges time from the database's clock on the locked move
path; running out loses by the rules (Dice Wars: the seat leaves play); a player may give
an opponent time; the sweep settles flags with nobody connected; bad input changes nothing.

Time is injected: ``clocks.db_now`` is the one clock every path reads, so the tests set it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from webapp.accounts.identity import Identity
from webapp.matches import clocks, endings, rematches, services, tasks, timeouts
from webapp.matches.models import Match, SeatClock
from webapp.matches.positions import load_state

from .helpers import ALICE, BOB, row_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]

CAROL = Identity(key="guest:carol", name="carol")


class Clock:
    """The database's time as the services see it, moved by the test."""

    def __init__(self) -> None:
        # Start at the real time: rows stamp created_at from the real clock, and the idle
        # sweep compares it with this one, so a fixed date would age out of the tests.
        self.start = timezone.now().replace(microsecond=0)
        self.now = self.start

    def __call__(self) -> datetime:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def now(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(clocks, "db_now", clock)
    return clock


def people(
    game: str = "octagon", control: str = "5+3", who=(ALICE, BOB), started: bool = True
) -> Match:
    """A clocked match between people; ``started``: every seat has made its first move
    (at once, so nothing was charged), and the clocks themselves run — what most tests
    here are about. Not started, each seat's first turn runs on its first-move window."""
    seats = [services.SeatPlan(identity=i) if i else services.SeatPlan(open=True) for i in who]
    plan = services.MatchPlan(game=game, seats=seats, clock=control)
    match = services.create_match(plan, schedule=False)
    if started and all(who):
        past_first_moves(match, list(who))
    return match


def past_first_moves(match: Match, who: list[Identity]) -> None:
    """Each seat makes its first move (Dice Wars: ends its first turn), no time passing."""
    while True:
        match.refresh_from_db()
        if match.is_over or all(c.moved for c in SeatClock.objects.filter(match=match)):
            return
        state = load_state(match)
        chosen = set(match.pending.filter(ply=match.ply).values_list("seat", flat=True))
        seat = next(s for s in state.acting_seats() if s not in chosen)
        moves = [state.move_to_str(m) for m in state.legal_moves(seat)]
        move = "end" if "end" in moves else moves[0]
        services.submit_move(match.pk, seat, match.ply, move, identity=who[seat])


def first_move(match: Match) -> tuple[int, str]:
    match.refresh_from_db()
    state = load_state(match)
    seat = state.acting_seats()[0]
    return seat, state.move_to_str(state.legal_moves(seat)[0])


def play_one(match: Match, who: Identity) -> None:
    seat, move = first_move(match)
    services.submit_move(match.pk, seat, match.ply, move, identity=who)


def clock_of(match: Match, seat: int) -> SeatClock:
    return SeatClock.objects.get(match=match, seat=seat)


# ----- time controls ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,ms,inc,days",
    [
        ("5+3", 300_000, 3000, 0),
        ("0.5+0", 30_000, 0, 0),
        ("3d", 0, 0, 3),
        (" 7D ", 0, 0, 7),
        ("60s/5m", 300_000, 0, 0),
    ],
)
def test_it_reads_time_controls(text, ms, inc, days):
    control = clocks.parse(text)
    assert (control.initial_ms, control.increment_ms, control.days) == (ms, inc, days)


@pytest.mark.parametrize(
    "text",
    [
        "5",
        "5+",
        "+3",
        "0+3",
        "181+0",
        "5+61",
        "2d",
        "0d",
        "abc",
        "5+3+1",
        53,
        "9" * 20,
        "0s/2m",
        "301s/1m",
        "20s/61m",
        "20s/",
        "s/2m",
    ],
)
def test_it_refuses_a_bad_time_control_and_stores_nothing(text):
    before = row_counts()
    with pytest.raises(services.Rejected) as err:
        people(control=text)
    assert err.value.code == "bad_clock"
    assert err.value.message
    assert row_counts() == before


def test_it_refuses_a_clock_against_the_ai():
    plan = services.MatchPlan(
        game="octagon",
        seats=[services.SeatPlan(identity=ALICE), services.SeatPlan(agent_spec="random")],
        clock="5+3",
    )
    with pytest.raises(services.Rejected) as err:
        services.create_match(plan, schedule=False)
    assert err.value.code == "bad_clock"
    assert Match.objects.count() == 0


def test_the_database_keeps_one_clock_per_seat(now):
    match = people()
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatClock.objects.create(match=match, seat=0, left_ms=1)


# ----- live clocks ------------------------------------------------------------------------


def test_it_charges_the_mover_by_the_database_clock_and_adds_the_increment(now):
    match = people()
    assert match.time_control == "5+3"
    seat, _ = first_move(match)
    assert clock_of(match, seat).running_since == now.start
    assert clock_of(match, 1 - seat).running_since is None
    now.tick(10)
    play_one(match, [ALICE, BOB][seat])
    mover, other = clock_of(match, seat), clock_of(match, 1 - seat)
    assert mover.left_ms == 300_000 - 10_000 + 3000
    assert mover.running_since is None
    assert other.running_since == now.now
    assert other.deadline == now.now + timedelta(milliseconds=300_000)


def test_a_resignation_stops_the_clocks_where_they_stood(now, client):
    match = people()
    seat, _ = first_move(match)
    now.tick(10)
    endings.resign(match.pk, [ALICE, BOB][1 - seat])
    mover = clock_of(match, seat)
    assert (mover.running_since, mover.deadline) == (None, None)
    assert mover.left_ms == 300_000 - 10_000  # charged, no increment: no move was made
    now.tick(60)  # a page loaded a minute later shows the times at the end
    frame = clocks.as_frame(Match.objects.get(pk=match.pk), now.now)
    left = {s["seat"]: (s["left_ms"], s["running"]) for s in frame["seats"]}
    assert left == {seat: (290_000, False), 1 - seat: (300_000, False)}


def test_move_and_bank_the_bank_pays_only_for_what_a_move_overran(now):
    control = clocks.parse("20S/2M")
    assert (control.text, control.move_ms, control.initial_ms) == ("20s/2m", 20_000, 120_000)
    assert control.label == "20 s a move + 2 min bank" and not control.correspondence
    match = people(control="20s/2m")
    seat, _ = first_move(match)
    who = [ALICE, BOB]
    assert clock_of(match, seat).deadline == now.start + timedelta(seconds=20 + 120)
    now.tick(15)  # inside the move's own time: the bank is untouched
    play_one(match, who[seat])
    assert clock_of(match, seat).left_ms == 120_000
    other = 1 - seat
    now.tick(50)  # 30 s over the move's time: the bank pays them
    frame = clocks.as_frame(Match.objects.get(pk=match.pk), now.now)
    running = next(c for c in frame["seats"] if c["running"])
    assert (running["left_ms"], running["move_left_ms"]) == (90_000, 0)
    waiting = next(c for c in frame["seats"] if not c["running"])
    assert (waiting["left_ms"], waiting["move_left_ms"]) == (120_000, 20_000)
    play_one(match, who[other])
    assert clock_of(match, other).left_ms == 90_000
    # The next turn has its full 20 s again, then the bank: past both, it flags.
    seat, move = first_move(match)
    now.tick(20 + 120 + 1)
    with pytest.raises(services.Rejected) as err:
        services.submit_move(match.pk, seat, match.ply, move, identity=who[seat])
    assert err.value.code == "time_out"
    match.refresh_from_db()
    assert match.result["flagged"] == [seat] and "lost on time" in match.result["reason"]


def test_move_and_bank_a_finished_match_shows_the_move_time_left_at_the_end(now, client):
    """Resigned 8 s into a 20 s move: a page loaded a minute later shows 0:12 of the
    move and the bank untouched, not a fresh 0:20 (the stored figures of the end)."""
    match = people(control="20s/2m")
    seat, _ = first_move(match)
    now.tick(8)
    endings.resign(match.pk, [ALICE, BOB][1 - seat])
    now.tick(60)
    frame = clocks.as_frame(Match.objects.get(pk=match.pk), now.now)
    shown = {s["seat"]: (s["left_ms"], s["move_left_ms"], s["running"]) for s in frame["seats"]}
    assert shown == {seat: (120_000, 12_000, False), 1 - seat: (120_000, 20_000, False)}
    assert b'"move_left_ms": 12000' in client.get(f"/matches/{match.pk}/").content


def test_move_and_bank_a_flag_shows_nothing_left(now):
    match = people(control="20s/2m")
    seat, _ = first_move(match)
    now.tick(20 + 120 + 1)
    assert timeouts.flag(match.pk) == "lost on time"
    now.tick(30)
    frame = clocks.as_frame(Match.objects.get(pk=match.pk), now.now)
    flagged = next(s for s in frame["seats"] if s["seat"] == seat)
    assert (flagged["left_ms"], flagged["move_left_ms"]) == (0, 0)


def test_move_and_bank_the_last_move_keeps_the_time_it_left(now):
    """A match ended by its last move: the mover's clock keeps the move time it had."""
    match = people(game="footsies", control="20s/2m")
    match.options = {**match.options, "rounds": 1}
    match.save(update_fields=["options"])
    who = [ALICE, BOB]
    while Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE:
        match.refresh_from_db()
        state = load_state(match)
        for seat in state.acting_seats():
            now.tick(3)
            move = state.move_to_str(state.legal_moves(seat)[0])
            services.submit_move(match.pk, seat, match.ply, move, identity=who[seat])
    frame = clocks.as_frame(Match.objects.get(pk=match.pk), now.now)
    # Footsies: both choose blind, 3 s apart; the second chooser's move, 6 s into the
    # turn, ends the match (the first had stopped its clock when it chose).
    left = sorted(s["move_left_ms"] for s in frame["seats"])
    assert left == [14_000, 20_000], frame


def test_the_page_snapshot_shows_the_clock_running_down(now, client):
    match = people()
    now.tick(61)
    frame = clocks.as_frame(Match.objects.get(pk=match.pk), now.now)
    running = [c for c in frame["seats"] if c["running"]]
    assert [c["left_ms"] for c in running] == [300_000 - 61_000]
    page = client.get(f"/matches/{match.pk}/")
    assert b'id="clocks"' in page.content
    assert b'"left_ms": 239000' in page.content


def test_a_move_after_the_flag_is_refused_and_the_match_lost_on_time(now):
    match = people()
    seat, move = first_move(match)
    ply = match.ply
    now.tick(301)
    with pytest.raises(services.Rejected) as err:
        services.submit_move(match.pk, seat, ply, move, identity=[ALICE, BOB][seat])
    assert err.value.code == "time_out"
    match.refresh_from_db()
    assert match.status == "finished"  # the flag was committed although the move was not
    assert match.result["flagged"] == [seat]
    assert match.result["winners"] == [1 - seat]
    assert "lost on time" in match.result["reason"]
    assert match.ply == ply


def test_asking_early_changes_nothing(now):
    match = people()
    now.tick(299)
    assert timeouts.flag(match.pk) == ""
    match.refresh_from_db()
    assert match.status == "active"


def test_the_sweep_ends_a_flagged_match_nobody_watches(now):
    match = people()
    second = people()
    now.tick(100)
    play_one(second, [ALICE, BOB][first_move(second)[0]])  # the other clock starts later
    now.tick(200.5)
    assert tasks.sweep_clocks() == {"lost on time": 1}
    assert Match.objects.get(pk=match.pk).status == "finished"
    assert Match.objects.get(pk=second.pk).status == "active"
    assert tasks.sweep_clocks() == {}  # safe to run again


def test_the_idle_sweep_leaves_clocked_matches_to_their_clocks(now, settings):
    settings.DICEARENA_IDLE_S = 60
    match = people(control="15+0")
    play_one(match, [ALICE, BOB][first_move(match)[0]])
    later = timezone.now() + timedelta(minutes=10)  # the idle sweep reads rows' own times
    assert endings.sweep_idle(later) == {"clocked": 1}
    assert Match.objects.get(pk=match.pk).status == "active"


def test_clocks_wait_for_the_open_seat(now):
    match = people(who=(ALICE, None))
    assert not SeatClock.objects.filter(match=match, running_since__isnull=False).exists()
    now.tick(500)
    assert timeouts.sweep() == {}
    services.join_seat(match.pk, BOB)
    assert SeatClock.objects.filter(match=match, running_since=now.now).count() == 1


# ----- giving time ------------------------------------------------------------------------


def test_a_player_gives_the_opponent_fifteen_seconds(now):
    match = people()
    seat, _ = first_move(match)
    giver = [ALICE, BOB][1 - seat]
    assert timeouts.give_time(match.pk, giver) == seat
    assert clock_of(match, seat).left_ms == 300_000 + 15_000
    assert clock_of(match, seat).deadline == now.start + timedelta(seconds=315)
    now.tick(310)
    assert timeouts.flag(match.pk) == ""  # the gift counts


@pytest.mark.parametrize(
    "who,seat,code",
    [
        (CAROL, None, "not_a_player"),
        (None, None, "not_a_player"),
        ("self", "self", "own_clock"),
        ("other", 7, "bad_seat"),
        ("other", "0", "bad_seat"),
    ],
)
def test_giving_time_refuses_bad_asks_and_changes_nothing(now, who, seat, code):
    match = people()
    mover, _ = first_move(match)
    identity = {"self": [ALICE, BOB][mover], "other": [ALICE, BOB][1 - mover]}.get(who, who)
    seat = mover if seat == "self" else seat
    before = list(SeatClock.objects.values_list("seat", "left_ms", "deadline"))
    with pytest.raises(services.Rejected) as err:
        timeouts.give_time(match.pk, identity, seat)
    assert err.value.code == code, err.value.message
    assert list(SeatClock.objects.values_list("seat", "left_ms", "deadline")) == before


def test_no_time_is_given_in_correspondence_or_after_the_flag(now):
    slow = people(control="3d")
    with pytest.raises(services.Rejected) as err:
        timeouts.give_time(slow.pk, BOB)
    assert err.value.code == "no_clock"
    match = people()
    mover, _ = first_move(match)
    now.tick(400)
    with pytest.raises(services.Rejected) as err:
        timeouts.give_time(match.pk, [ALICE, BOB][1 - mover])
    assert err.value.code == "over"
    assert Match.objects.get(pk=match.pk).status == "finished"


# ----- correspondence ---------------------------------------------------------------------


def test_correspondence_gives_fresh_days_every_move_and_no_idle_loss(now, settings):
    settings.DICEARENA_IDLE_S = 60
    match = people(control="3d")
    seat, _ = first_move(match)
    now.tick(2 * 86400)
    assert endings.sweep_idle(now.now) == {"clocked": 1}
    play_one(match, [ALICE, BOB][seat])
    other = clock_of(match, 1 - seat)
    assert other.deadline == now.now + timedelta(days=3)
    assert clock_of(match, seat).left_ms == 3 * 86_400_000
    now.tick(3 * 86400 + 1)
    assert timeouts.sweep() == {"lost on time": 1}


# ----- Dice Wars: the seat leaves play ------------------------------------------------------


def test_in_dice_wars_a_seat_out_of_time_leaves_play_and_the_rest_go_on(now):
    match = people("dicewars", "1+0", (ALICE, BOB, CAROL))
    first, _ = first_move(match)
    now.tick(61)
    assert timeouts.sweep() == {"left play": 1}
    match.refresh_from_db()
    assert match.status == "active"
    assert clock_of(match, first).out
    # Its turn was ended for it ("end", after its own first "end"), and the next
    # seat's clock runs.
    ended = match.events.filter(actor=first).values_list("move", flat=True)
    assert list(ended) == ["end", "end"]
    state = load_state(match)
    assert state.current() != first
    assert clock_of(match, state.current()).running_since == now.now
    # The next seat to flag leaves only one in play: the match ends, the leavers last.
    second = state.current()
    now.tick(61)
    assert timeouts.sweep() == {"lost on time": 1}
    match.refresh_from_db()
    third = ({0, 1, 2} - {first, second}).pop()
    assert match.result["winners"] == [third]
    assert match.result["ranks"][first] == 3
    assert match.result["ranks"][second] == 2


def test_a_seat_that_left_play_has_every_later_turn_ended_for_it(now):
    match = people("dicewars", "1+0", (ALICE, BOB, CAROL))
    first, _ = first_move(match)
    now.tick(61)
    timeouts.sweep()
    # The two left end their turns by hand; the leaver's turn passes by itself.
    for _ in range(2):
        match.refresh_from_db()
        state = load_state(match)
        seat = state.current()
        assert seat != first
        services.submit_move(match.pk, seat, match.ply, "end", identity=[ALICE, BOB, CAROL][seat])
    match.refresh_from_db()
    # Its own first "end", then two ended for it.
    assert list(match.events.filter(actor=first).values_list("move", flat=True)) == [
        "end",
        "end",
        "end",
    ]
    assert load_state(match).current() != first


def test_rank_leavers_puts_those_who_left_last():
    result = {"returns": [1.0, -1.0, -1.0, -1.0], "ranks": [1, 3, 2, 4], "winners": [0]}
    ranked = clocks.rank_leavers(result, [0, 3])
    assert ranked["ranks"] == [4, 2, 1, 3]
    assert ranked["winners"] == [2]
    assert ranked["returns"][0] == -1.0


def test_a_rematch_keeps_the_clock_and_the_stakes(now):
    match = people(control="3+2")
    endings.resign(match.pk, BOB)
    rematches.rematch(match.pk, ALICE)  # an offer, which bob accepts
    again = rematches.accept(match.pk, BOB)
    assert (again.time_control, again.rated) == ("3+2", True)
    assert SeatClock.objects.filter(match=again).count() == 2


def test_the_database_clock_is_read_in_utc():
    first = clocks.db_now()
    second = clocks.db_now()
    assert first.utcoffset() == timedelta(0)
    assert second >= first
    # The same clock Django's own timestamps come from, give or take the test's run.
    assert abs(first - timezone.now()) < timedelta(minutes=5)


def test_at_a_simultaneous_turn_a_clock_stops_when_its_seat_has_chosen(now):
    match = people("footsies", "1+2")
    state = load_state(match)
    assert sorted(state.acting_seats()) == [0, 1]
    assert all(clock_of(match, s).running_since == now.start for s in (0, 1))
    now.tick(5)
    move = state.move_to_str(state.legal_moves(0)[0])
    services.submit_move(match.pk, 0, match.ply, move, identity=ALICE)
    assert clock_of(match, 0).running_since is None
    assert clock_of(match, 0).left_ms == 60_000 - 5000 + 2000
    assert clock_of(match, 1).running_since == now.start  # bob still thinks
    now.tick(3)
    match.refresh_from_db()
    move = state.move_to_str(state.legal_moves(1)[0])
    services.submit_move(match.pk, 1, match.ply, move, identity=BOB)
    assert clock_of(match, 1).left_ms == 60_000 - 8000 + 2000
    # The next turn starts both clocks again (one turn never ends a Footsies match).
    match.refresh_from_db()
    assert not match.is_over
    assert all(clock_of(match, s).running_since == now.now for s in (0, 1))


def test_a_dice_wars_turn_of_several_attacks_gets_one_increment(now):
    match = people("dicewars", "1+5")
    seat, _ = first_move(match)
    who = [ALICE, BOB][seat]
    state = load_state(match)
    attack = next(m for m in map(state.move_to_str, state.legal_moves(seat)) if m != "end")
    now.tick(10)
    services.submit_move(match.pk, seat, match.ply, attack, identity=who)
    match.refresh_from_db()
    assert load_state(match).current() == seat  # one attack never ends the game
    row = clock_of(match, seat)
    assert (row.left_ms, row.running_since) == (50_000, now.now)  # no increment yet
    now.tick(5)
    services.submit_move(match.pk, seat, match.ply, "end", identity=who)
    assert clock_of(match, seat).left_ms == 50_000 - 5000 + 5000
    assert clock_of(match, seat).running_since is None


@pytest.mark.parametrize("clock,needle", [("9+99", b"at most 60 seconds"), ("2d", b"1, 3, 7 days")])
def test_the_lobby_refuses_a_bad_clock_with_the_reason_and_makes_nothing(client, clock, needle):
    client.get("/")
    before = row_counts()
    form = {"game": "octagon", "mode": "friend", "seat": "0", "clock": clock}
    answer = client.post("/matches/new/", form)
    assert answer.status_code == 400
    assert needle in answer.content
    assert row_counts() == before


def test_the_lobby_starts_a_clocked_friend_match(client):
    answer = client.post(
        "/matches/new/", {"game": "octagon", "mode": "friend", "seat": "0", "clock": "3d"}
    )
    match = Match.objects.get()
    assert answer.url == f"/matches/{match.pk}/"
    assert match.time_control == "3d"
    page = client.get(answer.url)
    assert b'data-control="3d"' in page.content


def test_a_correspondence_invite_waits_days_for_the_friend_a_live_one_does_not(settings):
    settings.DICEARENA_IDLE_S = 60
    slow = people(control="3d", who=(ALICE, None))
    quick = people(control="5+3", who=(ALICE, None))
    later = timezone.now() + timedelta(hours=2)
    assert endings.sweep_idle(later) == {"waiting for a player": 1, "aborted": 1}
    assert Match.objects.get(pk=slow.pk).status == "active"
    assert Match.objects.get(pk=quick.pk).status == "aborted"
    assert endings.sweep_idle(later + timedelta(days=3)) == {"aborted": 1}
