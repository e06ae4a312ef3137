"""Test data is built in one place: ``tests/factories/`` (factory_boy factories and the named set-ups built on
them). A test module that grows its own model builder — a ``make_club``, a ``build_round``, a helper that
returns ``Club.objects.create(...)`` — is refused here, so there is one ``ClubFactory`` and not four
``make_club`` with four signatures.

Counted as a builder, anywhere under ``tests/`` outside ``tests/factories/``:
- a function named ``make_*``, ``build_*`` or ``create_*`` (a leading ``_`` changes nothing);
- a helper (not a test, not a pytest fixture) that returns ``<Model>.objects.create(...)``,
  ``get_or_create``, ``bulk_create`` or ``create_user`` straight away.
A fixture that returns one particular object (``henk``, ``league``) is a test's own data, not a builder.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILDER_NAME = re.compile(r"^_?(make|build|create)_")
CREATE_METHODS = {"create", "get_or_create", "bulk_create", "create_user"}
#: Functions named like builders that build no model, each with its reason.
ALLOWED = {
    ("tests/test_setup.py", "make_demo_database"): "a SQLite file migrated to a given point, not a model",
    ("tests/browser/test_a_club_of_its_own_journey.py", "make_token"): "a person makes a token on the page",
}


def _is_fixture(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for decorator in function.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(target, ast.Attribute) and target.attr == "fixture":
            return True
        if isinstance(target, ast.Name) and target.id == "fixture":
            return True
    return False


def _returns_a_new_row(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            value = node.value.value if isinstance(node.value, ast.Subscript) else node.value
            if (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Attribute)
                and value.func.attr in CREATE_METHODS
                and isinstance(value.func.value, ast.Attribute)
                and value.func.value.attr == "objects"
            ):
                return True
    return False


def builders_outside_factories(root: Path) -> list[str]:
    """``path:line name`` of every model builder under ``root/tests`` outside ``tests/factories``."""
    found = []
    for path in sorted((root / "tests").rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith("tests/factories/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=relative)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if (relative, node.name) in ALLOWED:
                continue
            named_so = BUILDER_NAME.match(node.name) is not None
            helper = not node.name.startswith("test") and not _is_fixture(node)
            if named_so or (helper and _returns_a_new_row(node)):
                found.append(f"{relative}:{node.lineno} {node.name}")
    return found


def test_model_builders_live_in_tests_factories():
    assert builders_outside_factories(ROOT) == [], "build test data with tests/factories (ClubFactory, …)"


def test_the_builder_check_can_fail(tmp_path):
    (tmp_path / "tests" / "scoring").mkdir(parents=True)
    (tmp_path / "tests" / "factories").mkdir()
    (tmp_path / "tests" / "scoring" / "test_sample.py").write_text(
        "import pytest\n"
        "from clubs.models import Club\n\n"
        "def make_club(slug='troef'):\n    return Club.objects.create(name=slug, slug=slug)\n\n"
        "def _build_round(competition):\n    pass\n\n"
        "def club_named(name):\n    return Club.objects.get_or_create(name=name, slug=name)[0]\n\n"
        "@pytest.fixture\ndef club():\n    return Club.objects.create(name='KV', slug='kv')\n\n"
        "def test_it(club):\n    assert club\n",
        encoding="utf-8",
    )
    (tmp_path / "tests" / "factories" / "clubs.py").write_text(
        "def make_club():\n    return Club.objects.create(name='x', slug='x')\n", encoding="utf-8"
    )
    assert builders_outside_factories(tmp_path) == [
        "tests/scoring/test_sample.py:4 make_club",
        "tests/scoring/test_sample.py:7 _build_round",
        "tests/scoring/test_sample.py:10 club_named",
    ]
