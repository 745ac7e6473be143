"""Login state: what writes it, who may guess passwords how often, when it is cleared,
and how its cookies travel."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone
from django_celery_beat.models import PeriodicTask

from webapp.accounts import throttle
from webapp.accounts.identity import GUEST_KEY
from webapp.accounts.tasks import clear_expired_sessions
from webapp.config.celery import app as celery_app
from webapp.matches import autoplay, services
from webapp.matches.models import Match

from .helpers import footsies_people, row_counts

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-123"


@pytest.fixture
def finished_match() -> Match:
    plan = services.MatchPlan(
        game="footsies",
        seats=[services.SeatPlan(agent_spec="random"), services.SeatPlan(agent_spec="random")],
    )
    match = services.create_match(plan, schedule=False)
    return autoplay.play_out(match.pk)


# ----- a visit that needs no login state writes nothing ------------------------------------


def test_cookieless_visits_to_every_public_page_write_no_row(finished_match):
    open_match = footsies_people()
    pages = [
        "/",
        "/matches/",
        f"/matches/{finished_match.pk}/",
        f"/matches/{open_match.pk}/",
        f"/matches/{finished_match.pk}/replay/?ply=3",
        f"/matches/{finished_match.pk}/record.json",
        f"/matches/{finished_match.pk}/thinking/0/",
        "/tournaments/",
        "/tournaments/new/",
        "/tournaments/scheduled/",
        "/leaderboards/",
        "/leaderboards/footsies/",
        "/accounts/login/",
        "/accounts/signup/",
        "/bots/api/",
        "/api/openapi.json",
        "/api/agents?game=footsies",
        "/api/leaderboards/footsies",
        "/matches/999999/",
    ]
    before = row_counts()
    for page in pages:
        response = Client().get(page)  # a new client each time: no cookie at all
        assert response.status_code in (200, 404), (page, response.status_code)
        assert settings.SESSION_COOKIE_NAME not in response.cookies, page
    assert row_counts() == before


def test_a_guest_gets_a_session_when_they_start_a_match():
    client = Client()
    client.get("/")
    assert Session.objects.count() == 0
    response = client.post(
        "/matches/new/", {"game": "footsies", "mode": "ai", "opponent": "random"}
    )
    assert response.status_code == 302
    match = Match.objects.get()
    guest = client.session[GUEST_KEY]
    assert match.seats.get(index=0).owner == f"guest:{guest}"
    assert Session.objects.count() == 1
    # The match page knows them as the seat's owner.
    assert client.get(f"/matches/{match.pk}/").context["seat"] == 0


def test_a_guest_gets_a_session_when_they_take_an_open_seat():
    host = Client()
    host.post("/matches/new/", {"game": "footsies", "mode": "friend"})
    match = Match.objects.get()
    friend = Client()
    friend.get(f"/matches/{match.pk}/")
    assert Session.objects.count() == 1  # the host's only
    friend.post(f"/matches/{match.pk}/join/")
    assert match.seats.get(index=1).owner == f"guest:{friend.session[GUEST_KEY]}"
    assert Session.objects.count() == 2


def test_a_refused_new_match_makes_no_guest():
    before = row_counts()
    Client().post("/matches/new/", {"game": "chess"})
    assert row_counts() == before


# ----- sign-in throttling --------------------------------------------------------------


@pytest.fixture
def clean_throttle():
    """This run's throttle counts start at zero for each test."""
    client = throttle._client(settings.REDIS_URL)
    pattern = f"{settings.DICEARENA_REDIS_PREFIX}:login-failures:*"
    client.delete(*client.keys(pattern) or ["-"])
    yield
    client.delete(*client.keys(pattern) or ["-"])


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", password=PASSWORD)


def sign_in(username: str, password: str, address: str = "10.0.0.1"):
    client = Client(REMOTE_ADDR=address)
    response = client.post("/accounts/login/", {"username": username, "password": password})
    return client, response


def test_an_account_is_locked_at_the_guessing_address_even_to_the_right_password(
    clean_throttle, alice
):
    per_account, _, window_s = settings.DICEARENA_LOGIN_THROTTLE
    for _ in range(per_account):
        _, response = sign_in("alice", "wrong", address="10.0.0.1")
        assert response.status_code == 200
        assert "correct username and password" in response.content.decode()
    # From the same address, with the right password: still refused, without a check.
    client, refused = sign_in("Alice", PASSWORD, address="10.0.0.1")
    assert refused.status_code == 429
    text = refused.content.decode()
    assert "Too many failed sign-ins for this account" in text and "15 minutes" in text
    assert "_auth_user_id" not in client.session
    # Other people sign in as usual, from that address too.
    get_user_model().objects.create_user("bob", password=PASSWORD)
    _, ok = sign_in("bob", PASSWORD, address="10.0.0.1")
    assert ok.status_code == 302


