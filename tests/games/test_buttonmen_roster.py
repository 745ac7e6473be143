"""The community site's roster as data: every button, its tier, and the ones we play."""

import random

import pytest

from agents.match import play_match
from games.buttonmen import GAME
from games.buttonmen.dice import SKILLS
from games.buttonmen.roster import buttons, parse_recipe, roster, tiers
from games.testing import check_game


def by_name(name):
    return next(b for b in buttons() if b.name == name)


def test_the_roster_lists_every_button_with_its_set_recipe_and_whether_we_play_it():
    rows = roster()
    assert len(rows) > 800 and len({r["set"] for r in rows}) >= 85
    assert {"name", "set", "recipe", "playable"} <= set(rows[0])
    assert len({r["name"].lower() for r in rows}) == len(rows)  # names are unique
    counts = tiers()
    # Cumulative, as the tiers add up; the rest needs more than the ten skills.
    assert 80 <= counts["tier 1"] <= counts["tier 2"] <= counts["tier 3"] < len(rows)
    assert counts["tier 3"] + counts["beyond"] == len(rows)
    # Tiers 1 and 2 are played whole; of tier 3, the buttons whose skills are all
    # played yet (games.buttonmen.dice.SKILLS).
    tier3 = [b for b in buttons() if b.tier == 3 and b.playable]
    assert tier3 and all({c for d in b.dice for c in d.skills} <= set(SKILLS) for b in tier3)
    assert sum(r["playable"] for r in rows) == counts["tier 2"] + len(tier3)


@pytest.mark.parametrize(
    ("recipe", "tier", "needs"),
    [
        ("(4) (4) (10) (12) (X)", 1, ""),
        ("(4/6) (6/8) (8/10) (10/12) (12/20)", 2, "option dice"),
        ("(6) (6) (10) (18) (Z)", 2, "the swing letter Z"),
        ("p(4,4) p(8,8) (10) ps(24) (X)", 3, "twin dice, Poison, Shadow"),
        ("(4) (12) (20) (X)!", 3, "Turbo"),
        ("(4) (8) (12) (12) (X)?", 3, "Mood"),
        ("(4) F(6) F(6) (12) (S)", None, "the swing letter S, Fire"),
    ],
)
def test_a_recipe_falls_in_the_first_tier_whose_dice_it_needs(recipe, tier, needs):
    from games.buttonmen.roster import _tier_and_needs

    found, what = _tier_and_needs(parse_recipe(recipe))
    assert found == tier and ", ".join(what) == needs


def test_a_button_we_cannot_play_says_why():
    assert by_name("Avis").playable and by_name("Avis").tier == 1
    assert by_name("Social Class").playable and by_name("Social Class").tier == 2
    assert by_name("Marin").playable and by_name("Marin").tier == 3  # Poison is played
    assert by_name("Jellybean").playable  # p(20) s(20) (V) (X): Poison and Shadow
    assert by_name("Hope").playable  # t(1) (2) t(4) (6) (Y): Trip is played
    assert by_name("Ricky").playable  # #(6) (8) #(8) (20) #(X): Rush is played
    assert by_name("King Arthur").playable  # (8) (8) (10) (20) (X) +(20): Auxiliary
    poly = by_name("Poly")  # (4) (6) F(8) (20) (X): Fire is beyond tier 3
    assert not poly.playable and poly.reason == "needs Fire (not yet implemented)"
    assert not by_name("Gordo").playable and "special rules" in by_name("Gordo").reason
    assert parse_recipe("(pi) (X)") is None


def test_every_playable_button_can_be_seated_and_plays_by_the_rules():
    playable = [b.name for b in buttons() if b.playable]
    rng = random.Random(5)
    for i, name in enumerate(playable):
        other = rng.choice(playable)
        check_game(GAME, i, options={"fighters": [name, other], "rounds_to_win": 1})


def test_a_match_takes_any_playable_button_and_refuses_others_by_name():
    state = GAME.new_state(2, {"fighters": ["bunnies", "Billy Shakespeare"]})
    assert state.options["fighters"] == ["Bunnies", "Billy Shakespeare"]
    with pytest.raises(ValueError, match="not a playable button"):
        GAME.new_state(2, {"fighters": ["Poly", "Avis"]})


def test_the_ai_plays_roster_buttons_to_the_end():
    options = {"fighters": ["Billy Shakespeare", "Changeling"], "rounds_to_win": 1}
    result = play_match("buttonmen", ["buttonmen-mc", "random"], "roster-1", options=options)
    assert result.state.is_terminal()


def test_the_roster_script_reads_the_sites_seed_rows_in_set_order():
    from games.buttonmen.make_roster import read_seed

    seed = """INSERT INTO buttonset (id, name, sort_order) VALUES
(1, 'Later', 200),
(2, 'Earlier', 100);
INSERT INTO button (id, name, recipe, btn_special, tourn_legal, set_id) VALUES
# a comment, and a row the site left out:
# (9, 'Ghost', '(1)', 0, 0, (SELECT id FROM buttonset WHERE name="Later")),
(5, 'B\\'s', '(4) (X)', 0, 1, (SELECT id FROM buttonset WHERE name="Later")),
(7, 'A', '(4/6) (8,8)', 1, 0, (SELECT id FROM buttonset WHERE name="Earlier")),
(3, 'C', 'p(20)', 0, 1, (SELECT id FROM buttonset WHERE name="Later"));
"""
    assert read_seed(seed) == [
        ["A", "Earlier", "(4/6) (8,8)", 1, 0],
        ["C", "Later", "p(20)", 0, 1],
        ["B's", "Later", "(4) (X)", 0, 1],
    ]


def test_the_roster_says_where_it_came_from():
    import json

    from games.buttonmen.roster import PATH

    source = json.loads(PATH.read_text(encoding="utf-8"))["source"]
    assert "buttonmen-dev/buttonmen" in source and "make_roster" in source
