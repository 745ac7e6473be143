"""Regenerate ``roster.json`` from a checkout of the community site's code.

Usage::

    git clone https://github.com/buttonmen-dev/buttonmen /tmp/buttonmen
    python -m games.buttonmen.make_roster /tmp/buttonmen [--date YYYY-MM-DD]

It reads the site's button seed data, ``deploy/database/data.button.sql``, and keeps only
facts: each button's name, set, recipe, whether it has special rules of its own
(``btn_special``) and whether it is tournament legal. Buttons are ordered by their
set's ``sort_order``, then by the site's button id. Rows commented out in the file
(buttons the site does not implement) are left out, as the site leaves them out.
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
from pathlib import Path

SEED = Path("deploy/database/data.button.sql")
OUT = Path(__file__).with_name("roster.json")

_SET_ROW = re.compile(r"^\((\d+),\s*'((?:[^'\\]|\\.)*)',\s*(\d+)\)[,;]")
_BUTTON_ROW = re.compile(
    r"^\((\d+),\s*'((?:[^'\\]|\\.)*)',\s*'((?:[^'\\]|\\.)*)',\s*([01]),\s*([01]),\s*"
    r"\(SELECT id FROM buttonset WHERE name=\"([^\"]*)\"\)\)[,;]"
)


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def read_seed(text: str) -> list[list]:
    """``[name, set, recipe, special, tournament_legal]`` per button, in roster order."""
    sets: dict[str, int] = {}
    rows = []
    block = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("INSERT INTO buttonset"):
            block = "set"
        elif line.startswith("INSERT INTO button "):
            block = "button"
        elif not line or line.startswith("#"):
            continue
        elif block == "set" and (m := _SET_ROW.match(line)):
            sets[_unquote(m.group(2))] = int(m.group(3))
        elif block == "button" and (m := _BUTTON_ROW.match(line)):
            number, name, recipe, special, legal, set_name = m.groups()
            row = [_unquote(name), set_name, _unquote(recipe), int(special), int(legal)]
            rows.append((sets.get(set_name, 999_999), int(number), row))
    return [row for *_, row in sorted(rows, key=lambda r: r[:2])]


def write_roster(rows: list[list], commit: str, date: str, out: Path = OUT) -> None:
    source = (
        "the Button Men community site's button table (buttonmen-dev/buttonmen, "
        f"deploy/database/data.button.sql{', commit ' + commit if commit else ''}): name, set, "
        "recipe in the site's notation, whether the button has special rules of its own "
        "(btn_special) and whether it is tournament legal; facts only, gathered "
        f"{date} (games/buttonmen/make_roster.py)"
    )
    lines = ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows)
    out.write_text(
        '{"source":' + json.dumps(source, ensure_ascii=False) + ',"buttons":[' + lines + "]}\n",
        encoding="utf-8",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", type=Path, help="a checkout of buttonmen-dev/buttonmen")
    parser.add_argument("--commit", default="", help="the checkout's commit, for the note")
    parser.add_argument("--date", default=datetime.date.today().isoformat())
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rows = read_seed((args.checkout / SEED).read_text(encoding="utf-8"))
    write_roster(rows, args.commit, args.date, args.out)
    print(f"{len(rows)} buttons in {len({r[1] for r in rows})} sets -> {args.out}")


if __name__ == "__main__":
    main()
