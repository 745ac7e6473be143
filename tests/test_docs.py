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
