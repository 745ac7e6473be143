"""``octagon-best``: a few plies of alpha-beta over the designer's best candidates.

The designer's greedy AI looks one placement ahead; between two of them the player who
places last wins almost every game, because its final placements take pieces that
cannot be answered (docs/results/octagon-dungeon.md). This player searches:

- *candidates*: at each node only the ``width`` best placements by the designer's own
  weights (kills, pushes, safe cells; our own limited pieces held back as *hoarding*
  says, the opponent's not), at most ``per_cell`` of them in
  one cell, so the search sees different places rather than orientations of one;
- *alpha-beta* to ``depth`` placements (``endgame_depth`` once at most that many
  placements are left, so the last ones are searched to the end of the game), the
  placing seat maximising its own pieces on the board;
- *hoarding*: until the last ``hoard`` placements of the game, our own candidates (in
  the search and in its playouts) include a limited piece (2, 4 or 8) only where it
  beats the best 1-piece by a whole kill, the designer's economy rule. Without it the
  search spent them in the opening (an 8-, a 4- and an 8-piece by the 9th placement in
  a traced game) while the designer's AI kept most of its own to the end; with it the
  first seat drew about a third of its games against that AI instead of half
  (docs/results/octagon-dungeon.md, section 5);
- *leaf value*: pieces on the board (the score) first, then the safety of the cells
  they stand on (a piece on a safe cell is hard to push off), then the limited pieces
  still in hand.

Against an unknown opponent the search assumes its best reply (minimax). With
``opponent=greedy`` it is expected to play as the designer's AI does (its favourite
placement, the mean over a tie), which exploits that AI's one-ply view. The default,
``opponent=auto``, watches: while the opponent's last ``recognise`` placements were each one
of the designer's AI's favourites, it expects that AI; one placement off and it is back
to minimax (a person who plays otherwise gets the safe assumption).

While it expects the designer's AI, a leaf is the game played out to its end (that AI's
favourite for it, our top candidate for us), the final piece difference first.

Ties are broken by the decision's seeded rng, so two games with different seeds differ
while the same seed replays the same game: the root's candidates of equal designer value
are shuffled before they are ranked (the opening has many equally safe cells), and the
move is drawn among those whose searched value is within ``spread`` of the best (a
small fraction of one cell's safety, far below a piece).

``Budget.seconds`` is a hard limit: the search deepens one placement at a time and keeps
the best move of the deepest search it finished.
"""

from __future__ import annotations

import random
import time
from operator import itemgetter
from typing import Any

from agents.core import Agent, Budget, Decision
from agents.core.deadline import Deadline
from agents.octagon.greedy import WeightedGreedyAgent
from agents.octagon.scan import Valued, favourites, scan
from agents.search.thinking import OWN_SCALE
from games.octagon.moves import Move, move_table, move_to_text
from games.octagon.pieces import SPECS
from games.octagon.state import OctagonState

#: A piece on the board is worth this much more than any tie-break term.
PIECE = 1000.0
#: Opponent models: "" searches minimax (the opponent's best reply among its
#: candidates); "greedy" expects the designer's AI (octagon-greedy's defaults); "auto"
#: expects it while the opponent's recent placements were all that AI's favourites.
MODELS = ("", "greedy", "auto")
#: Tied favourites of the modelled opponent averaged at most.
TIES = 3
#: The share of ``Budget.seconds`` the search may use (the rest builds the answer).
TIME_SHARE = 0.8
#: A limited piece still in hand, in the leaf value (a 2-, 4- or 8-piece).
IN_HAND = {2: 3.0, 4: 5.0, 8: 8.0}


class OutOfTime(Exception):
    pass


