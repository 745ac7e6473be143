"""One manifest per game: every registered game fills every slot of the site's manifest
(``webapp.matches.gamebook``) and of the agents' (``agents.manifest``), and every file
a slot names is there. A new game that misses one fails here, not on a page."""

import pytest
from django.contrib.staticfiles import finders
from django.template.loader import get_template

import agents
import games
from agents.manifest import problems
from webapp.matches import gamebook, levels, lobby

SLUGS = [game.slug for game in games.all()]


def test_the_site_manifest_lists_exactly_the_registered_games():
    assert sorted(gamebook.GAMES) == sorted(SLUGS)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_fills_every_slot(slug):
    check_manifest(slug)


def check_manifest(slug: str) -> None:
    """Every slot of ``slug``'s manifest is filled, and every file it names is there."""
    info = gamebook.info(slug)
    assert info.slug == slug and info.engine.slug == slug
    assert info.pitch and info.seat_question and info.seat_note and info.picture_alt
    # Files named from the slug: the board's renderer, the picture, the rules page and
    # the keyboard help.
    for static in (info.renderer, info.picture):
        assert finders.find(static), f"{slug}: no static/{static}"
    for template in (info.rules_template, info.keys_help):
        get_template(template)  # TemplateDoesNotExist names the missing one
    defaults = lobby.lobby_defaults(info.engine)
    assert info.match_length(defaults).endswith(".")
    # The default opponent is a real agent of this game, as the lobby builds it.
    agents.check_spec(levels.resolve(slug, info.default_opponent), slug)
    if info.agents.levels:  # the lobby preselects one of the levels it lists
        assert info.default_opponent in [lv.value for lv in info.agents.levels]
    assert lobby.default_opponent(info.engine) == info.default_opponent
    # The agents' half: evaluation, fast playout (optional), analysis policy, levels.
    assert problems(info.agents) == []
    for level in info.agents.levels:
        agents.check_spec(level.spec, slug)
