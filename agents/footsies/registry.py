"""The Footsies players of the write-up (names are public: lobby, arena, leaderboards)."""

AGENTS: dict[str, str] = {
    "footsies-counter": "agents.footsies.counter:CounterAgent",
    "footsies-bayesian": "agents.footsies.bayesian:BayesianAgent",
    "footsies-mcts-faithful": "agents.footsies.mcts_faithful:FaithfulMctsAgent",
    "footsies-mcts": "agents.footsies.mcts:MctsAgent",
    "footsies-nash": "agents.footsies.nash:NashAgent",
    "footsies-br": "agents.footsies.response:BestResponseAgent",
    "footsies-best": "agents.footsies.best:BestAgent",
}
