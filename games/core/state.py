from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from games.core.errors import IllegalMove
from games.core.game import Game
from games.core.outcome import Outcome

#: ``current()`` values other than a seat number.
CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -3

Move = Hashable
Event = tuple[int, Any]  # (actor, move); for SIMULTANEOUS the move is ((seat, move), ...)


def actor_name(actor: int) -> str:
    return {CHANCE: "chance", SIMULTANEOUS: "simultaneous", TERMINAL: "terminal"}.get(
        actor, f"seat {actor}"
    )


class State(ABC):
    """A position of one game.

    Engines implement the abstract methods plus ``_apply`` (mutate in place, the move
    already checked) and ``clone``. This base class owns the checking, the history and
    the record, so every game rejects bad input the same way and replays the same way.

    ``apply``/``apply_joint`` return a new state and leave this one unchanged;
    ``apply_in_place`` is the documented fast path for search and bulk simulation.
    """

    game: Game
    num_players: int
    options: dict[str, Any]

    # History is a linked list of (previous, event) so a clone shares it for free.
    _hist: tuple | None = None
    _ply: int = 0
    _position: Mapping[str, Any] | None = None  # the view we started from, if any

    # ----- what the engine implements -------------------------------------------------

    @abstractmethod
    def current(self) -> int:
        """A seat, or CHANCE, SIMULTANEOUS or TERMINAL."""

    def acting_seats(self) -> tuple[int, ...]:
        """The seats that choose now (several only at a SIMULTANEOUS node)."""
        actor = self.current()
        return (actor,) if actor >= 0 else ()

    @abstractmethod
    def legal_moves(self, seat: int) -> list[Move]:
        """Moves of ``seat`` here, in a fixed order; empty when that seat is idle."""

    def chance_outcomes(self) -> list[tuple[Move, float]] | None:
        """Exact (outcome, probability) list at a chance node, or None if too many."""
        return None

    def sample_chance(self, rng: random.Random) -> Move:
        """One chance outcome drawn with ``rng``; always available at a chance node."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalMove("no chance event is due")
        pick = rng.random()
        total = 0.0
        for outcome, p in outcomes:
            total += p
            if pick < total:
                return outcome
        return outcomes[-1][0]

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """One payoff per seat at the end (+1 win, -1 loss, 0 draw); zeros before it."""

    def outcome(self) -> Outcome | None:
        """The ranking for ratings, or None while the game goes on."""
        if self.current() != TERMINAL:
            return None
        return Outcome.from_returns(self.returns())

    @abstractmethod
    def observation(self, seat: int | None = None) -> dict[str, Any]:
        """JSON view for ``seat`` (None: a spectator who may see only public facts)."""

    def full_view(self) -> dict[str, Any]:
        """Everything about the position, for ``Game.from_position``; default: the
        spectator view, which is complete for games of open information."""
        return self.observation(None)

    @abstractmethod
    def move_to_str(self, move: Move) -> str:
        """Short stable text for a move or chance outcome (independent of the position)."""

    @abstractmethod
    def str_to_move(self, text: str) -> Move:
        """Parse text at this node (a seat's move or a chance outcome); IllegalMove if bad."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (history shared, since it is immutable)."""

    @abstractmethod
    def _apply(self, actor: int, move: Any) -> None:
        """Change this state by a checked move (for SIMULTANEOUS: a tuple of (seat, move))."""

    def _check_chance(self, outcome: Any) -> None:
        outcomes = self.chance_outcomes()
        if outcomes is None:
            raise NotImplementedError(f"{type(self).__name__} must check its own outcomes")
        if not _contains(outcome, (o for o, _ in outcomes)):
            raise IllegalMove(f"{outcome!r} is not a possible chance outcome here")

    def _check_move(self, seat: int, move: Any) -> None:
        if not _contains(move, self.legal_moves(seat)):
            raise IllegalMove(f"{_describe(self, move)} is not a legal move for seat {seat} here")

    # ----- the contract, shared by every game ------------------------------------------

    def check_move(self, seat: int, move: Move) -> None:
        """Raise IllegalMove unless ``seat`` may play ``move`` now (changes nothing)."""
        if seat not in self.acting_seats():
            raise IllegalMove(f"it is not {actor_name(seat)}'s turn")
        self._check_move(seat, move)

    def is_terminal(self) -> bool:
        return self.current() == TERMINAL

    @property
    def ply(self) -> int:
        """How many events have been applied since the start (or the set-up position)."""
        return self._ply

    def apply(self, move: Move) -> State:
        actor = self._check(move)
        after = self.clone()
        after._apply(actor, move)
        after._record(actor, move)
        return after

    def apply_in_place(self, move: Move) -> None:
        actor = self._check(move)
        self._apply(actor, move)
        self._record(actor, move)

    def apply_own_in_place(self, move: Move) -> None:
        """:meth:`apply_in_place` for a move this very node produced (one of its
        ``legal_moves`` or its ``sample_chance``): playouts make millions of those, and
        checking them again would cost about a fifth of a playout for nothing."""
        actor = self.current()
        self._apply(actor, move)
        self._record(actor, move)

    def apply_joint(self, moves: Mapping[int, Move]) -> State:
        joint = self._check_joint(moves)
        after = self.clone()
        after._apply(SIMULTANEOUS, joint)
        after._record(SIMULTANEOUS, joint)
        return after

    def apply_joint_in_place(self, moves: Mapping[int, Move]) -> None:
        joint = self._check_joint(moves)
        self._apply(SIMULTANEOUS, joint)
        self._record(SIMULTANEOUS, joint)

    def apply_event(self, actor: int, move: Any) -> State:
        """Apply a history event as ``history()`` gives it; returns a new state."""
        after = self.clone()
        after.apply_event_in_place(actor, move)
        return after

    def apply_event_in_place(self, actor: int, move: Any) -> None:
        if actor == SIMULTANEOUS:
            self.apply_joint_in_place(dict(move))
            return
        if actor != self.current():
            raise IllegalMove(f"it is not {actor_name(actor)}'s turn")
        self.apply_in_place(move)

    def history(self) -> list[Event]:
        events: list[Event] = []
        node = self._hist
        while node is not None:
            node, event = node
            events.append(event)
        events.reverse()
        return events

    def event_to_json(self, actor: int, move: Any) -> list:
        if actor == SIMULTANEOUS:
            return [actor, {str(seat): self.move_to_str(m) for seat, m in move}]
        return [actor, self.move_to_str(move)]

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "game": self.game.slug,
            "options": dict(self.options),
            "num_players": self.num_players,
            "history": [self.event_to_json(actor, move) for actor, move in self.history()],
        }
        if self._position is not None:
            record["position"] = self._position
        return record

    def parse_event(self, item: Sequence) -> Event:
        """Turn a record's ``[actor, text]`` into an event valid at this node."""
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise IllegalMove(f"an event is [actor, move], not {item!r}")
        actor, text = item
        if actor == SIMULTANEOUS:
            if not isinstance(text, Mapping):
                raise IllegalMove("a simultaneous event maps each seat to its move")
            try:
                joint = {int(seat): self.str_to_move(str(t)) for seat, t in text.items()}
            except (TypeError, ValueError) as exc:
                raise IllegalMove(str(exc)) from exc
            return actor, tuple(sorted(joint.items()))
        if not isinstance(text, str):
            raise IllegalMove(f"a move is text, not {text!r}")
        return actor, self.str_to_move(text)

    # ----- internals ----------------------------------------------------------------------

    def _record(self, actor: int, move: Any) -> None:
        self._hist = (self._hist, (actor, move))
        self._ply += 1

    def _check(self, move: Any) -> int:
        actor = self.current()
        if actor == TERMINAL:
            raise IllegalMove("the game is over")
        if actor == SIMULTANEOUS:
            raise IllegalMove("both players choose at once here: use apply_joint")
        if actor == CHANCE:
            self._check_chance(move)
        else:
            self._check_move(actor, move)
        return actor

    def _check_joint(self, moves: Mapping[int, Move]) -> tuple:
        if self.current() != SIMULTANEOUS:
            raise IllegalMove("this is not a simultaneous choice")
        if not isinstance(moves, Mapping):
            raise IllegalMove("a joint move maps each acting seat to its move")
        seats = self.acting_seats()
        if sorted(moves) != sorted(seats):
            raise IllegalMove(f"a joint move needs exactly the seats {list(seats)}")
        for seat in seats:
            self._check_move(seat, moves[seat])
        return tuple((seat, moves[seat]) for seat in seats)


def _contains(item: Any, items) -> bool:
    try:
        return any(item == other and type(item) is type(other) for other in items)
    except Exception:  # garbage that cannot even be compared is simply not legal
        return False


def _describe(state: State, move: Any) -> str:
    try:
        return repr(state.move_to_str(move))
    except Exception:
        return repr(move)
