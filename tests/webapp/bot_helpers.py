"""Bots for the tests: accounts, matches against agents, the reference client as a real
process, and a hand-driven socket (websockets' sync client) for misbehaving bots."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from django.contrib.auth import get_user_model
from websockets.sync.client import connect

import games
from tests.stack import ROOT, process_env
from webapp.bots import accounts, play
from webapp.bots.models import Bot, BotSeat
from webapp.matches import services
from webapp.matches.models import Event, Match, PendingChoice

from .helpers import wait_for

#: Every installed game: a new game is covered by the bot tests as it is installed.
ALL_GAMES = [game.slug for game in games.all()]


def owner(username: str = "ada"):
    user, _ = get_user_model().objects.get_or_create(username=username)
    return user


def make_bot(name: str, game_slugs=None, username: str = "ada") -> tuple[Bot, str]:
    slugs = ALL_GAMES if game_slugs is None else game_slugs
    return accounts.create_bot(owner(username), name, slugs)


def bot_match(
    bot: Bot,
    game: str,
    opponent: str = "random",
    seat: int = 0,
    move_s: float = 5,
    bank_s: float = 10,
    options: dict | None = None,
    created_by: str = "",
) -> Match:
    seats = [services.SeatPlan(agent_spec=opponent) for _ in range(2)]
    seats[seat] = services.SeatPlan(identity=play.identity(bot))
    plan = services.MatchPlan(
        game=game,
        seats=seats,
        options=options or {},
        time_control={"move_s": move_s, "bank_s": bank_s},
        created_by=created_by,
    )
    return services.create_match(plan)


def ws_url(web_server: str) -> str:
    return web_server.replace("http://", "ws://") + "/ws/bot/"


def reference_client(web_server: str, token: str, agent: str, matches: int) -> subprocess.Popen:
    """``python -m agents.remote`` as a bot writer runs it."""
    return subprocess.Popen(
        [
            sys.executable, "-m", "agents.remote", "--url", ws_url(web_server),
            "--token", token, "--agent", agent, "--matches", str(matches), "--stats",
        ],
        cwd=ROOT,
        env=process_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip


def wait_online(bot: Bot, timeout: float = 30) -> None:
    wait_for(lambda: Bot.objects.get(pk=bot.pk).online, timeout=timeout)


def snapshot(*matches: Match) -> list:
    """Everything a rejected frame must leave alone."""
    return [
        (
            Match.objects.get(pk=m.pk).ply,
            Match.objects.get(pk=m.pk).status,
            list(Event.objects.filter(match=m).values_list("ply", "move")),
            list(PendingChoice.objects.filter(match=m).values_list("seat", "move")),
            list(BotSeat.objects.filter(match=m).values_list("strikes", "bank_ms", "turn_ply")),
        )
        for m in matches
    ]


class Socket:
    """One bot connection driven by hand."""

    def __init__(self, web_server: str, token: str | None) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
        self._connection = connect(ws_url(web_server), additional_headers=headers, open_timeout=30)
        self.ws = self._connection.__enter__()
        self.frames: list[dict] = []

    def send(self, frame) -> None:
        self.ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))

    def next(self, kind: str | None = None, timeout: float = 45, **about) -> dict:
        """The next frame of ``kind`` (with the given fields), skipping others."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(
                    f"no {kind} frame {about} within {timeout}s: {self.frames[-5:]}"
                )
            frame = json.loads(self.ws.recv(timeout=left))
            self.frames.append(frame)
            if (kind is None or frame["type"] == kind) and all(
                frame.get(k) == v for k, v in about.items()
            ):
                return frame

    def close(self) -> None:
        self._connection.__exit__(None, None, None)

    def __enter__(self) -> Socket:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
