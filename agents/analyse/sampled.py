"""Games valued by playouts: every position of the match, every move the judge
preferred to the one played, all sampled together on common random numbers.

- A position before a decision is worth what the playout policy makes of it.
- A decision is judged by the seat's win probability after the move played against
  after the judge's move (at a simultaneous node: each seat's move pinned, the others
  chosen by the policy); a move with no alternative is forced and loses nothing.
- A chance node whose outcomes the engine lists (a Dice Wars battle: won or lost, with
  the exact battle odds) is worth the exact mixture of its outcomes, so the luck of a
  battle is (result - odds) x (won - lost); other chance nodes are sampled whole.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import agents
from agents.analyse.playouts import Sampler
from agents.analyse.plies import Choice, Ply
from agents.analyse.policy import playout_for, power_for
from agents.analyse.records import Replayed
from agents.analyse.values import Estimate
from agents.analyse.words import describe_event
from agents.core import Budget
from agents.core.seeding import agent_rng
from games.core import CHANCE, SIMULTANEOUS, State

#: The share of the time budget the playouts get at least, however long the judge took.
MIN_PLAYOUT_SHARE = 0.25
#: The share of the time budget the judge's decisions may take together.
JUDGE_SHARE = 0.3


@dataclass
class _Planned:
    seat: int
    move: Any
    pick: Any
    played: int  # handle of the position after the move played
    best: int  # handle after the judge's move (the same handle when they agree)
    forced: bool


def _same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b)


def plies(
    replayed: Replayed,
    judge_spec: str,
    playout_spec: str,
    salt: str,
    budget_s: float | None,
    playouts: int,
) -> tuple[list[Ply], dict[str, Any]]:
    """The plies of the match, and figures on how they were found."""
    started = time.perf_counter()
    judge = agents.get(judge_spec)
    think = _judge_budget(replayed, budget_s)
    slug = replayed.record["game"]
    sampler = Sampler(playout_for(playout_spec, slug), salt, power_for(slug, playout_spec))
    planned: list[tuple[int, list[_Planned]]] = []
    states = replayed.states
    for k, (actor, move) in enumerate(replayed.events):
        state = states[k]
        before = sampler.add(state)
        choices: list[_Planned] = []
        if actor == SIMULTANEOUS:
            joint = dict(move)
            for seat in state.acting_seats():
                pick, forced = _pick(judge, state, seat, joint[seat], salt, think)
                played = sampler.add(state, {seat: joint[seat]})
                best = played if _same(pick, joint[seat]) else sampler.add(state, {seat: pick})
                choices.append(_Planned(seat, joint[seat], pick, played, best, forced))
        elif actor != CHANCE:
            pick, forced = _pick(judge, state, actor, move, salt, think)
            played = sampler.add(states[k + 1])
            best = played if _same(pick, move) else sampler.add(state.apply(pick))
            choices.append(_Planned(actor, move, pick, played, best, forced))
        for c in choices:
            if c.best != c.played:
                sampler.compare(c.best, c.played, c.seat)
        planned.append((before, choices))
    final = sampler.add(states[-1])
    judged = time.perf_counter() - started
    seconds = None
    if budget_s is not None:
        seconds = max(budget_s * MIN_PLAYOUT_SHARE, budget_s - judged)
    sampler.run(seconds, playouts)

    found = []
    for k, ((actor, move), (before, choices)) in enumerate(
        zip(replayed.events, planned, strict=True)
    ):
        state = states[k]
        found.append(
            Ply(
                ply=k,
                actor=actor,
                move=state.event_to_json(actor, move)[1],
                text=describe_event(state, actor, move),
                before=sampler.estimate(before),
                choices=[_choice(sampler, state, actor, c) for c in choices],
            )
        )
    figures = {
        "playouts": sampler.n,
        "positions_sampled": sum(1 for h in range(len(sampler.nodes)) if not sampler._exact(h)),
        "judge_seconds": round(judged, 3),
        "playout_seconds": round(sampler.seconds, 3),
        "final": sampler.estimate(final),
    }
    return found, figures


def win_chances(
    replayed: Replayed, playout_spec: str, salt: str, playouts: int, power: float | None
) -> list[Estimate]:
    """The win chances the analysis shows before every event of the match (and after
    the last), from exactly ``playouts`` playouts per position, as :func:`plies` finds
    them but without the judge: what calibration measures. ``power`` None: raw means."""
    slug = replayed.record["game"]
    sampler = Sampler(playout_for(playout_spec, slug), salt, power)
    handles = [sampler.add(state) for state in replayed.states]
    sampler.run(None, playouts)
    return [sampler.estimate(h) for h in handles]


def _judge_budget(replayed: Replayed, budget_s: float | None) -> Budget:
    """The judge's own default effort, cut to its share of the time budget."""
    if budget_s is None:
        return Budget()
    decisions = sum(
        len(replayed.states[k].acting_seats())
        for k, (actor, _) in enumerate(replayed.events)
        if actor != CHANCE
    )
    return Budget(seconds=JUDGE_SHARE * budget_s / max(1, decisions))


def _pick(
    judge: agents.Agent, state: State, seat: int, played: Any, salt: str, think: Budget
) -> tuple[Any, bool]:
    """The judge's move for ``seat`` (the move played when it is the only one)."""
    if len(state.legal_moves(seat)) == 1:
        return played, True
    decision = agents.decide(judge, state, seat, think, agent_rng(salt, seat, state.ply))
    return decision.move, False


def _choice(sampler: Sampler, state: State, actor: int, c: _Planned) -> Choice:
    played = sampler.estimate(c.played).mean[c.seat]
    best = sampler.estimate(c.best).mean[c.seat]
    if c.best == c.played or best <= played:
        # The move played did at least as well as the judge's: it is the best found.
        return Choice(
            c.seat,
            state.move_to_str(c.move),
            state.move_to_str(c.move),
            _text(state, actor, c.seat, c.move),
            played,
            played,
            c.forced,
            0.0,
        )
    _, half = sampler.difference(c.best, c.played, c.seat)
    return Choice(
        c.seat,
        state.move_to_str(c.move),
        state.move_to_str(c.pick),
        _text(state, actor, c.seat, c.pick),
        played,
        best,
        c.forced,
        None if half is None else 100.0 * half,
    )


def _text(state: State, actor: int, seat: int, move: Any) -> str:
    if actor == SIMULTANEOUS:
        return state.move_to_str(move)
    return describe_event(state, actor, move)
