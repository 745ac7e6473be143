import pytest
from django.core.management import CommandError, call_command

from webapp.matches import autoplay, services
from webapp.matches.fairness import verify
from webapp.matches.models import Event, Match

pytestmark = pytest.mark.django_db


def finished(game: str, specs: list[str]):
    plan = services.MatchPlan(game=game, seats=[services.SeatPlan(agent_spec=s) for s in specs])
    match = services.create_match(plan, schedule=False)
    return autoplay.play_out(match.pk)


def test_it_verifies_a_played_match_and_catches_a_forged_roll():
    # Dice Wars rolls for its map, its battles and its reinforcements.
    match = finished("dicewars", ["random", "random"])
    assert verify(match).ok, verify(match).problem
    chance = Event.objects.filter(match=match, actor=-1).first()
    assert chance is not None
    other = [e for e in Event.objects.filter(match=match, actor=-1) if e.move != chance.move]
    forged = other[0].move if other else chance.move + "x"
    Event.objects.filter(pk=chance.pk).update(move=forged)
    assert not verify(match).ok


def test_the_command_reports_and_fails_on_a_bad_match():
    match = finished("footsies", ["random", "footsies-counter"])
    call_command("verify_replays", match.pk)
    match.seed = "0" * 32
    match.save(update_fields=["seed"])
    with pytest.raises(CommandError):
        call_command("verify_replays", match.pk)


def test_a_missing_event_is_a_gap_but_a_move_stored_since_the_read_is_not():
    match = finished("dicewars", ["random", "random"])  # many plies
    read_before = Match.objects.get(pk=match.pk)
    read_before.ply -= 1  # as if read just before the last move was stored
    assert verify(read_before).ok, verify(read_before).problem
    Event.objects.filter(match=match, ply=1).delete()
    assert verify(match).problem == "the event log has gaps"
