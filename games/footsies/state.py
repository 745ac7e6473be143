from __future__ import annotations

from typing import Any

from games.core import SIMULTANEOUS, TERMINAL, IllegalMove, Outcome, State
from games.footsies.rules import MOVES, NAMES, resolve

#: Engine safety cap: a round this long is a draw, so no match runs forever.
SAFETY_TURNS = 1000


class FootsiesState(State):
    """One Footsies match: every turn both seats choose blind, then both resolve."""

    __slots__ = (
        "options",
        "blocks",
        "streak",
        "previous",
        "turn",
        "round",
        "round_wins",
        "round_results",
        "winner",
        "over",
        "last",
        "_hist",
        "_ply",
        "_position",
    )

    num_players = 2

    def __init__(self, game, options: dict[str, Any]) -> None:
        self.game = game
        self.options = options
        self.blocks = [options["blocks"], options["blocks"]]
        self.streak = [0, 0]
        self.previous: list[str | None] = [None, None]
        self.turn = 0  # turns played in this round
        self.round = 1
        self.round_wins = [0, 0]
        self.round_results: list[int | None] = []  # winner per finished round, None a draw
        self.winner: int | None = None
        self.over = False
        self.last: dict[str, Any] | None = None
        self._hist = None
        self._ply = 0
        self._position = None

    # ----- nodes ---------------------------------------------------------------------

    def current(self) -> int:
        return TERMINAL if self.over else SIMULTANEOUS

    def acting_seats(self) -> tuple[int, ...]:
        return () if self.over else (0, 1)

    def legal_moves(self, seat: int) -> list[str]:
        if self.over or seat not in (0, 1):
            return []
        return list(MOVES)

    def _check_move(self, seat: int, move: Any) -> None:
        if seat not in (0, 1) or not isinstance(move, str) or move not in MOVES:
            raise IllegalMove(f"{move!r} is not a Footsies option (choose one of A, B, G, DP)")

    def turns_left(self) -> int | None:
        cap = self.options["max_turns"]
        return None if cap is None else cap - self.turn

    # ----- moving --------------------------------------------------------------------

    def _apply(self, actor: int, move: Any) -> None:
        moves = (move[0][1], move[1][1])
        loser, blocks, streak, words = resolve(
            moves,
            (self.blocks[0], self.blocks[1]),
            (self.streak[0], self.streak[1]),
            self.options["block_exhaustion"],
            self.options["attacks_to_win"],
        )
        self.turn += 1
        self.blocks = list(blocks)
        self.streak = list(streak)
        self.previous = list(moves)
        self.last = {"moves": list(moves), "result": words, "round": self.round, "turn": self.turn}
        cap = self.options["max_turns"]
        if loser is not None:
            self._end_round(1 - loser)
        elif (cap is not None and self.turn >= cap) or self.turn >= SAFETY_TURNS:
            self.last["result"] = words + "; time is up: the round is a draw"
            self._end_round(None)

    def _end_round(self, round_winner: int | None) -> None:
        self.round_results.append(round_winner)
        if round_winner is not None:
            self.round_wins[round_winner] += 1
        rounds = self.options["rounds"]
        needed = rounds // 2 + 1
        if max(self.round_wins) >= needed or len(self.round_results) >= rounds:
            self.over = True
            w0, w1 = self.round_wins
            self.winner = 0 if w0 > w1 else 1 if w1 > w0 else None
            return
        # A new round resets blocks, hit flags and previous moves.
        self.round += 1
        self.turn = 0
        self.blocks = [self.options["blocks"], self.options["blocks"]]
        self.streak = [0, 0]
        self.previous = [None, None]

    # ----- results and views ---------------------------------------------------------

    def returns(self) -> tuple[float, ...]:
        if not self.over or self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        reason = "draw" if self.winner is None else f"seat {self.winner} wins"
        return Outcome.from_returns(self.returns(), reason)

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        # Everything here is public: the only secret in Footsies is the choice being
        # made now, and that never enters the state until both choices are in.
        return {
            "game": "footsies",
            "seat": seat,
            "options": dict(self.options),
            "round": self.round,
            "round_wins": list(self.round_wins),
            "round_results": list(self.round_results),
            "turn": self.turn,
            "turns_left": self.turns_left(),
            "blocks": list(self.blocks),
            "hit": [s > 0 for s in self.streak],
            "streak": list(self.streak),
            "previous": list(self.previous),
            "last": dict(self.last) if self.last else None,
            "over": self.over,
            "winner": self.winner,
        }

    def move_to_str(self, move: Any) -> str:
        return str(move)

    def str_to_move(self, text: str) -> str:
        if not isinstance(text, str):
            raise IllegalMove(f"a Footsies move is text, not {text!r}")
        move = text.strip().upper()
        by_name = {name.upper(): code for code, name in NAMES.items()}
        move = by_name.get(move, move)
        if move not in MOVES:
            raise IllegalMove(f"{text!r} is not a Footsies option (choose one of A, B, G, DP)")
        return move

    def clone(self) -> FootsiesState:
        other = FootsiesState.__new__(FootsiesState)
        other.game = self.game
        other.options = self.options
        other.blocks = self.blocks[:]
        other.streak = self.streak[:]
        other.previous = self.previous[:]
        other.turn = self.turn
        other.round = self.round
        other.round_wins = self.round_wins[:]
        other.round_results = self.round_results[:]
        other.winner = self.winner
        other.over = self.over
        other.last = self.last
        other._hist = self._hist
        other._ply = self._ply
        other._position = self._position
        return other
