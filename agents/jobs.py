"""Running one function over many inputs in several processes, results in input order.

The experiment commands (``--jobs N``) hand out independent pieces of seeded work: a
result must not depend on which worker finished first, and one job must not pay for a
process pool at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def map_in_order(fn: Callable[..., Any], *inputs: Iterable[Any], jobs: int = 1) -> list[Any]:
    """``[fn(*args) for args in zip(*inputs)]``, spread over ``jobs`` processes when more
    than one (``fn`` and its arguments must pickle); the order is the inputs'."""
    if jobs <= 1:
        return list(map(fn, *inputs))
    columns = [list(column) for column in inputs]
    chunk = max(1, len(columns[0]) // (jobs * 8)) if columns else 1
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(fn, *columns, chunksize=chunk))
