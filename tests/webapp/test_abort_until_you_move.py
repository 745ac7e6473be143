"""Abort stays offered until the person has moved: an AI's blind choice (Footsies, Button
Men's swing sizes) or an AI's opening move is not the person's move."""

import pytest

from webapp.matches import services
from webapp.matches.models import Match
from webapp.matches.positions import load_state

from .helpers import ALICE, footsies_vs_ai

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


def test_the_ais_blind_choice_does_not_take_abort_away():
    match = footsies_vs_ai(options={"rounds": 3})
    services.submit_move(match.pk, 1, 0, "G", as_agent=True)  # the AI has chosen, hidden
    services.abort_match(match.pk, ALICE)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED


def test_an_ais_opening_move_does_not_take_abort_away():
    plan = services.MatchPlan(
        game="octagon",
        seats=[services.SeatPlan(agent_spec="random"), services.SeatPlan(identity=ALICE)],
    )
    match = services.create_match(plan, schedule=False)
    state = load_state(Match.objects.get(pk=match.pk))
    ply = Match.objects.get(pk=match.pk).ply
    services.submit_move(
        match.pk, 0, ply, state.move_to_str(state.legal_moves(0)[0]), as_agent=True
    )
    assert Match.objects.get(pk=match.pk).ply > ply  # the AI's move is in
    services.abort_match(match.pk, ALICE)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED


def test_once_both_have_played_a_turn_abort_is_gone():
    match = footsies_vs_ai(options={"rounds": 3})
    services.submit_move(match.pk, 1, 0, "G", as_agent=True)
    services.submit_move(match.pk, 0, 0, "A", identity=ALICE)
    with pytest.raises(services.Rejected) as refused:
        services.abort_match(match.pk, ALICE)
    assert refused.value.code == "started"


def test_the_persons_own_hidden_choice_takes_abort_away():
    match = footsies_vs_ai(options={"rounds": 3})
    services.submit_move(match.pk, 0, 0, "A", identity=ALICE)
    with pytest.raises(services.Rejected) as refused:
        services.abort_match(match.pk, ALICE)
    assert refused.value.code == "started"
