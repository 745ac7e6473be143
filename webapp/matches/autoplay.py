"""Play an all-agent match to the end in this process (demo data, tests, tournaments),
through the same services and seeding as the workers, so it replays the same way."""

from __future__ import annotations

import agents
from agents.core.seeding import agent_rng
from webapp.matches import services
from webapp.matches.models import Match
from webapp.matches.positions import load_state


def play_out(
    match_id: int, budget: agents.Budget | None = None, max_events: int = 100_000
) -> Match:
    match = Match.objects.get(pk=match_id)
    seats = {s.index: s for s in match.seats.all()}
    players = {i: agents.get(s.agent_spec) for i, s in seats.items() if s.is_agent}
    budget = budget or agents.Budget()
    for _ in range(max_events):
        if match.is_over:
            return match
        state = load_state(match)
        acting = [s for s in state.acting_seats() if s in players]
        if not acting:
            return match  # a person must move
        ply = match.ply
        for seat in acting:
            rng = agent_rng(match.seed, seat, ply)
            decision = agents.decide(players[seat], state, seat, budget, rng)
            match = services.submit_move(
                match_id,
                seat,
                ply,
                state.move_to_str(decision.move),
                decision=services.decision_record(decision, f"match {match_id} ply {ply}"),
                as_agent=True,
                schedule=False,
            )
    return match
