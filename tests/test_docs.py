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


# ----- concrete claims: settings, commands, targets, names and files -------------------

_DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _backticked(doc: Path) -> list[str]:
    return [t.strip() for t in re.findall(r"`([^`\n]+)`", doc.read_text())]


def _env_defaults() -> dict[str, object]:
    """Every environment variable the site's code reads with a literal default: the
    default as written (a string, or a bool for ``_env_bool``)."""
    import ast

    found: dict[str, object] = {}
    for rel in ("webapp/config/settings.py", "webapp/config/http.py", "webapp/launcher.py"):
        for node in ast.walk(ast.parse((ROOT / rel).read_text())):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name not in ("get", "_env_bool"):
                continue
            key, default = node.args[0], node.args[1]
            if isinstance(key, ast.Constant) and isinstance(default, ast.Constant):
                found.setdefault(key.value, default.value)  # settings.py's first
    from webapp.launcher import WORKERS

    for _, _, setting, default, _ in WORKERS:
        found[setting] = default
    return found


#: The README's words for a default that is no literal value.
_WORDS = {"off": False, "on": True, "none": "", "empty": "", "unset": ""}


def _readme_settings_table() -> dict[str, str | None]:
    """Each setting of the README's table and the default it gives: the literal in
    backticks, a word of ``_WORDS``, or None when the default is said in prose."""
    readme = (ROOT / "README.md").read_text()
    table = readme.split("| Setting (environment) |", 1)[1].split("\n\n", 1)[0]
    rows: dict[str, str | None] = {}
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        names = re.findall(r"`([A-Z][A-Z0-9_]+)`", cells[0])
        parts = [p.strip() for p in cells[1].split(" / ")]
        if len(parts) != len(names):
            parts = [cells[1]] * len(names)
        for name, part in zip(names, parts, strict=True):
            literal = re.match(r"`([^`]*)`", part)
            rows[name] = literal.group(1) if literal else _WORDS.get(part)
    assert len(rows) > 40, sorted(rows)  # the table is still found
    return rows


def _same(code: object, doc: object) -> bool:
    if isinstance(code, bool) or isinstance(doc, bool):
        return code == doc
    try:
        return float(code) == float(doc)  # "0.8" and `0.8`, "10" and `10`
    except (TypeError, ValueError):
        return str(code) == str(doc)


def test_every_dicearena_setting_is_in_the_readme_table_with_its_default():
    table = _readme_settings_table()
    text = (ROOT / "webapp/config/settings.py").read_text()
    missing = sorted(
        set(re.findall(r"""["'](DICEARENA_[A-Z0-9_]+)["']""", text))
        - set(table)
        # Said with its default where it acts (README, "E-mail").
        - {"DICEARENA_TURN_LINK_MAX_AGE_S"}
    )
    assert missing == [], f"settings.py reads these, the README's table lacks them: {missing}"
    code = _env_defaults()
    wrong = [
        f"{name}: the README says {table[name]!r}, the code {code[name]!r}"
        for name in sorted(table)
        if name in code and table[name] is not None and not _same(code[name], table[name])
    ]
    assert wrong == [], "\n".join(wrong)
    # The comparison still bites: most of the table has a literal default the code has.
    assert sum(1 for n in table if n in code and table[n] is not None) > 35


def test_every_setting_in_the_readme_table_is_read_by_the_code():
    read = settings_read() | set(_env_defaults())
    for rel in ("webapp/launcher.py", "webapp/config/http.py", "webapp/embedded_redis.py"):
        read |= set(re.findall(r"""["']([A-Z][A-Z0-9_]+)["']""", (ROOT / rel).read_text()))
    unknown = sorted(set(_readme_settings_table()) - read)
    assert unknown == [], f"the README's table names settings nothing reads: {unknown}"


def test_every_manage_py_command_in_the_docs_exists():
    from django.core.management import get_commands

    commands = get_commands()
    named = {
        (doc.relative_to(ROOT).as_posix(), name)
        for doc in _DOCS
        for name in re.findall(r"manage\.py ([a-z_]+)", doc.read_text())
    }
    assert len(named) > 5
    missing = sorted(f"{doc}: manage.py {name}" for doc, name in named if name not in commands)
    assert missing == [], "\n".join(missing)


