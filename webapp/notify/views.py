from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core import signing
from django.shortcuts import redirect, render
from django.urls import reverse

from webapp.matches.models import Match
from webapp.notify import links


def open_link(request, token: str):
    """A turn e-mail's link: opens the game, or says plainly why not."""
    try:
        match_id, user_id = links.read(token)
    except signing.SignatureExpired:
        return _refused(request, "This link has expired. Your games are under “Your turn”.")
    except signing.BadSignature:
        return _refused(request, "This link is not one of ours, or it was cut short.")
    if not Match.objects.filter(pk=match_id).exists():
        return _refused(request, "That game is gone.", status=404)
    target = reverse("matches:detail", args=[match_id])
    if not request.user.is_authenticated:
        return redirect_to_login(target)  # the page shows your seat once you are in
    return redirect(target)


def _refused(request, why: str, status: int = 400):
    return render(request, "notify/link.html", {"why": why}, status=status)
