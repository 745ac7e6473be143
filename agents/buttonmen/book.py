"""The swing book: the round a pair of swing sizes gives, looked up, and the match it
leads to, planned.

Every round of a match starts from the same position: the two fighters' dice, rolled
afresh, at the swing sizes in force. So the chance that seat 0 wins a round is a fixed
table for a fighter pair, ``V[x][y]`` over its size ``x`` and the other's ``y``. For
the grid's 12 fighters the tables ship in ``swing_book.json``, each cell the mean of
``playouts`` round playouts of ``buttonmen-best``'s model of play
(:func:`agents.buttonmen.rounds.round_playout`, conversion rule on half the moves),
made by ``python -m agents.train buttonmen`` (:mod:`agents.train.buttonmen`).

A round's size is not a round's matter alone. Under the site's rule the winner keeps
its size and only the loser chooses again, knowing the winner's. A size that wins this
round but loses badly to the other's best answer hands the next round over; when a
match goes on after this round, a choice should weigh that. :func:`match_values`
gives, for every size, the chance to win the *match* from a score when both sides
choose from the table as well as it lets them (the loser answering the winner's size);
:class:`ButtonMenBest`'s ``swing_plan=match`` chooses by it
(docs/results/buttonmen.md, "Seventh round").
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from agents.buttonmen.policies import mixed
from agents.buttonmen.rounds import round_playout, round_view
from games.buttonmen import GAME, ButtonMenState

BOOK_FILE = Path(__file__).with_name("swing_book.json")
BOOK_VERSION = 1
#: The options a table holds for: the site's reselection rule and no surrender.
BOOK_OPTIONS = {"surrender": False, "swing_reselect": "site"}

Table = tuple[tuple[float, ...], ...]


def round_start(first: str, second: str) -> ButtonMenState:
    """A new match of ``first`` (seat 0) against ``second`` at its swing choice."""
    return GAME.new_state(2, {"fighters": [first, second], "rounds_to_win": 1})


def table(first: str, second: str, playouts: int, seed: str) -> list[list[float]]:
    """Seat 0's round-win chance for every pair of sizes (rows seat 0's, columns seat
    1's, in ``legal_moves`` order), each from ``playouts`` round playouts seeded by the
    fighters and ``seed``."""
    state = round_start(first, second)
    rng = random.Random(f"{seed}-{first}-{second}")
    model = mixed(0.5)
    rows = []
    for x in state.legal_moves(0):
        row = []
        for y in state.legal_moves(1):
            child = state.clone()
            child.apply_joint_in_place({0: x, 1: y})
            view = round_view(child)
            row.append(sum(round_playout(view, 0, rng, model) for _ in range(playouts)) / playouts)
        rows.append(row)
    return rows


@cache
def load_book(path: Path = BOOK_FILE) -> dict[str, Any]:
    """The shipped book (read once): ``{"pairs": {"A|B": rows in per mille}, ...}``."""
    book = json.loads(path.read_text())
    if book.get("version") != BOOK_VERSION:
        raise ValueError(f"{path}: swing book version {book.get('version')!r}, not {BOOK_VERSION}")
    return book


def lookup(state: ButtonMenState, seat: int, book: dict[str, Any] | None = None) -> Table | None:
    """``V[x][y]``: ``seat``'s round-win chance with its size ``x`` against the other's
    ``y`` (both in ``legal_moves`` order at a swing choice), or None when the book does
    not hold for this match (other fighters, other options, dice beyond plain and X)."""
    options = state.options
    if any(options.get(k, v) != v for k, v in BOOK_OPTIONS.items()):
        return None
    book = load_book() if book is None else book
    mine, theirs = state.fighters[seat], state.fighters[1 - seat]
    rows = book["pairs"].get(f"{mine}|{theirs}")
    if rows is not None:
        return tuple(tuple(v / 1000 for v in row) for row in rows)
    rows = book["pairs"].get(f"{theirs}|{mine}")
    if rows is None:
        return None
    # Seen from the other seat: the other's loss is our win (the initiative coin is fair).
    return tuple(
        tuple(1 - rows[y][x] / 1000 for y in range(len(rows))) for x in range(len(rows[0]))
    )


def match_values(table: Table, need: tuple[int, int], belief: dict[int, float]) -> list[float]:
    """The chance to win the match with each of our sizes (rows of ``table``) from a
    score where we need ``need[0]`` more round wins and they ``need[1]``, their size
    drawn from ``belief`` ({column: weight}; one column with weight 1 when it is known).

    Both sides play by the table: after a round the loser picks the size that is best
    for it from then on, knowing the winner's, and the winner keeps its own."""
    rows, columns = range(len(table)), range(len(table[0]))
    memo: dict[tuple[int, int, int, int], float] = {}

    def play(ours_left: int, theirs_left: int, x: int, y: int) -> float:
        """The match from a round about to be played at sizes (x, y)."""
        key = (ours_left, theirs_left, x, y)
        if key not in memo:
            v = table[x][y]
            # Won: the match is over, or they answer our x with their best size.
            won = (
                1.0
                if ours_left == 1
                else min(play(ours_left - 1, theirs_left, x, b) for b in columns)
            )
            # Lost: the match is over, or we answer their y with our best size.
            lost = (
                0.0
                if theirs_left == 1
                else max(play(ours_left, theirs_left - 1, a, y) for a in rows)
            )
            memo[key] = v * won + (1 - v) * lost
        return memo[key]

    total = sum(belief.values())
    return [sum(w * play(need[0], need[1], x, y) for y, w in belief.items()) / total for x in rows]
