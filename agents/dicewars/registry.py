"""The Dice Wars players (names are public: lobby, arena, leaderboards)."""

AGENTS: dict[str, str] = {
    "dicewars-naive": "agents.dicewars.naive:NaiveAgent",
    "dicewars-sdc": "agents.dicewars.sdc:StrengthDifferenceAgent",
    "dicewars-ste": "agents.dicewars.ste:SingleTurnAgent",
    "dicewars-ste4": "agents.dicewars.ste:ImprovedSingleTurnAgent",
    "dicewars-wpm": "agents.dicewars.wpm:WinProbabilityAgent",
    "dicewars-hand": "agents.dicewars.hand:HandWeightedAgent",
    "dicewars-best": "agents.dicewars.learned:LearnedAgent",
}
