"""Sign-in forms that count failures and refuse while an account or address is throttled."""

from __future__ import annotations

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
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
