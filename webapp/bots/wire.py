"""Reading a bot's frames strictly (docs/bot-api.md, "Errors that change nothing").

Python's ``json`` reads more than JSON: ``NaN``, ``Infinity`` and integers of any
length. Those reached the database (a 26-digit match id overflows every id column, a
NaN in thinking is no JSON a database stores) and dropped the socket without a close
frame. A bot's frame is therefore plain JSON with finite numbers, integers a JavaScript
reader holds exactly, and a bounded depth; anything else is ``malformed`` and changes
nothing.
"""

from __future__ import annotations

import json
import math
from typing import Any

from webapp.matches.consumers import BadFrame

#: The largest integer in a frame: what every JSON reader (JavaScript's too) holds exactly.
MAX_INT = 2**53 - 1
#: Nesting of objects and lists in a frame (the frame itself is level 1): thinking's
#: search tree is the deepest documented part.
MAX_DEPTH = 16


def _malformed(text: str) -> BadFrame:
    return BadFrame("malformed", text)


def _constant(name: str) -> Any:
    raise _malformed(f"{name} is not JSON: numbers are finite")


def _integer(text: str) -> int:
    # Looked at before int() converts it: a long digit string is refused unread.
    if len(text.lstrip("-")) > len(str(MAX_INT)) or abs(int(text)) > MAX_INT:
        raise _malformed(f"integers are at most {MAX_INT} in size")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _malformed("numbers are finite")
    return value


def depth(value: Any) -> int:
    """How deeply objects and lists nest in ``value`` (a scalar is 0); iterative, so a
    deep value cannot exhaust the stack."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children)
    return deepest


def read_frame(text_data: str | None, bytes_data: bytes | None, max_bytes: int) -> dict:
    """A bot's frame as a JSON object, or BadFrame (``too_large`` or ``malformed``)."""
    raw = text_data if text_data is not None else bytes_data
    if raw is None or len(raw) > max_bytes:
        raise BadFrame("too_large", f"a frame is at most {max_bytes} bytes")
    try:
        message = json.loads(raw, parse_constant=_constant, parse_int=_integer, parse_float=_real)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise _malformed("frames are JSON objects") from None
    if not isinstance(message, dict):
        raise _malformed("frames are JSON objects")
    if depth(message) > MAX_DEPTH:
        raise _malformed(f"objects and lists nest at most {MAX_DEPTH} deep in a frame")
    return message


def is_count(value: Any) -> bool:
    """A whole number ≥ 0 as JSON gives it (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_INT


def known_matches(value: Any) -> dict[int, int]:
    """hello's ``matches``: match ids (decimal keys) to sequence numbers; ValueError
    says what is wrong."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError("hello's matches maps match ids to sequence numbers")
    known = {}
    for key, seq in value.items():
        if not (key.isascii() and key.isdigit() and len(key) <= len(str(MAX_INT))):
            raise ValueError(f"hello's matches has {key[:20]!r}, not a match id")
        if not is_count(seq):
            raise ValueError(f"hello's matches gives match {key} no sequence number")
        known[int(key)] = seq
    return known
