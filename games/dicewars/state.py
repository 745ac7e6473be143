"""A Dice Wars position and how events change it (docs/games/dicewars.md).

Node sequence: the setup (chance: a map seed) → the current player attacks ("a>b",
then a chance node rolls the battle) as often as they like → "end" → reinforcement
(chance: where the dice went) → the next player who still owns a territory.

Two ways to play a game, giving the same games from the same seeds (tested):
- the clean path of the contract: ``apply`` (a new state each event, every event
  checked) with ``legal_moves``/``sample_chance``;
- the fast path for search and bulk simulation: ``push(event)`` applies an event in
  place without checking it and ``pop()`` takes it back; ``attack_count()`` and
  ``move_at(i)`` give the legal moves without building a list.

Territory sets are int bit masks (see board.py); ``strong`` marks territories with at
least 2 dice, so the legal attacks of the mover are a few ANDs away.
"""

from __future__ import annotations

import random
from typing import Any

from games.core import CHANCE, TERMINAL, IllegalMove, Outcome, State
from games.dicewars import battle, reinforcement
from games.dicewars.board import Board, bits
from games.dicewars.moves import (
    ATTACKS,
    END_TURN,
    MAP_SEED,
    REINFORCEMENT,
    SEED_LIMIT,
    is_attack,
    parse_map,
    parse_move,
    parse_reinforcement,
    parse_roll,
    to_text,
)
from games.dicewars.phases import ATTACK, BATTLE, OVER, REINFORCE, SETUP
from games.dicewars.regions import largest_region
from games.dicewars.setup import set_up
from games.dicewars.standings import leader, placings
from games.dicewars.view import observe

# What push() remembers so that pop() can take an event back.
_UNDO_SETUP, _UNDO_DECLARE, _UNDO_FIGHT, _UNDO_END, _UNDO_REINFORCE = range(5)


