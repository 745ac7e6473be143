"""The hook registry apps listen through (webapp/hooks.py), and that each announcement
of the match services has the listeners the apps connect in their ready."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from webapp import hooks
from webapp.bots import signals as bot_signals
from webapp.hooks import Hook, check_listeners
from webapp.matches import signals, tasks

ROOT = Path(__file__).resolve().parents[2]


def test_listeners_run_in_the_declared_order_once_each():
    hook, seen = Hook("test", ("early", "late")), []

    def late(**kw):
        seen.append(("late", kw))

    def early(**kw):
        seen.append(("early", kw))

    hook.connect(late, at="late")
    hook.connect(early, at="early")
    hook.connect(late, at="late")  # connecting again keeps one
    assert hook.send(x=1) == [None, None]
    assert seen == [("early", {"x": 1}), ("late", {"x": 1})]


def test_connect_refuses_an_unknown_or_a_taken_position():
    hook = Hook("test", ("matches",))

    def one(**kw): ...

    def other(**kw): ...

    with pytest.raises(ImproperlyConfigured, match="does not name"):
        hook.connect(one, at="bots")
    with pytest.raises(ImproperlyConfigured, match="belongs to no installed app"):
        hook.connect(one)  # a test module is no app: its position must be named
    hook.connect(one, at="matches")
    with pytest.raises(ImproperlyConfigured, match="listens already"):
        hook.connect(other, at="matches")
    assert hook.listeners() == [one]
    with pytest.raises(ImproperlyConfigured, match="names an app twice"):
        Hook("test", ("bots", "bots"))


def test_a_listener_takes_the_position_of_its_app():
    hook = Hook("test", ("leaderboards", "matches"))
    hook.connect(tasks.queue_ai_move)
    assert hook.missing() == ["leaderboards"]
    assert hook.listeners() == [tasks.queue_ai_move]


def test_a_required_hook_without_its_listener_fails_the_check_and_when_fired():
    required = Hook("test_required", ("matches", "notify"))
    optional = Hook("test_optional", ("leaderboards",), optional=True)
    required.connect(lambda **kw: "heard", at="matches")
    with pytest.raises(ImproperlyConfigured) as raised:
        check_listeners([required, optional])
    assert str(raised.value) == (
        "hook test_required has no listener from app 'notify': does webapp.notify's "
        "AppConfig (a hooks.ListeningApp) load webapp.notify.listeners, and does that "
        "connect to test_required?"
    )
    with pytest.raises(ImproperlyConfigured, match="test_required"):
        required.send()
    with pytest.raises(ImproperlyConfigured, match="test_required"):
        required.notify()
    # Optional: unheard, it answers nothing.
    check_listeners([optional])
    assert optional.send() == [] and signals.ask(optional) == []
    missing_app = Hook("test_missing_app", ("no_such_app",))
    with pytest.raises(ImproperlyConfigured, match="no app 'no_such_app' is in INSTALLED_APPS"):
        check_listeners([missing_app])


def test_send_lets_a_refusal_through_and_notify_logs_it_and_goes_on(caplog):
    hook, seen = Hook("test", ("first", "second")), []

    def refuses(**kw):
        raise ValueError("no")

    def listens(**kw):
        seen.append(kw)

    hook.connect(listens, at="second")
    hook.connect(refuses, at="first")
    with pytest.raises(ValueError):
        hook.send(match_id=3)
    assert seen == []
    hook.notify(match_id=3)
    assert seen == [{"match_id": 3}]
    assert "a listener of test failed" in caplog.text


def _names(hook: Hook) -> list[str]:
    return [f"{f.__module__}.{f.__name__}" for f in hook.listeners()]


def test_the_apps_listen_to_what_matches_announces():
    # Ratings first, then the bots' match_over frames, then the tournament's count,
    # then the players' pages count their waiting games again.
    assert _names(signals.match_ended) == [
        "webapp.leaderboards.listeners.rate",
        "webapp.bots.listeners.ended",
        "webapp.tournaments.listeners.game_ended",
        "webapp.notify.listeners.match_ended",
    ]
    assert _names(signals.match_rated) == ["webapp.matches.listeners.analyse_rated"]
    assert _names(signals.agents_due) == ["webapp.matches.tasks.queue_ai_move"]
    for hook in (signals.match_checking, signals.match_created):
        assert [n.split(".")[1] for n in _names(hook)] == ["bots"]
    assert [n.split(".")[1] for n in _names(signals.position_stored)] == ["bots", "notify"]
    # Every open page of the players hears a match start (the person socket).
    assert _names(signals.match_started) == ["webapp.notify.live.game_started"]
    assert _names(bot_signals.bot_connected) == ["webapp.tournaments.listeners.pump_for_bot"]
    assert _names(bot_signals.sweeping) == ["webapp.tournaments.listeners.pump_all"]
    # The lobby's fair Button Men matchup reads the study the button pages show.
    assert _names(signals.button_study) == ["webapp.tournaments.listeners.button_study"]


def _declared_in_webapp() -> list[str]:
    """The names of the hooks declared in webapp/ (``Hook("name", ...)`` calls)."""
    found = []
    for path in sorted((ROOT / "webapp").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "Hook"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.append(node.args[0].value)
    return sorted(found)


def test_every_hook_is_checked_at_start_up_and_has_its_listeners():
    # Every hook of webapp/ is declared by the time the apps are ready (so the start-up
    # check sees it), and each has the listeners it names; only questions for a page's
    # extras are optional.
    declared = {hook.name: hook for hook in hooks._declared if not hook.name.startswith("test")}
    assert sorted(declared) == _declared_in_webapp()
    check_listeners()
    assert {name for name, hook in declared.items() if hook.missing()} == set()
    assert sorted(name for name, hook in declared.items() if hook.optional) == [
        "match_context",
        "rating_changes",
        "rating_note",
    ]


FORGETFUL = r"""
import sys, types
from django.apps import AppConfig
from django.conf import settings

forgetful = types.ModuleType("forgetful")


class Notify(AppConfig):  # a ready() that never loads webapp.notify.listeners
    name = "webapp.notify"
    label = "notify"


forgetful.Notify = Notify
sys.modules["forgetful"] = forgetful
apps = settings.INSTALLED_APPS
if sys.argv[1] == "forgetful":
    apps[apps.index("webapp.notify")] = "forgetful.Notify"
else:
    apps.remove("webapp.notify")
import django

django.setup()
"""


@pytest.mark.parametrize("case", ["forgetful", "left-out"])
def test_django_does_not_start_when_an_app_does_not_listen(case):
    result = subprocess.run(
        [sys.executable, "-c", FORGETFUL, case],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "webapp.config.test_settings"},
    )
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    why = "does webapp.notify's AppConfig" if case == "forgetful" else "no app 'notify' is in"
    for hook in ("match_ended", "match_started", "position_stored", "turn_started"):
        assert f"hook {hook} has no listener from app 'notify': {why}" in result.stderr
    assert "hook agents_due" not in result.stderr
