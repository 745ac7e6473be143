"""The Button Men players of the write-up (names are public: lobby, arena, leaderboards)."""

AGENTS: dict[str, str] = {
    "buttonmen-mc": "agents.buttonmen.mc:ButtonMenMonteCarlo",
    "buttonmen-em": "agents.buttonmen.em:ButtonMenExpectimax",
    "buttonmen-best": "agents.buttonmen.best:ButtonMenBest",
    "buttonmen-flat": "agents.buttonmen.flat:ButtonMenFlat",
}
