"""The layering of DESIGN.md, checked on the source: imports point one way, the engines stay pure,
``config/`` only wires, and past 500 lines a module says why it is one idea.

    members  →  scoring  →  competitions  →  clubs   (an app imports only itself and the apps to its right)
    scoring.rules, competitions.pairings          pure engines: no Django, no app; every app may use them
    core, documents, benchmarking.harness         site plumbing and shared building blocks: no app
    benchmarking.loadtest                         drives the whole system: above every app

Every ``import`` counts, also one inside a function: a late import is still a dependency.

And the layout: no prefix families (``views_*.py``, ``selectors_*.py`` …) at an app's root, since a
feature gets a folder; no module imports another's ``_private`` name; no import cycles between modules;
no import of project code inside a function (a short allow-list, each entry with its reason).

And inside an app, feature folders point one way: no two folders import each other (a feature folder with
everything below it, and each module at an app's root, is one unit; ``models.py`` importing a feature's
models so that Django registers them is wiring, not an arrow), and a page module (``views*.py``) is
imported by a ``urls`` module only.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("clubs", "competitions", "scoring", "members")
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
    "members": ("members", "scoring", "competitions", "clubs", *ENGINES, *SHARED),
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
        if len(text.splitlines()) > LONG and "one idea" not in (ast.get_docstring(ast.parse(text)) or "").lower():
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


# --- one folder per feature, public names, no cycles, no late imports -------------------------------------

#: Layer names that, as a prefix at an app's root (``views_evening.py``), mark a feature that wants a folder.
LAYERS = ("views", "selectors", "services", "models", "exports", "pdf", "benchmarks", "urls", "forms", "tables")
#: The only imports of project code inside a function, each with its reason.
LATE_IMPORTS_ALLOWED = {
    ("clubs.apps", "ready"): "AppConfig.ready: models may be imported only once the registry is ready",
    ("competitions.apps", "ready"): "AppConfig.ready: models may be imported only once the registry is ready",
    ("scoring.apps", "ready"): "AppConfig.ready: models may be imported only once the registry is ready",
    ("members.apps", "ready"): "AppConfig.ready: models may be imported only once the registry is ready",
    ("benchmarking.served", "build"): "runs in ``python -m benchmarking.served``, after its own django.setup()",
}
SOURCE = (*APPS, "core", "documents", "benchmarking", "config")


def project_modules() -> dict[str, Path]:
    return {module_name(path): path for path in python_files(*SOURCE)}


def prefix_families() -> list[str]:
    found = []
    for app in APPS:
        for path in sorted((ROOT / app).glob("*.py")):
            layer = path.stem.split("_")[0]
            if "_" in path.stem and layer in LAYERS:
                found.append(f"{app}/{path.name}")
    return found


def test_no_prefix_families_at_an_apps_root():
    assert prefix_families() == [], "a feature gets a folder, with files named by layer inside (DESIGN.md, Layout)"


def private_imports(modules: dict[str, Path]) -> list[str]:
    """``from x import _name`` and ``x._name`` on an imported module ``x``, where ``x`` is project code."""
    found = []
    for here, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_aliases = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                if node.module.split(".")[0] not in PROJECT:
                    continue
                for alias in node.names:
                    if is_module(f"{node.module}.{alias.name}"):
                        module_aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
                    elif alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: from {node.module} import {alias.name}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] in PROJECT and alias.asname:
                        module_aliases[alias.asname] = alias.name
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in module_aliases
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and module_aliases[node.value.id] != here
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {module_aliases[node.value.id]}.{node.attr}")
    return found


def test_no_module_imports_anothers_private_name():
    assert private_imports(project_modules()) == [], "a helper shared between modules gets a public name"


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the project modules it imports (by name; ``from a import b`` counts ``a.b`` when b is a module)."""
    return {here: {t for _line, t in imports_of(path) if t in modules and t != here} for here, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_import_cycles():
    assert cycles(import_graph(project_modules())) == [], (
        "modules that import each other are one idea, or share a third"
    )


def late_imports(modules: dict[str, Path]) -> list[str]:
    found = []
    for here, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if (here, function.name) in LATE_IMPORTS_ALLOWED:
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [node.module or ""] if not node.level else ["."]
                else:
                    continue
                if any(name == "." or name.split(".")[0] in PROJECT for name in names):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: in {function.name}()")
    return found


def test_no_project_import_inside_a_function():
    """A late import hides a dependency (or dodges a cycle); third-party modules loaded on first use are fine."""
    assert late_imports(project_modules()) == []


def test_the_structure_checks_can_fail(tmp_path, monkeypatch):
    """Each check, on a small made-up tree that breaks it."""
    app = tmp_path / "clubs"
    app.mkdir()
    (app / "__init__.py").write_text("")
    (app / "views_members.py").write_text("from clubs.a import _helper\n")
    (app / "a.py").write_text("import clubs.b\n\n\ndef _helper():\n    from clubs import b\n")
    (app / "b.py").write_text("from clubs import a\n\nx = a._helper\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    modules = {module_name(path): path for path in sorted(app.glob("*.py"))}
    assert prefix_families() == ["clubs/views_members.py"]
    assert private_imports(modules) == [
        "clubs/b.py:3: clubs.a._helper",
        "clubs/views_members.py:1: from clubs.a import _helper",
    ]
    assert cycles(import_graph(modules)) == [["clubs.a", "clubs.b"]]
    assert late_imports(modules) == ["clubs/a.py:5: in _helper()"]


# --- feature folders point one way ------------------------------------------------------------------------


def folder_of(module: str) -> str | None:
    """The unit between which arrows are counted: a feature folder of an app with everything below it
    (``competitions.evenings``), or one module at an app's root (``competitions.services``); the app's
    ``__init__`` is none."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] in APPS and len(parts) > 1 else None


def is_registration(here: str, target: str) -> bool:
    """An app's ``models.py`` imports each feature's ``models`` so that Django registers them; those name
    the core models as strings (``"competitions.Round"``), so this is wiring and no arrow back."""
    app = here.split(".")[0]
    return here == f"{app}.models" and target.startswith(f"{app}.") and target.endswith(".models")


def folder_arrows(modules: dict[str, Path]) -> dict[tuple[str, str], list[str]]:
    """(folder, folder it imports) -> where, for every import between two different folders."""
    arrows: dict[tuple[str, str], list[str]] = {}
    for here, path in modules.items():
        source = folder_of(here)
        if source is None:
            continue
        for line, target in imports_of(path):
            while target and target not in modules:  # ``from x import Name``: the module x
                target = target.rpartition(".")[0]
            destination = folder_of(target) if target else None
            if destination in (None, source) or is_registration(here, target):
                continue
            arrows.setdefault((source, destination), []).append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    return arrows


def mutual_pairs(modules: dict[str, Path]) -> list[str]:
    """Pairs of folders that import each other, each with the imports both ways."""
    arrows = folder_arrows(modules)
    pairs = sorted({tuple(sorted(key)) for key in arrows if key[::-1] in arrows})
    return [f"{a} <-> {b}: " + "; ".join(arrows[(a, b)] + arrows[(b, a)]) for a, b in pairs]


def test_feature_folders_point_one_way():
    """What several features stand on is a base none of them imports back (DESIGN.md, Layout)."""
    pairs = mutual_pairs(project_modules())
    print(f"{len(pairs)} pairs of folders that import each other", *pairs, sep="\n")
    assert pairs == [], "move what both stand on to a base that imports neither"


def test_the_folder_check_can_fail(tmp_path, monkeypatch):
    app = tmp_path / "competitions"
    for folder in ("evenings", "draws"):
        (app / folder).mkdir(parents=True)
        (app / folder / "__init__.py").write_text("")
    (app / "__init__.py").write_text("")
    (app / "models.py").write_text("from competitions.evenings.models import Evening\n")
    (app / "evenings" / "models.py").write_text("")
    (app / "evenings" / "services.py").write_text(
        "from competitions.draws import codes\nfrom competitions import models\n"
    )
    (app / "draws" / "codes.py").write_text("from competitions.evenings.services import new_round\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    modules = {module_name(path): path for path in sorted(app.rglob("*.py"))}
    assert mutual_pairs(modules) == [
        "competitions.draws <-> competitions.evenings: competitions/draws/codes.py:1 imports "
        "competitions.evenings.services; competitions/evenings/services.py:1 imports competitions.draws.codes"
    ]  # and models.py registering evenings' models is no arrow back from competitions.models


#: A page module imported by another module than a URLconf, each with its reason.
PAGES_IMPORTED_ALLOWED = {
    ("scoring.entry.views", "scoring.totals.views"): "one URL, /matches/<id>/enter/, for both ways of entering: "
    "the keyboard sheet hands a totals-only competition's match to the totals page",
}


def is_page_module(module: str) -> bool:
    return module.split(".")[0] in APPS and module.rpartition(".")[2].split("_")[0] == "views"


def pages_imported(modules: dict[str, Path]) -> list[str]:
    """Imports of a page module (``views.py``, ``views_staff.py`` …) by anything but a ``urls`` module."""
    found = []
    for here, path in modules.items():
        if here.split(".")[0] not in APPS or here.rpartition(".")[2] == "urls":
            continue
        for line, target in imports_of(path):
            if is_page_module(target) and target != here and (here, target) not in PAGES_IMPORTED_ALLOWED:
                found.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    return found


def test_a_folder_of_pages_is_imported_by_its_urls_only():
    """What a page and another module share goes to a selector, a service or the base (DESIGN.md, Layout)."""
    assert pages_imported(project_modules()) == []


def test_the_pages_check_can_fail(tmp_path, monkeypatch):
    app = tmp_path / "competitions" / "league"
    app.mkdir(parents=True)
    for name in ("__init__.py", "views.py", "selectors.py"):
        (app / name).write_text("")
    (app.parent / "__init__.py").write_text("")
    (app.parent / "views.py").write_text("from competitions.league.views import league_context\n")
    (app / "urls.py").write_text("from competitions.league import views\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    modules = {module_name(path): path for path in sorted(app.parent.rglob("*.py"))}
    assert pages_imported(modules) == ["competitions/views.py:1 imports competitions.league.views"]
