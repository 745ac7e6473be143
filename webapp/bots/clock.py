"""Time controls: a time per move plus a bank of overage for the whole match.

A bot's clock runs from the moment its turn is stored until its move is stored; time
beyond the per-move allowance comes out of the bank. When both are gone, a random
legal move is played for it and it earns a strike (``webapp.bots.play``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings

#: The most either part of a time control may be, so a typo cannot stall a match for days.
MAX_MOVE_S = 600
MAX_BANK_S = 3600
#: The strike that forfeits the match.
STRIKES_TO_FORFEIT = 3


@dataclass(frozen=True)
class TimeControl:
    move_s: float
    bank_s: float

    @classmethod
    def default(cls) -> TimeControl:
        return cls(settings.DICEARENA_BOT_MOVE_S, settings.DICEARENA_BOT_BANK_S)

    @classmethod
    def parse(cls, data: Any) -> TimeControl:
        """From ``{"move_s": .., "bank_s": ..}`` (either may be left out: the default);
        ValueError names a bad value."""
        if data is None:
            return cls.default()
        if isinstance(data, TimeControl):
            return data
        if not isinstance(data, dict) or set(data) - {"move_s", "bank_s"}:
            raise ValueError("a time control is {move_s, bank_s} in seconds")
        default = cls.default()
        move = _seconds(data.get("move_s"), default.move_s, "move_s", 0.05, MAX_MOVE_S)
        bank = _seconds(data.get("bank_s"), default.bank_s, "bank_s", 0, MAX_BANK_S)
        return cls(move, bank)

    @property
    def move_ms(self) -> int:
        return round(self.move_s * 1000)

    @property
    def bank_ms(self) -> int:
        return round(self.bank_s * 1000)

    def to_json(self) -> dict[str, float]:
        return {"move_s": self.move_s, "bank_s": self.bank_s}


def _seconds(value: Any, default: float, name: str, low: float, high: float) -> float:
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        raise ValueError(f"{name} is a number of seconds")
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} is a number of seconds") from None
    if not low <= seconds <= high:
        raise ValueError(f"{name} is between {low:g} and {high:g} seconds")
    return seconds
