"""The seed's enemy-AI score of a plan (docs/games/dungeon.md, the agent's table).

A plan is what one side does in one turn: a sequence of actions ending with ``end``,
measured from the start of that turn (after the roll and the statuses). The search that
picks the best plan lives elsewhere; this module only says what a plan is worth, term by
term, so the search, its thinking output and the tests share one arithmetic.

Chance inside a plan (a Lockpick's cut) is written into the plan as its outcome
(``split:2``): a plan is one path, and a search averages paths itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core import CHANCE
from games.dungeon.moves import END
from games.dungeon.phases import OVER, SPENT
from games.dungeon.state import DungeonState

#: Points per unit of each term, as the seed gives them.
WEIGHTS: dict[str, float] = {
    "damage": 100,  # raw points dealt, before the target's shield (Decision)
    "poison": 90,  # poison stacks inflicted
    "negative_status": 50,  # burn, shock, weaken stacks inflicted
    "positive_status": 40,  # shield points gained
    "activations": 10,  # equipment fired
    "countdown": 10,  # countdown points reduced (overflow past 0 does not count)
    "unused_pips": 5,  # pips on dice left unused when the turn ends
    "length": -1,  # actions, end_turn not counted
    "healing": 1,  # HP healed (what the cap at max HP let through)
    "bonus": 1,  # the designer's per-item bonus, summed over activations
    "opponent_dead": 1_000_000,
    "self_dead": -1_000_000,
}

TERMS = tuple(WEIGHTS)


@dataclass(frozen=True)
class PlanScore:
    """A plan's score: ``total`` = sum of ``breakdown`` (points per term), with the raw
    ``amounts`` behind each term (damage points, stacks, actions...)."""

    total: float
    breakdown: dict[str, float]
    amounts: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "breakdown": dict(self.breakdown),
            "amounts": dict(self.amounts),
        }


def score_plan(
    state: DungeonState,
    plan: Iterable[Any],
    weights: Mapping[str, float] = WEIGHTS,
    bonus: Mapping[str, float] | None = None,
) -> PlanScore:
    """Score ``plan`` (moves or their text) for the side to move in ``state``.

    ``bonus`` maps an item key to its designer bonus per activation (default 0). Raises
    IllegalMove if a step is not legal where it falls, ValueError if the plan stops
    before ``end`` while the battle goes on or runs on after it.
    """
    me = state.current()
    if me < 0:
        raise ValueError("a plan starts where a side is to act")
    amounts = dict.fromkeys(TERMS, 0.0)
    bonus = bonus or {}
    steps = list(plan)
    ended = False
    for i, step in enumerate(steps):
        move = state.str_to_move(step) if isinstance(step, str) else step
        if move == END and state.current() == me:
            if i != len(steps) - 1:
                raise ValueError("nothing may follow end in a plan")
            state.apply(move)  # checks that ending is legal here
            amounts["unused_pips"] = _unused_pips(state)
            ended = True
            break
        actor = state.current()
        after = state.apply(move)
        if actor != CHANCE:
            amounts["length"] += 1
        _tally(state, after, me, amounts, bonus)
        state = after
        if state.phase == OVER:
            if i != len(steps) - 1 and steps[i + 1 :] not in ([END], ["end"]):
                raise ValueError("the battle is over before the plan is")
            amounts["unused_pips"] = _unused_pips(state)
            amounts["opponent_dead"] = 1.0 if state.winner == me else 0.0
            amounts["self_dead"] = 1.0 if state.winner == 1 - me else 0.0
            ended = True
            break
    if not ended:
        raise ValueError("a plan ends with end (end_turn)")
    breakdown = {term: weights[term] * amounts[term] + 0.0 for term in TERMS}  # no -0.0
    return PlanScore(sum(breakdown.values()), breakdown, amounts)


def _unused_pips(state: DungeonState) -> int:
    return sum(v for v, mark in zip(state.dice, state.marks, strict=True) if mark != SPENT)


def _tally(
    before: DungeonState,
    after: DungeonState,
    me: int,
    amounts: dict[str, float],
    bonus: Mapping[str, float],
) -> None:
    """Add what one step did to the running amounts."""
    mine0, mine1 = before.sides[me], after.sides[me]
    opp0, opp1 = before.sides[1 - me], after.sides[1 - me]
    # During my turn only my actions touch the opponent, so every drop of its shield
    # plus HP is damage I dealt, counted before the shield took its share.
    amounts["damage"] += (opp0.hp + opp0.shield) - (opp1.hp + opp1.shield)
    amounts["poison"] += opp1.poison - opp0.poison
    amounts["negative_status"] += (opp1.burn + opp1.shock + opp1.weaken) - (
        opp0.burn + opp0.shock + opp0.weaken
    )
    amounts["positive_status"] += mine1.shield - mine0.shield
    amounts["healing"] += max(0, mine1.hp - mine0.hp)
    for g0, g1 in zip(mine0.gear, mine1.gear, strict=True):
        fired = g1.uses - g0.uses
        if fired:
            amounts["activations"] += fired
            amounts["bonus"] += fired * bonus.get(g0.item.key, 0.0)
        if g0.item.countdown:
            # A firing countdown used only what it still needed; the rest was lost.
            amounts["countdown"] += g0.left if fired else g0.left - g1.left
