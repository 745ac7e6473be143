"""Slot rules: which die values an equipment slot takes (docs/games/dungeon.md).

The vocabulary is the one of the game's equipment files (ANY, MAXn, MINn, EVEN, ODD,
COUNTDOWN t); the file's REQUIREn is called EXACTn here, as docs/games/dungeon.md does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: Die faces. A spanner never makes more than a 6 and a lockpick only splits downwards,
#: so every die in a battle shows one of these.
FACES = range(1, 7)

KINDS = ("ANY", "MAX", "MIN", "EXACT", "EVEN", "ODD", "COUNTDOWN")
_WITH_NUMBER = ("MAX", "MIN", "EXACT", "COUNTDOWN")
_TEXT = re.compile(r"^(ANY|EVEN|ODD|MAX|MIN|EXACT|COUNTDOWN)\s*(\d*)$")


def _takes(kind: str, n: int, value: int) -> bool:
    if kind == "MAX":
        return value <= n
    if kind == "MIN":
        return value >= n
    if kind == "EXACT":
        return value == n
    if kind == "EVEN":
        return value % 2 == 0
    if kind == "ODD":
        return value % 2 == 1
    return True  # ANY, and COUNTDOWN takes any die


@dataclass(frozen=True)
class SlotRule:
    """One slot: its kind and number (MAX3 is kind MAX, n 3; COUNTDOWN 6 is n 6)."""

    kind: str
    n: int = 0
    #: ``takes[v]`` for v in 0..6, looked up on the hot path instead of branching.
    takes: tuple[bool, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown slot rule {self.kind!r}")
        if (self.kind in _WITH_NUMBER) != (self.n > 0):
            raise ValueError(
                f"slot rule {self.kind} {'needs' if self.kind in _WITH_NUMBER else 'takes no'} number"
            )
        table = (False,) + tuple(_takes(self.kind, self.n, v) for v in FACES)
        object.__setattr__(self, "takes", table)

    @property
    def is_countdown(self) -> bool:
        return self.kind == "COUNTDOWN"

    @property
    def label(self) -> str:
        """The rule as people read it on the card: ANY, MAX3, EXACT3, COUNTDOWN 6."""
        if self.kind == "COUNTDOWN":
            return f"COUNTDOWN {self.n}"
        return f"{self.kind}{self.n}" if self.n else self.kind

    def accepts(self, value: int) -> bool:
        return 0 < value < len(self.takes) and self.takes[value]


def parse_rule(text: str) -> SlotRule:
    """``"MAX3"``, ``"COUNTDOWN 6"``, ``"any"`` → a rule; ValueError if it is not one."""
    found = _TEXT.match(text.strip().upper())
    if not found:
        raise ValueError(f"{text!r} is not a slot rule")
    kind, number = found.groups()
    return SlotRule(kind, int(number) if number else 0)
