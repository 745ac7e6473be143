"""No label where the estimate cannot tell two moves apart; a random mover's mistakes
are found and a strong agent's play is left alone."""

from __future__ import annotations

import functools

from agents.analyse.analysis import analyse
from agents.analyse.plies import Choice
from agents.analyse.report import label
from agents.match import play_match

#: Octagon plies analysed: the opening, where the game is still open (a whole game's
#: greedy playouts take minutes on a busy machine).
PLIES = 8
PLAYOUTS = 16


def test_a_loss_inside_its_interval_is_not_labelled():
    # 30 points lost, but the paired interval is +-35: the playouts cannot tell.
    assert label(Choice(0, "a", "b", "", 0.4, 0.7, loss_half=35.0)) is None
    assert label(Choice(0, "a", "b", "", 0.4, 0.7, loss_half=20.0)) == "blunder"
    assert label(Choice(0, "a", "b", "", 0.6, 0.72, loss_half=5.0)) == "mistake"
    assert label(Choice(0, "a", "b", "", 0.6, 0.72, forced=True, loss_half=0.0)) is None


@functools.cache
def _octagon(players: tuple[str, str]) -> dict:
    record = dict(play_match("octagon", list(players), seed="lab:4").record)
    record["history"] = record["history"][:PLIES]
    return analyse(record, budget_s=None, playouts=PLAYOUTS)


def _labelled(result: dict) -> list[dict]:
    return [d for row in result["plies"] for d in row["decisions"] if d["label"]]


def test_every_label_is_outside_the_interval_of_the_estimates():
    for players in (("random", "random"), ("octagon-best", "octagon-best")):
        for d in _labelled(_octagon(players)):
            assert d["loss_half"] is not None and d["loss"] > d["loss_half"], d


def test_a_random_octagon_mover_shows_mistakes_and_a_strong_one_few():
    random_game = _octagon(("random", "random"))
    strong_game = _octagon(("octagon-best", "octagon-best"))
    assert len(_labelled(random_game)) >= 1
    assert len(_labelled(strong_game)) <= 1
    assert len(_labelled(random_game)) > len(_labelled(strong_game))
    assert min(random_game["accuracy"]) < min(strong_game["accuracy"])
