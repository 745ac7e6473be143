"""Whose address a request comes from, on the real web server (uvicorn as ``make run``
starts it): a client cannot pick it with ``X-Forwarded-For``; only the proxies the
operator names (``FORWARDED_ALLOW_IPS``) are believed.

The audit: uvicorn believed the header from 127.0.0.1 by default, so any client of a
site it served directly chose the address every per-address limit counts — rotating it
undid the sign-in throttle, and five wrong passwords "from" another address locked
that address's real user out. Clients here connect from different loopback addresses
(127.0.0.1, .2, .3: a socket may bind any of 127.0.0.0/8)."""

import re

import pytest
import requests
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from requests.adapters import HTTPAdapter

from tests.stack import start_web

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-pass-123"


class _From(HTTPAdapter):
    """Connections from one local address."""

    def __init__(self, address: str) -> None:
        self.address = address
        super().__init__()

    def init_poolmanager(self, *args, **kwargs):
        kwargs["source_address"] = (self.address, 0)
        super().init_poolmanager(*args, **kwargs)


def sign_in(url: str, password: str, source: str, forwarded_for: str | None = None) -> int:
    """Alice's sign-in from ``source`` (a fresh browser), claiming ``forwarded_for``."""
    session = requests.Session()
    session.mount("http://", _From(source))
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    form = session.get(f"{url}/accounts/login/", headers=headers, timeout=30)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text).group(1)
    answer = session.post(
        f"{url}/accounts/login/",
        {"username": "alice", "password": password, "csrfmiddlewaretoken": token},
        headers={**headers, "Referer": f"{url}/accounts/login/"},
        allow_redirects=False,
        timeout=30,
    )
    return answer.status_code


@pytest.fixture
def alice(settings):
    from webapp.accounts import throttle

    # Hashed as the web server's settings check it (the tests' own hasher is MD5).
    hasher = PBKDF2PasswordHasher()
    get_user_model().objects.create(
        username="alice", password=hasher.encode(PASSWORD, hasher.salt())
    )
    client = throttle._client(settings.REDIS_URL)
    pattern = f"{settings.DICEARENA_REDIS_PREFIX}:login-failures:*"
    client.delete(*client.keys(pattern) or ["-"])
    yield
    client.delete(*client.keys(pattern) or ["-"])


def test_a_client_cannot_pick_its_address_with_x_forwarded_for(
    log_dir, alice, settings, monkeypatch
):
    per_account, _, _ = settings.DICEARENA_LOGIN_THROTTLE
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)  # as shipped: no proxy named
    web, url = start_web(log_dir)
    try:
        # A guesser at 127.0.0.1 claims to be Alice's address, then any address at all.
        for _ in range(per_account):
            assert sign_in(url, "wrong", "127.0.0.1", forwarded_for="127.0.0.2") == 200
        rotated = [sign_in(url, "wrong", "127.0.0.1", f"10.9.0.{i}") for i in range(1, 4)]
        # Its own address is what counts: locked out, whatever it claims.
        assert rotated == [429, 429, 429]
        # Alice, at her own address, signs in (before: 429, locked out by the guesser).
        assert sign_in(url, PASSWORD, "127.0.0.2") == 302
    finally:
        web.stop()


def test_behind_a_named_proxy_the_visitors_address_counts(log_dir, alice, settings):
    per_account, _, _ = settings.DICEARENA_LOGIN_THROTTLE
    # The operator's proxy is 127.0.0.3 (FORWARDED_ALLOW_IPS, as the README says).
    web, url = start_web(log_dir, {"FORWARDED_ALLOW_IPS": "127.0.0.3"})
    try:
        for _ in range(per_account):
            assert sign_in(url, "wrong", "127.0.0.3", forwarded_for="10.20.0.1") == 200
        # That visitor is locked out; another visitor through the same proxy is not.
        assert sign_in(url, PASSWORD, "127.0.0.3", forwarded_for="10.20.0.1") == 429
        assert sign_in(url, PASSWORD, "127.0.0.3", forwarded_for="10.20.0.2") == 302
        # A client that is not the proxy is not believed: it is itself (127.0.0.1).
        for _ in range(per_account):
            sign_in(url, "wrong", "127.0.0.1", forwarded_for="10.20.0.3")
        assert sign_in(url, PASSWORD, "127.0.0.3", forwarded_for="10.20.0.3") == 302
        assert sign_in(url, PASSWORD, "127.0.0.1") == 429
    finally:
        web.stop()