class DiceWarsState(State):
    """One Dice Wars game. Public fields (read them, change them only through events):

    ``board`` (None before the setup), ``owner[t]`` and ``dice[t]`` per territory,
    ``own[seat]`` the seat's territories as a mask, ``reserve[seat]``, ``order`` (seats
    in play order), ``mover`` (whose turn it is), ``turn`` (1 for the first turn),
    ``eliminated`` (seats knocked out, first one first), ``winner``, ``source`` and
    ``target`` of a declared attack, ``pool`` (dice to hand out while reinforcing),
    ``last`` and ``last_battle`` (the previous event and the latest battle as tuples;
    see narration.event_text and view.py for their fields)."""

    __slots__ = (
        "game",
        "num_players",
        "options",
        "max_turns",
        "cap_rule",
        "map_seed",
        "board",
        "owner",
        "dice",
        "own",
        "strong",
        "open_attacks",
        "reserve",
        "order",
        "mover",
        "turn",
        "phase",
        "source",
        "target",
        "pool",
        "eliminated",
        "winner",
        "capped",
        "last",
        "last_battle",
        "_undo",
        "_hist",
        "_ply",
        "_position",
    )

    def __init__(self, game, num_players: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.max_turns: int = options["max_turns"]
        self.cap_rule: str = options["reserve_cap"]
        self.map_seed: int | None = None
        self.board: Board | None = None
        self.owner: list[int] = []
        self.dice: list[int] = []
        self.own = [0] * num_players
        self.strong = 0
        self.open_attacks = 0
        self.reserve = [0] * num_players
        self.order = list(range(num_players))
        self.mover = -1
        self.turn = 0
        self.phase = SETUP
        self.source = -1
        self.target = -1
        self.pool = 0
        self.eliminated: list[int] = []
        self.winner: int | None = None
        self.capped = False
        self.last: tuple | None = None
        self.last_battle: tuple | None = None
        self._undo: list[tuple] = []
        self._hist = None
        self._ply = 0
        self._position = None

    # ----- nodes -------------------------------------------------------------------------

    def current(self) -> int:
        phase = self.phase
        if phase == ATTACK:
            return self.mover
        return TERMINAL if phase == OVER else CHANCE

    def legal_moves(self, seat: int) -> list[Any]:
        """The mover's attacks by (source, target) in increasing order, then END_TURN."""
        if self.phase != ATTACK or seat != self.mover:
            return []
        moves = self.attacks()
        moves.append(END_TURN)
        return moves

    def attacks(self) -> list[tuple[int, int]]:
        """The mover's legal attacks, ordered by source then target."""
        own = self.own[self.mover]
        adjacent = self.board.adjacent
        found = []
        sources = own & self.strong
        while sources:
            low = sources & -sources
            sources ^= low
            a = low.bit_length() - 1
            row = ATTACKS[a]
            targets = adjacent[a] & ~own
            while targets:
                bit = targets & -targets
                targets ^= bit
                found.append(row[bit.bit_length() - 1])
        return found

    def attack_count(self) -> int:
        """How many attacks the mover has (legal_moves() has one more: END_TURN); kept
        up to date by every battle rather than counted."""
        return self.open_attacks if self.phase == ATTACK else 0

    def count_attacks(self) -> int:
        """The mover's attacks counted afresh (what ``open_attacks`` must always equal)."""
        own = self.own[self.mover]
        adjacent = self.board.adjacent
        count = 0
        sources = own & self.strong
        while sources:
            low = sources & -sources
            sources ^= low
            count += (adjacent[low.bit_length() - 1] & ~own).bit_count()
        return count

    def move_at(self, index: int) -> Any:
        """``legal_moves(mover)[index]`` without building the list."""
        if index >= self.open_attacks:
            return END_TURN
        own = self.own[self.mover]
        adjacent = self.board.adjacent
        sources = own & self.strong
        while sources:
            low = sources & -sources
            sources ^= low
            a = low.bit_length() - 1
            targets = adjacent[a] & ~own
            count = targets.bit_count()
            if index < count:
                for _ in range(index):
                    targets &= targets - 1
                return ATTACKS[a][(targets & -targets).bit_length() - 1]
            index -= count
        return END_TURN

    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        """At a battle: one winning and one losing roll with their exact chances (only
        won/lost changes the position). At a reinforcement: the single outcome when the
        dice have only one way to go, else None. At the setup: None (2**32 seeds)."""
        phase = self.phase
        if phase == BATTLE:
            return battle.representative_rolls(self.dice[self.source], self.dice[self.target])
        if phase == REINFORCE:
            forced = reinforcement.forced(self.pool, self._territories(self.mover), self.dice)
            if forced is not None:
                return [((REINFORCEMENT, forced), 1.0)]
        return None

    def sample_chance(self, rng: random.Random) -> Any:
        phase = self.phase
        if phase == BATTLE:
            draw = rng.random
            return (
                battle.roll(draw, self.dice[self.source]),
                battle.roll(draw, self.dice[self.target]),
            )
        if phase == REINFORCE:
            placements = reinforcement.sample(
                rng.random, self.pool, self._territories(self.mover), self.dice
            )
            return (REINFORCEMENT, placements)
        if phase == SETUP:
            return (MAP_SEED, rng.getrandbits(32))
        raise IllegalMove("no chance event is due")

    # ----- checking ----------------------------------------------------------------------

    def _check_move(self, seat: int, move: Any) -> None:
        if self.phase != ATTACK or seat != self.mover:
            raise IllegalMove(f"it is not seat {seat}'s turn")
        if type(move) is str and move == END_TURN:
            return
        if not is_attack(move):
            raise IllegalMove(f"{move!r} is not a Dice Wars move (END_TURN or (source, target))")
        a, b = move
        size = self.board.size
        if not (0 <= a < size and 0 <= b < size):
            raise IllegalMove(f"there is no territory {a if not 0 <= a < size else b}")
        own = self.own[seat]
        if not own >> a & 1:
            raise IllegalMove(f"territory {a} is not yours")
        if self.dice[a] < 2:
            raise IllegalMove(f"territory {a} has only 1 die and cannot attack")
        if own >> b & 1:
            raise IllegalMove(f"territory {b} is already yours")
        if not self.board.adjacent[a] >> b & 1:
            raise IllegalMove(f"territory {b} does not border territory {a}")

    def _check_chance(self, outcome: Any) -> None:
        phase = self.phase
        if phase == BATTLE:
            if not (
                type(outcome) is tuple
                and len(outcome) == 2
                and battle.is_roll(outcome[0], self.dice[self.source])
                and battle.is_roll(outcome[1], self.dice[self.target])
            ):
                raise IllegalMove(
                    f"{outcome!r} is not a roll of {self.dice[self.source]} attacking and "
                    f"{self.dice[self.target]} defending dice"
                )
            return
        if phase == REINFORCE:
            if type(outcome) is not tuple or len(outcome) != 2 or outcome[0] != REINFORCEMENT:
                raise IllegalMove(f"{outcome!r} is not a reinforcement")
            mine = frozenset(self._territories(self.mover))
            problem = reinforcement.problem(outcome[1], self.pool, mine, self.dice)
            if problem:
                raise IllegalMove(problem)
            return
        if phase == SETUP:
            if not (
                type(outcome) is tuple
                and len(outcome) == 2
                and outcome[0] == MAP_SEED
                and type(outcome[1]) is int
                and 0 <= outcome[1] < SEED_LIMIT
            ):
                raise IllegalMove(f"{outcome!r} is not a map seed ('map', 0..2**32-1)")
            return
        raise IllegalMove("no chance event is due")

    # ----- events ------------------------------------------------------------------------

    def _apply(self, actor: int, move: Any) -> None:
        # Remembered like a push, so pop() also takes back apply_in_place (and, on the
        # copy apply() returns, the one event that made it).
        self._undo.append(self._do(move))

    def push(self, event: Any) -> None:
        """Fast path: apply ``event`` (a move or chance outcome due at this node) in place,
        WITHOUT checking it, and remember how to take it back with pop()."""
        phase = self.phase
        # The dispatch of _do, repeated here: this is the hot loop of every simulation.
        if phase == BATTLE:
            self._undo.append(self._fight(event))
            actor = CHANCE
        elif phase == ATTACK:
            actor = self.mover
            if type(event) is str:
                self._undo.append(self._end_turn())
            else:
                self._undo.append(self._declare(event))
        else:
            self._undo.append(self._do(event))
            actor = CHANCE
        self._hist = (self._hist, (actor, event))
        self._ply += 1

    def pop(self) -> Any:
        """Take back the last event applied to this object (push, apply_in_place) and
        return it; IndexError when there is none (a clone starts with none)."""
        undo = self._undo.pop()
        self._hist, (_, event) = self._hist
        self._ply -= 1
        kind = undo[0]
        if kind == _UNDO_FIGHT:
            self._unfight(undo)
        elif kind == _UNDO_DECLARE:
            _, self.mover, self.last = undo
            self.phase = ATTACK
            self.source = self.target = -1
        elif kind == _UNDO_END:
            _, self.mover, self.last, self.pool = undo
            self.phase = ATTACK
        elif kind == _UNDO_REINFORCE:
            self._unreinforce(undo)
        else:
            self._unset_up()
        return event

    def _do(self, event: Any) -> tuple:
        phase = self.phase
        if phase == BATTLE:
            return self._fight(event)
        if phase == ATTACK:
            if type(event) is str:
                return self._end_turn()
            return self._declare(event)
        if phase == REINFORCE:
            return self._reinforce(event[1])
        return self._set_up(event[1])

    def _set_up(self, seed: int) -> tuple:
        setup = set_up(seed, self.num_players, self.options["map_style"])
        self.map_seed = seed
        self.board = setup.board
        self.owner = setup.owner
        self.dice = setup.dice
        self.order = setup.order
        self._derive_masks()
        self.mover = self.order[0]
        self.open_attacks = self.count_attacks()
        self.turn = 1
        self.phase = ATTACK
        self.last = ("setup", seed)
        return (_UNDO_SETUP,)

    def _unset_up(self) -> None:
        n = self.num_players
        self.map_seed = self.board = None
        self.owner, self.dice, self.own, self.strong = [], [], [0] * n, 0
        self.open_attacks = 0
        self.order, self.mover, self.turn, self.phase = list(range(n)), -1, 0, SETUP
        self.last = None

    def _declare(self, move: tuple[int, int]) -> tuple:
        undo = (_UNDO_DECLARE, self.mover, self.last)
        self.source, self.target = move
        self.phase = BATTLE
        self.last = ("attack", self.mover, move[0], move[1])
        return undo

    def _fight(self, rolled: tuple) -> tuple:
        attacker, defender_roll = rolled
        a, b = self.source, self.target
        dice, owner = self.dice, self.owner
        seat = self.mover
        attacking, defending = dice[a], dice[b]
        defender = owner[b]
        undo = (
            _UNDO_FIGHT, a, b, attacking, defending, self.strong, self.open_attacks,
            self.last, self.last_battle,
        )  # fmt: skip
        won = sum(attacker) > sum(defender_roll)
        adjacent = self.board.adjacent
        own = self.own
        mine = own[seat]
        # Win or lose, the attacking dice are spent: one stays behind, and the source
        # leaves the mover's attacks.
        dice[a] = 1
        strong = self.strong & ~(1 << a)
        attacks = self.open_attacks - (adjacent[a] & ~mine).bit_count()
        if won:
            bit = 1 << b
            owner[b] = seat
            mine |= bit
            own[seat] = mine
            own[defender] &= ~bit
            dice[b] = attacking - 1
            # The target stops being a target of the mover's other strong territories
            # and, with 2 dice or more, becomes a source itself.
            attacks -= (adjacent[b] & mine & strong).bit_count()
            if attacking > 2:
                strong |= bit
                attacks += (adjacent[b] & ~mine).bit_count()
            else:
                strong &= ~bit
            if not own[defender]:
                self.eliminated.append(defender)
            if mine == self.board.everything:
                self.winner = seat
        self.strong = strong
        self.open_attacks = attacks
        self.phase = OVER if self.winner is not None else ATTACK
        self.source = self.target = -1
        self.last = self.last_battle = (
            "battle", seat, a, b, defender, attacker, defender_roll, won
        )  # fmt: skip
        return undo

    def _unfight(self, undo: tuple) -> None:
        _, a, b, attacking, defending, self.strong, self.open_attacks, self.last, before = undo
        won = self.last_battle[7]
        defender = self.last_battle[4]
        seat = self.mover
        if won:
            bit = 1 << b
            self.owner[b] = defender
            self.own[seat] &= ~bit
            if not self.own[defender]:
                self.eliminated.pop()
            self.own[defender] |= bit
        self.dice[a], self.dice[b] = attacking, defending
        self.last_battle = before
        self.winner = None
        self.phase = BATTLE
        self.source, self.target = a, b

    def _end_turn(self) -> tuple:
        undo = (_UNDO_END, self.mover, self.last, self.pool)
        seat = self.mover
        score = largest_region(self.own[seat], self.board.adjacent)
        self.pool = reinforcement.pool_size(self.reserve[seat], score, self.cap_rule)
        self.phase = REINFORCE
        self.last = ("end", seat)
        return undo

    def _reinforce(self, placements: tuple[tuple[int, int], ...]) -> tuple:
        seat = self.mover
        undo = (
            _UNDO_REINFORCE, placements, self.reserve[seat], seat, self.turn, self.strong,
            self.open_attacks, self.last, self.pool,
        )  # fmt: skip
        dice = self.dice
        strong = self.strong
        placed = 0
        for t, n in placements:
            dice[t] += n
            placed += n
            strong |= 1 << t  # every reinforced territory now has at least 2 dice
        self.strong = strong
        reserve = reinforcement.new_reserve(self.pool, placed)
        self.reserve[seat] = reserve
        self.last = ("reinforce", seat, placements, reserve)
        if self.turn >= self.max_turns:
            # The safety cap: rank the survivors by territories, then dice.
            self.capped = True
            self.phase = OVER
            self.winner = leader(self.own, dice, self.eliminated)
        else:
            self.turn += 1
            self.mover = self._next_player(seat)
            self.phase = ATTACK
            self.open_attacks = self.count_attacks()
        return undo

    def _unreinforce(self, undo: tuple) -> None:
        (
            _,
            placements,
            reserve,
            seat,
            self.turn,
            self.strong,
            self.open_attacks,
            self.last,
            self.pool,
        ) = undo
        for t, n in placements:
            self.dice[t] -= n
        self.reserve[seat] = reserve
        self.mover = seat
        self.capped = False
        self.winner = None
        self.phase = REINFORCE

    def _next_player(self, seat: int) -> int:
        order = self.order
        n = len(order)
        i = order.index(seat)
        for step in range(1, n + 1):
            other = order[(i + step) % n]
            if self.own[other]:
                return other
        return seat

    def _derive_masks(self) -> None:
        own = [0] * self.num_players
        strong = 0
        for t, (seat, d) in enumerate(zip(self.owner, self.dice, strict=True)):
            own[seat] |= 1 << t
            if d >= 2:
                strong |= 1 << t
        self.own = own
        self.strong = strong

    def _territories(self, seat: int) -> list[int]:
        return bits(self.own[seat])

    # ----- results -----------------------------------------------------------------------

    def returns(self) -> tuple[float, ...]:
        """+1 the winner, -1 everyone else; at the turn cap with the best tied, the tied
        leaders get 0. Zeros before the end."""
        n = self.num_players
        if self.phase != OVER:
            return (0.0,) * n
        if self.winner is not None:
            return tuple(1.0 if seat == self.winner else -1.0 for seat in range(n))
        ranks = self.ranks()
        return tuple(0.0 if rank == 1 else -1.0 for rank in ranks)

    def ranks(self) -> tuple[int, ...]:
        return placings(self.own, self.dice, self.eliminated)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if self.capped:
            reason = f"turn cap ({self.max_turns} turns): ranked by territories, then dice"
        else:
            reason = f"seat {self.winner} conquers every territory"
        return Outcome(returns=self.returns(), ranks=self.ranks(), reason=reason)

    # ----- views and text ----------------------------------------------------------------

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        return observe(self, seat)

    def move_to_str(self, move: Any) -> str:
        return to_text(move)

    def str_to_move(self, text: str) -> Any:
        phase = self.phase
        if phase == ATTACK:
            return parse_move(text)
        if phase == BATTLE:
            return parse_roll(text)
        if phase == REINFORCE:
            return parse_reinforcement(text)
        if phase == SETUP:
            return parse_map(text)
        raise IllegalMove("the game is over")

    def clone(self) -> DiceWarsState:
        other = DiceWarsState.__new__(DiceWarsState)
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other.max_turns = self.max_turns
        other.cap_rule = self.cap_rule
        other.map_seed = self.map_seed
        other.board = self.board
        other.owner = self.owner[:]
        other.dice = self.dice[:]
        other.own = self.own[:]
        other.strong = self.strong
        other.open_attacks = self.open_attacks
        other.reserve = self.reserve[:]
        other.order = self.order
        other.mover = self.mover
        other.turn = self.turn
        other.phase = self.phase
        other.source = self.source
        other.target = self.target
        other.pool = self.pool
        other.eliminated = self.eliminated[:]
        other.winner = self.winner
        other.capped = self.capped
        other.last = self.last
        other.last_battle = self.last_battle
        other._undo = []
        other._hist = self._hist
        other._ply = self._ply
        other._position = self._position
        return other
