"""ruff keeps the code as pyproject.toml says (lint and format, line length 120): ``make test`` and CI run
``ruff check`` and ``ruff format --check`` through this test, with the ruff pinned in requirements-dev.txt."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("command", [["check", "."], ["format", "--check", "."]], ids=["check", "format"])
def test_ruff_is_satisfied(command):
    result = subprocess.run(
        [sys.executable, "-m", "ruff", *command, "--no-cache"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, f"ruff {' '.join(command)}:\n{result.stdout}{result.stderr}"