class Search:
    def __init__(
        self,
        agent: BestAgent,
        me: int,
        deadline: Deadline,
        model: WeightedGreedyAgent | None = None,
    ) -> None:
        self.agent = agent
        self.me = me
        self.deadline = deadline
        self.nodes = 0
        self.greedy = WeightedGreedyAgent(economy=False)
        #: The opponent's model: None for minimax (its best reply among the candidates),
        #: else the designer's AI with its own settings.
        self.model = model

    def valued(self, state: OctagonState) -> list[Valued]:
        """Every placement of the seat to move with its designer value, in scan order
        (our own limited pieces held back as ``hoard`` says)."""
        greedy = self.greedy
        seat = state.current()
        kill = greedy.kill_value(state)
        found = scan(state, seat, kill, greedy.push)
        hoard = self.agent.hoard
        if hoard and seat == self.me and state.placements_left() > hoard:
            best_single = max(v for v, _, spec in found if SPECS[spec][0] == 1)
            threshold = best_single + kill
            found = [x for x in found if SPECS[x[2]][0] == 1 or x[0] >= threshold]
        return found

    def top(self, state: OctagonState) -> Move:
        """``candidates(state)[0]``: the first placement of the best value in scan order,
        found in one pass: a playout asks at every placement of its own, and sorting all
        placements to keep one took about a fifth of a game against the designer's AI."""
        _, cell, spec = max(self.valued(state), key=itemgetter(0))  # first of equals
        return move_table(state.geometry)[cell][spec]

    def candidates(self, state: OctagonState, rng: random.Random | None = None) -> list[Move]:
        """The ``width`` best placements for the seat to move, by the designer's value
        (placements of equal value in an order ``rng`` shuffles, if given)."""
        scored = self.valued(state)
        if rng is not None:
            rng.shuffle(scored)
        scored.sort(key=lambda x: -x[0])  # stable: equal values keep the order above
        table = move_table(state.geometry)
        per_cell: dict[int, int] = {}
        found: list[Move] = []
        for _, cell, spec in scored:
            if per_cell.get(cell, 0) >= self.agent.per_cell:
                continue
            per_cell[cell] = per_cell.get(cell, 0) + 1
            found.append(table[cell][spec])
            if len(found) >= self.agent.width:
                break
        return found

    def leaf(self, state: OctagonState) -> float:
        me, other = self.me, 1 - self.me
        counts = state.counts
        value = PIECE * (counts[me] - counts[other])
        if state.over:
            return value
        safety = state.geometry.safety
        board = state.board
        for cell, code in enumerate(board):
            if code:
                value += safety[cell] if (code & 1) == me else -safety[cell]
        stock = state.stock
        for kind, worth in IN_HAND.items():
            value += worth * (stock[me][kind] - stock[other][kind])
        return value

    def played_out(self, state: OctagonState) -> float:
        """A leaf against the modelled opponent: the game played to its end, the model
        replying with its first favourite and this seat with its top candidate, the
        final piece difference first; the leaf's own value breaks ties (the playout is
        only a sketch of the rest, so the position it starts from still counts)."""
        here = self.leaf(state) - PIECE * (state.counts[self.me] - state.counts[1 - self.me])
        tokens = []
        while not state.over:
            if self.deadline.passed():
                for token in reversed(tokens):
                    state.unmake_move(token)
                raise OutOfTime
            if state.current() == self.me and not self.agent.playout_economy:
                move = self.top(state)
            else:
                move = expected(self.model, state)[0]
            tokens.append(state.make_move(move))
        final = state.counts[self.me] - state.counts[1 - self.me]
        for token in reversed(tokens):
            state.unmake_move(token)
        return PIECE * final + here

    def value(self, state: OctagonState, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.deadline.passed():
            raise OutOfTime
        if depth == 0 or state.over:
            if self.model is not None and self.agent.playout and not state.over:
                return self.played_out(state)
            return self.leaf(state)
        maximising = state.current() == self.me
        if not maximising and self.model is not None:
            return self.modelled(state, depth)
        best = -float("inf") if maximising else float("inf")
        for move in self.candidates(state):
            token = state.make_move(move)
            try:
                v = self.value(state, depth - 1, alpha, beta)
            finally:
                state.unmake_move(token)
            if maximising:
                if v > best:
                    best = v
                alpha = max(alpha, v)
            else:
                if v < best:
                    best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def modelled(self, state: OctagonState, depth: int) -> float:
        """The opponent as the designer's AI plays: the mean over its tied favourites
        (at most ``TIES`` of them, spread over the tie), with no pruning through it."""
        tied = expected(self.model, state)
        picks = tied[:: max(1, len(tied) // TIES)][:TIES]
        total = 0.0
        for move in picks:
            token = state.make_move(move)
            try:
                total += self.value(state, depth - 1, -float("inf"), float("inf"))
            finally:
                state.unmake_move(token)
        return total / len(picks)

    def root(self, state: OctagonState, moves: list[Move], depth: int) -> list[tuple[float, Move]]:
        rated = []
        alpha = -float("inf")
        for move in moves:
            token = state.make_move(move)
            try:
                v = self.value(state, depth - 1, alpha, float("inf"))
            finally:
                state.unmake_move(token)
            rated.append((v, move))
            # Below a modelled opponent are expectation nodes: a bound from a sibling
            # says nothing about them, so only minimax narrows the window.
            if self.model is None:
                alpha = max(alpha, v)
        return rated


def expected(model: WeightedGreedyAgent, state: OctagonState) -> list[Move]:
    """The placements ``model`` (the designer's AI) draws from for the seat to move."""
    return favourites(state, model.kill_value(state), model.push)


def plays_like(model: WeightedGreedyAgent, state: OctagonState, seat: int, last: int) -> bool:
    """Whether ``seat``'s last ``last`` placements (at least one) were each one of the
    model's favourites. Replays the game's own history from its start; a position that
    was set up rather than played lacks the placements before it, so the answer is no."""
    events = state.history()
    if len(events) != state.made:
        return False
    picked = [k for k, (actor, _) in enumerate(events) if actor == seat][-last:]
    if not picked:
        return False
    replay = state.game.new_state(2, state.options)
    for k, (_, move) in enumerate(events[: picked[-1] + 1]):
        if k in picked and move not in expected(model, replay):
            return False
        replay.make_move(move)
    return True


class BestAgent(Agent):
    name = "octagon-best"
    description = (
        "Our strongest Octagon player: alpha-beta a few placements deep over the "
        "designer's best candidates, to the end of the game in the last placements; "
        "expects the designer's AI's reply once the opponent plays like it."
    )
    games = ("octagon",)
    params = {
        "depth": 2,
        "width": 8,
        "per_cell": 1,
        "endgame_depth": 6,
        "opponent": "auto",
        "recognise": 4,
        "spread": 1.0,
        "playout": True,
        "playout_economy": False,
        "hoard": 14,
    }
    limits = {
        "depth": (1, 30),
        "width": (1, 1000),
        "per_cell": (1, 15),
        "endgame_depth": (0, 30),
        "recognise": (1, 30),
        "spread": (0.0, 1000.0),
        "hoard": (0, 500),
    }
    budget_note = "depth placements of alpha-beta; seconds is a hard stop (deepens in steps)"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        if self.opponent not in MODELS:
            raise ValueError(
                "agent 'octagon-best': opponent must be one of "
                f"{', '.join(map(repr, MODELS))}, not {self.opponent!r}"
            )

    def model_for(self, state: OctagonState, seat: int) -> WeightedGreedyAgent | None:
        """The opponent's model for this decision, or None to assume its best reply."""
        if not self.opponent:
            return None
        model = WeightedGreedyAgent()
        if self.opponent == "auto" and not plays_like(model, state, 1 - seat, self.recognise):
            return None
        return model

    def act(self, state: OctagonState, seat: int, budget: Budget, rng: random.Random) -> Decision:
        started = time.perf_counter()
        deadline = Deadline.of(budget, TIME_SHARE)
        work = state.clone()
        model = self.model_for(work, seat)
        search = Search(self, seat, deadline, model)
        moves = search.candidates(work, rng)
        left = work.placements_left()
        target = self.depth
        if self.endgame_depth and left <= self.endgame_depth:
            target = left
        best_rated: list[tuple[float, Move]] = [(0.0, moves[0])]
        reached = 0
        # Deepening one placement at a time orders the moves for alpha-beta's cuts; the
        # modelled opponent's expectation nodes cut nothing, so there only one shallow
        # search (an answer should time run out) precedes the full one.
        depths = range(1, target + 1) if model is None else sorted({1, target})
        for depth in depths:
            try:
                rated = search.root(work, moves, depth)
            except OutOfTime:
                break
            # Stable: equal values keep the (shuffled) candidate order.
            best_rated = sorted(rated, key=lambda r: -r[0])
            moves = [m for _, m in best_rated]
            reached = depth
        top = best_rated[0][0]
        near = [m for v, m in best_rated if v >= top - self.spread]
        chosen = rng.choice(near)
        thinking: dict[str, Any] = {
            "algorithm": self.name,
            # A margin of pieces at the search's horizon, not a chance of winning.
            "scale": OWN_SCALE,
            "opponent": "designer's AI" if model is not None else "best reply",
            "depth": reached,
            "nodes": search.nodes,
            "equal_best": len(near),
            "seconds": round(time.perf_counter() - started, 4),
            "moves": [{"move": move_to_text(m), "value": round(v, 2)} for v, m in best_rated[:10]],
        }
        return Decision(chosen, thinking, {"nodes": search.nodes, "depth": reached})
