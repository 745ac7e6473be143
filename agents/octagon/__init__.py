"""The Octagon Theory's players (docs/games/octagon.md): the designer's weighted greedy AI."""
