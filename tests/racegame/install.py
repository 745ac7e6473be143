"""Everything a new game adds, done for the race at test time: each line below is one
slot of the game's manifest, and names the table a real game fills in its own file
(docs/adding-a-game.md). ``install_agents`` needs no Django; ``install_site`` adds the
site's half (``settings`` is pytest-django's fixture)."""

from __future__ import annotations

from pathlib import Path

import pytest

import games
from agents import levels
from agents.analyse import policy
from agents.search import evaluation
from tests import racegame

HERE = Path(__file__).resolve().parent


def install_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    # games/__init__.py SLUGS (a real game: its package games/<slug>/ exports GAME).
    monkeypatch.setattr(games, "_registered", dict(games._registered))
    monkeypatch.setitem(games._loaded, racegame.SLUG, racegame.GAME)  # undone after
    games.register(racegame.GAME)
    # agents/search/evaluation.py EVALUATIONS: expectimax's evaluation.
    monkeypatch.setitem(evaluation.EVALUATIONS, racegame.SLUG, "tests.racegame:evaluate")
    # agents/analyse/policy.py STRONGEST and PLAYOUT: who judges and who plays out.
    monkeypatch.setitem(policy.STRONGEST, racegame.SLUG, "expectimax:depth=2")
    monkeypatch.setitem(policy.PLAYOUT, racegame.SLUG, "random")
    # agents/levels.py CHOSEN and LADDER_GAMES: the named levels and their ladder.
    monkeypatch.setitem(
        levels.CHOSEN, racegame.SLUG, (("easy", "random"), ("strong", "expectimax:depth=2"))
    )
    monkeypatch.setitem(levels.LADDER_GAMES, racegame.SLUG, 4)


def install_site(monkeypatch: pytest.MonkeyPatch, settings) -> None:
    from webapp.matches import gamebook, lobby  # Django is set up by now (a test's fixture)

    install_agents(monkeypatch)
    # webapp/matches/gamebook.py GAMES: the site's manifest.
    monkeypatch.setitem(
        gamebook.GAMES,
        racegame.SLUG,
        gamebook.GameInfo(
            racegame.SLUG,
            "Race a single die to the finish: step one square, or roll and risk a 1.",
            "Your colour",
            "Red runs first.",
            picture_alt="Two runners on a track of squares",
            length=lambda o: f"The first runner to reach square {o.get('goal', 10)} wins.",
            default_opponent="level:strong",  # expectimax:depth=2
        ),
    )
    monkeypatch.setitem(lobby.DEFAULT_OPPONENT, racegame.SLUG, "level:strong")
    # The files: templates/games/race.html (rules), templates/games/keys/race.html,
    # static/js/games/race.js (renderer), static/img/games/race.png (picture); kept here.
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], HERE / "templates"]}
    ]
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, HERE / "static"]


class _ProcessSettings:
    """Django's settings changed for the rest of a process, the way tests change them:
    through ``override_settings``, whose signal resets what was built from them (the
    template engines, the static file finders)."""

    def __getattr__(self, name: str):
        from django.conf import settings

        return getattr(settings, name)

    def __setattr__(self, name: str, value) -> None:
        from django.test.utils import override_settings

        override_settings(**{name: value}).enable()


def install_in_process() -> None:
    """The race in a whole web server or worker, for its life: forked for a browser test
    with ``setup="tests.racegame.install:install_in_process"`` (tests/forkserver.py)."""
    install_site(pytest.MonkeyPatch(), _ProcessSettings())
