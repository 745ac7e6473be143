"""The generic conformance suite every game passes (the contract of games/core/).

``check_game(game, seed, num_players)`` plays one random game from ``seed`` and checks
the contract at every node; tests drive it over many seeds with Hypothesis. It is plain
Python so a new engine can run it before it has tests of its own.
"""

from __future__ import annotations

import json
import marshal
import math
import random
from typing import Any

import games
from games.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, IllegalMove, State

#: No game in the registry needs more events than this to finish from random play.
MAX_EVENTS = 200_000

#: Nodes checked in full at the start of each game, then one in SAMPLE_EVERY.
FULL_CHECKS = 300
SAMPLE_EVERY = 7

GARBAGE: tuple[Any, ...] = (None, "", "not a move", -1, 10**9, 3.5, ("x",), {"a": 1}, object())


def random_step(state: State, rng: random.Random) -> State:
    """One uniformly random event at this node (chance outcomes by their odds)."""
    actor = state.current()
    if actor == CHANCE:
        return state.apply(state.sample_chance(rng))
    if actor == SIMULTANEOUS:
        return state.apply_joint(
            {s: rng.choice(state.legal_moves(s)) for s in state.acting_seats()}
        )
    return state.apply(rng.choice(state.legal_moves(actor)))


def random_playout(state: State, rng: random.Random, max_events: int = MAX_EVENTS) -> State:
    for _ in range(max_events):
        if state.current() == TERMINAL:
            return state
        state = random_step(state, rng)
    raise AssertionError(f"{state.game.slug}: no end after {max_events} random events")


def _json_round_trip(value: Any, what: str) -> None:
    text = json.dumps(value)
    assert json.loads(text) == value, f"{what} does not survive a JSON round trip"


def _snapshot(state: State) -> bytes:
    """The full observation, frozen: compared before and after every event and every
    refused move. marshal (format 2: no shared references, no interning marks) is five
    times cheaper than JSON, and this comparison is most of what the suite costs."""
    return marshal.dumps(state.observation(None), 2)


def _same(a: bytes, b: bytes) -> bool:
    """Equal snapshots, by the JSON meaning: bytes that differ only in key order or in a
    tuple for a list still describe the same observation."""
    if a == b:
        return True
    return json.dumps(marshal.loads(a), sort_keys=True) == json.dumps(
        marshal.loads(b), sort_keys=True
    )


def check_node(state: State, rng: random.Random) -> None:
    """Every promise the contract makes about one position."""
    game = state.game
    actor = state.current()
    seats = range(state.num_players)
    assert actor in (CHANCE, SIMULTANEOUS, TERMINAL) or actor in seats, f"bad current() {actor}"
    for seat in [None, *seats]:
        _json_round_trip(state.observation(seat), f"observation({seat})")
    if actor == TERMINAL:
        for seat in seats:
            assert state.legal_moves(seat) == [], "moves offered after the end"
        return
    before = _snapshot(state)
    # Bad input is refused with IllegalMove and leaves the state as it was. One snapshot
    # after all of it: a refused move that changed the state shows there (a later refusal
    # would have to undo the change exactly to hide it), and nine snapshots a node were
    # most of what Dice Wars' games cost.
    for junk in GARBAGE:
        try:
            if actor == SIMULTANEOUS:
                state.apply_joint({s: junk for s in state.acting_seats()})
            else:
                state.apply(junk)
        except IllegalMove:
            pass
        else:
            raise AssertionError(f"{game.slug}: garbage {junk!r} was accepted")
    assert _same(_snapshot(state), before), f"a refused move (of {GARBAGE}) changed the state"
    if actor == CHANCE:
        outcomes = state.chance_outcomes()
        if outcomes is not None:
            assert outcomes, "a chance node with no outcomes"
            total = math.fsum(p for _, p in outcomes)
            assert abs(total - 1.0) < 1e-9, f"chance probabilities sum to {total}"
            assert all(p > 0 for _, p in outcomes), "a chance outcome with probability 0"
            assert len({o for o, _ in outcomes}) == len(outcomes), "repeated chance outcomes"
        outcome = state.sample_chance(rng)
        text = state.move_to_str(outcome)
        assert state.str_to_move(text) == outcome, f"outcome {text!r} does not round-trip"
        return
    acting = state.acting_seats()
    assert acting, "nobody acts at a decision node"
    if actor != SIMULTANEOUS:
        assert acting == (actor,), "acting_seats() disagrees with current()"
    for seat in seats:
        moves = state.legal_moves(seat)
        if seat not in acting:
            assert moves == [], f"idle seat {seat} has moves"
            continue
        assert moves, f"seat {seat} must act but has no legal move"
        assert moves == state.legal_moves(seat), "legal_moves() order is not deterministic"
        for move in moves[:64]:
            hash(move)
            text = state.move_to_str(move)
            assert isinstance(text, str) and text, "empty move text"
            assert state.str_to_move(text) == move, f"move {text!r} does not round-trip"