def test_every_make_target_in_the_docs_exists():
    makefile = (ROOT / "Makefile").read_text()
    targets = set(re.findall(r"^([a-z][\w-]*):", makefile, re.MULTILINE))
    named = set()
    for doc in _DOCS:
        text = doc.read_text()
        # `make run` in the text, or a command line of a code block.
        blocks = "\n".join(re.findall(r"```[^\n]*\n(.*?)```", text, re.DOTALL))
        for name in [
            *re.findall(r"`make ([a-z][\w-]*)", text),
            *re.findall(r"^\s*make ([a-z][\w-]*)", blocks, re.MULTILINE),
        ]:
            named.add((doc.relative_to(ROOT).as_posix(), name))
    assert {"run", "test"} <= {name for _, name in named}
    missing = sorted(f"{doc}: make {name}" for doc, name in named if name not in targets)
    assert missing == [], "\n".join(missing)


def test_every_python_m_module_in_the_docs_exists():
    import importlib.util

    named = {
        (doc.relative_to(ROOT).as_posix(), module)
        for doc in _DOCS
        for module in re.findall(
            r"python -m ((?:games|agents|webapp|bench|tests)(?:\.\w+)*)", doc.read_text()
        )
    }
    assert len(named) > 15
    missing = sorted(f"{d}: {m}" for d, m in named if importlib.util.find_spec(m) is None)
    assert missing == [], "\n".join(missing)


#: Our top-level folders and files: a backticked path starting with one is checked.
_ROOTED = ("agents/", "games/", "webapp/", "templates/", "static/", "tests/", "bench/", "docs/")
_TOP_FILES = {"Makefile", "manage.py", "pyproject.toml", "requirements.txt", "README.md"}
#: A placeholder in a path or name: <slug>, GAME, RECORD, DIR; the hypothetical game of
#: docs/adding-a-game.md is "race".
_PLACEHOLDER = re.compile(r"<|\*|\b[A-Z]{3,}\b|(?:^|[/._])race(?:$|[/._])")


#: Paths that are not in the repository: a package's own static files.
_NOT_OURS = {"static/ninja/"}


def _repo_files() -> list[str]:
    skip = {".git", ".venv", "node_modules", "__pycache__", "var"}
    return [
        p.relative_to(ROOT).as_posix()
        for p in ROOT.rglob("*")
        if not skip.intersection(p.relative_to(ROOT).parts)
    ]


def test_every_file_path_in_backticks_exists():
    files = _repo_files()
    every = set(files)
    wrong = []
    for doc in _DOCS:
        for token in _backticked(doc):
            if token in _NOT_OURS:
                continue
            path, _, test = token.rstrip("/").partition("::")
            if test and (path == "…" or path.endswith(".py")):
                # A test's node id, maybe shortened (``…``): a file holds that test.
                name = test.split("[")[0]
                where = [
                    f
                    for f in files
                    if f.startswith("tests/")
                    and f.endswith(".py")
                    and (path == "…" or f == path or f.endswith("/" + path))
                ]
                pattern = "def " + re.escape(name.rstrip("…")) + ("" if "…" in name else r"\(")
                if not any(re.search(pattern, (ROOT / f).read_text()) for f in where):
                    wrong.append(f"{doc.relative_to(ROOT)}: {token}")
                continue
            if " " in path or _PLACEHOLDER.search(path) or path.startswith("/"):
                continue
            rooted = path.startswith(_ROOTED) or path in _TOP_FILES
            named_file = re.fullmatch(r"[\w./-]+\.(py|html|js|json|css|md|png)", path)
            if rooted and path not in every and f"templates/{path}" not in every:
                # (``games/_rules.html``: a template's name, under templates/)
                wrong.append(f"{doc.relative_to(ROOT)}: {token}")
            elif named_file and not rooted and "/" not in path:
                # A bare file name, written beside its folder: some file has that name.
                if not any(f == path or f.endswith("/" + path) for f in files):
                    wrong.append(f"{doc.relative_to(ROOT)}: {token}")
            elif named_file and not rooted:
                # A path inside a folder the text names (``matches/presence.py``).
                if not any(f.endswith("/" + path) for f in files):
                    wrong.append(f"{doc.relative_to(ROOT)}: {token}")
    assert wrong == [], "\n".join(wrong)


