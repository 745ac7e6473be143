"""The Octagon Theory's players (names are public: lobby, arena, leaderboards)."""

AGENTS: dict[str, str] = {
    "octagon-greedy": "agents.octagon.greedy:WeightedGreedyAgent",
    "octagon-best": "agents.octagon.best:BestAgent",
}
