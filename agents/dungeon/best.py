"""``dungeon-best``: the planner's turn search, judged by the battle instead of the turn.

The seed's planner scores a turn by what it does (100 a damage point, 40 a shield point,
1 a healed HP, ...), whatever the battle needs. This player runs the same exhaustive
search (merged dice, transpositions, the MCTS fallback past the node budget) but values
the position a turn leaves, in hit points, from its own side:

- its HP, plus its shield as far as the enemy could hit through it next turn (a shield
  lasts until its owner's next turn, so a point of shield the enemy would have hit is a
  point of HP kept), minus the poison still to come;
- minus the enemy's HP left after the poison it carries (p stacks take p + (p-1) + ...
  + 1 HP), weighted by ``enemy`` (how much an enemy HP point matters against one's own);
- pending burn, shock and weaken on the enemy, and countdowns run down, at a few HP each;
- winning or losing the battle outright, at ±1,000,000.

So healing is worth what it heals, poison what it will take, and a shield what it will
stop — the terms the seed's table prices by habit.
"""

from __future__ import annotations

from agents.dungeon.planner import PlannerAgent, Scorer
from games.dungeon.phases import OVER
from games.dungeon.state import DungeonState

#: A die's mean: what the enemy's dice could hit for, per die, next turn.
MEAN_DIE = 3.5
WIN_POINTS = 1_000_000.0


def poison_left(stacks: int) -> int:
    """HP a poison of ``stacks`` will still take: stacks + (stacks - 1) + ... + 1."""
    return stacks * (stacks + 1) // 2


class BattleScorer(Scorer):
    """Plan points = the change in ``position`` from the start of the turn (step by
    step, so the search can add them up as it walks)."""

    def __init__(self, me: int, agent: BestAgent) -> None:
        super().__init__(me)
        self.agent = agent

    def position(self, state: DungeonState) -> float:
        me = self.me
        mine, theirs = state.sides[me], state.sides[1 - me]
        a = self.agent
        reach = MEAN_DIE * theirs.dice * a.shield_reach
        value = mine.hp + min(mine.shield, reach) - poison_left(mine.poison)
        value -= a.enemy * max(0, theirs.hp - poison_left(theirs.poison))
        value += a.burn * theirs.burn + a.shock * theirs.shock + a.weaken * theirs.weaken
        for gear in mine.gear:
            full = gear.item.countdown
            if full:
                value += a.countdown * (full - gear.left) / full
        return value

    def step(self, before: DungeonState, after: DungeonState, counts: bool) -> float:
        if after.phase == OVER:
            if after.winner == self.me:
                return WIN_POINTS
            if after.winner is not None:
                return -WIN_POINTS
        gained = self.position(after) - self.position(before)
        return gained - (self.agent.action_cost if counts else 0.0)

    def ending(self, state: DungeonState) -> float:
        return 0.0


class BestAgent(PlannerAgent):
    name = "dungeon-best"
    description = (
        "Our strongest battler: the planner's exhaustive turn search, valuing the "
        "position a turn leaves in hit points (shield as far as it will stop a hit, "
        "poison as what it will take, healing as what it heals)."
    )
    params = {
        **PlannerAgent.params,
        "enemy": 1.0,
        "shield_reach": 1.0,
        "burn": 2.0,
        "shock": 2.0,
        "weaken": 1.0,
        "countdown": 2.0,
        "action_cost": 0.01,
    }
    limits = {
        **PlannerAgent.limits,
        "enemy": (0.0, 100.0),
        "shield_reach": (0.0, 10.0),
        "burn": (0.0, 100.0),
        "shock": (0.0, 100.0),
        "weaken": (0.0, 100.0),
        "countdown": (0.0, 100.0),
        "action_cost": (0.0, 100.0),
    }

    def scorer(self, seat: int) -> Scorer:
        return BattleScorer(seat, self)
