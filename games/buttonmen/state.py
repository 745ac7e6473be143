"""A Button Men match as an engine state (docs/games/buttonmen.md).

Phases, in the order a round meets them::

    fighters (chance, only if a fighter is drawn at random)
    auxiliary (SIMULTANEOUS, once a match, only with Auxiliary dice: play them or not)
    swing    (SIMULTANEOUS when both seats choose; one seat when only the loser does)
    roll     (chance: every die of both seats)
    coin     (chance, only when initiative is a full tie)
    focus    (only with Focus dice: the seat without the initiative may turn them down)
    play     (a seat attacks or passes)  ->  turbo (only when Turbo dice attacked: the
             attacker sizes them)  ->  reroll (chance: the attacking dice)  ->  play
    over

The state is compact so ``clone`` is cheap: per seat, dice are tuples indexed by slot
(the die's place in the recipe) and the dice in play are a bit mask.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from games.buttonmen import describe
from games.buttonmen.describe import LastEvent, scene
from games.buttonmen.dice import (
    auxiliary_offer,
    auxiliary_result,
    choice_moves,
    has_choice,
    is_classic,
    layout,
    mood_sizes,
    poison_mask,
    resized_parts,
    skill_mask,
    turbo_sizes,
)
from games.buttonmen.fighters import FIGHTERS as RECIPES
from games.buttonmen.fighters import NAMES, SWING, SWING_SIZES
from games.buttonmen.moves import (
    COIN_KIND,
    FIGHTERS_KIND,
    REROLL_KIND,
    ROLL_KIND,
    SWING_KIND,
    move_to_text,
    parse_move,
    parse_outcome,
)
from games.buttonmen.rules import (
    AUXILIARY_KIND,
    DECLINE,
    EXACT_OUTCOMES,
    FOCUS_KIND,
    MAX_ROUNDS,
    PASS,
    PASS_KIND,
    SLOTS,
    SURRENDER,
    SURRENDER_KIND,
    TAKE,
    TRIP,
    TURBO_KIND,
    attacks,
    attacks_with_shadow,
    attacks_with_stinger,
    initiative,
    poison_score_x2,
    round_winner,
    rush_attacks,
    score_x2,
    speed_attacks,
    trip_attacks,
)
from games.core import CHANCE, SIMULTANEOUS, TERMINAL, IllegalMove, Outcome, State

FIGHTERS, AUXILIARY, SWING_PHASE, ROLL, COIN, FOCUS, PLAY, TURBO, REROLL, OVER = (
    "fighters",
    "auxiliary",
    "swing",
    "roll",
    "coin",
    "focus",
    "play",
    "turbo",
    "reroll",
    "over",
)
PHASES = (FIGHTERS, AUXILIARY, SWING_PHASE, ROLL, COIN, FOCUS, PLAY, TURBO, REROLL, OVER)
_DECIDING_PHASES = frozenset((FOCUS, PLAY, TURBO))
_CHANCE_PHASES = frozenset((FIGHTERS, ROLL, COIN, REROLL))

SWING_MOVES: tuple[tuple[str, int], ...] = tuple((SWING_KIND, n) for n in SWING_SIZES)
#: Not to play the Auxiliary dice, or to play them (if the other seat wants them too).
AUXILIARY_MOVES: tuple[tuple[str, int], ...] = ((AUXILIARY_KIND, 0), (AUXILIARY_KIND, 1))
#: The skills a state keeps as a mask of slots per seat: (attribute, skill letter).
SKILL_MASKS = (
    ("shadow", "s"),
    ("speed", "z"),
    ("focus", "f"),
    ("stinger", "g"),
    ("mood", "?"),
    ("trip", "t"),
    ("turbo", "!"),
    ("rush", "#"),
)


class ButtonMenState(State):
    """One Button Men match between seat 0 and seat 1."""

    __slots__ = (
        "options",
        "phase",
        "fighters",
        "recipes",
        "swing",
        "secret",
        "size",
        "value",
        "swing_slots",
        "parts",
        "classic",
        "poison",
        "shadow",
        "speed",
        "focus",
        "stinger",
        "mood",
        "trip",
        "turbo",
        "rush",
        "dizzy",
        "focusing",
        "alive",
        "captured",
        "turn",
        "passes",
        "pending",
        "tripping",
        "turbo_left",
        "choosers",
        "round",
        "round_wins",
        "results",
        "winner",
        "last",
        "_legal",
        "_undo",
        "_hist",
        "_ply",
        "_position",
    )

    num_players = 2

    def __init__(self, game, options: dict[str, Any]) -> None:
        self.game = game
        self.options = options
        self.phase = FIGHTERS
        self.fighters: list[str | None] = [None, None]
        self.recipes: list[tuple | None] = [None, None]
        # The seat's choice: the size every X die has (a classic recipe), or the values
        # of a choice move (games.buttonmen.dice) for any other recipe.
        self.swing: list[int | tuple[int, ...] | None] = [None, None]
        self.secret = [False, False]  # chosen but not yet revealed by the roll
        self.size: list[tuple[int, ...]] = [(), ()]  # by slot; 0 = swing size unknown
        self.value: list[tuple[int, ...]] = [(), ()]  # by slot; 0 = not rolled yet
        self.swing_slots = [0, 0]  # mask of the slots whose size the owner chooses
        self.parts: list[tuple | None] = [None, None]  # by slot, the sizes a twin die rolls
        self.classic = [True, True]  # only plain and X dice (games.buttonmen.dice)
        self.poison = [0, 0]  # mask of the slots that are Poison dice (they score negative)
        self.shadow = [0, 0]  # mask of the slots that are Shadow dice (shadow attacks)
        self.speed = [0, 0]  # mask of the slots that are Speed dice (speed attacks)
        self.focus = [0, 0]  # mask of the slots that are Focus dice (turned down for initiative)
        self.stinger = [0, 0]  # mask of Stinger dice (wider skill attacks, no initiative)
        self.mood = [0, 0]  # mask of Mood swing dice (a random size at each reroll)
        self.trip = [0, 0]  # mask of Trip dice (trip attacks, no initiative)
        self.turbo = [0, 0]  # mask of Turbo dice (resized by their owner after attacking)
        self.rush = [0, 0]  # mask of Rush dice (rush attacks by them and on them)
        self.dizzy = [0, 0]  # mask of Focus dice turned down: no attack on the first turn
        self.focusing = False  # the focus phase's seat has turned a die down (may not decline)
        self.alive = [0, 0]  # mask of the slots still in play
        self.captured: list[tuple[tuple[int, bool], ...]] = [(), ()]  # (size, was swing)
        self.turn: int | None = None  # seat to attack or pass; the attacker while rerolling
        self.passes = 0  # passes in a row
        self.pending: tuple[int, ...] = ()  # attacking slots waiting for their reroll
        self.tripping: int | None = None  # the foe's die a trip attack rerolls with them
        self.turbo_left: tuple[int, ...] = ()  # attacking Turbo dice still to be sized
        self.choosers: tuple[int, ...] = ()  # seats choosing a swing size now
        self.round = 1
        self.round_wins = [0, 0]
        self.results: tuple[tuple[int | None, int, int], ...] = ()  # (winner, 2*score0, 2*score1)
        self.winner: int | None = None
        self.last: LastEvent | dict[str, Any] | None = None  # a dict when read from a view
        self._legal: list | None = None  # legal moves of this node, kept until it changes
        self._undo: tuple | None = None
        self._hist = None
        self._ply = 0
        self._position = None

    # ----- setup ---------------------------------------------------------------------

    def set_fighters(self, names: list[str | None], recipes: list[tuple]) -> None:
        """Seat the two fighters and open round 1 (both swing seats choose), or first
        the auxiliary phase when either has Auxiliary dice."""
        self.fighters = list(names)
        offered = auxiliary_offer(list(recipes))
        if offered is not None:
            # Both seats decide on the Auxiliary dice (the courtesy copies included)
            # before anything else; the recipes are final after that.
            self.recipes = offered
            self.classic = [False, False]
            self.choosers = (0, 1)
            self.phase = AUXILIARY
            return
        self._seat(names, [auxiliary_result(r, False) for r in recipes])

    def _seat(self, names: list[str | None], recipes: list[tuple]) -> None:
        """The recipes the match is played with: open round 1."""
        self.recipes = list(recipes)
        self.read_recipes()
        self._start_round(tuple(s for s in (0, 1) if has_choice(recipes[s])))

    def read_recipes(self) -> None:
        """What follows from the recipes alone: whether each is classic, and each skill's
        mask of slots (a saved view is read back the same way)."""
        self.classic = [is_classic(r) for r in self.recipes]
        self.poison = [poison_mask(r) for r in self.recipes]
        for attribute, letter in SKILL_MASKS:
            setattr(self, attribute, [skill_mask(r, letter) for r in self.recipes])

    def _start_round(self, choosers: tuple[int, ...]) -> None:
        for seat in (0, 1):
            recipe = self.recipes[seat]
            self.value[seat] = (0,) * len(recipe)
            self.alive[seat] = (1 << len(recipe)) - 1
            if self.classic[seat]:
                swing = self.swing[seat] or 0
                self.size[seat] = tuple(swing if die == SWING else die for die in recipe)
                self.swing_slots[seat] = sum(1 << i for i, d in enumerate(recipe) if d == SWING)
                self.parts[seat] = None
            else:
                self._lay_out(seat)
        self.captured = [(), ()]
        self.dizzy = [0, 0]
        self.focusing = False
        self.turn = None
        self.passes = 0
        self.pending = ()
        self.tripping = None
        self.turbo_left = ()
        self.choosers = choosers
        self.phase = SWING_PHASE if choosers else ROLL

    # ----- nodes ---------------------------------------------------------------------

    def current(self) -> int:
        phase = self.phase
        if phase in _DECIDING_PHASES:
            return self.turn  # type: ignore[return-value]
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase in (SWING_PHASE, AUXILIARY):
            return SIMULTANEOUS if len(self.choosers) > 1 else self.choosers[0]
        return TERMINAL

    def acting_seats(self) -> tuple[int, ...]:
        if self.phase in (SWING_PHASE, AUXILIARY):
            return self.choosers
        if self.phase in _DECIDING_PHASES:
            return (self.turn,)  # type: ignore[return-value]
        return ()

    def attacks_of(self, seat: int) -> list:
        """Every attack ``seat`` could make on the dice as they show now (its Shadow, Speed
        and Trip dice's own attacks included), as ``(kind, attackers, target)`` moves; a
        speed or rush attack's target is a tuple of slots; speed attacks, then rush
        attacks, then trip attacks come last."""
        foe = 1 - seat
        moves = self._single_target_attacks(seat)
        usable = self.alive[seat] & ~self.dizzy[seat]
        speed = self.speed[seat] & usable
        if speed:
            moves += speed_attacks(self.value[seat], speed, self.value[foe], self.alive[foe])
        if self.rush[seat] & usable or self.rush[foe] & self.alive[foe]:
            moves += rush_attacks(
                self.value[seat], usable, self.rush[seat],
                self.value[foe], self.alive[foe], self.rush[foe], speed,
            )  # fmt: skip
        trip = self.trip[seat] & usable
        if trip:
            highest = [self._highest_after_roll(seat, i) for i in range(len(self.value[seat]))]
            lowest = [self._min_value(foe, i) for i in range(len(self.value[foe]))]
            moves += trip_attacks(trip, highest, self.alive[foe], lowest)
        return moves

    def _highest_after_roll(self, seat: int, slot: int) -> int:
        """The most a die can show once rerolled: a Mood die may grow to its largest size,
        a Turbo die to the largest its owner may choose before the roll."""
        grows = self.mood[seat] | self.turbo[seat]
        if grows >> slot & 1:
            die = self.recipes[seat][slot]  # type: ignore[index]
            sizes = mood_sizes(die) if self.mood[seat] >> slot & 1 else turbo_sizes(die)
            return max(sum(resized_parts(die, n)) for n in sizes)
        return self.size[seat][slot]

    def _single_target_attacks(self, seat: int) -> list:
        foe = 1 - seat
        usable = self.alive[seat] & ~self.dizzy[seat]  # dizzy dice do not attack
        if not usable:
            return []
        if not (self.stinger[seat] or self.shadow[seat]):
            return attacks(self.value[seat], usable, self.value[foe], self.alive[foe])
        # The same dice and targets for both; Stinger adds each die's lowest value.
        dice = (
            self.value[seat], usable, self.value[foe], self.alive[foe],
            self.size[seat], self.shadow[seat],
        )  # fmt: skip
        if self.stinger[seat]:
            mins = [self._min_value(seat, i) for i in range(len(self.value[seat]))]
            return attacks_with_stinger(*dice, mins, self.stinger[seat])
        return attacks_with_shadow(*dice)

    def legal_moves(self, seat: int) -> list:
        if self.phase == PLAY and seat == self.turn:
            if self._legal is None:
                self._legal = self.attacks_of(seat) or [PASS]  # pass only with no attack
                if self.options.get("surrender"):
                    self._legal.append(SURRENDER)
            return list(self._legal)
        if self.phase == FOCUS and seat == self.turn:
            if self._legal is None:
                self._legal = self._focus_moves(seat)
            return list(self._legal)
        if self.phase == TURBO and seat == self.turn:
            # One Turbo die at a time, by slot: any size its owner could choose for it,
            # but for a trip attack one with which it can still capture (the site's rule).
            slot = self.turbo_left[0]
            die = self.recipes[seat][slot]  # type: ignore[index]
            low = 0 if self.tripping is None else self._min_value(1 - seat, self.tripping)
            return [
                (TURBO_KIND, slot, size)
                for size in turbo_sizes(die)
                if sum(resized_parts(die, size)) >= low
            ]
        if self.phase == AUXILIARY and seat in self.choosers:
            return list(AUXILIARY_MOVES)
        if self.phase == SWING_PHASE and seat in self.choosers:
            if self.classic[seat]:
                return list(SWING_MOVES)
            return list(choice_moves(self.recipes[seat]))
        return []

    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        phase = self.phase
        if phase == REROLL:
            rerolled = self._rerolled()
            if any(self.mood[s] >> i & 1 for s, i in rerolled):
                return self._mood_rolls(rerolled)
            dice = [self._parts_of(s, i) for s, i in rerolled]
            if any(len(parts) > 1 for parts in dice):
                return _exact_twin_rolls(dice, lambda values: (REROLL_KIND, values))
            sizes = [parts[0] for parts in dice]
            return _exact_rolls(sizes, lambda values: (REROLL_KIND, values))
        if phase == ROLL:
            cut = len(SLOTS[self.alive[0]])
            if self.parts[0] is not None or self.parts[1] is not None:
                dice = [self._parts_of(s, i) for s in (0, 1) for i in SLOTS[self.alive[s]]]
                return _exact_twin_rolls(dice, lambda v: (ROLL_KIND, v[:cut], v[cut:]))
            sizes = [self.size[s][i] for s in (0, 1) for i in SLOTS[self.alive[s]]]
            return _exact_rolls(sizes, lambda v: (ROLL_KIND, v[:cut], v[cut:]))
        if phase == COIN:
            return [((COIN_KIND, 0), 0.5), ((COIN_KIND, 1), 0.5)]
        if phase == FIGHTERS:
            pairs = list(itertools.product(*self._fighter_choices()))
            return [((FIGHTERS_KIND, a, b), 1 / len(pairs)) for a, b in pairs]
        return None

    def sample_chance(self, rng: random.Random) -> Any:
        """One outcome, by rolling each die with ``rng.random()`` in slot order.

        The fast path (games.buttonmen.fast) draws the same numbers in the same order,
        which is how it replays the very games of this clean path.
        """
        phase = self.phase
        draw = rng.random
        if phase == REROLL:
            # Die by die: a Mood die draws its new size, then rolls at that size.
            values, resized = [], []
            for s, i in self._rerolled():
                if self.mood[s] >> i & 1:
                    die = self.recipes[s][i]  # type: ignore[index]
                    sizes = mood_sizes(die)
                    size = sizes[int(draw() * len(sizes))]
                    resized.append(size)
                    values.append(_roll(resized_parts(die, size), draw))
                else:
                    values.append(_roll(self._parts_of(s, i), draw))
            if resized:
                return (REROLL_KIND, tuple(values), tuple(resized))
            return (REROLL_KIND, tuple(values))
        if phase == ROLL:
            rolled = [
                tuple(int(draw() * self.size[s][i]) + 1 for i in SLOTS[self.alive[s]])
                if self.parts[s] is None
                else tuple(_roll(self.parts[s][i], draw) for i in SLOTS[self.alive[s]])
                for s in (0, 1)
            ]
            return (ROLL_KIND, rolled[0], rolled[1])
        if phase == COIN:
            return (COIN_KIND, int(draw() * 2))
        if phase == FIGHTERS:
            picks = [
                NAMES[int(draw() * len(NAMES))] if self.fighters[s] is None else self.fighters[s]
                for s in (0, 1)
            ]
            return (FIGHTERS_KIND, picks[0], picks[1])
        raise IllegalMove("no chance event is due")

    def _rerolled(self) -> list[tuple[int, int]]:
        """The dice the reroll rolls, (seat, slot) in rolling order (describe.rerolled)."""
        return describe.rerolled(self)

    def _mood_rolls(self, rerolled: list[tuple[int, int]]) -> list[tuple[Any, float]] | None:
        """Every reroll of dice some of which are Mood dice: each Mood die's size is one of
        its standard sizes, all equally likely, then its value one of that size's; the
        outcome lists the Mood dice's new sizes after the values. None beyond
        EXACT_OUTCOMES (size, value) combinations."""
        per_die: list[list[tuple[int | None, int, float]]] = []
        count = 1
        for s, i in rerolled:
            if self.mood[s] >> i & 1:
                die = self.recipes[s][i]  # type: ignore[index]
                sizes = mood_sizes(die)
                options = []
                for size in sizes:
                    rolls = _exact_twin_rolls([resized_parts(die, size)], lambda v: v[0])
                    options += [(size, v, p / len(sizes)) for v, p in rolls]  # type: ignore[union-attr]
            else:
                rolls = _exact_twin_rolls([self._parts_of(s, i)], lambda v: v[0])
                options = [(None, v, p) for v, p in rolls]  # type: ignore[union-attr]
            per_die.append(options)
            count *= len(options)
            if count > EXACT_OUTCOMES:
                return None
        out = []
        for combo in itertools.product(*per_die):
            p = 1.0
            for _, _, q in combo:
                p *= q
            values = tuple(v for _, v, _ in combo)
            sizes = tuple(size for size, _, _ in combo if size is not None)
            out.append(((REROLL_KIND, values, sizes), p))
        return out

    def _reroll_fits(self, outcome: tuple) -> bool:
        """Whether a reroll outcome can happen: one value per rerolled die and, when Mood
        dice are rerolled (only then), one of its sizes per Mood die."""
        rerolled = self._rerolled()
        moody = [(s, i) for s, i in rerolled if self.mood[s] >> i & 1]
        sizes = outcome[2] if len(outcome) == 3 else None
        if not moody:
            return sizes is None and _fits(outcome[1], [self._parts_of(s, i) for s, i in rerolled])
        if type(sizes) is not tuple or len(sizes) != len(moody):
            return False
        new = dict(zip(moody, sizes, strict=True))
        dice = []
        for s, i in rerolled:
            if (s, i) in new:
                die = self.recipes[s][i]  # type: ignore[index]
                if type(new[s, i]) is not int or new[s, i] not in mood_sizes(die):
                    return False
                dice.append(resized_parts(die, new[s, i]))
            else:
                dice.append(self._parts_of(s, i))
        return _fits(outcome[1], dice)

    def _resize(self, seat: int, slot: int, size: int) -> None:
        """A Mood or Turbo die takes a new size (``size``: each swing part's) for the rest
        of the round; the next round lays the dice out from the choice again."""
        parts = resized_parts(self.recipes[seat][slot], size)  # type: ignore[index]
        sizes = list(self.size[seat])
        sizes[slot] = sum(parts)
        self.size[seat] = tuple(sizes)
        if self.parts[seat] is not None:
            laid = list(self.parts[seat])  # type: ignore[arg-type]
            laid[slot] = parts
            self.parts[seat] = tuple(laid)

    def _fighter_choices(self) -> list[tuple[str, ...]]:
        return [NAMES if name is None else (name,) for name in self.fighters]

    def _check_chance(self, outcome: Any) -> None:
        # Checked by shape rather than by searching a list: round-start rolls are far
        # too many to enumerate, and this is as strict.
        phase = self.phase
        if type(outcome) is not tuple or not outcome:
            raise IllegalMove(f"{outcome!r} is not a Button Men chance outcome")
        kind = outcome[0]
        if phase == REROLL and kind == REROLL_KIND and len(outcome) in (2, 3):
            if self._reroll_fits(outcome):
                return
        elif phase == ROLL and kind == ROLL_KIND and len(outcome) == 3:
            if all(
                _fits(outcome[1 + s], [self._parts_of(s, i) for i in SLOTS[self.alive[s]]])
                for s in (0, 1)
            ):
                return
        elif phase == COIN and kind == COIN_KIND and len(outcome) == 2:
            if type(outcome[1]) is int and outcome[1] in (0, 1):
                return
        elif phase == FIGHTERS and kind == FIGHTERS_KIND and len(outcome) == 3:
            choices = self._fighter_choices()
            if all(type(outcome[1 + s]) is str and outcome[1 + s] in choices[s] for s in (0, 1)):
                return
        elif phase not in _CHANCE_PHASES:
            raise IllegalMove("no chance event is due")
        raise IllegalMove(f"{_text(outcome)} is not a possible {phase} outcome here")

    # ----- moving --------------------------------------------------------------------

    #: False on a playout's own copy: nobody reads its events' words, and keeping a
    #: snapshot of the dice for each one cost a tenth of a playout.
    narrating = True

    def _tell(self, kind: str, seat: int | None, move: Any) -> None:
        """Keep the event just played as ``last``, for its words (describe.py)."""
        if self.narrating:
            self.last = LastEvent(kind, seat, move, scene(self))

    def _tell_more(self, words: Callable[..., str], *args: Any) -> None:
        """Add what followed (initiative, a trip, a round's end) to ``last``'s words."""
        if self.narrating:
            self.last = self.last.then(words, *args)  # type: ignore[union-attr]

    def _apply(self, actor: int, move: Any) -> None:
        self._legal = None
        if actor == SIMULTANEOUS and self.phase == AUXILIARY:
            self._tell(AUXILIARY_KIND, None, move)
            played = all(choice[1] for _, choice in move)
            self._seat(self.fighters, [auxiliary_result(r, played) for r in self.recipes])  # type: ignore[arg-type]
        elif actor == SIMULTANEOUS:
            self._tell(SWING_KIND, None, None)
            for seat, choice in move:
                self._choose_swing(seat, choice)
            self.phase = ROLL
        elif actor == CHANCE:
            self._apply_chance(move)
        elif self.phase == SWING_PHASE:
            self._tell(SWING_KIND, actor, None)
            self._choose_swing(actor, move)
            self.phase = ROLL
        elif self.phase == FOCUS:
            self._react(actor, move)
        elif self.phase == TURBO:
            self._size_turbo(actor, move)
        else:
            self._play(actor, move)

    def _play(self, seat: int, move: tuple) -> None:
        if self.dizzy[0] or self.dizzy[1]:
            # The first turn is played: dizzy Focus dice may attack again (the site).
            self.dizzy = [0, 0]
        if move[0] == PASS_KIND:
            self._pass(seat)
        elif move[0] == SURRENDER_KIND:
            self._surrender(seat)
        else:
            self._attack(seat, move)

    def _choose_swing(self, seat: int, move: tuple) -> None:
        self.secret[seat] = True  # revealed by the next roll
        if not self.classic[seat]:
            self.swing[seat] = tuple(move[1:])
            self._lay_out(seat)
            return
        size = move[1]
        self.swing[seat] = size
        mask = self.swing_slots[seat]
        self.size[seat] = tuple(size if mask >> i & 1 else n for i, n in enumerate(self.size[seat]))

    def _lay_out(self, seat: int) -> None:
        """Sizes and parts of a non-classic seat from its choice (a round's start: every
        die in play)."""
        chosen = self.swing[seat]
        sizes, parts, mask = layout(self.recipes[seat], chosen)  # type: ignore[arg-type]
        self.size[seat] = sizes
        self.swing_slots[seat] = mask
        self.parts[seat] = parts if any(len(p) > 1 for p in parts) else None

    def _parts_of(self, seat: int, slot: int) -> tuple[int, ...]:
        parts = self.parts[seat]
        return parts[slot] if parts is not None else (self.size[seat][slot],)

    def _apply_chance(self, outcome: tuple) -> None:
        kind = outcome[0]
        self._tell(kind, None, outcome)
        if kind == REROLL_KIND:
            seat = self.turn
            rerolled = self._rerolled()
            sizes = iter(outcome[2] if len(outcome) > 2 else ())
            for (s, i), v in zip(rerolled, outcome[1], strict=True):
                if self.mood[s] >> i & 1:
                    self._resize(s, i, next(sizes))  # the size first, as the site rolls
                values = list(self.value[s])
                values[i] = v
                self.value[s] = tuple(values)
            self.pending = ()
            if self.tripping is not None:
                target, self.tripping = self.tripping, None
                if self._tripped(seat, rerolled[0][1], target):  # type: ignore[arg-type]
                    return
            self.turn = 1 - seat  # type: ignore[operator]
            self.phase = PLAY
        elif kind == ROLL_KIND:
            for s in (0, 1):
                values = list(self.value[s])
                for i, v in zip(SLOTS[self.alive[s]], outcome[1 + s], strict=True):
                    values[i] = v
                self.value[s] = tuple(values)
            self.secret = [False, False]  # the roll reveals every swing die
            first = self._initiative()
            self._tell_more(describe.initiative_text, first)
            if first is None:
                self.turn, self.phase = None, COIN
            else:
                self._open_play(first)
        elif kind == COIN_KIND:
            self._open_play(outcome[1])
        else:  # fighters: a seat seated before the draw keeps its (maybe hand-made) recipe
            names = [outcome[1], outcome[2]]
            self.set_fighters(names, [self.recipes[s] or RECIPES[names[s]] for s in (0, 1)])

    # ----- initiative and Focus dice -------------------------------------------------

    def _initiative_values(self, seat: int) -> list[int]:
        """The values of the seat's dice that count for initiative (Stinger and Trip dice
        do not, the site's rules)."""
        values = self.value[seat]
        counted = self.alive[seat] & ~self.stinger[seat] & ~self.trip[seat]
        return [values[i] for i in SLOTS[counted]]

    def _initiative(self) -> int | None:
        return initiative(self._initiative_values(0), self._initiative_values(1))

    def _min_value(self, seat: int, slot: int) -> int:
        return len(self._parts_of(seat, slot))  # 1, or 2 for a twin die

    def _turnable(self, seat: int) -> list[int]:
        """The seat's Focus dice in play that still show more than their minimum."""
        values = self.value[seat]
        return [
            i
            for i in SLOTS[self.focus[seat] & self.alive[seat]]
            if values[i] > self._min_value(seat, i)
        ]

    def _wins_initiative(self, seat: int) -> bool:
        """Whether ``seat`` has the initiative outright (no tie) on the dice as they show."""
        return self._initiative() == seat

    def _can_focus(self, seat: int) -> bool:
        """The site's test: with every Focus die at its minimum, would ``seat`` win the
        initiative outright? Only then may it turn Focus dice down."""
        turnable = self._turnable(seat)
        if not turnable:
            return False
        saved = self.value[seat]
        lowered = list(saved)
        for i in turnable:
            lowered[i] = self._min_value(seat, i)
        self.value[seat] = tuple(lowered)
        wins = self._wins_initiative(seat)
        self.value[seat] = saved
        return wins

    def _open_play(self, first: int) -> None:
        """Initiative is decided: the other seat may answer with its Focus dice."""
        if self.focus[1 - first] and self._can_focus(1 - first):
            self.turn, self.phase, self.focusing = 1 - first, FOCUS, False
        else:
            self._start_play(first)

    def _start_play(self, first: int) -> None:
        self.turn, self.phase, self.focusing = first, PLAY, False
        self.dizzy[1 - first] = 0  # only the first mover's turned-down dice stay dizzy

    def _focus_moves(self, seat: int) -> list:
        """Decline (before any die is turned down) or take the initiative (once the
        dice turned down win it outright), then each turn-down by slot and value."""
        if not self.focusing:
            moves: list = [DECLINE]
        else:
            moves = [TAKE] if self._wins_initiative(seat) else []
        values = self.value[seat]
        for i in self._turnable(seat):
            for v in range(self._min_value(seat, i), values[i]):
                moves.append((FOCUS_KIND, i, v))
        return moves

    def _react(self, seat: int, move: tuple) -> None:
        self._tell(move[0], seat, move)
        if move == DECLINE:
            self._start_play(1 - seat)
        elif move == TAKE:
            # The other seat may now answer with its own Focus dice, and so on.
            self.focusing = False
            self._open_play(seat)
        else:
            _, slot, value = move
            values = list(self.value[seat])
            values[slot] = value
            self.value[seat] = tuple(values)
            self.dizzy[seat] |= 1 << slot
            self.focusing = True

    def _attack(self, seat: int, move: tuple) -> None:
        self._tell(move[0], seat, move)
        kind, attackers, targets = move
        self.passes = 0
        if kind == TRIP:
            # Nothing is taken yet: the reroll of both dice decides (``_tripped``).
            self.pending, self.tripping = attackers, targets
            self._before_reroll(seat)
            return
        foe = 1 - seat
        # Speed and rush attacks take several dice (a tuple of slots); the others one.
        for target in targets if isinstance(targets, tuple) else (targets,):
            self._capture(seat, target)
        if not self.alive[foe]:
            # Nothing is left to attack: the round is over and the reroll would not matter.
            self._end_round()
            return
        self.pending = attackers
        self._before_reroll(seat)

    def _before_reroll(self, seat: int) -> None:
        """The attacking Turbo dice are sized by their owner first (the site's turbo
        phase), then everything pending is rolled."""
        self.turbo_left = tuple(i for i in self.pending if self.turbo[seat] >> i & 1)
        self.phase = TURBO if self.turbo_left else REROLL

    def _size_turbo(self, seat: int, move: tuple) -> None:
        self._tell(move[0], seat, move)
        _, slot, size = move
        self._resize(seat, slot, size)
        self.turbo_left = self.turbo_left[1:]
        if not self.turbo_left:
            self.phase = REROLL

    def _capture(self, seat: int, target: int) -> None:
        """``seat`` takes the opposing die ``target`` (at its size now)."""
        foe = 1 - seat
        self.alive[foe] &= ~(1 << target)
        size = self.size[foe][target]
        captured: tuple = (size, bool(self.swing_slots[foe] >> target & 1))
        if self.poison[foe] >> target & 1:
            captured += ("p",)  # a Poison die: minus half its size to the capturer
        self.captured[seat] = self.captured[seat] + (captured,)

    def _tripped(self, seat: int, attacker: int, target: int) -> bool:
        """After a trip attack's reroll: the target is taken if the Trip die shows at least
        as much as it now does (the site's rule). True if that ended the round."""
        taken = self.value[seat][attacker] >= self.value[1 - seat][target]
        self._tell_more(describe.trip_text, taken)
        if not taken:
            return False  # both dice were only rerolled
        self._capture(seat, target)
        if self.alive[1 - seat]:
            return False
        self._end_round()
        return True

    def _pass(self, seat: int) -> None:
        self._tell(PASS_KIND, seat, PASS)
        self.passes += 1
        if self.passes >= 2:
            self._end_round()
        else:
            self.turn = 1 - seat

    def _surrender(self, seat: int) -> None:
        """The mover gives up the round (not the match): the other seat wins it."""
        self._tell(SURRENDER_KIND, seat, SURRENDER)
        self._end_round(forced=1 - seat)

    def _end_round(self, forced: int | None = None) -> None:
        scores = [self._score_x2(s) for s in (0, 1)]
        won = round_winner(scores[0], scores[1]) if forced is None else forced
        self.results = self.results + ((won, scores[0], scores[1]),)
        if won is not None:
            self.round_wins[won] += 1
        self._tell_more(describe.round_end_text, scores, won)
        if won is not None and self.round_wins[won] >= self.options["rounds_to_win"]:
            self._finish(won)
        elif self.round >= MAX_ROUNDS:
            self._finish(None)
        else:
            self.round += 1
            self._start_round(self._reselecting(won))

    def _reselecting(self, won: int | None) -> tuple[int, ...]:
        """Seats that may change their swing size before the next round."""
        if self.options["swing_reselect"] == "both":
            seats: tuple[int, ...] = (0, 1)
        elif won is None:
            seats = ()  # after a tie nobody may change
        else:
            seats = (1 - won,)  # only the loser of the round
        # A hand-made position may leave a swing size unset: that seat must choose.
        seats = tuple(sorted({*seats, *(s for s in (0, 1) if self.swing[s] is None)}))
        return tuple(s for s in seats if has_choice(self.recipes[s]))

    def _score_x2(self, seat: int) -> int:
        """Twice the seat's round score; Poison dice count negative (see rules)."""
        captured, poison = self.captured[seat], self.poison[seat]
        if not poison and all(len(c) == 2 for c in captured):
            return score_x2(sum(c[0] for c in captured), self.size[seat], self.alive[seat])
        return poison_score_x2(captured, self.size[seat], self.alive[seat], poison)

    def _finish(self, winner: int | None) -> None:
        self.phase = OVER
        self.winner = winner
        self.turn = None
        self.pending = ()
        self.tripping = None
        self.turbo_left = ()
        self.choosers = ()

    # ----- in place with undo (search) -----------------------------------------------

    def push(self, move: Any) -> None:
        """Apply a move or outcome in place (a dict {seat: move} at a simultaneous node),
        keeping what ``pop`` needs to take it back. Checked like ``apply``."""
        saved = self.clone()
        if self.phase == SWING_PHASE and isinstance(move, dict):
            self.apply_joint_in_place(move)
        else:
            self.apply_in_place(move)
        self._undo = (self._undo, saved)

    def pop(self) -> None:
        """Take back the last ``push``."""
        if self._undo is None:
            raise IllegalMove("nothing to take back")
        rest, saved = self._undo
        for name in _STATE_FIELDS:
            setattr(self, name, getattr(saved, name))
        self._undo = rest

    # ----- results and views ---------------------------------------------------------

    def returns(self) -> tuple[float, ...]:
        if self.phase != OVER or self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        wins = f"{self.round_wins[0]}-{self.round_wins[1]} in rounds"
        if self.winner is None:
            reason = f"draw after {self.round} rounds ({wins})"
        else:
            reason = f"seat {self.winner} wins {wins}"
        return Outcome.from_returns(self.returns(), reason)

    def round_scores(self) -> tuple[float, float]:
        """Each seat's round score if the round ended now (captured + half of own dice)."""
        return tuple(  # type: ignore[return-value]
            self._score_x2(s) / 2 for s in (0, 1)
        )

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        from games.buttonmen.view import observe

        return observe(self, seat, reveal=False)

    def full_view(self) -> dict[str, Any]:
        from games.buttonmen.view import observe

        return observe(self, None, reveal=True)

    def move_to_str(self, move: Any) -> str:
        return move_to_text(move)

    def str_to_move(self, text: str) -> Any:
        if self.phase in _CHANCE_PHASES:
            return parse_outcome(text)
        return parse_move(text)

    def clone(self) -> ButtonMenState:
        other = ButtonMenState.__new__(ButtonMenState)
        other.game = self.game
        other.options = self.options
        other.phase = self.phase
        other.fighters = self.fighters[:]
        other.recipes = self.recipes[:]
        other.swing = self.swing[:]
        other.secret = self.secret[:]
        other.size = self.size[:]
        other.value = self.value[:]
        other.swing_slots = self.swing_slots[:]
        other.parts = self.parts[:]
        other.classic = self.classic[:]
        other.poison = self.poison[:]
        other.shadow = self.shadow[:]
        other.speed = self.speed[:]
        other.focus = self.focus[:]
        other.stinger = self.stinger[:]
        other.mood = self.mood[:]
        other.trip = self.trip[:]
        other.turbo = self.turbo[:]
        other.rush = self.rush[:]
        other.dizzy = self.dizzy[:]
        other.focusing = self.focusing
        other.alive = self.alive[:]
        other.captured = self.captured[:]
        other.turn = self.turn
        other.passes = self.passes
        other.pending = self.pending
        other.tripping = self.tripping
        other.turbo_left = self.turbo_left
        other.choosers = self.choosers
        other.round = self.round
        other.round_wins = self.round_wins[:]
        other.results = self.results
        other.winner = self.winner
        other.last = self.last
        other._legal = self._legal  # never mutated, only replaced
        other._undo = None
        other._hist = self._hist
        other._ply = self._ply
        other._position = self._position
        return other


_STATE_FIELDS = tuple(name for name in ButtonMenState.__slots__ if name != "_undo") + ("game",)


def _exact_rolls(sizes: list[int], make) -> list[tuple[Any, float]] | None:
    count = 1
    for n in sizes:
        count *= n
    if count > EXACT_OUTCOMES:
        return None
    p = 1 / count
    return [(make(values), p) for values in itertools.product(*(range(1, n + 1) for n in sizes))]


def _fits(values: Any, dice: list[tuple[int, ...]]) -> bool:
    """Whether ``values`` can be what dice of these parts (one part: a plain die) show."""
    return (
        type(values) is tuple
        and len(values) == len(dice)
        and all(type(v) is int and len(p) <= v <= sum(p) for v, p in zip(values, dice, strict=True))
    )


def _roll(parts: tuple[int, ...], draw) -> int:
    """One die's roll: each part in turn (a twin die shows the sum of its two)."""
    total = 0
    for n in parts:
        total += int(draw() * n) + 1
    return total


def _exact_twin_rolls(dice: list[tuple[int, ...]], make) -> list[tuple[Any, float]] | None:
    """Every roll of dice some of which are twins, with its probability (twin sums are
    not uniform); None beyond EXACT_OUTCOMES raw outcomes, as for plain dice."""
    count = 1
    for parts in dice:
        for n in parts:
            count *= n
    if count > EXACT_OUTCOMES:
        return None
    faces = []
    for parts in dice:
        weights: dict[int, int] = {}
        for rolled in itertools.product(*(range(1, n + 1) for n in parts)):
            weights[sum(rolled)] = weights.get(sum(rolled), 0) + 1
        faces.append(list(weights.items()))
    out = []
    for combo in itertools.product(*faces):
        weight = 1
        for _, w in combo:
            weight *= w
        out.append((make(tuple(v for v, _ in combo)), weight / count))
    return out


def _text(outcome: Any) -> str:
    try:
        return repr(move_to_text(outcome))
    except Exception:
        return repr(outcome)
