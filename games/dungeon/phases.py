"""What a battle waits for (its phase) and the marks a die can carry this turn."""

# Phases: a side's action step, one of the chance events, or the end.
ACT, ROLL, BURN, SHOCK, WEAKEN, SPLIT, OVER = range(7)
PHASES = ("act", "roll", "burn", "shock", "weaken", "split", "over")

# Marks on a die of this turn.
FREE, BURNING, SPENT = 0, 1, 2
