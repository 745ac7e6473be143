"""Instant agents reply inside the request of the move that made them due
(webapp/matches/instant.py): the same moves, from the same seed, as the live worker plays
them; AI-against-AI matches and agents that search still go to the workers."""

from __future__ import annotations

import random

import pytest
from django.conf import settings

from agents.core.registry import AGENTS, agent_class
from webapp import counters
from webapp.matches import services, tasks
from webapp.matches.instant import is_instant
from webapp.matches.models import Match
from webapp.matches.positions import load_state

from .helpers import ALICE

pytestmark = pytest.mark.django_db

#: Person moves per match compared (enough to reach AI turns of every kind).
PERSON_MOVES = 40


def against(game: str, opponent: str, seed: str, options: dict | None = None) -> Match:
    """A match of alice against ``opponent`` whose secret seed is ``seed``: chance at the
    start and the AI's first reply (if it moves first) come from it too."""
    field = Match._meta.get_field("seed")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(field, "default", lambda: seed)
        patch.delitem(field.__dict__, "_get_default", raising=False)  # Django caches it
        plan = services.MatchPlan(
            game=game,
            seats=[services.SeatPlan(identity=ALICE), services.SeatPlan(agent_spec=opponent)],
            options=options or {},
        )
        match = services.create_match(plan)
    field.__dict__.pop("_get_default", None)
    assert match.seed == seed
    return match


def log_of(match: Match) -> list[tuple[int, object]]:
    return list(match.events.order_by("ply").values_list("actor", "move"))


def play(match: Match) -> list[tuple[int, object]]:
    """alice plays seeded random moves; the AI answers inline (in her request) or, with
    ``DICEARENA_INSTANT_MOVES`` 0, as the live worker does (``tasks._think_and_play``)."""
    rng = random.Random(f"alice-{match.game}")
    spec = match.seats.get(index=1).agent_spec
    moves = 0
    while moves < PERSON_MOVES:
        match.refresh_from_db()
        if match.is_over:
            break
        state = load_state(match)
        chosen = set(match.pending.filter(ply=match.ply).values_list("seat", flat=True))
        if 1 in state.acting_seats() and 1 not in chosen:
            assert not settings.DICEARENA_INSTANT_MOVES, "an instant AI due did not reply"
            assert tasks._think_and_play(match, spec, state, match.ply, 1) == "played"
            continue
        move = state.move_to_str(rng.choice(state.legal_moves(0)))
        services.submit_move(match.pk, 0, match.ply, move, identity=ALICE)
        moves += 1
    return log_of(match)


@pytest.mark.parametrize(
    "game, opponent, options",
    [
        ("octagon", "octagon-greedy", {}),
        ("footsies", "footsies-counter", {"rounds": 9}),
        ("dicewars", "dicewars-wpm", {}),
        ("buttonmen", "random", {}),
    ],
)
def test_an_instant_reply_is_the_move_the_worker_would_play(game, opponent, options, settings):
    inline = play(against(game, opponent, f"instant-{game}", options))
    settings.DICEARENA_INSTANT_MOVES = 0
    queued = play(against(game, opponent, f"instant-{game}", options))
    # The AI's own moves are in it (or the joint turns it chose in, in Footsies).
    assert sum(1 for actor, _ in inline if actor != 0) >= 5
    assert inline == queued


def test_the_reply_is_stored_in_the_persons_request_and_nothing_is_queued():
    match = against("octagon", "random", "instant-request")
    first_move(match)
    assert match.ply == 2 and [a for a, _ in log_of(match)] == [0, 1]
    assert 0 in load_state(match).acting_seats()  # alice's turn again, at once
    event = match.events.get(ply=1)
    assert "legal_moves" in event.decisions["1"]["thinking"]  # its record, as a worker's
    assert not counters.client().exists(tasks._pending_key(match, 1, 1))


def first_move(match: Match) -> None:
    state = load_state(match)
    move = state.move_to_str(state.legal_moves(0)[0])
    services.submit_move(match.pk, 0, 0, move, identity=ALICE)
    match.refresh_from_db()


def test_searching_agents_and_ai_against_ai_go_to_the_workers(
    settings, django_capture_on_commit_callbacks
):
    def committed():  # the queueing runs when the request's transaction commits
        return django_capture_on_commit_callbacks(execute=True)

    slow = against("octagon", "mcts:iterations=50", "instant-mcts")
    with committed():
        first_move(slow)
    assert slow.ply == 1  # the search waits for a worker
    assert counters.client().exists(tasks._pending_key(slow, 1, 1))

    plan = services.MatchPlan(
        game="octagon",
        seats=[services.SeatPlan(agent_spec="random"), services.SeatPlan(agent_spec="random")],
    )
    with committed():
        watched = services.create_match(plan)
    watched.refresh_from_db()
    assert watched.ply == 0  # kept at its pace, for watchers
    assert counters.client().exists(tasks._pending_key(watched, 0, 0))

    settings.DICEARENA_INSTANT_MOVES = 0  # switched off: every AI move to the workers
    off = against("octagon", "random", "instant-off")
    with committed():
        first_move(off)
    assert off.ply == 1
    assert counters.client().exists(tasks._pending_key(off, 1, 1))


def test_instant_agents_remember_nothing():
    """An instant agent plays in a request with no warm-up over the match so far: none
    may keep state across moves (the worker warms up agents that do)."""
    from agents import Agent

    instant = [name for name in AGENTS if is_instant(name)]
    assert {"random", "octagon-greedy", "dicewars-wpm"} <= set(instant)
    for name in instant:
        assert agent_class(name).observe is Agent.observe, name
    assert not is_instant("mcts") and not is_instant("no-such-agent") and not is_instant("")
