"""play_match: one whole match, every random number from the match seed."""

from __future__ import annotations

import json
import random

import pytest

import games
from agents.core import Agent, Budget, Decision
from agents.core.seeding import agent_rng, chance_rng
from agents.match import play_match
from agents.random_agent import RandomAgent
from games.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, IllegalMove, State


class DiceState(State):
    """Chance rolls a d6; seat 0 keeps it or rerolls once; 4+ wins for seat 0."""

    def __init__(self, game: Game) -> None:
        self.game, self.num_players, self.options = game, 2, {}
        self.die: int | None = None
        self.rerolled = False
        self.kept = False

    def current(self) -> int:
        if self.die is None:
            return CHANCE
        return TERMINAL if self.kept else 0

    def legal_moves(self, seat: int) -> list[str]:
        if seat != self.current():
            return []
        return ["keep"] if self.rerolled else ["keep", "reroll"]

    def chance_outcomes(self):
        return [(face, 1 / 6) for face in range(1, 7)] if self.current() == CHANCE else None

    def returns(self) -> tuple[float, ...]:
        if not self.kept:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.die >= 4 else (-1.0, 1.0)

    def observation(self, seat=None) -> dict:
        return {"die": self.die, "rerolled": self.rerolled, "kept": self.kept}

    def move_to_str(self, move) -> str:
        return str(move)

    def str_to_move(self, text: str):
        if text.isdigit():
            return int(text)
        if text in ("keep", "reroll"):
            return text
        raise IllegalMove(f"not a move: {text!r}")

    def clone(self) -> DiceState:
        other = DiceState(self.game)
        other.die, other.rerolled, other.kept = self.die, self.rerolled, self.kept
        other._hist, other._ply = self._hist, self._ply
        return other

    def _apply(self, actor: int, move) -> None:
        if actor == CHANCE:
            self.die = move
        elif move == "keep":
            self.kept = True
        else:
            self.die, self.rerolled = None, True


class Dice(Game):
    slug, title, min_players, max_players = "tinydice", "Tiny dice", 2, 2

    def new_state(self, num_players=2, options=None) -> DiceState:
        self.check_num_players(num_players)
        return DiceState(self)

    def from_position(self, view):
        raise NotImplementedError


DICE = Dice()


class RngSpy(Agent):
    """Plays its last legal move (a reroll, in the dice game) and shows its rng's first draw."""

    name, description = "rng-spy", "test agent"

    def act(self, state, seat, budget, rng):
        draw = rng.random()
        return Decision(move=state.legal_moves(seat)[-1], thinking={"draw": draw, "ply": state.ply})


class Watcher(RandomAgent):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list = []

    def observe(self, state, event) -> None:
        self.seen.append((state.ply, event))


class Crasher(Agent):
    name, description = "crasher", "test agent"

    def act(self, state, seat, budget, rng):
        raise RuntimeError("boom")


def test_it_plays_footsies_to_the_end():
    result = play_match("footsies", ["random", "footsies-counter"], seed=7)
    assert result.state.current() == TERMINAL
    assert result.outcome == result.state.outcome()
    assert len(result.steps) == len(result.state.history())


def test_it_records_what_replays_to_the_final_state():
    result = play_match("footsies", ["random", "random"], seed="abc")
    again = games.replay(result.record)
    assert again.observation(None) == result.state.observation(None)


def test_it_is_deterministic_from_the_seed():
    first = play_match("footsies", ["random", "random"], seed=3)
    second = play_match("footsies", ["random", "random"], seed=3)
    assert first.record == second.record


def test_it_plays_different_games_from_different_seeds():
    records = {str(play_match("footsies", ["random", "random"], seed=s).record) for s in range(8)}
    assert len(records) > 1


def test_it_draws_each_chance_event_from_chance_rng_of_its_ply():
    # Several seeds, so a wrong derivation cannot pass by a lucky equal face.
    for seed in ("a", "b", "c", "d", "e", "f"):
        result = play_match(DICE, [RngSpy(), RngSpy()], seed=seed)
        chance_steps = [s for s in result.steps if s.actor == CHANCE]
        assert chance_steps
        for step in chance_steps:
            assert step.move == DiceState(DICE).sample_chance(chance_rng(seed, step.ply))


def test_it_gives_each_decision_agent_rng_of_seat_and_ply():
    result = play_match(DICE, [RngSpy(), RngSpy()], seed="s")
    decided = [(s.ply, seat, d) for s in result.steps for seat, d in s.decisions.items()]
    assert decided
    for ply, seat, decision in decided:
        assert decision.thinking["draw"] == agent_rng("s", seat, ply).random()


def test_it_lets_both_seats_choose_on_the_same_state_at_a_simultaneous_node():
    result = play_match("footsies", [RngSpy(), RngSpy()], seed=1)
    step = result.steps[0]
    assert step.actor == SIMULTANEOUS
    assert sorted(step.decisions) == [0, 1]
    assert {d.thinking["ply"] for d in step.decisions.values()} == {step.ply}
    assert dict(step.move) == {seat: d.move for seat, d in step.decisions.items()}


def test_it_tells_a_stateful_agent_every_event_with_the_state_before_it():
    watcher = Watcher()
    result = play_match(DICE, [watcher, RandomAgent()], seed=5)
    history = result.state.history()
    assert watcher.seen == [(ply, event) for ply, event in enumerate(history)]


def test_it_replaces_a_failing_agents_move_and_flags_it():
    result = play_match("footsies", [Crasher(), RandomAgent()], seed=2)
    assert result.state.current() == TERMINAL
    flags = [d.stats.get("fallback") for d in result.decisions(0)]
    assert flags and all(flag == "error" for flag in flags)
    assert result.failures(1) == []


def test_it_times_each_decision():
    result = play_match("footsies", ["random", "random"], seed=2, budget=Budget(seconds=5))
    assert all(d.stats["seconds"] >= 0 for d in result.decisions(0))


def test_it_reports_every_event_as_it_happens():
    seen = []
    result = play_match(DICE, ["random", "random"], seed=9, on_event=lambda s, e: seen.append(e))
    assert seen == result.steps


def test_it_refuses_an_agent_that_does_not_play_the_game():
    with pytest.raises(ValueError, match="does not play"):
        play_match(DICE, ["footsies-counter", "random"], seed=1)


def test_it_refuses_the_wrong_number_of_agents():
    with pytest.raises(ValueError, match="needs 2 agents"):
        play_match("footsies", ["random"], seed=1, num_players=2)


def test_it_serialises_its_steps_as_json():
    result = play_match(DICE, [RngSpy(), RngSpy()], seed="j")
    data = json.loads(json.dumps(result.to_json()))
    assert [s["ply"] for s in data["steps"]] == list(range(len(result.steps)))
    assert data["outcome"]["ranks"] == list(result.outcome.ranks)


def test_it_uses_only_the_match_seed_for_randomness():
    random.seed(1)
    first = play_match(DICE, ["random", "random"], seed="x").record
    random.seed(2)
    assert play_match(DICE, ["random", "random"], seed="x").record == first
