from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.core.state import State


@dataclass(frozen=True)
class Option:
    """One configurable rule of a game, with its default and what values it accepts.

    ``choices`` limits the value to a set; ``minimum``/``maximum`` bound numbers;
    ``check`` is a last word for anything else (return an error text or None).
    """

    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    allow_none: bool = False
    check: Callable[[Any], str | None] | None = field(default=None, compare=False)

    def validate(self, name: str, value: Any) -> Any:
        if value is None:
            if self.allow_none:
                return None
            raise ValueError(f"option {name!r} may not be empty")
        kind = type(self.default) if self.default is not None else None
        if kind is bool and not isinstance(value, bool):
            raise ValueError(f"option {name!r} must be true or false, not {value!r}")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"option {name!r} must be a whole number, not {value!r}")
        if kind is float and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise ValueError(f"option {name!r} must be a number, not {value!r}")
        if kind is str and not isinstance(value, str):
            raise ValueError(f"option {name!r} must be text, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise ValueError(f"option {name!r} must be one of {allowed}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"option {name!r} must be at least {self.minimum}, not {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"option {name!r} must be at most {self.maximum}, not {value!r}")
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise ValueError(f"option {name!r}: {problem}")
        return value


class Game(ABC):
    """Immutable rules of one game. One instance per game lives in the registry."""

    slug: str
    title: str
    min_players: int
    max_players: int
    #: Every option the game accepts, with its default. Subclasses fill this in.
    options_spec: Mapping[str, Option] = {}

    @property
    def default_options(self) -> dict[str, Any]:
        return {name: opt.default for name, opt in self.options_spec.items()}

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Merge ``options`` over the defaults; an unknown name or bad value raises ValueError."""
        merged = self.default_options
        for name, value in (options or {}).items():
            if name not in self.options_spec:
                known = ", ".join(sorted(self.options_spec)) or "none"
                raise ValueError(f"unknown option {name!r} for {self.slug} (known: {known})")
            merged[name] = self.options_spec[name].validate(name, value)
        return merged

    def check_num_players(self, num_players: int) -> None:
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise ValueError(f"number of players must be a whole number, not {num_players!r}")
        if not self.min_players <= num_players <= self.max_players:
            if self.min_players == self.max_players:
                raise ValueError(f"{self.title} is for exactly {self.min_players} players")
            raise ValueError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {num_players}"
            )

    @abstractmethod
    def new_state(self, num_players: int, options: Mapping[str, Any] | None = None) -> State:
        """The starting position; setup randomness is its first chance event."""

    @abstractmethod
    def from_position(self, view: Mapping[str, Any]) -> State:
        """Set up a state from a full view, as ``observation(None)`` gives it."""

    def describe_move(self, state: State, move: Any) -> str:
        """A sentence for people about ``move`` at ``state`` (a joint move at a
        simultaneous node), in the game's own words; "seat N" where a player is named
        (the server puts the names in). The default is the move's text form."""
        return state.move_to_str(move)

    def __repr__(self) -> str:
        return f"<Game {self.slug}>"
