"""games/ and agents/ are pure Python: they import without Django on the path."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = r"""
import importlib, pkgutil, sys

class NoWeb:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("django", "channels", "celery", "webapp"):
            raise ImportError(f"{name} must not be imported from games/ or agents/")
        return None

sys.meta_path.insert(0, NoWeb())
import games, agents
for pkg in (games, agents):
    for mod in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        if mod.name.endswith("__main__"):
            continue
        importlib.import_module(mod.name)
for name in agents.core.AGENTS:
    agents.get(name)
print("ok", len(games.all()))
"""


def test_games_and_agents_import_without_django():
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")
