"""Template helpers for Button Men's button picker (lobby and tournament form)."""

from django import template

from games.buttonmen.roster import buttons

register = template.Library()


@register.inclusion_tag("games/_buttonmen_datalist.html")
def buttonmen_datalist():
    """The playable buttons as a <datalist>: browsers match what is typed against the
    name and the label (set and recipe), so one field searches both."""
    return {"buttons": [b for b in buttons() if b.playable]}


@register.filter
def split_list(value) -> list[str]:
    """'Avis, random' -> ['Avis', 'random'] (a list option as the form shows it)."""
    return [part.strip() for part in str(value).split(",")]
