from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from webapp.accounts.forms import SignInForm


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
        user = form.save()
        login(request, user)
        return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def tokens(request):
    from webapp.accounts.models import ApiToken

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