_APPS = {p.parent.name for p in (ROOT / "webapp").glob("*/apps.py")}


def _resolves(dotted: str) -> bool:
    import importlib

    module, _, attrs = dotted.partition(":")
    parts = module.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in [*parts[cut:], *(attrs.split(".") if attrs else [])]:
            if not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True
    return False


def test_every_dotted_python_name_in_backticks_exists():
    """`agents.check_spec(spec, game)`, `webapp.matches.gamebook.GAMES[slug]`,
    `tests.racegame.install:install_in_process`, `matches.tasks.ai_move` (an app of
    webapp/): each names a module and attributes that exist."""
    dotted = re.compile(r"((?:[a-z_]\w*\.)+[A-Za-z_]\w*(?::[\w.]+)?)(?:\(.*\)|\[.*\])?")
    checked, wrong = 0, []
    for doc in _DOCS:
        for token in _backticked(doc):
            match = dotted.fullmatch(token)
            if not match or _PLACEHOLDER.search(token):
                continue
            name = match.group(1)
            head = name.split(".")[0]
            if re.search(r"\.(py|html|js|json|css|md|png|txt|sql)$", name):
                continue  # a file
            if head in _APPS:
                name = "webapp." + name
            elif head not in ("games", "agents", "webapp", "tests"):
                continue
            checked += 1
            # An app's hook is written `app.hook`: it lives in the app's signals module.
            also = re.sub(r"^webapp\.(\w+)\.(\w+)$", r"webapp.\1.signals.\2", name)
            if not _resolves(name) and not _resolves(also):
                wrong.append(f"{doc.relative_to(ROOT)}: {token}")
    assert checked > 40
    assert wrong == [], "\n".join(wrong)


# ----- rules the README states about the code's shape ----------------------------------

