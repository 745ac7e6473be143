"""Challenges against one outside bot are limited, per person and in all, on the real
stack: the ASGI server process, people's browsers as cookie jars posting the lobby form
at once, the bot connected over its socket."""

import functools
import http.client
import http.cookiejar
import re
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.conf import settings

from webapp.bots.models import BotSeat
from webapp.matches.models import Match

from .bot_helpers import Socket, make_bot, wait_online

pytestmark = [pytest.mark.django_db(transaction=True)]


class _FromAddress(urllib.request.HTTPHandler):
    """Connections from one loopback address (any of 127.0.0.0/8 may be bound): so many
    browsers are so many addresses, as the per-address limit sees them."""

    def __init__(self, address: str) -> None:
        super().__init__()
        self.address = address

    def http_open(self, req):
        connect = functools.partial(http.client.HTTPConnection, source_address=(self.address, 0))
        return self.do_open(connect, req)


class Browser:
    """One person: a cookie jar (a session of its own) that posts the lobby's form, from
    ``address``."""

    def __init__(self, web_server: str, address: str = "127.0.0.1") -> None:
        self.web_server = web_server
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
            _FromAddress(address),
        )

    def open_lobby(self, game: str) -> str:
        with self.opener.open(f"{self.web_server}/play/{game}/", timeout=30) as page:
            html = page.read().decode()
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)

    def challenge(self, game: str, bot: str, token: str) -> tuple[int, str]:
        form = {"csrfmiddlewaretoken": token, "game": game, "mode": "ai"}
        body = urllib.parse.urlencode({**form, "seat": 0, "opponent": f"bot:{bot}"}).encode()
        try:
            with self.opener.open(f"{self.web_server}/matches/new/", body, timeout=60) as page:
                return page.status, page.url
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()


def bot_matches(bot) -> list[Match]:
    return list(Match.objects.filter(bot_seats__bot=bot).distinct())


def test_thirty_guests_at_once_get_at_most_the_bots_limit_of_matches(web_server):
    bot, token = make_bot("popular", ["footsies"])
    total = settings.DICEARENA_BOT_CHALLENGES
    # Thirty people at thirty addresses (from one, its own limit would decide).
    guests = [Browser(web_server, f"127.0.0.{10 + i}") for i in range(30)]
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        wait_online(bot)
        forms = [guest.open_lobby("footsies") for guest in guests]
        answers: list[tuple[int, str]] = []
        start = threading.Barrier(len(guests))

        def challenge(guest: Browser, form: str) -> None:
            start.wait()
            answers.append(guest.challenge("footsies", bot.name, form))

        threads = [
            threading.Thread(target=challenge, args=pair)
            for pair in zip(guests, forms, strict=True)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    made = [url for status, url in answers if status == 200 and "/matches/" in url]
    refused = [page for status, page in answers if status == 429]
    assert len(made) == total, answers
    assert len(refused) == len(guests) - total
    assert all(f"{bot.name} is playing {total} challenges already" in p for p in refused)
    # Refused challenges changed nothing: only the admitted matches exist.
    assert len(bot_matches(bot)) == total
    assert BotSeat.objects.filter(bot=bot).count() == total


def test_one_person_plays_a_bot_only_so_many_times_at_once(web_server):
    bot, token = make_bot("sought", ["footsies"])
    each = settings.DICEARENA_BOT_CHALLENGES_PER_PERSON
    person, other = Browser(web_server), Browser(web_server, "127.0.0.2")
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        wait_online(bot)
        answers = [
            person.challenge("footsies", bot.name, person.open_lobby("footsies"))
            for _ in range(each + 2)
        ]
        assert [status for status, _ in answers] == [200] * each + [429, 429]
        assert "you are already playing sought" in answers[-1][1]
        assert len(bot_matches(bot)) == each
        # Someone else may still challenge it.
        status, page = other.challenge("footsies", bot.name, other.open_lobby("footsies"))
        assert status == 200, re.findall(r"Could not start the match: [^<]*", page)
        # An aborted match frees its place.
        first = int(re.search(r"/matches/(\d+)/", answers[0][1]).group(1))
        Match.objects.filter(pk=first).update(status=Match.Status.ABORTED)
        status, page = person.challenge("footsies", bot.name, person.open_lobby("footsies"))
        assert status == 200, re.findall(r"Could not start the match: [^<]*", page)
    assert len(bot_matches(bot)) == each + 2


def test_one_address_plays_a_bot_only_so_many_times_at_once(web_server):
    """The audit: one cookieless client (a new guest at every request) took all of a
    bot's free places, and was refused with 400. Now its address has a limit of its own
    (DICEARENA_BOT_CHALLENGES_PER_ADDRESS), and the refusal is 429 with the reason."""
    bot, token = make_bot("crowded", ["footsies"])
    per_address = settings.DICEARENA_BOT_CHALLENGES_PER_ADDRESS
    assert per_address < settings.DICEARENA_BOT_CHALLENGES
    with Socket(web_server, token) as ws:
        ws.next("welcome")
        wait_online(bot)
        answers = []
        for _ in range(per_address + 3):
            cookieless = Browser(web_server)  # a new guest every time, one address
            answers.append(
                cookieless.challenge("footsies", bot.name, cookieless.open_lobby("footsies"))
            )
        assert [status for status, _ in answers] == [200] * per_address + [429] * 3
        assert all(
            f"your address is already playing crowded {per_address} times" in page
            for _, page in answers[per_address:]
        )
        assert len(bot_matches(bot)) == per_address
        # Someone at another address still may.
        elsewhere = Browser(web_server, "127.0.0.2")
        status, page = elsewhere.challenge("footsies", bot.name, elsewhere.open_lobby("footsies"))
        assert status == 200, re.findall(r"Could not start the match: [^<]*", page)
    assert len(bot_matches(bot)) == per_address + 1
