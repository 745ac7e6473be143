from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from webapp import counters
from webapp.accounts import signals
from webapp.accounts.forms import SettingsForm, SignInForm, SignUpForm
from webapp.accounts.identity import Identity, address_of, identity_of
from webapp.accounts.models import ApiToken, Preferences


class SignInView(auth_views.LoginView):
    form_class = SignInForm
    template_name = "accounts/login.html"

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.throttled:
            response.status_code = 429  # Too Many Requests, for scripts; people read the form
        return response


@require_http_methods(["GET", "POST"])
def signup(request):
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        over = _signup_quota(request)
        if over is None:
            guest = identity_of(None, request.session)
            with transaction.atomic():
                user = form.save()  # with the address, if one was given
                if not form.cleaned_data["email_on_turn"]:
                    Preferences.objects.create(user=user, email_on_turn=False)
                if guest is not None:
                    # The guest's games, in play and played, become the account's.
                    account = Identity(f"user:{user.pk}", user.get_username(), user.pk)
                    signals.guest_signed_up.send(guest=guest, user=account)
            login(request, user)
            return redirect("home")
        form.add_error(
            None,
            f"{settings.DICEARENA_SIGNUPS_PER_HOUR} accounts an hour at most may be made "
            f"from one address; try again in {-(-over.wait_s // 60)} minutes.",
        )
        response = render(request, "accounts/signup.html", {"form": form}, status=429)
        response["Retry-After"] = str(over.wait_s)
        return response
    return render(request, "accounts/signup.html", {"form": form})


def _signup_quota(request):
    """Count a new account against its address's hour (DICEARENA_SIGNUPS_PER_HOUR):
    None if allowed, else what was over (nothing is counted then)."""
    address = address_of(request)
    return counters.charge([(f"signups:{address}", settings.DICEARENA_SIGNUPS_PER_HOUR)], "hour")


@login_required
@require_http_methods(["GET", "POST"])
def tokens(request):
    new_token = None
    if request.method == "POST":
        if "revoke" in request.POST:
            ApiToken.objects.filter(user=request.user, pk=request.POST.get("revoke")).delete()
        else:
            _, new_token = ApiToken.issue(request.user, request.POST.get("name") or "script")
    return render(
        request,
        "accounts/tokens.html",
        {"tokens": request.user.tokens.order_by("-created_at"), "new_token": new_token},
    )


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request):
    """Turn e-mails, the tab badge and the new-game sound, each switchable off, and the
    address mails go to.
    A refused form changes nothing and says why next to the field."""
    prefs = Preferences.for_user(request.user)
    initial = {
        "email": request.user.email,
        "email_on_turn": prefs.email_on_turn,
        "title_badge": prefs.title_badge,
        "new_game_sound": prefs.new_game_sound,
    }
    form = SettingsForm(request.POST or None, initial=initial)
    saved = False
    if request.method == "POST":
        if form.is_valid():
            with transaction.atomic():
                request.user.email = form.cleaned_data["email"]
                request.user.save(update_fields=["email"])
                prefs.email_on_turn = form.cleaned_data["email_on_turn"]
                prefs.title_badge = form.cleaned_data["title_badge"]
                prefs.new_game_sound = form.cleaned_data["new_game_sound"]
                prefs.save()
            saved = True
        else:
            return render(request, "accounts/settings.html", {"form": form}, status=400)
    return render(request, "accounts/settings.html", {"form": form, "saved": saved})
