"""How expectimax judges a Button Men position: rounds won towards the match, plus the
current round's score lead (captured sizes + half of own dice), on the payoff scale."""

from __future__ import annotations

import math

from games.buttonmen.helpers import round_scores
from games.core import TERMINAL

#: A round-score lead this large is about as good as a round won.
SCORE_SCALE = 20.0


def evaluate(state, seat: int) -> float:
    if state.current() == TERMINAL:
        return state.returns()[seat]
    foe = 1 - seat
    need = state.options["rounds_to_win"]
    view_wins = state.observation(None)["round_wins"]
    rounds = (view_wins[seat] - view_wins[foe]) / need
    scores = round_scores(state)
    lead = math.tanh((scores[seat] - scores[foe]) / SCORE_SCALE) / need
    return max(-1.0, min(1.0, rounds + lead))
