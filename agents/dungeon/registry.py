"""The dice battle's players (names are public: lobby, arena, leaderboards)."""

AGENTS: dict[str, str] = {
    "dungeon-planner": "agents.dungeon.planner:PlannerAgent",
    "dungeon-best": "agents.dungeon.best:BestAgent",
}
