"""Zero-sum matrix games by linear programming (SciPy's HiGHS).

The row player maximises. ``solve(M)`` is the classic LP: maximise v subject to
``x @ M[:, j] >= v`` for every column j, ``sum(x) = 1``, ``x >= 0``. Many optimal
row strategies can exist (a face of the simplex); ``refine`` picks one of them by a
second LP, the optimal strategy that scores best against a uniformly random column
player, so the choice is principled and the same every run.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

#: Rounding allowed when checking a candidate equilibrium.
SLACK = 1e-12
#: How much worse a move off the supports must be to count as strictly worse.
STRICT = 1e-9
#: Slack allowed when the second LP keeps a strategy optimal (HiGHS works to ~1e-9).
OPTIMAL_SLACK = 1e-10


def _linprog():
    # SciPy is imported on first use, so importing agents stays cheap.
    from scipy.optimize import linprog

    return linprog


#: Supports of an equilibrium: (row indices, column indices).
Supports = tuple[tuple[int, ...], tuple[int, ...]]


def value(matrix: np.ndarray, hint: Supports | None = None) -> tuple[float, Supports]:
    """The value of the game for the row player, and the supports of an equilibrium.

    Value iteration solves nearly the same game again and again; ``hint`` (the supports
    found last time) is tried first: solving the equalising equations on them and
    checking that neither player can do better elsewhere proves the value without an
    LP. Otherwise the LP decides.
    """
    if hint is not None:
        v = _on_supports(matrix, *hint)
        if v is not None:
            return v, hint
    v, x, y = _solve(matrix.shape, matrix.tobytes())
    return v, (_support(x), _support(y))


def solve(matrix: np.ndarray) -> tuple[float, np.ndarray]:
    """The value and one optimal (maximin) mix of the row player."""
    v, x, _ = _solve(matrix.shape, matrix.tobytes())
    return v, np.array(x)


def _support(mix: tuple[float, ...]) -> tuple[int, ...]:
    return tuple(i for i, p in enumerate(mix) if p > 1e-9)


def _on_supports(matrix: np.ndarray, rows: tuple[int, ...], cols: tuple[int, ...]) -> float | None:
    """The value if the square supports carry an equilibrium, else None."""
    found = _equalise(matrix, rows, cols)
    return None if found is None else found[0]


def _equalise(
    matrix: np.ndarray, rows: tuple[int, ...], cols: tuple[int, ...]
) -> tuple[float, np.ndarray, np.ndarray] | None:
    """(v, x, y) when mixes on these square supports that equalise the other side's
    payoffs exist and form an equilibrium, else None."""
    k = len(rows)
    if k != len(cols):
        return None
    sub = matrix[np.ix_(rows, cols)]
    rhs = np.zeros(k + 1)
    rhs[k] = 1.0
    try:
        col = np.linalg.solve(_bordered(sub), rhs)  # M y = v on the rows, sum y = 1
        row = np.linalg.solve(_bordered(sub.T), rhs)  # x M = v on the columns, sum x = 1
    except np.linalg.LinAlgError:
        return None
    x, y = np.zeros(matrix.shape[0]), np.zeros(matrix.shape[1])
    x[list(rows)], y[list(cols)] = row[:k], col[:k]
    v = row[k]
    if x.min() < -SLACK or y.min() < -SLACK or abs(v - col[k]) > SLACK:
        return None
    if (x @ matrix).min() < v - SLACK or (matrix @ y).max() > v + SLACK:
        return None
    return float(v), _clean(x), _clean(y)


def equilibrium(matrix: np.ndarray, hint: Supports | None = None) -> tuple[float, np.ndarray, bool]:
    """The value, the row mix to play, and whether that mix is the only optimal one.

    When the supports of ``hint`` (or the LP's) carry a quasi-strict equilibrium — every
    move off the supports strictly worse for its player, the square kernel nonsingular —
    the optimal mixes are unique and that one is returned. Otherwise optimal row mixes
    may form a whole face, and ``refine`` chooses among them.
    """
    for supports in (hint, None):
        if supports is None:
            v, x, y = _solve(matrix.shape, matrix.tobytes())
            supports = (_support(x), _support(y))
        found = _equalise(matrix, *supports)
        if found is not None:
            v, x, y = found
            off_rows = np.delete(matrix @ y, supports[0])
            off_cols = np.delete(x @ matrix, supports[1])
            if (off_rows < v - STRICT).all() and (off_cols > v + STRICT).all():
                return v, x, True
    v, x, _ = _solve(matrix.shape, matrix.tobytes())
    refined = refine(matrix, v)
    # HiGHS keeps constraints only to ~1e-7: on a nearly degenerate game (a turn-capped
    # Footsies round, where values carry the rounding of the turns after) the second LP
    # can hand back a mix that falls short of v by 1e-8. The first LP's mix then stands.
    if guarantee(matrix, refined) < guarantee(matrix, np.array(x)) - OPTIMAL_SLACK:
        return v, np.array(x), False
    return v, refined, False


def _bordered(sub: np.ndarray) -> np.ndarray:
    """[[sub, -1], [1, 0]]: the equalising equations plus "probabilities sum to 1"."""
    k = len(sub)
    border = np.zeros((k + 1, k + 1))
    border[:k, :k] = sub
    border[:k, k] = -1.0
    border[k, :k] = 1.0
    return border


@lru_cache(maxsize=65536)
def _solve(
    shape: tuple[int, int], data: bytes
) -> tuple[float, tuple[float, ...], tuple[float, ...]]:
    # Value iteration meets the same matrices again and again; keyed by their bytes.
    matrix = np.frombuffer(data).reshape(shape)
    rows, cols = shape
    cost = np.zeros(rows + 1)
    cost[-1] = -1.0  # maximise v
    upper = np.hstack([-matrix.T, np.ones((cols, 1))])  # v - x @ M[:, j] <= 0
    result = _linprog()(
        cost,
        A_ub=upper,
        b_ub=np.zeros(cols),
        A_eq=np.hstack([np.ones((1, rows)), np.zeros((1, 1))]),
        b_eq=[1.0],
        bounds=[(0, None)] * rows + [(None, None)],
        method="highs",
    )
    if result.status != 0:
        raise ArithmeticError(f"matrix game LP failed: {result.message}")
    # The column player's mix: the duals of the column constraints.
    y = _clean(-np.asarray(result.ineqlin.marginals))
    return float(result.x[-1]), tuple(_clean(result.x[:rows])), tuple(y)


def refine(matrix: np.ndarray, v: float) -> np.ndarray:
    """Among the row mixes that guarantee ``v``, the one best against a uniform column."""
    return np.array(_refine(matrix.shape, matrix.tobytes(), v))


@lru_cache(maxsize=65536)
def _refine(shape: tuple[int, int], data: bytes, v: float) -> tuple[float, ...]:
    matrix = np.frombuffer(data).reshape(shape)
    rows, cols = matrix.shape
    against_uniform = matrix.mean(axis=1)
    result = _linprog()(
        -against_uniform,
        A_ub=-matrix.T,  # x @ M[:, j] >= v - slack
        b_ub=-(v - OPTIMAL_SLACK) * np.ones(cols),
        A_eq=np.ones((1, rows)),
        b_eq=[1.0],
        bounds=[(0, None)] * rows,
        method="highs",
    )
    if result.status != 0:
        raise ArithmeticError(f"refining LP failed: {result.message}")
    return tuple(_polish(matrix, _clean(result.x), v))


def _polish(matrix: np.ndarray, x: np.ndarray, v: float) -> np.ndarray:
    """Recompute a vertex from its active constraints, so the slack the second LP was
    given does not stay in the answer: the columns it holds to ``v`` and the moves it
    leaves out determine it exactly."""
    rows = [i for i in range(len(x)) if x[i] > 1e-9]
    tight = [j for j in range(matrix.shape[1]) if x @ matrix[:, j] < v + 1e-7]
    system = np.vstack([matrix[np.ix_(rows, tight)].T, np.ones((1, len(rows)))])
    target = np.append(np.full(len(tight), v), 1.0)
    exact, *_ = np.linalg.lstsq(system, target, rcond=None)
    polished = np.zeros_like(x)
    polished[rows] = exact
    if (
        polished.min() >= 0.0
        and abs(polished.sum() - 1.0) < SLACK
        and (polished @ matrix).min() >= v - SLACK
    ):
        return polished
    return x


def _clean(x: np.ndarray) -> np.ndarray:
    """Clip solver noise and renormalise, so a mix is a probability vector."""
    x = np.where(np.abs(x) < 1e-12, 0.0, np.maximum(x, 0.0))
    return x / x.sum()


def guarantee(matrix: np.ndarray, mix: np.ndarray) -> float:
    """The least the row player gets with ``mix`` whatever the column player does."""
    return float(np.min(mix @ matrix))
