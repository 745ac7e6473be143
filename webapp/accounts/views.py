from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from webapp import counters
from webapp.accounts.forms import SignInForm
from webapp.accounts.identity import address_of
from webapp.accounts.models import ApiToken


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
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        over = _signup_quota(request)
        if over is None:
            user = form.save()
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
