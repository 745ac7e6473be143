"""The Octagon Theory's players (GAMES.md section 3): the designer's weighted greedy AI."""
