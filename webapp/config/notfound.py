"""The one "Not found" page, in words a person reads, whatever raised it.

Django's own 404s say "No Match matches the given query." (``get_object_or_404``) or, for
an unknown address, carry the URL resolver's dump (every pattern tried, the URLconf's
module); with DEBUG on, Django even answers with its technical page listing them. None of
that is for a visitor: it names server internals. This page says what is missing, or
only that nothing is there.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.urls import Resolver404

_NO_SUCH = re.compile(r"^No (?P<model>[A-Za-z]+) matches the given query\.?$")


def reason(exception: BaseException | None) -> str:
    """A sentence on what is missing, or "" when only the address is unknown."""
    if exception is None or isinstance(exception, Resolver404) or not exception.args:
        return ""
    text = exception.args[0]
    if not isinstance(text, str) or not text.strip():
        return ""
    found = _NO_SUCH.match(text.strip())
    if found:
        # The model's name, split into words: "BotAccount" -> "bot account".
        noun = re.sub(r"(?<!^)(?=[A-Z])", " ", found["model"]).lower()
        return f"There is no such {noun}."
    text = text.strip().rstrip(".")
    return text[0].upper() + text[1:] + "."


def not_found(request, exception=None):
    response = render(request, "404.html", {"message": reason(exception)}, status=404)
    response.plain_not_found = True
    return response


class PlainNotFound:
    """Our 404 page with DEBUG on too: a view's Http404 is answered here before Django's
    technical page, and an unknown address (which never reaches a view) is answered by
    replacing that page. The API's JSON 404s pass untouched."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            settings.DEBUG
            and response.status_code == 404
            and not getattr(response, "plain_not_found", False)
            and response.get("Content-Type", "").startswith("text/html")
        ):
            return not_found(request)
        return response

    def process_exception(self, request, exception):
        if isinstance(exception, Http404):
            return not_found(request, exception)
        return None
