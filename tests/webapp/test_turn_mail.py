"""Correspondence between people: each move e-mails the player whose turn it is, through
Django's SMTP backend to a real SMTP server on loopback (aiosmtpd); the signed link in
the mail opens the game; the "Your turn" list, page and badge; settings switch them off."""

from __future__ import annotations

import email
import re
from email.policy import default as email_policy

import pytest
from aiosmtpd.controller import Controller
from django.contrib.auth.models import User
from django.core import signing

from tests.stack import free_port
from webapp.accounts.identity import Identity
from webapp.accounts.models import Preferences
from webapp.matches import services
from webapp.matches.models import Match
from webapp.matches.positions import load_state
from webapp.notify import links, listeners
from webapp.notify.mail import send_turn_mail
from webapp.notify.models import TurnMail

from .helpers import row_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_workers")]


class Inbox:
    """The SMTP server's handler: every message it accepted."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        self.messages.append(email.message_from_bytes(envelope.content, policy=email_policy))
        return "250 OK"


@pytest.fixture
def inbox(settings):
    handler = Inbox()
    port = free_port()
    server = Controller(handler, hostname="127.0.0.1", port=port)
    server.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.DICEARENA_SITE_URL = "http://testserver"
    yield handler
    server.stop()


@pytest.fixture
def mails_now(monkeypatch):
    """The mail task runs when the move commits, in this process (the worker's part)."""
    from django.db import transaction

    class Now:
        @staticmethod
        def delay_on_commit(*args):
            transaction.on_commit(lambda: send_turn_mail(*args))

    monkeypatch.setattr(listeners, "turn_mail", Now)


def person(name: str, address: str = "") -> tuple[User, Identity]:
    user = User.objects.create_user(name, email=address or f"{name}@example.org", password="pw")
    return user, Identity(key=f"user:{user.pk}", name=name, user_id=user.pk)


def correspondence(a: Identity, b: Identity, control: str = "3d") -> Match:
    plan = services.MatchPlan(
        game="octagon",
        seats=[services.SeatPlan(identity=a), services.SeatPlan(identity=b)],
        clock=control,
    )
    return services.create_match(plan, schedule=False)


def move(match: Match, who: Identity) -> None:
    match.refresh_from_db()
    state = load_state(match)
    seat = state.acting_seats()[0]
    text = state.move_to_str(state.legal_moves(seat)[0])
    services.submit_move(match.pk, seat, match.ply, text, identity=who)


def body_of(message) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


def link_in(message) -> str:
    body = message.get_body(("plain",)).get_content()
    return re.search(r"http://testserver(/notify/open/\S+/)", body).group(1)


def test_each_move_mails_the_other_player_and_the_link_opens_the_game(
    inbox, mails_now, client, django_capture_on_commit_callbacks
):
    alice_user, alice = person("alice")
    bob_user, bob = person("bob")
    with django_capture_on_commit_callbacks(execute=True):
        match = correspondence(alice, bob)
    # Alice is to move first: she hears it as the match starts.
    assert [m["To"] for m in inbox.messages] == ["alice@example.org"]
    with django_capture_on_commit_callbacks(execute=True):
        move(match, alice)
    assert [m["To"] for m in inbox.messages] == ["alice@example.org", "bob@example.org"]
    mail = inbox.messages[-1]
    assert mail["Subject"] == f"Your turn: The Octagon Theory #{match.pk} against alice"
    # The first mail says the game started (nobody had moved); the next names the mover.
    first = body_of(inbox.messages[0])
    assert f"The Octagon Theory game #{match.pk} against bob has started" in first, first
    assert "moved" not in first
    assert body_of(mail).startswith("Hello bob,\n\nalice moved; it's your move")
    with django_capture_on_commit_callbacks(execute=True):
        move(match, bob)
    assert [m["To"] for m in inbox.messages][-1] == "alice@example.org"
    assert TurnMail.objects.filter(match=match).count() == 3

    # Bob's link opens the game once he is signed in; before, it asks him to sign in.
    path = link_in(mail)
    assert client.get(path).url.startswith("/accounts/login/?next=/matches/")
    client.force_login(bob_user)
    opened = client.get(path, follow=True)
    assert opened.redirect_chain[-1][0] == f"/matches/{match.pk}/"
    assert b'id="clocks"' in opened.content


def test_a_mail_is_sent_once_per_turn_whatever_asks_twice(inbox, settings):
    _, alice = person("alice")
    _, bob = person("bob")
    match = correspondence(alice, bob)
    assert send_turn_mail(match.pk, 0, 0) == "sent"
    assert send_turn_mail(match.pk, 0, 0) == "already sent"
    assert send_turn_mail(match.pk, 1, 0) == "not their turn"
    assert send_turn_mail(match.pk, 0, 5) == "moved on"
    assert len(inbox.messages) == 1


def test_no_mail_when_switched_off_or_without_an_address(inbox):
    alice_user, alice = person("alice")
    _, bob = person("bob")
    Preferences.objects.create(user=alice_user, email_on_turn=False)
    match = correspondence(alice, bob)
    assert send_turn_mail(match.pk, 0, 0) == "turned off"
    alice_user.email = ""
    alice_user.save()
    assert send_turn_mail(match.pk, 0, 0) == "no address"
    assert inbox.messages == []


def test_a_live_clock_sends_no_mail(mails_now, django_capture_on_commit_callbacks, inbox):
    _, alice = person("alice")
    _, bob = person("bob")
    with django_capture_on_commit_callbacks(execute=True):
        match = correspondence(alice, bob, "5+3")
        move(match, alice)
    assert inbox.messages == []


@pytest.mark.parametrize("token", ["nonsense", "", "a" * 300])
def test_a_made_up_link_is_refused_plainly(client, token):
    answer = client.get(f"/notify/open/{token}x/")
    assert answer.status_code == 400
    assert b"not one of ours" in answer.content


def test_a_tampered_or_expired_link_is_refused(client, settings):
    _, alice = person("alice")
    _, bob = person("bob")
    match = correspondence(alice, bob)
    path = links.make(match.pk, 1)
    token = path.rstrip("/").rsplit("/", 1)[1]
    other = signing.dumps({"m": match.pk + 1, "u": 1}, salt="another salt", compress=True)
    assert client.get(f"/notify/open/{other}/").status_code == 400
    assert client.get(path.replace(token, token[:-2] + "AA")).status_code == 400
    settings.DICEARENA_TURN_LINK_MAX_AGE_S = -1
    answer = client.get(path)
    assert answer.status_code == 400
    assert b"expired" in answer.content


# ----- the "Your turn" list, page, card and badge -------------------------------------------


def test_your_turn_lists_every_game_waiting_for_you(client):
    alice_user, alice = person("alice")
    _, bob = person("bob")
    slow = correspondence(alice, bob)
    live = correspondence(bob, alice, "10+5")  # bob moves first there
    untimed = services.create_match(
        services.MatchPlan(
            game="octagon",
            seats=[services.SeatPlan(identity=alice), services.SeatPlan(identity=bob)],
        ),
        schedule=False,
    )
    client.force_login(alice_user)
    data = client.get("/matches/your-turn.json").json()
    assert data["badge"] is True
    assert sorted(g["match"] for g in data["games"]) == sorted([slow.pk, untimed.pk])
    move(live, bob)
    assert client.get("/matches/your-turn.json").json()["count"] == 3
    page = client.get("/matches/your-turn/")
    assert page.content.count(b'class="your-turn"') == 3
    assert b"3 days a move" in page.content
    home = client.get("/")
    assert b'id="your-turn-card"' in home.content
    move(slow, alice)
    assert client.get("/matches/your-turn.json").json()["count"] == 2


def test_a_guest_has_a_list_too_and_nobody_sees_anothers(client):
    _, alice = person("alice")
    _, bob = person("bob")
    correspondence(alice, bob)
    assert client.get("/matches/your-turn.json").json()["count"] == 0
    assert b"No game is waiting for you" in client.get("/matches/your-turn/").content


def test_settings_switch_the_mails_and_the_badge_off(client):
    alice_user, _ = person("alice")
    client.force_login(alice_user)
    page = client.get("/accounts/settings/")
    assert b'name="email_on_turn"' in page.content
    saved = client.post("/accounts/settings/", {"email": "new@example.org"})
    assert saved.status_code == 200
    prefs = Preferences.objects.get(user=alice_user)
    assert (prefs.email_on_turn, prefs.title_badge) == (False, False)
    assert User.objects.get(pk=alice_user.pk).email == "new@example.org"
    assert client.get("/matches/your-turn.json").json()["badge"] is False


@pytest.mark.parametrize("address", ["not an address", "a@", "x" * 300 + "@example.org"])
def test_a_bad_address_is_refused_and_changes_nothing(client, address):
    alice_user, _ = person("alice")
    client.force_login(alice_user)
    before = row_counts()
    answer = client.post(
        "/accounts/settings/", {"email": address, "email_on_turn": "on", "title_badge": "on"}
    )
    assert answer.status_code == 400
    assert b'id="email-error"' in answer.content
    assert row_counts() == before
    assert User.objects.get(pk=alice_user.pk).email == "alice@example.org"


def test_settings_need_an_account(client):
    assert client.get("/accounts/settings/").url.startswith("/accounts/login/")


# ----- the first mail, and where its link points ------------------------------------------


def test_a_friend_sitting_down_is_mailed_as_the_game_starting_not_a_move(
    inbox, mails_now, django_capture_on_commit_callbacks
):
    """An invitation by link: the mail that reaches the inviter when the friend sits down
    says the game started, not that the friend "moved"."""
    _, alice = person("alice")
    _, bob = person("bob")
    plan = services.MatchPlan(
        game="octagon",
        seats=[services.SeatPlan(identity=alice), services.SeatPlan(open=True)],
        clock="3d",
    )
    with django_capture_on_commit_callbacks(execute=True):
        match = services.create_match(plan, schedule=False)
    assert inbox.messages == []  # the clocks wait for the friend
    with django_capture_on_commit_callbacks(execute=True):
        services.join_seat(match.pk, bob)
    assert [m["To"] for m in inbox.messages] == ["alice@example.org"]
    body = body_of(inbox.messages[0])
    assert "against bob has started: it's your move" in body and "moved" not in body, body


def test_sign_up_offers_an_address_for_turn_mails_and_they_go_there(
    inbox, mails_now, client, django_capture_on_commit_callbacks
):
    page = client.get("/accounts/signup/").content.decode()
    assert 'name="email"' in page and 'name="email_on_turn"' in page
    assert "correspondence game" in page  # what the address is for
    password = "a-long-pass-123"
    answer = client.post(
        "/accounts/signup/",
        {
            "username": "carol",
            "password1": password,
            "password2": password,
            "email": "carol@example.org",
            "email_on_turn": "on",
        },
    )
    assert answer.status_code == 302
    carol_user = User.objects.get(username="carol")
    assert carol_user.email == "carol@example.org"
    assert Preferences.for_user(carol_user).email_on_turn is True
    carol = Identity(key=f"user:{carol_user.pk}", name="carol", user_id=carol_user.pk)
    _, bob = person("bob")
    with django_capture_on_commit_callbacks(execute=True):
        correspondence(carol, bob)
    assert [m["To"] for m in inbox.messages] == ["carol@example.org"]


def test_sign_up_without_an_address_or_with_mails_off(client):
    password = "a-long-pass-123"
    fields = {"password1": password, "password2": password}
    assert client.post("/accounts/signup/", {"username": "dan", **fields}).status_code == 302
    assert User.objects.get(username="dan").email == ""
    client.logout()
    off = {"username": "erin", "email": "erin@example.org", **fields}  # box left unticked
    assert client.post("/accounts/signup/", off).status_code == 302
    erin = User.objects.get(username="erin")
    assert erin.email == "erin@example.org"
    assert Preferences.for_user(erin).email_on_turn is False
    client.logout()
    bad = client.post("/accounts/signup/", {"username": "finn", "email": "no", **fields})
    assert bad.status_code == 200 and not User.objects.filter(username="finn").exists()
