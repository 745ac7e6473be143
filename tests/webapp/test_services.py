"""Creating matches and making moves through the services: every bad input is refused
with a reason and changes nothing."""

import json

import pytest
from django.db import IntegrityError, transaction

import games
from agents.core.seeding import seed_hash
from webapp.matches import services
from webapp.matches.models import Event, Match, PendingChoice
from webapp.matches.positions import cached_at, forget, load_state, remember

from .helpers import ALICE, BOB, footsies_people, footsies_vs_ai

pytestmark = pytest.mark.django_db


def snapshot(match_id: int) -> tuple:
    match = Match.objects.get(pk=match_id)
    return (
        match.ply,
        match.status,
        list(Event.objects.filter(match=match).values_list("ply", "move")),
        list(PendingChoice.objects.filter(match=match).values_list("seat", "move")),
    )


def rejected(code: str, *args, **kwargs) -> None:
    with pytest.raises(services.Rejected) as err:
        services.submit_move(*args, **kwargs)
    assert err.value.code == code, err.value.message
    assert err.value.message


def test_it_creates_a_match_with_a_committed_seed():
    match = footsies_vs_ai()
    assert match.seed_sha256 == seed_hash(match.seed)
    assert match.revealed_seed is None
    assert [s.owner for s in match.seats.all()] == [ALICE.key, ""]


def test_it_refuses_an_unknown_game_and_stores_nothing():
    plan = services.MatchPlan(game="chess", seats=[services.SeatPlan(identity=ALICE)] * 2)
    with pytest.raises(services.Rejected) as err:
        services.create_match(plan)
    assert err.value.code == "unknown_game"
    assert Match.objects.count() == 0


def test_it_refuses_bad_options_naming_them():
    plan = services.MatchPlan(
        game="footsies",
        seats=[services.SeatPlan(identity=ALICE), services.SeatPlan(agent_spec="random")],
        options={"blocks": -3},
    )
    with pytest.raises(services.Rejected, match="blocks"):
        services.create_match(plan)
    assert Match.objects.count() == 0


def test_it_refuses_an_agent_that_does_not_play_the_game_or_does_not_exist():
    for spec in ("no-such-agent", "random:depth=3"):
        plan = services.MatchPlan(
            game="footsies",
            seats=[services.SeatPlan(identity=ALICE), services.SeatPlan(agent_spec=spec)],
        )
        with pytest.raises(services.Rejected) as err:
            services.create_match(plan)
        assert err.value.code == "bad_agent"
    assert Match.objects.count() == 0


def test_it_refuses_an_agent_spec_over_its_limits_naming_the_limit():
    for spec in ("mcts:iterations=1000000000", "footsies-br:model=mcts:iterations=1000000000"):
        plan = services.MatchPlan(
            game="footsies",
            seats=[services.SeatPlan(agent_spec="random"), services.SeatPlan(agent_spec=spec)],
        )
        with pytest.raises(services.Rejected, match="above its limit of 100000") as err:
            services.create_match(plan)
        assert err.value.code == "bad_agent"
    assert Match.objects.count() == 0


def test_it_keeps_a_simultaneous_choice_hidden_until_both_are_in():
    match = footsies_people()
    services.submit_move(match.pk, 0, 0, "A", identity=ALICE)
    match.refresh_from_db()
    assert match.ply == 0 and Event.objects.filter(match=match).count() == 0
    assert PendingChoice.objects.get(match=match).move == "A"
    services.submit_move(match.pk, 1, 0, "G", identity=BOB)
    match.refresh_from_db()
    event = Event.objects.get(match=match, ply=0)
    assert event.move == {"0": "A", "1": "G"}
    assert match.ply == 1 and not PendingChoice.objects.filter(match=match).exists()
    assert load_state(match).observation(None)["hit"] == [True, False]


def test_it_refuses_a_move_for_someone_elses_seat():
    match = footsies_people()
    before = snapshot(match.pk)
    rejected("not_your_seat", match.pk, 1, 0, "A", identity=ALICE)
    rejected("not_your_seat", match.pk, 0, 0, "A", identity=None)
    assert snapshot(match.pk) == before


def test_it_refuses_a_repeated_choice():
    match = footsies_people()
    services.submit_move(match.pk, 0, 0, "A", identity=ALICE)
    before = snapshot(match.pk)
    rejected("already_chosen", match.pk, 0, 0, "B", identity=ALICE)
    assert snapshot(match.pk) == before


