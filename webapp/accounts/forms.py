"""Sign-in forms that count failures and refuse while an account or address is throttled."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError

from webapp.accounts import throttle
from webapp.accounts.identity import address_of

THROTTLED = "throttled"


class ThrottledSignIn:
    """Mixed into an AuthenticationForm: refuse early while throttled; count failures."""

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        address = address_of(self.request)
        reason = throttle.refusal(username, address)
        if reason:
            raise ValidationError(reason, code=THROTTLED)
        try:
            cleaned = super().clean()
        except ValidationError as exc:
            if getattr(exc, "code", None) == "invalid_login":
                throttle.record_failure(username, address)
            raise
        throttle.record_success(username, address)
        return cleaned

    @property
    def throttled(self) -> bool:
        return self.has_error("__all__", THROTTLED)


class SignInForm(ThrottledSignIn, AuthenticationForm):
    pass


class AdminSignInForm(ThrottledSignIn, AdminAuthenticationForm):
    pass


class SettingsForm(forms.Form):
    """An account's notification settings and the address turn e-mails go to."""

    email = forms.EmailField(
        required=False,
        max_length=254,
        label="E-mail address",
        help_text="Where turn e-mails go. Leave it empty and none is sent.",
    )
    email_on_turn = forms.BooleanField(
        required=False, label="E-mail me when a correspondence game waits for my move"
    )
    title_badge = forms.BooleanField(
        required=False, label="Show “(1) Your turn” in the browser tab's title"
    )
    new_game_sound = forms.BooleanField(
        required=False, label="Play a short sound when a new game of mine starts"
    )


class SignUpForm(UserCreationForm):
    """A new account, with an optional address for turn e-mails: without one no turn
    mail can go out, and people rarely find Settings before their first
    correspondence game."""

    email = forms.EmailField(
        required=False,
        max_length=254,
        label="E-mail address (optional)",
        help_text=(
            "For turn e-mails only: when a correspondence game (days a move) waits for "
            "your move, one mail with a link to it. Leave it empty and none is sent; "
            "change it any time under Settings."
        ),
    )
    email_on_turn = forms.BooleanField(
        required=False,
        initial=True,
        label="E-mail me when a correspondence game waits for my move",
    )

    field_order = ("username", "password1", "password2", "email", "email_on_turn")

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