def test_a_guesser_at_one_address_cannot_lock_the_owner_out_from_another(clean_throttle):
    """The old hole: five wrong passwords locked any public username, admins included."""
    get_user_model().objects.create_superuser("root", password=PASSWORD)
    per_account, _, _ = settings.DICEARENA_LOGIN_THROTTLE
    for _ in range(per_account + 3):
        Client(REMOTE_ADDR="10.66.0.1").post(
            "/admin/login/", {"username": "root", "password": "wrong"}
        )
        sign_in("root", "wrong", address="10.66.0.1")
    for path in ("/admin/login/", "/accounts/login/"):
        owner = Client(REMOTE_ADDR="10.77.0.1")
        response = owner.post(path, {"username": "root", "password": PASSWORD})
        assert response.status_code == 302, path
        assert "_auth_user_id" in owner.session
    # The guesser's own address stays locked out of it, and so does any address of its
    # IPv6 /64 (one subscriber's).
    assert sign_in("root", PASSWORD, address="10.66.0.1")[1].status_code == 429
    for _ in range(per_account):
        sign_in("root", "wrong", address="2001:db8:5:6::1")
    assert sign_in("root", PASSWORD, address="2001:db8:5:6::abcd")[1].status_code == 429
    assert sign_in("root", PASSWORD, address="2001:db8:5:7::1")[1].status_code == 302


def test_an_address_is_throttled_across_accounts(clean_throttle, alice):
    _, per_address, _ = settings.DICEARENA_LOGIN_THROTTLE
    for i in range(per_address):
        sign_in(f"nobody{i}", "wrong", address="10.9.9.9")
    _, refused = sign_in("alice", PASSWORD, address="10.9.9.9")
    assert refused.status_code == 429
    assert "Too many failed sign-ins from your address" in refused.content.decode()
    _, ok = sign_in("alice", PASSWORD, address="10.9.9.10")
    assert ok.status_code == 302


def test_a_good_sign_in_clears_its_accounts_failures(clean_throttle, alice):
    per_account, _, _ = settings.DICEARENA_LOGIN_THROTTLE
    for _ in range(per_account - 1):
        sign_in("alice", "wrong", address="10.1.1.1")
    assert sign_in("alice", PASSWORD, address="10.1.1.1")[1].status_code == 302
    for _ in range(per_account - 1):
        sign_in("alice", "wrong", address="10.1.1.1")
    assert sign_in("alice", PASSWORD, address="10.1.1.1")[1].status_code == 302


def test_the_admin_sign_in_is_throttled_too(clean_throttle):
    get_user_model().objects.create_superuser("root", password=PASSWORD)
    per_account, _, _ = settings.DICEARENA_LOGIN_THROTTLE
    for _ in range(per_account):
        Client().post("/admin/login/", {"username": "root", "password": "wrong"})
    client = Client()
    response = client.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert "Too many failed sign-ins" in response.content.decode()
    assert "_auth_user_id" not in client.session


# ----- expired sessions are cleared on a schedule -------------------------------------


def test_the_cleanup_deletes_expired_sessions_only():
    now = timezone.now()
    Session.objects.create(session_key="old1", session_data="", expire_date=now - timedelta(days=1))
    Session.objects.create(
        session_key="old2", session_data="", expire_date=now - timedelta(seconds=1)
    )
    Session.objects.create(session_key="live", session_data="", expire_date=now + timedelta(days=1))
    assert clear_expired_sessions() == 2
    assert list(Session.objects.values_list("session_key", flat=True)) == ["live"]
    assert clear_expired_sessions() == 0  # idempotent


@pytest.mark.django_db(transaction=True)  # the scheduler closes old connections itself
def test_beat_installs_every_system_job_with_an_expiry_below_its_period():
    from django_celery_beat.schedulers import DatabaseScheduler

    celery_app.loader.import_default_modules()  # every app's tasks, as a worker has them
    # What `celery beat` does when it starts: the settings' schedule into the database.
    DatabaseScheduler(app=celery_app, lazy=False)
    for name, entry in settings.CELERY_BEAT_SCHEDULE.items():
        task = PeriodicTask.objects.get(name=name)
        assert task.enabled and task.task in celery_app.tasks, name  # a registered task
        assert task.interval.every == int(entry["schedule"]), name
        assert 0 < task.expire_seconds <= task.interval.every, name
    cleanup = PeriodicTask.objects.get(task="webapp.accounts.tasks.clear_expired_sessions")
    assert cleanup.interval.every == 24 * 3600 and cleanup.expire_seconds == 3600
    # Starting beat again changes nothing (no second row for a job).
    DatabaseScheduler(app=celery_app, lazy=False)
    assert PeriodicTask.objects.filter(name__in=settings.CELERY_BEAT_SCHEDULE).count() == len(
        settings.CELERY_BEAT_SCHEDULE
    )


# ----- cookies over HTTPS ----------------------------------------------------------------


def test_cookies_are_secure_over_https_and_not_over_http(alice):
    plain = Client().get("/accounts/login/")
    assert plain.cookies["csrftoken"]["secure"] == ""
    secure = Client().get("/accounts/login/", secure=True)
    assert secure.cookies["csrftoken"]["secure"] is True
    client = Client()
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": PASSWORD}, secure=True
    )
    assert response.status_code == 302
    assert response.cookies[settings.SESSION_COOKIE_NAME]["secure"] is True


def test_behind_a_proxy_its_header_says_https(settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    forwarded = Client().get("/accounts/login/", headers={"X-Forwarded-Proto": "https"})
    assert forwarded.cookies["csrftoken"]["secure"] is True
    forged = Client().get("/accounts/login/", headers={"X-Forwarded-Proto": "http"})
    assert forged.cookies["csrftoken"]["secure"] == ""
