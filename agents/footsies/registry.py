"""The Footsies players of the write-up (names are public: lobby, arena, leaderboards)."""

AGENTS: dict[str, str] = {
    "footsies-counter": "agents.footsies.counter:CounterAgent",
}
