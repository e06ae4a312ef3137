"""mypy, with django-stubs, keeps the types as pyproject.toml says: ``make test`` and CI run it through
this test, with the mypy pinned in requirements-dev.txt. The pure engines (``scoring.rules``,
``competitions.pairings``) are checked with every flag of ``--strict``; everything else at mypy's
default level, and no module is excused: pyproject.toml lists none with ``ignore_errors`` (issue 35 took
the last 58 off), and every app is among mypy's ``files``."""

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
ENGINES = {"scoring.rules", "scoring.rules.*", "competitions.pairings", "competitions.pairings.*"}
#: the flags ``mypy --strict`` turns on (mypy 2.4), which mypy takes for a whole run only
STRICT_FLAGS = {
    "disallow_any_generics",
    "disallow_subclassing_any",
    "disallow_untyped_calls",
    "disallow_untyped_defs",
    "disallow_incomplete_defs",
    "check_untyped_defs",
    "disallow_untyped_decorators",
    "warn_return_any",
    "no_implicit_reexport",
    "strict_equality",
    "extra_checks",
}
#: the project's apps: mypy checks each of them
APPS = {"clubs", "competitions", "scoring", "members", "core", "documents", "benchmarking", "config"}


def overrides_with(option: str) -> list[dict]:
    return [override for override in CONFIG.get("overrides", []) if override.get(option)]


def test_mypy_is_satisfied():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT, capture_output=True, text=True, timeout=1200
    )
    assert result.returncode == 0, f"mypy:\n{result.stdout}{result.stderr}"


def test_the_pure_engines_are_checked_with_every_strict_flag():
    strict = [override for override in CONFIG.get("overrides", []) if ENGINES <= set(override["module"])]
    assert strict, "the engines have no override of their own in pyproject.toml"
    assert {flag for flag in STRICT_FLAGS if strict[0].get(flag) is True} == STRICT_FLAGS


def test_no_module_is_excused():
    excused = [module for override in overrides_with("ignore_errors") for module in override["module"]]
    assert not excused, f"fix the types of {excused} instead of excusing them"


def test_every_app_is_checked():
    assert APPS <= set(CONFIG["files"]), f"mypy does not check {sorted(APPS - set(CONFIG['files']))}"


def test_the_checks_fail_on_an_excused_module(monkeypatch):
    """The two checks above can fail: a configuration with an excused module and a missing app."""
    excusing = {**CONFIG, "overrides": [{"module": ["scoring.services"], "ignore_errors": True}], "files": ["core"]}
    monkeypatch.setattr(sys.modules[__name__], "CONFIG", excusing)
    with pytest.raises(AssertionError, match="scoring.services"):
        test_no_module_is_excused()
    with pytest.raises(AssertionError, match="members"):
        test_every_app_is_checked()
