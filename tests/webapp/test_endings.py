"""Ends that are not the game's own: resign, abort before moving, lose on time, and the
rematch with seats swapped; the game-over card's summary."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from webapp.accounts.identity import Identity
from webapp.matches import endings, rematches, services
from webapp.matches.models import Match
from webapp.matches.summary import summary

from .helpers import ALICE, BOB, footsies_people, footsies_vs_ai

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]
CAROL = Identity(key="guest:carol", name="carol")


def both_choose(match, a="A", b="B"):
    ply = Match.objects.get(pk=match.pk).ply
    services.submit_move(match.pk, 0, ply, a, identity=ALICE)
    services.submit_move(match.pk, 1, ply, b, identity=BOB)


def test_it_resigns_a_match_as_a_loss_for_the_resigner():
    match = footsies_people()
    both_choose(match)
    endings.resign(match.pk, BOB)
    match.refresh_from_db()
    assert match.status == "finished"
    assert match.result["winners"] == [0] and match.result["ranks"] == [1, 2]
    assert match.result["reason"] == "bob resigned"
    assert match.events.count() == 1  # the log stays the game's own
    with pytest.raises(services.Rejected) as again:
        endings.resign(match.pk, ALICE)
    assert again.value.code == "over"


def test_a_spectator_can_neither_resign_nor_abort():
    match = footsies_people()
    for end, code in ((endings.resign, "not_a_player"), (services.abort_match, "not_yours")):
        with pytest.raises(services.Rejected) as refused:
            end(match.pk, CAROL)
        assert refused.value.code == code
        with pytest.raises(services.Rejected):
            end(match.pk, None)
    assert Match.objects.get(pk=match.pk).status == "active"


def test_it_aborts_only_before_the_first_move_and_then_resigns():
    match = footsies_people()
    services.submit_move(match.pk, 0, 0, "A", identity=ALICE)  # a hidden choice counts
    with pytest.raises(services.Rejected) as refused:
        services.abort_match(match.pk, BOB)
    assert refused.value.code == "started"
    fresh = footsies_people()
    services.abort_match(fresh.pk, BOB)
    fresh.refresh_from_db()
    assert fresh.status == "aborted" and fresh.result is None


def test_an_idle_person_loses_on_time_and_a_match_that_never_started_is_aborted(settings):
    settings.DICEARENA_IDLE_S = 60
    later = timezone.now() + timedelta(seconds=61)
    under_way = footsies_vs_ai(ALICE, opponent="footsies-counter")
    # alice chose once (the AI answers at once in autoplay); the AI, instant, has chosen
    # again in the request that stored its answer (instant.py).
    services.submit_move(under_way.pk, 0, 0, "B", identity=ALICE)
    services.submit_move(under_way.pk, 1, 0, "A", as_agent=True)
    assert under_way.pending.filter(ply=1, seat=1).exists()
    never = footsies_people()
    fresh = footsies_people(CAROL, BOB)
    Match.objects.filter(pk=fresh.pk).update(created_at=later)  # not idle yet
    assert endings.sweep_idle(timezone.now()) == {}  # nothing is idle yet
    done = endings.sweep_idle(later)
    assert done == {"lost on time": 1, "aborted": 1}
    under_way.refresh_from_db()
    assert under_way.status == "finished" and under_way.result["winners"] == [1]
    assert under_way.result["reason"] == "alice lost on time"
    assert Match.objects.get(pk=never.pk).status == "aborted"
    assert Match.objects.get(pk=fresh.pk).status == "active"


def test_an_open_seat_nobody_took_is_aborted_when_idle(settings):
    settings.DICEARENA_IDLE_S = 60
    plan = services.MatchPlan(
        game="octagon", seats=[services.SeatPlan(identity=ALICE), services.SeatPlan(open=True)]
    )
    match = services.create_match(plan)
    endings.sweep_idle(timezone.now() + timedelta(seconds=120))
    assert Match.objects.get(pk=match.pk).status == "aborted"


def test_a_rematch_swaps_the_seats_and_keeps_the_options_once():
    match = footsies_vs_ai(ALICE, opponent="footsies-counter", options={"rounds": 3})
    with pytest.raises(services.Rejected):
        rematches.rematch(match.pk, ALICE)  # not over yet
    endings.resign(match.pk, ALICE)
    new = rematches.rematch(match.pk, ALICE)
    seats = list(new.seats.all())
    assert seats[0].agent_spec == "footsies-counter" and seats[1].owner == ALICE.key
    assert new.options["rounds"] == 3 and new.rematch_of_id == match.pk
    assert rematches.rematch(match.pk, ALICE).pk == new.pk  # asked twice: one rematch
    with pytest.raises(services.Rejected) as refused:
        rematches.rematch(match.pk, CAROL)
    assert refused.value.code == "not_a_player"


def test_the_game_over_summary_speaks_to_each_reader():
    match = footsies_people()
    endings.resign(match.pk, BOB)
    match = Match.objects.prefetch_related("seats").get(pk=match.pk)
    assert summary(match, 0)["headline"] == "You won"
    assert summary(match, 1)["headline"] == "You lost"
    spectator = summary(match, None)
    assert spectator["headline"] == "alice won" and spectator["rematch"] is None
    assert spectator["reason"] == "bob resigned"
    assert spectator["new_opponent"] == "/play/footsies/"
    assert summary(match, 0)["rematch"] == f"/matches/{match.pk}/rematch/"


def test_a_match_in_play_is_in_play_on_the_card_not_a_draw(client):
    match = footsies_people()
    data = client.get(f"/matches/{match.pk}/summary.json").json()
    assert (data["status"], data["headline"], data["reason"]) == ("active", "In play", "")
    assert summary(Match.objects.get(pk=match.pk), 0)["headline"] == "In play"
    assert summary(Match.objects.get(pk=match.pk), 0)["rematch"] is None
    endings.resign(match.pk, BOB)
    assert client.get(f"/matches/{match.pk}/summary.json").json()["headline"] == "alice won"


def test_a_registered_players_rating_change_is_on_the_card(
    django_user_model, django_capture_on_commit_callbacks
):
    dora = django_user_model.objects.create_user("dora", password="a-long-pass-123")
    client = Client()
    client.force_login(dora)
    # Best of five (the lobby's rules, so the match is rated): the exchange below (the
    # instant AI has chosen already) cannot end it.
    client.post(
        "/matches/new/",
        {
            "game": "footsies",
            "mode": "ai",
            "agent1": "random",
            "opt_rounds": "5",
            "opt_max_turns": "20",
        },
    )
    match = Match.objects.get()
    me = Identity(f"user:{dora.pk}", "dora", dora.pk)
    services.submit_move(match.pk, 0, 0, "A", identity=me)
    assert not Match.objects.get(pk=match.pk).is_over
    with django_capture_on_commit_callbacks(execute=True):
        endings.resign(match.pk, me)  # the ratings follow the commit
    data = client.get(f"/matches/{match.pk}/summary.json").json()
    assert data["headline"] == "You lost"
    assert data["tournament"] is None  # a match of no tournament
    names = [r["name"] for r in data["ratings"]]
    assert "dora" in names and "random" in names
    mine = next(r for r in data["ratings"] if r["name"] == "dora")
    assert mine["delta"] < 0 and mine["after"] == pytest.approx(
        mine["before"] + mine["delta"], abs=0.11
    )


def test_the_rematch_button_offers_and_the_others_takes_both_players_to_one_new_match():
    match = footsies_people()
    endings.resign(match.pk, ALICE)
    alice, bob = Client(), Client()
    for client, who in ((alice, "alice"), (bob, "bob")):
        session = client.session
        session["guest_key"] = who
        session.save()
    offered = alice.post(f"/matches/{match.pk}/rematch/")
    assert offered.url == f"/matches/{match.pk}/"  # an offer: back to the match
    accepted = bob.post(f"/matches/{match.pk}/rematch/")  # a yes
    assert accepted.url != f"/matches/{match.pk}/"
    assert alice.post(f"/matches/{match.pk}/rematch/").url == accepted.url
    stranger = Client().post(f"/matches/{match.pk}/rematch/")
    assert stranger.url == f"/matches/{match.pk}/"
