"""Where a Dice Wars game stands: which kind of node comes next."""

SETUP, ATTACK, BATTLE, REINFORCE, OVER = range(5)
#: The names views use for the phases, by number.
PHASES = ("setup", "attack", "battle", "reinforce", "over")
