"""The layering of DESIGN.md, checked on the source: imports point one way, the engines stay pure,
``config/`` only wires, and past 500 lines a module says why it is one idea.

    scoring  →  competitions  →  clubs          (an app imports only itself and the apps to its right)
    scoring.rules, competitions.pairings          pure engines: no Django, no app; every app may use them
    core, documents, benchmarking.harness         site plumbing and shared building blocks: no app
    benchmarking.loadtest                         drives the whole system: above every app

Every ``import`` counts, also one inside a function: a late import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("clubs", "competitions", "scoring")
ENGINES = ("scoring.rules", "competitions.pairings")
SHARED = ("core", "documents", "benchmarking.harness", "benchmarking")  # ``benchmarking`` re-exports the harness only
PROJECT = (*APPS, "core", "documents", "benchmarking", "config")
LONG = 500  #: past this many lines a module says in its docstring why it is one idea
#: What may import what, by the module's home. A home is an app, an engine or a shared package.
ALLOWED = {
    "scoring.rules": ("scoring.rules",),
    "competitions.pairings": ("competitions.pairings",),
    "core": ("core",),
    "documents": ("documents",),
    "benchmarking.harness": ("benchmarking.harness",),
    "clubs": ("clubs", *ENGINES, *SHARED),
    "competitions": ("competitions", "clubs", *ENGINES, *SHARED),
    "scoring": ("scoring", "competitions", "clubs", *ENGINES, *SHARED),
}
#: config holds the settings and the wiring only.
CONFIG_MODULES = {"__init__.py", "urls.py", "wsgi.py", "asgi.py", "api.py"}


def python_files(*tops: str):
    for top in tops:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def home_of(module: str) -> str | None:
    """The most specific entry of ALLOWED that contains ``module``."""
    best = None
    for home in ALLOWED:
        if module == home or module.startswith(home + "."):
            if best is None or len(home) > len(best):
                best = home
    return best


def imports_of(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the package
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            # ``from competitions import services`` names a submodule: judge the submodule, not the package.
            submodules = [a.name for a in node.names if is_module(f"{target}.{a.name}")]
            found += [(node.lineno, f"{target}.{name}") for name in submodules]
            if len(submodules) < len(node.names):
                found.append((node.lineno, target))
    return found


def is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def is_wrong(home: str, target: str) -> bool:
    """Whether a module whose home is ``home`` may not import ``target``."""
    top = target.split(".")[0]
    if home in ENGINES and top == "django":
        return True
    if top not in PROJECT:
        return False
    return not is_within(target, ALLOWED[home])


def is_within(module: str, allowed: tuple[str, ...]) -> bool:
    return any(module == a or module.startswith(a + ".") for a in allowed)


def wrong_way_imports() -> list[str]:
    problems = []
    for path in python_files(*APPS, "core", "documents", "benchmarking"):
        here = module_name(path)
        home = home_of(here)
        if home is None:  # benchmarking.loadtest and the package's own __init__ sit above every app
            continue
        for line, target in imports_of(path):
            if here == "benchmarking" and target.startswith("benchmarking.harness"):
                continue
            if is_wrong(home, target):
                problems.append(f"{path.relative_to(ROOT)}:{line}: {here} ({home}) imports {target}")
    return problems


def test_imports_point_one_way_and_the_engines_are_pure():
    assert wrong_way_imports() == []


def test_config_holds_only_settings_and_wiring():
    extra = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "config").glob("*.py") if p.name not in CONFIG_MODULES)
    assert extra == [], "config/ holds settings and wiring only; give these a home of their own"
    for path in (ROOT / "config").glob("*.py"):
        for line, target in imports_of(path):
            # wiring may name the apps' urls and api routers, never reach into their models or services
            if target.split(".")[0] in APPS:
                assert target.split(".")[-1] in {"api", "router", "urls"} or ".api" in target or ".urls" in target, (
                    f"config/{path.name}:{line} imports {target}"
                )


def test_a_long_module_says_why_it_is_one_idea():
    """One idea per module: past ``LONG`` lines the module's docstring says why (the words "one idea")."""
    long = []
    for path in python_files(*APPS, "core", "documents", "benchmarking", "config"):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > LONG and "one idea" not in (ast.get_docstring(ast.parse(text)) or ""):
            long.append(f"{path.relative_to(ROOT)}: {len(text.splitlines())} lines")
    assert long == [], f"past {LONG} lines a module's docstring says why it is one idea (or split it by idea)"


@pytest.mark.parametrize(
    ("module", "target", "wrong"),
    [
        ("clubs.models", "competitions.models", True),
        ("competitions.views", "scoring.models", True),
        ("competitions.views", "scoring.rules", False),
        ("scoring.rules.deal", "django.db", True),
        ("competitions.pairings.swiss", "networkx", False),
        ("scoring.entry.views", "clubs.permissions", False),
        ("documents.pdf", "clubs.models", True),
        ("benchmarking.harness", "scoring.models", True),
        ("clubs.admin", "competitions.pairings", False),
    ],
)
def test_the_checker_itself_tells_right_from_wrong(module, target, wrong):
    assert is_wrong(home_of(module), target) is wrong


def test_the_checker_reads_late_and_relative_imports(tmp_path, monkeypatch):
    source = tmp_path / "clubs" / "late.py"
    source.parent.mkdir()
    source.write_text("from . import models\n\ndef f():\n    from competitions.models import Match\n")
    (tmp_path / "clubs" / "models.py").write_text("")
    (tmp_path / "clubs" / "__init__.py").write_text("")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    assert sorted(t for _line, t in imports_of(source)) == ["clubs.models", "competitions.models"]
