"""The site's manifest of each game: everything the site knows about a game, reached
from its one ``GameInfo`` in ``GAMES`` (docs/adding-a-game.md walks a new game through it).

- in words: a one-line pitch, what a seat is called, what ends a round and the match
  (``length``), the opponent a person meets unless they pick another;
- files, named from the slug and checked by tests/webapp/test_manifests.py: the board's
  renderer (static/js/games/<slug>.js), the rules page (templates/games/<slug>.html),
  the picture (static/img/games/<slug>.png), the keyboard help
  (templates/games/keys/<slug>.html);
- the agents' half (pure Python, no Django): ``agents`` gives ``agents.manifest`` —
  evaluation, fast playout, analysis policy, levels — and ``engine`` the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import games
from agents.manifest import AgentManifest, manifest
from games.core import Game

#: Seat colours, in the order the boards paint them (static/js/arena.js SEAT_COLOURS).
SEAT_COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Teal", "Pink")


@dataclass(frozen=True)
class GameInfo:
    slug: str
    pitch: str
    #: What the seat choice means in this game ("Your colour", "You play").
    seat_question: str
    #: A note under the seat choice (who starts, how play order is chosen).
    seat_note: str
    #: Names of the seats, when the game has its own (the Hero and the enemy).
    seat_names: tuple[str, ...] = ()
    picture_alt: str = ""
    #: What ends the match under given options, in a sentence.
    length: Callable[[dict[str, Any]], str] = field(kw_only=True)
    #: The opponent a person meets unless they pick another: one of the game's levels
    #: ("level:<name>", so the lobby's preselected opponent is one it lists beside the
    #: form), or an agent spec for a game without levels; a real AI that plays a fair
    #: game at once (instant or about a second a move), not ``random``.
    default_opponent: str = field(kw_only=True)

    @property
    def picture(self) -> str:
        return f"img/games/{self.slug}.png"

    @property
    def renderer(self) -> str:
        return f"js/games/{self.slug}.js"

    @property
    def rules_template(self) -> str:
        return f"games/{self.slug}.html"

    @property
    def keys_help(self) -> str:
        return f"games/keys/{self.slug}.html"

    @property
    def engine(self) -> Game:
        return games.get(self.slug)

    @property
    def agents(self) -> AgentManifest:
        return manifest(self.slug)

    def seat_name(self, index: int) -> str:
        if index < len(self.seat_names):
            return self.seat_names[index]
        return SEAT_COLOURS[index]

    def seat_tag(self, index: int) -> str:
        """A short word that tells two seats with the same name apart: "Blue", "Hero"."""
        if index < len(self.seat_names):
            return self.seat_names[index].removeprefix("the ").capitalize()
        return SEAT_COLOURS[index]

    def match_length(self, options: dict[str, Any]) -> str:
        """What ends the match under these options, in a sentence."""
        return self.length(options)


def _footsies_length(o: dict[str, Any]) -> str:
    hits = o.get("attacks_to_win", 2)
    round_end = (
        f"A round ends when a fighter lands {hits} hits in a row or wins an exchange outright"
    )
    if o.get("max_turns"):
        round_end += f" (after {o['max_turns']} turns it is a draw)"
    rounds = o.get("rounds", 1)
    if rounds == 1:
        return round_end + "; one round decides the match."
    return round_end + f"; the first to win {rounds // 2 + 1} of {rounds} rounds wins the match."


def _buttonmen_length(o: dict[str, Any]) -> str:
    need = o.get("rounds_to_win", 3)
    return (
        "A round ends when both players pass in a row or one side has no dice left; the higher "
        f"round score wins it. The first to win {need} round{'s' if need > 1 else ''} wins the match."
    )


def _octagon_length(o: dict[str, Any]) -> str:
    turns = o.get("turns") or {"small": 20, "standard": 30, "large": 70}.get(
        o.get("preset", "standard"), 30
    )
    return f"After {turns} placements the player with more pieces on the board wins."


def _dicewars_length(o: dict[str, Any]) -> str:
    cap = o.get("max_turns", 1000)
    text = "The last player holding territories wins"
    if cap < 1000:
        text += f"; after {cap} turns the most territories (then dice) win"
    return text + "."


def _dungeon_length(o: dict[str, Any]) -> str:
    return f"The first side at 0 HP loses; after {o.get('max_turns', 100)} turns it is a draw."


def _pig_length(o: dict[str, Any]) -> str:
    return f"The first to reach {o.get('goal', 100)} points wins."


GAMES: dict[str, GameInfo] = {
    "footsies": GameInfo(
        "footsies",
        "A fighting-game duel of blind choices: attack, block, grab or dragon punch — "
        "both reveal at once.",
        "Your colour",
        "Both fighters choose at the same time, so nobody moves first.",
        picture_alt="Two fighters facing each other, their blocks and the last exchange",
        length=_footsies_length,
        default_opponent="level:easy",
    ),
    "buttonmen": GameInfo(
        "buttonmen",
        "Roll a fighter's dice, then capture the other side's dice with power and skill attacks.",
        "Your colour",
        "Who attacks first is decided by the dice each round.",
        picture_alt="Two fighters' dice, one die selected for an attack",
        length=_buttonmen_length,
        default_opponent="level:medium",
    ),
    "octagon": GameInfo(
        "octagon",
        "Place arrowed pieces on an octagon and push your opponent's off the edge or "
        "into the hole.",
        "Your colour",
        "Red places first unless the rules options say otherwise.",
        picture_alt="The octagonal board with red and blue pieces and the central hole",
        length=_octagon_length,
        default_opponent="level:strong",
    ),
    "dicewars": GameInfo(
        "dicewars",
        "Conquer a hex map territory by territory, dice stack against dice stack, "
        "for 2 to 8 players.",
        "Your colour",
        "The play order is drawn at random when the map is made.",
        picture_alt="A hex map of territories in the players' colours with stacks of dice",
        length=_dicewars_length,
        default_opponent="level:medium",
    ),
    "dungeon": GameInfo(
        "dungeon",
        "A dice battler: put the dice you roll into your equipment to hit, shield and "
        "poison the monster.",
        "You play",
        "The Hero moves first.",
        seat_names=("the Hero", "the enemy"),
        picture_alt="The Hero's and the Frog's equipment cards and the dice of the turn",
        length=_dungeon_length,
        default_opponent="level:best",
    ),
    "pig": GameInfo(
        "pig",
        "The classic dice race: roll as often as you dare, a 1 loses the turn's points, "
        "hold to bank them.",
        "Your colour",
        "Red rolls first.",
        picture_alt="Two score tracks racing to the goal, the red one with points at stake, "
        "and a die",
        length=_pig_length,
        default_opponent="level:best",
    ),
}


def info(slug: str) -> GameInfo:
    return GAMES[slug]


def distinct_names(game: str, names: list[str]) -> list[str]:
    """One name per player: a name that more than one seat shares gets its seat's tag,
    so three ``dicewars-sdc`` read "dicewars-sdc (Red)", "dicewars-sdc (Blue)", ..."""
    seat_info = GAMES.get(game)
    return [
        f"{name} ({seat_info.seat_tag(i) if seat_info else f'seat {i}'})"
        if names.count(name) > 1
        else name
        for i, name in enumerate(names)
    ]


def catalogue() -> list[tuple[Any, GameInfo]]:
    """Every game with its presentation, in the registry's order."""
    return [(game, GAMES[game.slug]) for game in games.all()]
