"""The bots page (make, rotate, revoke, choose what a bot accepts) and the bot API docs."""

from __future__ import annotations

from pathlib import Path

import markdown
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods, require_POST

import games
from webapp.bots import accounts
from webapp.bots.models import Bot, BotSeat

DOCS = Path(settings.BASE_DIR) / "docs"


def bot_defaults() -> dict[str, float]:
    return {
        "move_s": settings.DICEARENA_BOT_MOVE_S,
        "bank_s": settings.DICEARENA_BOT_BANK_S,
        "wait_s": settings.DICEARENA_BOT_WAIT_S,
    }


@login_required
@require_http_methods(["GET", "POST"])
def bot_list(request):
    new_token = None
    if request.method == "POST":
        try:
            bot, new_token = accounts.create_bot(
                request.user,
                request.POST.get("name", ""),
                request.POST.getlist("games"),
                description=request.POST.get("description", ""),
                accepts_challenges="accepts_challenges" in request.POST,
            )
        except ValueError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(
                request, f"Bot {bot.name} is made. Copy its token now: it is shown only once."
            )
            request.session["new_bot_token"] = [bot.pk, new_token]
            return redirect("bots:list")
    shown = request.session.pop("new_bot_token", None)
    bots = list(request.user.bots.all())
    for bot in bots:
        bot.new_token = shown[1] if shown and shown[0] == bot.pk else None
        bot.recent = (
            BotSeat.objects.filter(bot=bot).select_related("match").order_by("-match_id")[:5]
        )
    return render(
        request,
        "bots/list.html",
        {"bots": bots, "games": games.all(), "defaults": bot_defaults(), "form": request.POST},
    )


@login_required
@require_POST
def bot_action(request, bot_id: int, action: str):
    bot = get_object_or_404(Bot, pk=bot_id, owner=request.user)
    if action == "rotate":
        request.session["new_bot_token"] = [bot.pk, bot.rotate()]
        messages.success(request, f"{bot.name} has a new token; the old one no longer works.")
    elif action == "revoke":
        bot.revoke()
        messages.success(
            request, f"{bot.name}'s token is revoked: it cannot connect until you rotate it."
        )
    elif action == "challenges":
        bot.accepts_challenges = not bot.accepts_challenges
        bot.save(update_fields=["accepts_challenges"])
    else:
        raise Http404(f"no action {action!r}")
    return redirect("bots:list")


def api_docs(request, page: str = "bot-api"):
    """docs/bot-api.md as a page, and the docs it links to (the games' pages, results),
    so their relative links work from /bots/api/."""
    pages = {p.relative_to(DOCS).with_suffix("").as_posix(): p for p in DOCS.glob("**/*.md")}
    if page not in pages:
        raise Http404(f"no document {page!r}")
    html = markdown.markdown(pages[page].read_text(), extensions=["fenced_code", "tables", "toc"])
    return render(request, "bots/api.html", {"doc": mark_safe(html)})  # our own files
