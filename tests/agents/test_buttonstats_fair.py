"""A fair random matchup from the button study (agents.buttonstats.fair): the band is
kept over many seeds and checked against an independent recount of the games, the draw
is the same from the same seed, the nearest pair is drawn (and said) when none is fair,
and only playable buttons are drawn."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import agents.buttonstats
from agents.buttonstats import fair, stats, study
from agents.buttonstats.__main__ import load

SHIPPED = Path(agents.buttonstats.__file__).with_name("shipped.json")

NAMES = ["Avis", "Hammer", "Bauer", "Stark", "Kith", "Clare", "Niles", "Karl"]


def random_games(n: int, seed: int) -> list[stats.Game]:
    rng = random.Random(seed)
    # Unequal strengths, so some pairs are far from 50 % and some near it.
    strength = {name: rng.random() for name in NAMES}
    games = []
    for _ in range(n):
        a, b = rng.sample(NAMES, 2)
        p = 0.5 + (strength[a] - strength[b]) / 2
        games.append(stats.Game(a, b, None, 0 if rng.random() < p else 1))
    return games


def recount(games: list[stats.Game], a: str, b: str) -> float:
    """a's win rate against b: among their own games if they met, else from each one's
    rate against the field; counted again from the games, slowly."""

    def rate(name, against=None):
        points = played = 0.0
        for g in games:
            for seat, me, them in ((0, g.a, g.b), (1, g.b, g.a)):
                if me == name and (against is None or them == against):
                    played += 1
                    points += g.score(seat)
        return points / played if played else None

    met = rate(a, b)
    return met if met is not None else 0.5 + (rate(a) - rate(b)) / 2


@pytest.mark.parametrize("source", range(6))
def test_the_band_is_kept_over_many_seeds(source):
    games = random_games(40, source)
    table = stats.compute(games)
    pairs = set()
    for seed in range(200):
        m = fair.draw(table, NAMES, random.Random(f"{source}-{seed}"))
        assert m.a != m.b and {m.a, m.b} <= set(NAMES)
        assert m.rate == pytest.approx(recount(games, m.a, m.b))
        pairs.add(frozenset((m.a, m.b)))
        if m.within:
            assert 0.45 - 1e-9 <= m.rate <= 0.55 + 1e-9
            assert "A fair random matchup, within 45–55 %" in m.caption()
    # The draw is random: many seeds find more than one pair.
    assert len(pairs) > 1


def test_a_fair_pair_is_drawn_whenever_one_exists():
    for source in range(10):
        table = stats.compute(random_games(30, source))
        exists = any(
            fair.pair(table, a, b).within
            for a in fair.rated(table, NAMES)
            for b in fair.rated(table, NAMES)
            if a != b
        )
        for seed in range(20):
            assert fair.draw(table, NAMES, random.Random(seed)).within == exists


def test_same_seed_same_pair_and_another_seed_may_differ():
    table = stats.compute(random_games(60, 3))
    first = [fair.draw(table, NAMES, random.Random(s)) for s in range(30)]
    again = [fair.draw(table, NAMES, random.Random(s)) for s in range(30)]
    assert first == again
    assert len({(m.a, m.b) for m in first}) > 1


def test_a_measured_pair_counts_before_the_field():
    # A cycle: Avis beats Hammer twice, Hammer beats Bauer twice, Bauer beats Avis
    # twice. Each is 2 of 4 against the field (an estimate of 50 % for any pair), but
    # every pair met and was measured 100 % – 0 %: no pair is fair.
    games = [
        stats.Game("Avis", "Hammer", None, 0),
        stats.Game("Hammer", "Avis", None, 1),
        stats.Game("Hammer", "Bauer", None, 0),
        stats.Game("Bauer", "Hammer", None, 1),
        stats.Game("Bauer", "Avis", None, 0),
        stats.Game("Avis", "Bauer", None, 1),
    ]
    table = stats.compute(games)
    assert {table[n].rate for n in ("Avis", "Hammer", "Bauer")} == {0.5}
    m = fair.pair(table, "Avis", "Hammer")
    assert (m.rate, m.games, m.measured, m.within) == (1.0, 2, True, False)
    assert "measured 100 % – 0 % in the button study (2 games between them)" in m.caption()
    for seed in range(20):
        d = fair.draw(table, ["Avis", "Hammer", "Bauer"], random.Random(seed))
        assert d.measured and not d.within
    # Kith never met them and is 1 of 2 against the field: 50 % estimated with each.
    table = stats.compute(
        [*games, stats.Game("Kith", "Stark", None, 0), stats.Game("Stark", "Kith", None, 0)]
    )
    for seed in range(20):
        d = fair.draw(table, ["Avis", "Hammer", "Bauer", "Kith"], random.Random(seed))
        assert "Kith" in (d.a, d.b) and d.within and not d.measured
        assert d.split() == "50 % – 50 %"


def test_unmet_pairs_are_estimated_from_the_field():
    games = [
        stats.Game("Avis", "Kith", None, 0),
        stats.Game("Kith", "Avis", None, 1),  # Avis 2 of 2
        stats.Game("Hammer", "Stark", None, 0),
        stats.Game("Stark", "Hammer", None, 1),  # Hammer 2 of 2
    ]
    table = stats.compute(games)
    m = fair.pair(table, "Avis", "Hammer")
    assert (m.rate, m.measured, m.within) == (0.5, False, True)
    assert "estimated 50 % – 50 %" in m.caption() and "never met" in m.caption()


def test_the_nearest_pair_when_none_is_fair_and_the_caption_says_so():
    # Three buttons 100 %, 50 % and 0 % against the field, every pair measured far off.
    games = [
        stats.Game("Avis", "Hammer", None, 0),
        stats.Game("Hammer", "Avis", None, 1),
        stats.Game("Avis", "Bauer", None, 0),
        stats.Game("Bauer", "Avis", None, 1),
        stats.Game("Hammer", "Bauer", None, 0),
        stats.Game("Bauer", "Hammer", None, 1),
    ]
    table = stats.compute(games)
    drawn = {
        frozenset(((m := fair.draw(table, ["Avis", "Hammer", "Bauer"], random.Random(s))).a, m.b))
        for s in range(30)
    }
    m = fair.draw(table, ["Avis", "Hammer", "Bauer"], random.Random(0))
    assert not m.within and abs(m.rate - 0.5) == 0.5
    assert m.caption().startswith("No pair the study rates is within 45–55 %; the nearest:")
    assert len(drawn) == 3  # every pair is as near as the others: each is drawn
    # A wider band takes them in.
    assert fair.draw(table, ["Avis", "Hammer"], random.Random(0), band=0.5).within


def test_my_button_stays_first_and_meets_a_fair_partner():
    games = random_games(80, 5)
    table = stats.compute(games)
    for seed in range(40):
        m = fair.draw(table, NAMES, random.Random(seed), mine="Kith")
        assert m.a == "Kith" and m.b != "Kith"
        if m.within:
            assert abs(recount(games, "Kith", m.b) - 0.5) <= 0.05 + 1e-9
    with pytest.raises(ValueError, match="fewer than 2 games"):
        fair.draw(table, NAMES, random.Random(0), mine="Zeppelin")


def test_only_playable_buttons_of_the_shipped_study_are_drawn():
    table = stats.compute(load(SHIPPED)["games"])
    playable = study.playable_names()
    # A button of the study left out of the playable list is never drawn.
    left_out = set(playable[::2])
    allowed = [n for n in playable if n not in left_out]
    for seed in range(100):
        m = fair.draw(table, allowed, random.Random(seed))
        assert m.a in allowed and m.b in allowed and m.a != m.b
        assert m.within
        assert table[m.a].games >= fair.MIN_GAMES and table[m.b].games >= fair.MIN_GAMES
    assert fair.draw(table, playable, random.Random(7)) == fair.draw(
        table, playable, random.Random(7)
    )
    with pytest.raises(ValueError, match="fewer than two"):
        fair.draw(table, playable[:1], random.Random(0))
