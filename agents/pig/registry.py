"""Pig's players (names are public: lobby, arena, leaderboards)."""

AGENTS: dict[str, str] = {
    "pig-hold10": "agents.pig.players:HoldAt10",
    "pig-hold20": "agents.pig.players:HoldAt",
    "pig-best": "agents.pig.players:BestAgent",
}
