"""Making and changing bots: ``check_*`` validates, ``create_bot`` writes."""

from __future__ import annotations

import games
from webapp.bots.models import NAME_RE, Bot

#: Bots one person may own.
MAX_BOTS_PER_OWNER = 20


def check_games(slugs: list[str]) -> list[str]:
    known = [g.slug for g in games.all()]
    if not slugs:
        raise ValueError("name at least one game the bot plays")
    unknown = [s for s in slugs if s not in known]
    if unknown:
        raise ValueError(f"unknown game {unknown[0]!r}: pick from {', '.join(known)}")
    return [s for s in known if s in slugs]


def check_name(name: str) -> str:
    if not NAME_RE.match(name or ""):
        raise ValueError(
            "a bot's name is 2–40 letters, digits, - or _, starting with a letter or digit"
        )
    if Bot.objects.filter(name__iexact=name).exists():
        raise ValueError(f"there is already a bot called {name!r}")
    return name


def create_bot(
    owner, name: str, game_slugs: list[str], description: str = "", accepts_challenges: bool = True
) -> tuple[Bot, str]:
    """A new bot and its token (the only time the token is shown). ValueError says why not."""
    name = check_name(name.strip())
    slugs = check_games(game_slugs)
    if Bot.objects.filter(owner=owner).count() >= MAX_BOTS_PER_OWNER:
        raise ValueError(f"one person may own at most {MAX_BOTS_PER_OWNER} bots")
    bot = Bot.objects.create(
        owner=owner,
        name=name,
        games=slugs,
        description=description.strip()[:500],
        accepts_challenges=accepts_challenges,
    )
    return bot, bot.rotate()
