"""Small patches between two JSON views, so a live frame carries what changed, not the
whole board again (a Dice Wars map is ~3.6 KB; one attack changes two territories).

A patch is a list of operations, applied in order:
  ``[path, value]``  set the value at ``path`` (a list of dict keys and list indices)
  ``[path]``         delete the dict key at ``path``
  ``[path, start, count, items]``  in the list at ``path``, replace ``count`` items from
                     ``start`` with ``items`` (a piece placed, a card drawn, a log line)
An empty path replaces the whole view. ``static/js/arena.js`` (``applyPatch``) applies
them in the browser; ``apply`` here is its reference, used by the tests.
"""

from __future__ import annotations

import copy
import json
from typing import Any

Path = list[str | int]
Op = list[Any]

#: Past this share of changed items a list is sent whole: cheaper than many small ops.
_LIST_REWRITE_SHARE = 0.5


def diff(before: Any, after: Any) -> list[Op]:
    """The operations that turn ``before`` into ``after``."""
    ops: list[Op] = []
    _diff(before, after, [], ops)
    return ops


def _diff(a: Any, b: Any, path: Path, ops: list[Op]) -> None:
    if _same(a, b):
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key, value in b.items():
            if key in a:
                _diff(a[key], value, [*path, key], ops)
            else:
                ops.append([[*path, key], value])
        for key in a:
            if key not in b:
                ops.append([[*path, key]])
        return
    if isinstance(a, list) and isinstance(b, list) and a and b:
        if len(a) == len(b):
            changed = sum(1 for x, y in zip(a, b, strict=True) if not _same(x, y))
            if changed / len(a) <= _LIST_REWRITE_SHARE:
                for index, (x, y) in enumerate(zip(a, b, strict=True)):
                    _diff(x, y, [*path, index], ops)
                return
        # Keep the common head and tail; replace what lies between.
        head = 0
        while head < min(len(a), len(b)) and _same(a[head], b[head]):
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and _same(a[-1 - tail], b[-1 - tail]):
            tail += 1
        if head or tail:
            ops.append([path, head, len(a) - head - tail, b[head : len(b) - tail]])
            return
    ops.append([path, b])


def _same(x: Any, y: Any) -> bool:
    return x == y and type(x) is type(y)


def apply(view: Any, ops: list[Op]) -> Any:
    """``view`` with ``ops`` applied (a new value; ``view`` is left as it was)."""
    out = copy.deepcopy(view)
    for op in ops:
        path = op[0]
        if len(op) == 4:
            target = _at(out, path)
            start, count, items = op[1], op[2], op[3]
            target[start : start + count] = copy.deepcopy(items)
        elif not path:
            out = copy.deepcopy(op[1])
        elif len(op) == 2:
            _at(out, path[:-1])[path[-1]] = copy.deepcopy(op[1])
        else:
            del _at(out, path[:-1])[path[-1]]
    return out


def _at(value: Any, path: Path) -> Any:
    for key in path:
        value = value[key]
    return value


def smaller(before: Any, after: Any) -> tuple[str, Any]:
    """``("patch", ops)`` or, when the patch would not be smaller, ``("view", after)``."""
    ops = diff(before, after)
    if len(json.dumps(ops, separators=(",", ":"))) < len(json.dumps(after, separators=(",", ":"))):
        return "patch", ops
    return "view", after
