"""The best response to a Footsies player whose choice depends only on the position.

Against a fixed policy the game is a Markov decision process for the other seat: its
states are the positions the two can reach (played out by the engine itself, so the
rules are the engine's, not a copy), each move of the responder leads, through the
policy's mix, to the next states or to the end. Value iteration from "every unfinished
game is a draw" climbs to the most the responder can get; play that never ends counts
as a draw. The payoff at the start is how much the policy can be exploited.

A policy is ``policy(state, seat) -> {move: probability}`` and may read anything in the
state (the counter player reads the previous moves); positions are told apart by
everything a policy could read: blocks, streaks, previous moves, match score, and the
turn when a cap makes it matter. Block counts below zero (the literal game.py's
"unlimited" blocks) are told apart from zero but not from each other.

Exploring and solving stop with ``OutOfTime`` at the deadline of the decision under
way; what was explored before stays, whole, for the next question.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from agents.core.deadline import check_time
from games.footsies import GAME, MOVES
from games.footsies.state import FootsiesState

Policy = Callable[[FootsiesState, int], Mapping[str, float]]

#: Positions explored before giving up (a policy reading unbounded counters, e.g. the
#: "unlimited" blocks going below zero, has no finite model).
MAX_STATES = 200_000
TOLERANCE = 1e-13
MAX_SWEEPS = 1_000_000
#: Discount used only to break ties between equally good moves in favour of the
#: quicker win (close enough to 1 that it never trades value for speed here).
PROMPT = 0.999


def uniform(state: FootsiesState, seat: int) -> dict[str, float]:
    """The random player: every legal option alike."""
    moves = state.legal_moves(seat)
    return {move: 1.0 / len(moves) for move in moves}


def state_key(state: FootsiesState) -> tuple:
    capped = state.options["max_turns"] is not None
    return (
        state.round,
        tuple(state.round_wins),
        len(state.round_results),
        state.turn if capped else None,
        # Below zero (only "unlimited" blocks get there) every count looks alike to the
        # players here; without this the model would be infinite.
        tuple(max(b, -1) for b in state.blocks),
        tuple(state.streak),
        tuple(state.previous),
    )


class BestResponse:
    """The responder's values against ``policy`` played by the other seat.

    ``value(state)`` is the most the responder (``seat``) can expect from ``state``;
    ``q_values(state)`` what each of its moves is worth there. Positions are explored
    as they are asked about.
    """

    #: What the values are, for the message when they do not settle.
    solving = "best-response values"

    def __init__(self, policy: Policy, seat: int = 0) -> None:
        self.policy = policy
        self.seat = seat
        self.index: dict[tuple, int] = {}
        # Per state, per own move: (terminal payoff expected, [(next state, probability)]).
        self.moves: list[list[tuple[float, list[tuple[int, float]]]]] = []
        self.values = np.zeros(0)
        self.prompt = np.zeros(0)
        # Positions each set of values covers; the discounted ones are solved only when
        # asked for (``choices``), so a plain value (exploitability) does not wait for them.
        self._solved = 0
        self._prompt_solved = 0

    # ----- the model ------------------------------------------------------------------

    def _explore(self, root: FootsiesState) -> None:
        if state_key(root) in self.index:
            return
        known = len(self.moves)
        try:
            self._explore_from(root)
        except BaseException:
            # Stopped part way (the deadline): forget the half-explored positions, so
            # the model stays whole for the next question.
            for key in [k for k, i in self.index.items() if i >= known]:
                del self.index[key]
            del self.moves[known:]
            raise

    def _explore_from(self, root: FootsiesState) -> None:
        queue = deque([root])
        self.index[state_key(root)] = len(self.moves)
        self.moves.append([])
        opp = 1 - self.seat
        popped = 0
        while queue:
            popped += 1
            if popped % 8 == 0:  # a position costs about a millisecond (16 joint moves)
                check_time()
            state = queue.popleft()
            at = self.index[state_key(state)]
            self._visit(at, state)
            mix = [(b, p) for b, p in self.policy(state, opp).items() if p > 0]
            outcomes = []
            for a in MOVES:
                ended = 0.0
                onward: dict[int, float] = {}
                for b, p in mix:
                    child = state.apply_joint({self.seat: a, opp: b})
                    if child.over:
                        ended += p * child.returns()[self.seat]
                        continue
                    key = state_key(child)
                    j = self.index.get(key)
                    if j is None:
                        if len(self.moves) >= MAX_STATES:
                            raise ArithmeticError(
                                f"more than {MAX_STATES} positions: no finite model here"
                            )
                        j = self.index[key] = len(self.moves)
                        self.moves.append([])
                        queue.append(child)
                    onward[j] = onward.get(j, 0.0) + p
                outcomes.append((ended, list(onward.items())))
            self.moves[at] = outcomes

    def _visit(self, at: int, state: FootsiesState) -> None:
        """Called once for each position as it is explored (``at`` is its index): a
        hook for a subclass that notes something about the positions themselves."""

    def _solve(self) -> None:
        if self._solved == len(self.moves):
            return
        self.values = self._iterate(self.values, 1.0)
        self._solved = len(self.moves)

    def _solve_prompt(self) -> None:
        if self._prompt_solved == len(self.moves):
            return
        self.prompt = self._iterate(self.prompt, PROMPT)
        self._prompt_solved = len(self.moves)

    def _iterate(self, start: np.ndarray, discount: float) -> np.ndarray:
        n = len(self.moves)
        values = np.zeros(n)
        values[: len(start)] = start
        # Gauss-Seidel sweeps in reverse discovery order: later positions feed earlier ones.
        order = range(n - 1, -1, -1)
        for _ in range(MAX_SWEEPS):
            check_time()
            moved = 0.0
            for i in order:
                value = self._back_up(i, values, discount)
                moved = max(moved, abs(value - values[i]))
                values[i] = value
            if moved <= TOLERANCE:
                return values
        raise ArithmeticError(f"{self.solving} did not settle")

    def _back_up(self, i: int, values: np.ndarray, discount: float) -> float:
        """Position ``i``'s value from its moves': the responder takes the best."""
        return max(
            ended + discount * sum(p * values[j] for j, p in onward)
            for ended, onward in self.moves[i]
        )

    # ----- answers --------------------------------------------------------------------

    def value(self, state: FootsiesState) -> float:
        """The responder's best expected payoff from ``state``."""
        if state.over:
            return float(state.returns()[self.seat])
        self._explore(state)
        self._solve()
        return float(self.values[self.index[state_key(state)]])

    def q_values(self, state: FootsiesState, prompt: bool = False) -> dict[str, float]:
        """What each of the responder's moves is worth at ``state``; ``prompt``: with
        the future discounted a little (see ``PROMPT``)."""
        self.value(state)
        if prompt:
            self._solve_prompt()
        outcomes = self.moves[self.index[state_key(state)]]
        values, discount = (self.prompt, PROMPT) if prompt else (self.values, 1.0)
        return {
            move: float(ended + discount * sum(p * values[j] for j, p in onward))
            for move, (ended, onward) in zip(MOVES, outcomes, strict=True)
        }

    def choices(self, state: FootsiesState, tie: float = 1e-9) -> list[str]:
        """The moves that reach the best value, and of those the ones that get there
        soonest: where waiting costs nothing the plain values tie (win now, or after a
        harmless exchange), and a responder choosing among them at random might wait
        for ever."""
        plain = self.q_values(state)
        top = max(plain.values())
        best = [m for m in MOVES if plain[m] >= top - tie]
        soon = self.q_values(state, prompt=True)
        quickest = max(soon[m] for m in best)
        return [m for m in best if soon[m] >= quickest - tie]

    @property
    def size(self) -> int:
        return len(self.moves)


def exploitability(
    policy: Policy, options: Mapping[str, Any] | None = None, seat: int = 0
) -> float:
    """The best-response payoff against ``policy`` from the start (seat ``seat`` responds)."""
    return BestResponse(policy, seat).value(GAME.new_state(2, options))
