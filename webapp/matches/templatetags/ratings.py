"""``{% load ratings %}`` ``{{ who|rating }}``: a rating as every page writes it,
"1623" or "1623?" while provisional, the "?" an ``abbr`` that says what it means
(``webapp.rating_labels``, the one helper).

``who`` is anything with ``rating`` and ``provisional`` (a leaderboard row, the lobby's
level row, a ``Competitor``), as an object or a dict; a plain number is shown as it is.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html

from webapp.rating_labels import PROVISIONAL_NOTE, rating_label

register = template.Library()


def _get(who: Any, name: str) -> Any:
    return who.get(name) if isinstance(who, dict) else getattr(who, name, None)


@register.filter
def rating(who: Any) -> str:
    if who is None or who == "":
        return ""
    if isinstance(who, int):
        return str(who)
    points, provisional = _get(who, "rating"), bool(_get(who, "provisional"))
    if points is None:
        return ""
    if not provisional:
        return format_html('<span class="rating">{}</span>', rating_label(points, False))
    return format_html(
        '<span class="rating">{}<abbr class="prov" title="{}">?</abbr></span>',
        points,
        PROVISIONAL_NOTE,
    )