def test_it_refuses_a_stale_or_future_sequence_number():
    match = footsies_people()
    services.submit_move(match.pk, 0, 0, "B", identity=ALICE)
    services.submit_move(match.pk, 1, 0, "B", identity=BOB)
    before = snapshot(match.pk)
    rejected("stale", match.pk, 0, 0, "A", identity=ALICE)
    rejected("stale", match.pk, 0, 7, "A", identity=ALICE)
    rejected("bad_seq", match.pk, 0, "1", "A", identity=ALICE)
    assert snapshot(match.pk) == before


@pytest.mark.parametrize("move", ["X", "", "attack!", None, 3, ["A"], "A" * 500])
def test_it_refuses_illegal_or_malformed_moves(move):
    match = footsies_people()
    before = snapshot(match.pk)
    with pytest.raises(services.Rejected) as err:
        services.submit_move(match.pk, 0, 0, move, identity=ALICE)
    assert err.value.code in ("illegal", "bad_move")
    assert snapshot(match.pk) == before


def test_it_refuses_a_seat_that_does_not_exist_and_an_unknown_match():
    match = footsies_people()
    rejected("bad_seat", match.pk, 5, 0, "A", identity=ALICE)
    rejected("bad_seat", match.pk, True, 0, "A", identity=ALICE)
    rejected("unknown_match", 999_999, 0, 0, "A", identity=ALICE)


def test_it_refuses_moves_after_the_end_and_reveals_the_seed():
    match = footsies_people()
    ply = 0
    # Dragon Punch beats Attack: one exchange ends the match.
    services.submit_move(match.pk, 0, ply, "DP", identity=ALICE)
    services.submit_move(match.pk, 1, ply, "A", identity=BOB)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["winners"] == [0]
    assert match.revealed_seed == match.seed
    rejected("over", match.pk, 0, match.ply, "A", identity=ALICE)


def test_it_lets_an_agent_move_only_for_an_agent_seat():
    match = footsies_vs_ai()
    rejected("not_your_seat", match.pk, 0, 0, "A", as_agent=True)
    services.submit_move(match.pk, 1, 0, "A", as_agent=True, decision={"thinking": {"x": 1}})
    assert PendingChoice.objects.get(match=match, seat=1).decision == {"thinking": {"x": 1}}


def test_the_database_refuses_a_second_event_at_one_ply():
    match = footsies_people()
    Event.objects.create(match=match, ply=0, actor=-2, move={"0": "A", "1": "A"})
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(match=match, ply=0, actor=-2, move={"0": "B", "1": "B"})


def test_the_stored_log_replays_to_the_same_position_without_the_cache():
    match = footsies_people()
    for a, b in [("A", "B"), ("B", "A"), ("G", "G")]:
        ply = Match.objects.get(pk=match.pk).ply
        services.submit_move(match.pk, 0, ply, a, identity=ALICE)
        services.submit_move(match.pk, 1, ply, b, identity=BOB)
    match.refresh_from_db()
    cached = load_state(match).observation(None)
    forget(match.pk)
    fresh = load_state(match).observation(None)
    assert json.dumps(cached, sort_keys=True) == json.dumps(fresh, sort_keys=True)
    assert fresh["blocks"] == [2, 2]


def test_it_lets_a_second_person_take_an_open_seat_once():
    plan = services.MatchPlan(
        game="footsies",
        seats=[services.SeatPlan(identity=ALICE), services.SeatPlan(open=True)],
    )
    match = services.create_match(plan, schedule=False)
    assert services.join_seat(match.pk, BOB) == 1
    with pytest.raises(services.Rejected) as err:
        services.join_seat(match.pk, BOB)
    assert err.value.code == "seated"
    with pytest.raises(services.Rejected):
        services.join_seat(match.pk, ALICE)
    assert games.get("footsies").slug == match.game


def test_a_cached_position_the_match_has_left_is_refused_as_stale():
    # The position a move answers comes from this process's cache without a query; the
    # locked match still decides: a copy left at ply 0 (as another process moved on)
    # cannot take a move once the match is at ply 1.
    match = footsies_people()
    at_zero = load_state(match)
    services.submit_move(match.pk, 0, 0, "B", identity=ALICE)
    services.submit_move(match.pk, 1, 0, "B", identity=BOB)
    remember(match.pk, at_zero)
    assert cached_at(match.pk, 0) is not None and cached_at(match.pk, 1) is None
    before = snapshot(match.pk)
    rejected("stale", match.pk, 0, 0, "A", identity=ALICE)
    assert snapshot(match.pk) == before
    forget(match.pk)
