"""Button statistics played by the AIs: a study (``study``) plays every playable
button against a seeded sample of the others, both seats; ``stats`` turns the games
into win rates with intervals, first-mover advantage, fair opponents and matchup
matrices. ``python -m agents.buttonstats play ...`` runs a study headless; the site's
scheduled study stores the same games as tournament games (docs/games/buttonmen.md)."""
