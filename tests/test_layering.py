"""games/ and agents/ are pure Python: they import without Django on the path."""

import ast
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


# ----- webapp/: apps that listen instead of importing each other in a loop -------------

OURS = ("webapp", "agents", "games")
#: Function-level imports of our own code allowed in webapp/, each with its reason. The
#: apps' listeners are loaded by name in ``ListeningApp.ready`` (after the models), so
#: none is needed for them; the README says how many there are.
MAX_FUNCTION_LEVEL = 5


def _imports(path: Path) -> list[tuple[str, int, bool]]:
    """(module, line, at module level) of every import of our own code in a file;
    imports under a top-level ``if``/``try`` count as module level."""
    tree = ast.parse(path.read_text())
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found: list[tuple[str, int, bool]] = []

    def walk(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, top) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                module = child.module or ""
                if child.level:  # relative: resolved against the file's package
                    base = package.split(".")[: len(package.split(".")) - child.level + 1]
                    module = ".".join([*base, module] if module else base)
                found.append((module, child.lineno, top))
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                walk(child, False)
            else:
                walk(child, top)

    walk(tree, True)
    return [(m, line, top) for m, line, top in found if m.split(".")[0] in OURS]


def _webapp_files() -> list[Path]:
    return [p for p in sorted((ROOT / "webapp").rglob("*.py")) if "migrations" not in p.parts]


def _part(path: Path) -> str:
    """The app (or top-level module) a file of webapp/ belongs to."""
    parts = path.relative_to(ROOT / "webapp").parts
    return parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")


def test_few_function_level_imports_in_webapp_each_with_a_reason():
    late = [(path, line) for path in _webapp_files() for _, line, top in _imports(path) if not top]
    where = [f"{p.relative_to(ROOT)}:{line}" for p, line in late]
    assert len(late) <= MAX_FUNCTION_LEVEL, where
    for path, line in late:
        lines = path.read_text().splitlines()
        # The reason is a comment on the line or just above it.
        nearby = lines[max(0, line - 3) : line]
        assert any("#" in text for text in nearby), f"{path.relative_to(ROOT)}:{line} says not why"


def test_every_app_with_listeners_connects_them_when_django_is_ready():
    from django.apps import apps

    from webapp.hooks import ListeningApp

    for path in sorted((ROOT / "webapp").glob("*/listeners.py")):
        config = apps.get_app_config(path.parent.name)
        assert isinstance(config, ListeningApp), f"{config.name} never loads its listeners"


def test_no_import_circle_between_the_parts_of_webapp():
    graph: dict[str, set[str]] = {}
    for path in _webapp_files():
        me = _part(path)
        for module, _, _ in _imports(path):
            parts = module.split(".")
            if parts[0] == "webapp" and len(parts) > 1 and parts[1] != me:
                graph.setdefault(me, set()).add(parts[1])

    def reaches(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    circles = sorted(
        {tuple(sorted((a, b))) for a in graph for b in reaches(a) if b != a and a in reaches(b)}
    )
    assert circles == [], circles
