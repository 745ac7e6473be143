"""Pig's players (docs/games/pig.md): hold at 20, and the solved game."""
