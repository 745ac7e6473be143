"""The hook registry apps listen through (webapp/hooks.py), and that each announcement
of the match services has the listeners the apps connect in their ready."""

import pytest

from webapp.bots import signals as bot_signals
from webapp.hooks import Hook
from webapp.matches import signals


def test_listeners_run_in_order_once_each():
    hook, seen = Hook("test"), []

    def late(**kw):
        seen.append(("late", kw))

    def early(**kw):
        seen.append(("early", kw))

    hook.connect(late, order=20)
    hook.connect(early, order=10)
    hook.connect(late, order=20)  # connecting again keeps one
    assert hook.send(x=1) == [None, None]
    assert seen == [("early", {"x": 1}), ("late", {"x": 1})]


def test_send_lets_a_refusal_through_and_notify_logs_it_and_goes_on(caplog):
    hook, seen = Hook("test"), []

    def refuses(**kw):
        raise ValueError("no")

    def listens(**kw):
        seen.append(kw)

    hook.connect(refuses, order=1)
    hook.connect(listens, order=2)
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
