"""Template helpers for Button Men's button picker (lobby and tournament form)."""

from django import template

from games.buttonmen.roster import buttons
from webapp.matches.buttons import skills_of

register = template.Library()


@register.inclusion_tag("games/_buttonmen_datalist.html")
def buttonmen_datalist():
    """The playable buttons as a <datalist>: browsers match what is typed against the
    name and the label (set, recipe and skills), so one field searches them all:
    "poison" finds the buttons with Poison dice."""
    return {"buttons": [(b, ", ".join(skills_of(b))) for b in buttons() if b.playable]}


@register.filter
def button_skills(button) -> str:
    """'Poison, Shadow': the skills on a button's dice, for the roster's list."""
    return ", ".join(skills_of(button))


@register.filter
def split_list(value) -> list[str]:
    """'Avis, random' -> ['Avis', 'random'] (a list option as the form shows it)."""
    return [part.strip() for part in str(value).split(",")]
