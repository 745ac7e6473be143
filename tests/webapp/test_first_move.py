"""A fair start between people (lichess's rule): each side's first turn runs on a
first-move window, not on its clock; the first move closes it without costing any
time; a side that lets it run out has the match aborted — no result, no rating change,
never a loss or a draw — on every path that settles clocks (a late move, a page's flag,
the beat sweep) and by the idle rule for untimed games.

Time is injected as in test_clocks.py: ``clocks.db_now`` is the one clock every path reads.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from webapp.accounts.identity import Identity
from webapp.leaderboards.models import Competitor, RatingChange
from webapp.matches import clocks, endings, services, tasks, timeouts
from webapp.matches.models import Match, SeatClock
from webapp.matches.positions import load_state

from .helpers import ALICE, BOB
from .test_clocks import Clock, clock_of, first_move, people, play_one

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


@pytest.fixture
def now(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(clocks, "db_now", clock)
    return clock


@pytest.mark.parametrize(
    "control,seconds",
    [
        ("5+3", 30),  # blitz: 5 min + 40 × 3 s = 7 min
        ("3+2", 30),
        ("10+5", 60),  # rapid and slower: twice
        ("60+0", 60),
        ("20s/2m", 30),
        ("60s/5m", 60),  # at least a move's own time
        ("1d", 86_400),  # correspondence: the whole day-period
        ("3d", 3 * 86_400),
    ],
)
def test_the_first_move_window_is_said_in_one_place(control, seconds):
    assert clocks.first_move_ms(clocks.parse(control)) == seconds * 1000


def test_the_window_is_a_setting(settings):
    settings.DICEARENA_FIRST_MOVE_S = 8
    assert clocks.first_move_ms(clocks.parse("5+3")) == 8000
    assert clocks.first_move_ms(clocks.parse("15+10")) == 16000


def test_the_first_turn_runs_on_the_window_not_on_the_clock(now):
    match = people(started=False)
    seat, _ = first_move(match)
    row = clock_of(match, seat)
    assert row.running_since == now.start and not row.moved
    assert row.deadline == now.start + timedelta(seconds=30)
    now.tick(12)
    frame = clocks.as_frame(Match.objects.get(pk=match.pk), now.now)
    mine = next(c for c in frame["seats"] if c["seat"] == seat)
    # The clock stands still at its full time; the window counts down.
    assert (mine["left_ms"], mine["running"], mine["first_move_ms"]) == (300_000, False, 18_000)
    assert frame["first_move_s"] == 30
    other = next(c for c in frame["seats"] if c["seat"] != seat)
    assert "first_move_ms" not in other and not other["running"]


def test_the_first_move_costs_nothing_and_opens_the_others_window(now):
    match = people(started=False)
    seat, _ = first_move(match)
    now.tick(25)
    play_one(match, [ALICE, BOB][seat])
    mine, theirs = clock_of(match, seat), clock_of(match, 1 - seat)
    assert (mine.left_ms, mine.moved, mine.running_since) == (300_000, True, None)
    assert theirs.running_since == now.now and not theirs.moved
    assert theirs.deadline == now.now + timedelta(seconds=30)
    now.tick(20)
    play_one(match, [ALICE, BOB][1 - seat])
    # Both have moved: from now on the clocks run, from their full time.
    mine = clock_of(match, seat)
    assert mine.running_since == now.now and mine.moved
    assert mine.deadline == now.now + timedelta(minutes=5)
    assert clock_of(match, 1 - seat).left_ms == 300_000


def _rated_people(django_user_model, control: str = "5+3") -> tuple[Match, list[Identity]]:
    who = []
    for name in ("ann", "ben"):
        user = django_user_model.objects.create_user(name, password="a-long-pass-123")
        who.append(Identity(key=f"user:{user.pk}", name=name, user_id=user.pk))
    return people(control=control, who=tuple(who), started=False), who


def test_a_side_that_never_moves_has_the_match_aborted_by_the_sweep_and_nobody_is_rated(
    now, django_user_model, django_capture_on_commit_callbacks
):
    match, _ = _rated_people(django_user_model)
    seat, _ = first_move(match)
    now.tick(29)
    assert tasks.sweep_clocks() == {}
    now.tick(1.5)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.sweep_clocks() == {"aborted": 1}
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    name = match.seats.get(index=seat).name
    assert match.result == {"reason": f"{name} did not make a first move in time"}
    assert "winners" not in match.result and "ranks" not in match.result
    # No rating moved, and nobody's record counts it.
    assert not RatingChange.objects.exists()
    assert not Competitor.objects.filter(games__gt=0).exists()
    assert all(c.running_since is None for c in SeatClock.objects.filter(match=match))
    assert tasks.sweep_clocks() == {}  # safe to run again


def test_the_second_side_missing_its_first_move_aborts_too(now):
    match = people(started=False)
    seat, _ = first_move(match)
    now.tick(10)
    play_one(match, [ALICE, BOB][seat])
    now.tick(31)
    # A page of the waiting side flags it: the server decides, by its own clock.
    assert timeouts.flag(match.pk) == "aborted"
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    assert match.seats.get(index=1 - seat).name in match.result["reason"]


def test_asking_early_changes_nothing_and_a_late_first_move_is_refused(now):
    match = people(started=False)
    seat, move = first_move(match)
    now.tick(29)
    assert timeouts.flag(match.pk) == ""
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE
    now.tick(2)
    with pytest.raises(services.Rejected) as err:
        services.submit_move(match.pk, seat, 0, move, identity=[ALICE, BOB][seat])
    assert err.value.code == "time_out"
    match.refresh_from_db()
    assert (match.status, match.ply) == (Match.Status.ABORTED, 0)


def test_the_gift_of_time_never_stretches_a_first_move_window(now):
    match = people(started=False)
    seat, _ = first_move(match)
    timeouts.give_time(match.pk, [ALICE, BOB][1 - seat])
    row = clock_of(match, seat)
    assert row.left_ms == 315_000  # into the clock, for later
    assert row.deadline == now.start + timedelta(seconds=30)


def test_a_correspondence_first_move_has_the_whole_days(now):
    match = people(control="1d", started=False)
    seat, _ = first_move(match)
    now.tick(86_399)
    assert timeouts.sweep() == {}
    now.tick(2)
    assert timeouts.sweep() == {"aborted": 1}


def test_clocks_start_on_the_window_when_the_invited_friend_sits_down(now):
    match = people(who=(ALICE, None), started=False)
    now.tick(100)
    services.join_seat(match.pk, BOB)
    seat, _ = first_move(match)
    row = clock_of(match, seat)
    assert row.deadline == now.now + timedelta(seconds=30) and not row.moved


def test_untimed_a_person_who_never_moved_is_not_lost_by_the_idle_rule(settings):
    """No clock: the 15-minute idle rule decides, and a side that never moved while the
    other did has the match aborted (before: lost on time, a loss for someone who never
    saw the game)."""
    settings.DICEARENA_IDLE_S = 60
    plan = services.MatchPlan(
        game="octagon", seats=[services.SeatPlan(identity=ALICE), services.SeatPlan(identity=BOB)]
    )
    match = services.create_match(plan, schedule=False)
    state = load_state(match)
    seat = state.acting_seats()[0]
    who = [ALICE, BOB][seat]
    services.submit_move(
        match.pk, seat, 0, state.move_to_str(state.legal_moves(seat)[0]), identity=who
    )
    later = timezone.now() + timedelta(minutes=5)
    assert endings.sweep_idle(later) == {"aborted": 1}
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    assert "did not make a first move" in match.result["reason"]


def test_a_tournament_game_whose_first_move_never_came_counts_for_nobody(
    now, django_user_model, client, django_capture_on_commit_callbacks
):
    """Aborted in a tournament for people: the page says so, and the standings count it
    as no game at all — no win, draw or loss for either."""
    from webapp.tournaments import people as tournaments
    from webapp.tournaments import standings

    who = []
    for name in ("ann", "ben"):
        user = django_user_model.objects.create_user(name, password="a-long-pass-123")
        who.append(Identity(key=f"user:{user.pk}", name=name, user_id=user.pk))
    plan = tournaments.PeoplePlan(game="octagon", format="roundrobin", rounds=1, clock="5+3")
    with django_capture_on_commit_callbacks(execute=True):
        t = tournaments.create(plan, who[0])
        tournaments.join(t.pk, who[1])
        tournaments.start(t.pk, who[0])
    now.tick(31)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.sweep_clocks() == {"aborted": 1}
    rows = standings.compute(t)["standings"]
    assert [(r["games"], r["wins"], r["draws"], r["losses"]) for r in rows] == [(0, 0, 0, 0)] * 2
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "aborted: no result" in page and "did not make a first move in time" in page