_NUMBERS = {"none": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _readme() -> str:
    return " ".join((ROOT / "README.md").read_text().split())  # one line: no wraps


def test_the_import_rule_the_readme_states_holds():
    """ "`matches` never imports `bots`, …": no module of that app imports any of them
    (read with ast, as tests/test_layering.py reads webapp/)."""
    from tests.test_layering import _imports

    rules = re.findall(r"`(\w+)` never imports ([^;.]+)", _readme())
    assert rules, "the README states no import rule any more"
    apps = {p.parent.name for p in (ROOT / "webapp").glob("*/apps.py")}
    for subject, listed in rules:
        banned = set(re.findall(r"`(\w+)`", listed))
        assert banned and banned <= apps, (subject, listed)
        found = [
            f"{path.relative_to(ROOT)}:{line} imports {module}"
            for path in sorted((ROOT / "webapp" / subject).rglob("*.py"))
            if "migrations" not in path.parts
            for module, line, _ in _imports(path)
            if module.split(".")[:2] in (["webapp", b] for b in banned)
        ]
        assert found == [], "\n".join(found)


def test_the_readme_counts_the_function_level_imports_of_webapp():
    from tests.test_layering import _imports, _webapp_files

    said = re.search(
        r"function-level imports of our own code, each with its reason \((\w+) today", _readme()
    )
    assert said, "the README no longer says how many there are"
    late = [line for path in _webapp_files() for _, line, top in _imports(path) if not top]
    assert _NUMBERS[said.group(1)] == len(late)


def test_every_match_ends_where_the_readme_says():
    """A live match's end goes through ``services.end_match``; stored games are
    announced by ``services.do_store_played``: nothing else in webapp/ sets a match
    over or announces ``match_ended``."""
    import ast

    said = re.findall(r"`services\.(\w+)`", _readme().split("Apps that listen", 1)[1][:1500])
    assert {"end_match", "do_store_played"} <= set(said)
    allowed = {("webapp/matches/services.py", name) for name in [*said, "match_finished"]}
    over = {"FINISHED", "ABORTED"}
    found = []
    for path in sorted((ROOT / "webapp").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        rel = path.relative_to(ROOT).as_posix()

        def visit(node: ast.AST, function: str, rel: str = rel) -> None:
            for child in ast.iter_child_nodes(node):
                name = function
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                    name = child.name
                where = (rel, name)
                text = ast.unparse(child) if isinstance(child, ast.expr | ast.stmt) else ""
                # A match set over: ``match.status = Match.Status.FINISHED`` or a row
                # made or updated with that status.
                sets_over = (
                    isinstance(child, ast.Assign)
                    and any(f"Match.Status.{s}" == ast.unparse(child.value) for s in over)
                    and any(ast.unparse(t).endswith(".status") for t in child.targets)
                )
                makes_over = (
                    isinstance(child, ast.Call)
                    and any(
                        k.arg == "status"
                        and ast.unparse(k.value) in {f"Match.Status.{s}" for s in over}
                        for k in child.keywords
                    )
                    and not ast.unparse(child.func).endswith(
                        ("filter", "exclude", "get", "notify_on_commit", "notify", "end_match")
                    )
                )
                announces = isinstance(child, ast.Call) and (
                    text.startswith(("signals.match_ended.notify", "match_finished("))
                    or ".match_ended.notify" in ast.unparse(child.func)
                )
                if (sets_over or makes_over or announces) and where not in allowed:
                    found.append(f"{rel} {name}: {text[:80]}")
                visit(child, name, rel)

        visit(ast.parse(path.read_text()), "")
    assert found == [], "\n".join(found)


# ----- docs/adding-a-game.md: its files and counts against the race game ----------------


def _adding_a_game() -> str:
    return (ROOT / "docs/adding-a-game.md").read_text()


def test_the_race_game_has_the_files_adding_a_game_lists():
    text = " ".join(_adding_a_game().split("## Proof", 1)[1].split())
    python = re.search(r"(\d+) Python files: (.*?);", text)
    site = re.search(r"(\d+) files of the site: (.*?) \(under `tests/racegame/`\)", text)
    assert python and site, "the proof's lists are no longer found"
    py_files = re.findall(r"`([^`]+\.py)`", python.group(2))
    site_files = re.findall(r"`([^`]+)`", site.group(2))
    assert int(python.group(1)) == len(py_files)
    assert int(site.group(1)) == len(site_files)
    listed = {*py_files, *(f"tests/racegame/{f}" for f in site_files)}
    present = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "tests/racegame").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert listed == present


def test_adding_a_games_checklist_counts_its_own_table():
    text = _adding_a_game()
    table = text.split("## The checklist", 1)[1].split("Optional, with", 1)[0]
    rows = [line for line in table.splitlines() if re.match(r"\|\s*\d+\s*\|", line)]
    new, edited = [], []
    for row in rows:
        where = row.split("|")[3]
        for path, mark in re.findall(r"`([^`]+)`( \((?:new[^)]*)\))?", where):
            (new if mark else edited).append(path)
    said = re.search(r"\*\*(\d+) files at least: (\d+) new, (\d+) edited\*\* \(([^)]*)\)", text)
    assert said, "the count is no longer found"
    total, n_new, n_edited, names = said.groups()
    assert (int(total), int(n_new), int(n_edited)) == (
        len(new) + len(edited),
        len(new),
        len(edited),
    )
    assert re.findall(r"`([^`]+)`", names) == edited
    # The edited files are there, and the race's install fills each table they hold.
    install = (ROOT / "tests/racegame/install.py").read_text()
    for row in rows:
        where, what = row.split("|")[3], row.split("|")[4]
        for path in re.findall(r"`([^`]+\.py)`(?! \(new)", where):
            assert (ROOT / path).is_file(), path
            assert path in install, f"tests/racegame/install.py does not fill {path}"
            for table_name in re.findall(r"`([A-Z][A-Z0-9_]+)(?:\[[^`]*\])?`", what):
                assert re.search(rf"^{table_name}\b", (ROOT / path).read_text(), re.MULTILINE), (
                    f"{path} has no {table_name}"
                )