def check_game(game: Game, seed: int, num_players: int | None = None, options=None) -> State:
    """Play one random game from ``seed``, checking the contract; returns the end state."""
    rng = random.Random(seed)
    n = num_players or game.min_players
    state = game.new_state(n, options)
    states = [state]
    for i in range(MAX_EVENTS):
        # Every node early on, then a sample, so long games (Dice Wars) stay affordable.
        node_rng = random.Random(rng.random())
        if i < FULL_CHECKS or i % SAMPLE_EVERY == 0 or state.current() == TERMINAL:
            check_node(state, node_rng)
        if state.current() == TERMINAL:
            break
        before = _snapshot(state)
        after = random_step(state, rng)
        assert _same(_snapshot(state), before), "apply() changed the state it was called on"
        assert after.ply == state.ply + 1, "ply did not advance by one"
        state = after
        states.append(state)
    else:
        raise AssertionError(f"{game.slug}: no end after {MAX_EVENTS} events")
    # Clone independence: stepping a clone never touches its source.
    middle = states[len(states) // 2]
    frozen = _snapshot(middle)
    if middle.current() != TERMINAL:
        random_playout(middle.clone(), random.Random(seed + 1))
        assert _same(_snapshot(middle), frozen), "playing a clone changed the original"
    # The end: returns and ranking.
    returns = state.returns()
    assert len(returns) == n, "one return per seat"
    outcome = state.outcome()
    assert outcome is not None and len(outcome.ranks) == n
    assert all(r in (-1.0, 0.0, 1.0) for r in returns), f"returns {returns} out of range"
    # Replay: the record, through JSON, rebuilds the identical game.
    record = json.loads(json.dumps(state.to_record()))
    again = games.replay(record)
    assert _same(_snapshot(again), _snapshot(state)), "replay differs from the game"
    assert again.returns() == returns
    assert again.history() == state.history(), "replayed history differs"
    # from_position: set up the middle position from its full view and continue the
    # same events; the game must end the same way.
    view = json.loads(json.dumps(middle.full_view()))
    resumed = game.from_position(view)
    assert _same(_snapshot(resumed), frozen), "from_position(full_view()) differs from the position"
    for actor, move in state.history()[middle.ply :]:
        resumed = resumed.apply_event(actor, move)
    assert _same(_snapshot(resumed), _snapshot(state)), "a game resumed from a position diverged"
    return state


def check_determinism(game: Game, seed: int, num_players: int | None = None) -> None:
    """The same seed gives the same game, event for event."""
    a = random_playout(game.new_state(num_players or game.min_players), random.Random(seed))
    b = random_playout(game.new_state(num_players or game.min_players), random.Random(seed))
    assert a.to_record() == b.to_record()


def check_fast_playout(game: Game, playout, options=None, seeds=range(25)) -> None:
    """A fast path ``playout(state, rng, trace) -> winner`` plays the same whole games as
    the clean path from the same seeds: the same events and the same winner."""
    for seed in seeds:
        clean = random_playout(game.new_state(2, options), random.Random(seed))
        trace: list = []
        winner = playout(game.new_state(2, options), random.Random(seed), trace)
        assert trace == clean.history(), f"{game.slug} seed {seed}"
        winners = clean.outcome().winners
        assert winner == (winners[0] if len(winners) == 1 else None), f"{game.slug} seed {seed}"
