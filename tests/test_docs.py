"""The docs stay in step with the code: every setting is documented, every link works."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def settings_read() -> set[str]:
    """Every environment variable webapp/config/settings.py reads."""
    text = (ROOT / "webapp/config/settings.py").read_text()
    found = set(
        re.findall(
            r"""(?:environ\.get|environ\[|getenv|_env_\w+)\(?\s*["']([A-Z][A-Z0-9_]+)["']""", text
        )
    )
    assert len(found) > 20, found  # the pattern still finds them
    return found


def test_every_setting_is_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    missing = sorted(name for name in settings_read() if f"`{name}`" not in readme)
    assert missing == [], (
        f"settings.py reads these, the README's table does not list them: {missing}"
    )


def test_every_relative_link_in_the_docs_points_at_a_file():
    broken = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", doc.read_text()):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (doc.parent / target).exists():
                broken.append(f"{doc.relative_to(ROOT)} -> {target}")
    assert broken == []


#: Files a reader of the repository cannot open, and issue numbers that mean nothing in the
#: code: built from pieces so that this file does not match itself.
_OUTSIDE = re.compile(
    "|".join(
        [
            r"\b" + "GAMES" + r"\.md",
            "ARCHITECTURE" + r"\.md",
            "STYLE" + r"\.md",
            r"\.\./" + "shared",
            r"\b[Ii]" + r"ssues?[ -]\d",
        ]
    )
)

#: Where code, tests and pages live; their .py, .html and .js files are read.
_CODE_DIRS = ["agents", "games", "webapp", "templates", "static", "tests", "bench"]


def _readable_files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for name in _CODE_DIRS:
        for path in sorted((ROOT / name).rglob("*")):
            if path.suffix in {".py", ".html", ".js"} and "__pycache__" not in path.parts:
                files.append(path)
    return files


def test_nothing_points_outside_the_repository():
    found = []
    for path in _readable_files():
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if _OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert len(_readable_files()) > 200  # the scan still sees the code
    assert found == [], "say the fact or point inside the repository:\n" + "\n".join(found)
