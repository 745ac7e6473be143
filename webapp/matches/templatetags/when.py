"""How long ago, as a person says it: "just now" under a minute, else "5 minutes ago"
(Django's ``timesince`` alone reads "0 minutes" for a match made a moment ago)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django import template
from django.utils import timezone
from django.utils.timesince import timesince

register = template.Library()


@register.filter
def ago(moment: datetime | None) -> str:
    if moment is None:
        return ""
    if timezone.now() - moment < timedelta(minutes=1):
        return "just now"
    return f"{timesince(moment)} ago"
