"""Analyse from here: one agent's opinion of one position of a finished match.

``request`` validates (``check_request``: a finished match, a ply it reached, an agent
that plays the game, a budget within bounds), charges the worker-seconds it asks for
(``webapp.admission``: the budget times the seats deciding) and queues
``tasks.analyse_position`` on the analysis queue; the worker stores its answer in Redis
under a random key for an hour, and the page polls ``result``. Nothing is written to the
database: an opinion is cheap to ask again.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

import agents
from agents.core.seeding import agent_rng
from games.core import CHANCE, SIMULTANEOUS, TERMINAL, State
from webapp import admission, counters
from webapp.errors import Rejected
from webapp.hooks import Hook
from webapp.matches import gamebook
from webapp.matches.models import Match
from webapp.matches.positions import walk
from webapp.matches.services import decision_record
from webapp.matches.thinking import readable
from webapp.replays import editor

#: An opinion is asked for (``given``: of a position built by hand), with the task's
#: arguments: ``replays.tasks``, which imports this module to compute it, queues it.
opinion_wanted = Hook("opinion_wanted", ("replays",))

#: Seconds an agent may think about one position, at most (and by default).
MAX_BUDGET_S = 5.0
DEFAULT_BUDGET_S = 1.0
#: How long an answer is kept for the page to fetch.
KEEP_S = 3600
#: Worker limits: the budget per seat of a simultaneous turn, plus room to set up.
SOFT_LIMIT_S = 30
HARD_LIMIT_S = 40


@dataclass(frozen=True)
class Request:
    match_id: int
    ply: int
    spec: str
    budget_s: float


def state_at(match: Match, ply: int) -> State:
    """The position after ``ply`` events of ``match``."""
    events = list(match.events.filter(ply__lt=ply).order_by("ply"))
    state = match.game_rules.new_state(match.num_players, match.options)
    for _before, _event, after in walk(match, events):
        state = after
    return state


def whose_turn(state: State) -> tuple[list[int], str]:
    """The seats deciding here, or none with the reason in words."""
    actor = state.current()
    if actor == TERMINAL:
        return [], "The match is over here: nothing is left to decide."
    if actor == CHANCE:
        return [], "The dice roll next here: no player decides. Step one move on."
    if actor == SIMULTANEOUS:
        return list(state.acting_seats()), ""
    return [int(actor)], ""


def check_request(match_id: Any, ply: Any, spec: Any, budget_s: Any) -> tuple[Match, Request]:
    """Validate an "analyse from here" request; Rejected says what is wrong."""
    try:
        match = Match.objects.filter(pk=int(match_id)).first()
    except (TypeError, ValueError):
        match = None
    if match is None:
        raise Rejected("no-match", f"there is no match {match_id!r}")
    if not match.is_over:
        # While a match is played, an engine's opinion would be help for a player.
        raise Rejected("not-finished", "positions are analysed once the match is over")
    try:
        ply = int(ply)
    except (TypeError, ValueError):
        raise Rejected("bad-ply", f"ply must be a whole number, not {ply!r}") from None
    if not 0 <= ply <= match.ply:
        raise Rejected("bad-ply", f"match {match.pk} has plies 0 to {match.ply}, not {ply}")
    spec, budget = check_agent(match.game, spec, budget_s)
    return match, Request(match.pk, ply, spec, budget)


def check_agent(slug: str, spec: Any, budget_s: Any) -> tuple[str, float]:
    """An agent that plays ``slug`` and a thinking time within bounds, or Rejected."""
    try:
        spec = agents.check_spec(str(spec or ""), slug)
    except (ValueError, KeyError) as exc:
        raise Rejected("bad-agent", str(exc.args[0]) if exc.args else "unknown agent") from None
    try:
        budget = float(budget_s if budget_s not in (None, "") else DEFAULT_BUDGET_S)
    except (TypeError, ValueError):
        raise Rejected(
            "bad-budget", f"the budget is a number of seconds, not {budget_s!r}"
        ) from None
    if not 0 < budget <= MAX_BUDGET_S:
        raise Rejected("bad-budget", f"the budget is more than 0 and at most {MAX_BUDGET_S:g} s")
    return spec, budget


def _key(token: str) -> str:
    return counters.key("position", token)


def charge(asker: admission.Asker, state: State, budget_s: float) -> None:
    """Charge the worker-seconds this opinion asks for: the agent thinks ``budget_s``
    for each seat deciding at ``state`` (both seats of a Footsies turn)."""
    seats, _why_not = whose_turn(state)
    admission.charge_analysis(asker, budget_s * max(1, len(seats)))


def request(match_id: Any, ply: Any, spec: Any, budget_s: Any, asker: admission.Asker) -> str:
    """Queue an opinion; returns the token its answer is kept under."""
    match, req = check_request(match_id, ply, spec, budget_s)
    charge(asker, state_at(match, req.ply), req.budget_s)
    token = secrets.token_urlsafe(12)
    store(token, {"status": "pending", "text": "Waiting for a worker…"})
    opinion_wanted.send(
        given=False,
        args=(req.match_id, req.ply, req.spec, req.budget_s, token, (asker.person, asker.address)),
    )
    return token


def store(token: str, answer: dict[str, Any]) -> None:
    counters.client().set(_key(token), json.dumps(answer), ex=KEEP_S)


def result(token: str) -> dict[str, Any] | None:
    raw = counters.client().get(_key(token))
    return None if raw is None else json.loads(raw)


def opinion(req: Request) -> dict[str, Any]:
    """The agent's decision for each seat deciding at the match's position, in words."""
    match = Match.objects.prefetch_related("seats").get(pk=req.match_id)
    return opinion_of(
        state_at(match, req.ply),
        req.spec,
        req.budget_s,
        f"{match.seed}:{req.ply}",
        [s.name for s in match.seats.all()],
    )


def seat_names(slug: str, num_players: int) -> list[str]:
    """Who plays each seat of a position built by hand, as the game calls its sides
    ("Red", "Blue"; "the Hero"): people never read "seat 0"."""
    info = gamebook.info(slug)
    return [info.seat_name(i) for i in range(num_players)]


def opinion_of(
    state: State, spec: str, budget_s: float, seed: str, names: list[str]
) -> dict[str, Any]:
    """The agent's decision for each seat deciding at ``state``, in words; its random
    numbers come from ``seed``."""
    seats, why_not = whose_turn(state)
    if not seats:
        return {"status": "done", "text": why_not, "readable": {}, "decisions": {}, "names": names}
    words, decisions = {}, {}
    for seat in seats:
        decision = agents.decide(
            agents.get(spec),
            state.clone(),
            seat,
            agents.Budget(seconds=budget_s),
            agent_rng(seed, seat, state.ply),
        )
        record = decision_record(decision, f"analysis of a position ({seed})")
        move = state.move_to_str(decision.move)
        words[str(seat)] = {
            **readable(state, seat, record, move, f"{spec} (for {names[seat]})"),
            "verb": "Its choice",
        }
        decisions[str(seat)] = record
    return {
        "status": "done",
        "text": f"{spec} thought for up to {budget_s:g} s.",
        "readable": words,
        "decisions": decisions,
        "names": names,
    }


def request_given(
    slug: str, position: str, spec: Any, budget_s: Any, asker: admission.Asker
) -> str:
    """Queue an opinion of a position built by hand (its link's code)."""
    try:
        state = editor.set_up(slug, editor.decode(str(position or "")))
    except (KeyError, editor.BadPosition) as exc:
        raise Rejected("bad-position", str(exc.args[0]) if exc.args else "bad position") from None
    spec, budget = check_agent(slug, spec, budget_s)
    charge(asker, state, budget)
    token = secrets.token_urlsafe(12)
    store(token, {"status": "pending", "text": "Waiting for a worker…"})
    opinion_wanted.send(
        given=True, args=(slug, position, spec, budget, token, (asker.person, asker.address))
    )
    return token
