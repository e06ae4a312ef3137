"""The two commands on a fresh machine: the catalogue compiled in pure Python (no GNU gettext), one
sentence for a too old Python, a second ``make run`` that does nothing but start the server, and the
closing list of tests skipped for want of a program. ``.ci/fresh-clone-run`` proves the whole path
end to end in a fresh clone with gettext hidden."""

from __future__ import annotations

import ast
import gettext
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import conftest as root_conftest
import run as run_py
from scripts import compile_messages, launcher

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "locale" / "nl" / "LC_MESSAGES" / "django.po"
TINY_PO = textwrap.dedent(r"""
    msgid ""
    msgstr ""
    "Language: nl\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\n"

    msgid "Competitions"
    msgstr "Competities"

    #, fuzzy
    msgid "Log in"
    msgstr "Inloggen?"

    msgid "%(count)s round"
    msgid_plural "%(count)s rounds"
    msgstr[0] "%(count)s ronde"
    msgstr[1] "%(count)s rondes"
""").lstrip()


def write_po(folder: Path, text: str = TINY_PO) -> Path:
    po = folder / "locale" / "nl" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_text(text, encoding="utf-8")
    return po


def translations(mo: Path) -> gettext.GNUTranslations:
    with mo.open("rb") as handle:
        return gettext.GNUTranslations(handle)


# --- the catalogue, compiled without GNU gettext


def test_compiled_catalogue_has_every_dutch_translation_of_the_po(tmp_path):
    po = tmp_path / "django.po"
    shutil.copy(PO, po)
    mo = compile_messages.compile_catalogue(po)
    dutch = translations(mo)
    with PO.open("rb") as handle:
        catalog = read_po(handle)
    checked = 0
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or message.fuzzy or not all(strings):
            continue  # the header, fuzzy and untranslated entries: left out, as msgfmt does
        if isinstance(message.id, tuple):
            singular, plural = message.id
            key = f"{message.context}\x04{singular}" if message.context else singular
            assert dutch._catalog[(key, 0)] == message.string[0]
            assert dutch._catalog[(key, 1)] == message.string[1]
        elif message.context:
            assert dutch.pgettext(message.context, message.id) == message.string
        else:
            assert dutch.gettext(message.id) == message.string
        checked += 1
    assert checked > 100, "the Dutch catalogue should have hundreds of entries"
    assert (dutch.plural(1), dutch.plural(2), dutch.plural(0)) == (0, 1, 1)  # Dutch plurals


def test_fuzzy_entries_are_left_out_and_plurals_kept(tmp_path):
    mo = compile_messages.compile_catalogue(write_po(tmp_path))
    # Looked up through aliases: a literal call of gettext() here would be extracted by makemessages.
    dutch = translations(mo)
    one, many = dutch.gettext, dutch.ngettext
    assert one("Competitions") == "Competities"
    assert one("Log in") == "Log in", "a fuzzy translation must not be used (msgfmt leaves it out)"
    assert many("%(count)s round", "%(count)s rounds", 1) == "%(count)s ronde"
    assert many("%(count)s round", "%(count)s rounds", 3) == "%(count)s rondes"


def test_babel_and_msgfmt_compile_the_same_translations(tmp_path):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        reason = "needs GNU gettext (msgfmt) to compare with: apt-get install gettext"
        if os.environ.get("CI"):
            pytest.fail(reason + "; .ci/run installs it", pytrace=False)
        pytest.skip(reason)
    by_msgfmt = tmp_path / "msgfmt.mo"
    subprocess.run([msgfmt, "-o", str(by_msgfmt), str(PO)], check=True)
    po = tmp_path / "django.po"
    shutil.copy(PO, po)
    by_babel = compile_messages.compile_catalogue(po)
    gnu, ours = translations(by_msgfmt)._catalog, translations(by_babel)._catalog
    gnu.pop(""), ours.pop("")  # the headers differ in wording only
    assert ours == gnu


def test_compiles_with_an_empty_path_and_only_when_the_po_is_newer(tmp_path):
    po = write_po(tmp_path)
    mo = po.with_suffix(".mo")
    script = str(ROOT / "scripts" / "compile_messages.py")
    env = {**os.environ, "PATH": ""}  # no msgfmt, no anything: only this Python

    result = subprocess.run([sys.executable, script, str(po)], env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    lookup = translations(mo).gettext
    assert lookup("Competitions") == "Competities"

    os.utime(po, (1_000_000, 1_000_000))
    os.utime(mo, (2_000_000, 2_000_000))
    subprocess.run([sys.executable, script, str(po)], env=env, check=True, capture_output=True)
    assert mo.stat().st_mtime == 2_000_000, "a current .mo is not compiled again"
    assert launcher.stale_catalogues(tmp_path) == []

    os.utime(po, (3_000_000, 3_000_000))
    assert launcher.stale_catalogues(tmp_path) == [po]
    subprocess.run([sys.executable, script, str(po)], env=env, check=True, capture_output=True)
    assert mo.stat().st_mtime > 3_000_000


def test_a_broken_catalogue_gets_one_line_naming_it(tmp_path):
    po = write_po(tmp_path, TINY_PO + '\nmsgid "Round"\nmsgstr[7] "Ronde"\nthis is not po\n')
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "compile_messages.py"), str(po)], capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and str(po) in result.stderr, result.stderr
    assert not po.with_suffix(".mo").exists(), "nothing half-written"


# --- a too old Python: one sentence


def test_too_old_python_gets_one_sentence_naming_the_versions():
    message = run_py.version_problem((3, 8, 18), "/usr/bin/python3", which=lambda name: None)
    assert message.startswith("Klaverjas needs Python 3.11 or newer, but /usr/bin/python3 is Python 3.8.18;")
    assert message.endswith(".") and "\n" not in message
    assert run_py.version_problem((3, 11, 0)) is None and run_py.version_problem((3, 13, 1)) is None


def test_too_old_python_is_told_which_newer_one_is_installed():
    found = {"python3.12": "/opt/bin/python3.12", "python3.11": "/usr/bin/python3.11"}
    message = run_py.version_problem((3, 9, 2), "python3", which=found.get, runs=lambda path: True)
    assert "python3.12 is installed: run `make run PYTHON=python3.12`" in message
    # a name that does not run (an inactive pyenv shim) is not suggested
    message = run_py.version_problem((3, 9, 2), "python3", which=found.get, runs=lambda path: path.endswith("3.11"))
    assert "make run PYTHON=python3.11" in message


def test_run_py_is_readable_by_old_pythons():
    ast.parse((ROOT / "run.py").read_text(), feature_version=(3, 4))


def _old_pythons() -> list[str]:
    names = [f"python3.{minor}" for minor in range(6, 11)] + ["python2.7", "python2"]
    pyenv = Path.home() / ".pyenv" / "versions"
    found = [str(p / "bin" / "python") for p in sorted(pyenv.glob("[23].*")) if (p / "bin" / "python").exists()]
    for name in names:
        path = shutil.which(name)
        if path and "shims" not in path:
            found.append(path)
    old = []
    for path in found:
        probe = subprocess.run(
            [path, "-c", "import sys; print(sys.version_info[0] * 100 + sys.version_info[1])"],
            capture_output=True,
            text=True,
        )
        if probe.returncode == 0 and int(probe.stdout) < 311:
            old.append(path)
    return old


def test_run_py_under_a_real_old_python_says_one_sentence():
    old = _old_pythons()
    if not old:
        pytest.skip("no Python older than 3.11 on this machine to try run.py with")
    for python in old:
        result = subprocess.run([python, str(ROOT / "run.py")], capture_output=True, text=True, cwd=ROOT)
        assert result.returncode == 2, (python, result.stderr)
        assert result.stdout == "" and "Traceback" not in result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Klaverjas needs Python 3.11 or newer"), (python, lines)


def test_make_without_the_named_python_says_one_sentence():
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed (README: python3 run.py is the way without it)")
    result = subprocess.run(
        [make, "-s", "run", "PYTHON=/nonexistent/python3"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode != 0
    output = (result.stdout + result.stderr).strip().splitlines()
    assert output[0] == (
        "/nonexistent/python3 was not found: install Python 3.11 or newer, or name one with "
        "make run PYTHON=/path/to/python3.11."
    ), output


# --- a second `make run`: nothing reinstalled, the demo not reseeded


@pytest.fixture
def steps(monkeypatch):
    """The commands the launcher would run, recorded instead of run."""
    ran: list[list[str]] = []
    monkeypatch.setattr(launcher, "run_step", lambda command, failure: ran.append([str(c) for c in command]))
    return ran


def test_install_runs_once_per_change_of_the_requirements(tmp_path, monkeypatch, steps):
    monkeypatch.setattr(launcher, "ensure_venv", lambda venv: False)
    (tmp_path / ".venv").mkdir()
    requirements = tmp_path / "requirements.lock"
    requirements.write_text("django==5.2.19 \\\n    --hash=sha256:00\n")
    (tmp_path / "requirements-dev.lock").write_text("django==5.2.19 \\\n    --hash=sha256:00\n")

    assert launcher.ensure_installed(tmp_path) is True
    assert steps[-1][-4:] == ["--quiet", "--require-hashes", "-r", str(requirements)]
    assert launcher.ensure_installed(tmp_path) is False, "a second run installs nothing"
    assert len(steps) == 1

    assert launcher.ensure_installed(tmp_path, dev=True) is True
    assert steps[-1][-1].endswith("requirements-dev.lock")
    assert launcher.ensure_installed(tmp_path) is False, "the dev install covers requirements.txt"
    os.utime(requirements, (4_000_000_000, 4_000_000_000))  # edited after the install
    assert launcher.ensure_installed(tmp_path) is True
    assert len(steps) == 3


def test_venv_of_a_too_old_python_is_not_used(tmp_path):
    venv = tmp_path / ".venv"
    python = launcher.venv_python(venv)
    python.parent.mkdir(parents=True)
    python.touch()
    (venv / "pyvenv.cfg").write_text("home = /usr/bin\nversion = 3.9.2\n")
    assert launcher.venv_version(venv) == (3, 9, 2) and not launcher.venv_is_usable(venv)
    (venv / "pyvenv.cfg").write_text("home = /usr/bin\nversion = 3.11.7\n")
    assert launcher.venv_is_usable(venv)
    python.unlink()
    assert not launcher.venv_is_usable(venv), "a venv whose Python is gone is made again"


def make_demo_database(root: Path, *, migrations=(("clubs", "0001_initial"),), demo=True, login=False) -> Path:
    """A SQLite database as make run leaves it: the migrations applied and, with ``demo``, a club in it;
    ``login``: a user (the superuser who removed the demo, say)."""
    for app in launcher.PROJECT_APPS:
        (root / app / "migrations").mkdir(parents=True, exist_ok=True)
        (root / app / "migrations" / "__init__.py").touch()
    (root / "clubs" / "migrations" / "0001_initial.py").touch()
    database = root / "db.sqlite3"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE django_migrations (id INTEGER PRIMARY KEY, app TEXT, name TEXT)")
        connection.executemany("INSERT INTO django_migrations (app, name) VALUES (?, ?)", migrations)
        connection.execute("CREATE TABLE clubs_club (id INTEGER PRIMARY KEY, slug TEXT)")
        connection.execute("CREATE TABLE auth_user (id INTEGER PRIMARY KEY, username TEXT)")
        if demo:
            connection.execute("INSERT INTO clubs_club (slug) VALUES ('demo')")
        if login:
            connection.execute("INSERT INTO auth_user (username) VALUES ('baas')")
    connection.close()
    return database


def test_second_run_neither_migrates_nor_seeds(tmp_path, monkeypatch, steps):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    make_demo_database(tmp_path)
    assert launcher.ensure_database(tmp_path) == "ready"
    assert steps == []


@pytest.mark.parametrize("state", ["no database", "a migration not applied", "no club, no login", "not a database"])
def test_run_migrates_and_seeds_what_is_missing(tmp_path, monkeypatch, steps, state):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    if state == "a migration not applied":
        make_demo_database(tmp_path)
        (tmp_path / "scoring" / "migrations" / "0001_initial.py").touch()
    elif state == "no club, no login":
        make_demo_database(tmp_path, demo=False)
    elif state == "not a database":
        make_demo_database(tmp_path)
        (tmp_path / "db.sqlite3").write_bytes(b"not sqlite at all" * 100)
    assert launcher.ensure_database(tmp_path) == "seeded"
    assert [command[2:] for command in steps] == [["migrate", "--noinput", "-v", "0"], ["seed_demo", "--if-empty"]]


@pytest.mark.parametrize("login", [False, True], ids=["a club of its own", "the superuser alone"])
def test_a_removed_demo_is_never_seeded_again(tmp_path, monkeypatch, steps, login):
    """After the demo was removed the database still holds a club of its own or the login that removed it."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    make_demo_database(tmp_path, demo=not login, login=login)  # the club left is the club of its own
    assert launcher.ensure_database(tmp_path) == "ready"
    assert steps == []


def test_no_demo_migrates_a_new_database_and_never_seeds(tmp_path, monkeypatch, steps):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert launcher.ensure_database(tmp_path, demo=False) == "migrated"
    assert [command[2] for command in steps] == ["migrate"]
    steps.clear()
    make_demo_database(tmp_path, demo=False)  # migrated, still empty (the club not set up yet)
    assert launcher.ensure_database(tmp_path, demo=False) == "ready"
    assert steps == []
    monkeypatch.setenv("DATABASE_URL", "postgres://klaverjas:klaverjas@127.0.0.1:5432/klaverjas")
    assert launcher.ensure_database(tmp_path, demo=False) == "migrated"
    assert [command[2] for command in steps] == ["migrate"]


def test_seed_forces_seeding_and_migrate_alone_does_not_seed(tmp_path, monkeypatch, steps):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    make_demo_database(tmp_path)
    assert launcher.ensure_database(tmp_path, seed=True) == "seeded"
    assert [command[2:] for command in steps] == [["migrate", "--noinput", "-v", "0"], ["seed_demo"]]
    steps.clear()
    assert launcher.ensure_database(tmp_path, migrate=True, demo=False) == "migrated"
    assert [command[2] for command in steps] == ["migrate"]


def test_another_database_is_migrated_and_seeded_only_when_empty(tmp_path, monkeypatch, steps):
    make_demo_database(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "postgres://klaverjas:klaverjas@127.0.0.1:5432/klaverjas")
    assert launcher.ensure_database(tmp_path) == "seeded"  # seed_demo --if-empty decides on that database
    assert [command[2:] for command in steps] == [["migrate", "--noinput", "-v", "0"], ["seed_demo", "--if-empty"]]


def test_run_options_from_make(monkeypatch):
    monkeypatch.setenv("SEED", "1")
    monkeypatch.delenv("DEMO", raising=False)
    options = launcher.parser().parse_args(["run", "--port", "8123"])
    assert (options.host, options.port, options.seed, options.demo) == ("127.0.0.1", "8123", True, True)
    monkeypatch.setenv("SEED", "")
    assert launcher.parser().parse_args(["run"]).seed is False
    assert launcher.parser().parse_args(["run", "--no-demo"]).demo is False
    monkeypatch.setenv("DEMO", "0")
    assert launcher.parser().parse_args(["run"]).demo is False


def test_make_run_demo_0_and_run_py_no_demo_start_without_the_demo(monkeypatch):
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed (README: python3 run.py is the way without it)")
    monkeypatch.delenv("DEMO", raising=False)
    dry = subprocess.run([make, "-n", "run", "DEMO=0"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert "run.py run --host 127.0.0.1 --port 8000  --no-demo" in dry.stdout
    dry = subprocess.run([make, "-n", "run"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert "--no-demo" not in dry.stdout
    seen = {}
    monkeypatch.setattr(launcher, "serve", lambda options: seen.setdefault("demo", options.demo) and 0)
    launcher.main(["--no-demo"])  # python3 run.py --no-demo
    assert seen == {"demo": False}


# --- `make test` names what it skipped and the command that enables it


class Report:
    def __init__(self, nodeid, reason):
        self.nodeid = nodeid
        self.longrepr = ("file.py", 1, f"Skipped: {reason}")


def test_skip_summary_names_each_test_and_one_command():
    lines = root_conftest.skip_summary(
        [
            Report("tests/browser/test_a.py::test_one", "browser tests need Debian's chromium at /usr/bin/chromium"),
            Report("tests/scoring/prints/test_sheets.py::test_render", "needs poppler-utils (pdftoppm)"),
            Report("tests/scoring/prints/test_sheets.py::test_qr", "needs zbar-tools (zbarimg) to read QR codes"),
            Report("tests/scoring/test_concurrency.py::test_x", "needs PostgreSQL (CI runs the suite a second time)"),
            Report("tests/test_other.py::test_y", "not today"),
        ]
    )
    assert lines[0] == "3 test(s) skipped because this machine lacks a program:"
    assert "    tests/browser/test_a.py::test_one" in lines
    assert "    tests/scoring/prints/test_sheets.py::test_render" in lines
    assert "To run them too: sudo apt-get install -y chromium poppler-utils zbar-tools" in lines
    assert "    tests/scoring/test_concurrency.py::test_x" in lines
    assert not any("test_other" in line for line in lines), "a skip not about the machine is not listed"
    assert root_conftest.skip_summary([Report("t.py::t", "not today")]) == []


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one-process", "two-xdist-workers"])
def test_pytest_prints_the_skip_summary_at_the_end(tmp_path, workers):
    """Also under pytest-xdist (``make test``): the workers' skip reports reach the closing summary."""
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_machine.py").write_text(
        textwrap.dedent("""
        import pytest

        def test_runs():
            pass

        @pytest.mark.skipif(True, reason="needs poppler-utils (pdftoppm)")
        def test_render():
            pass

        def test_browser():
            pytest.skip("browser tests need Debian's chromium at /nowhere/chromium (apt-get install chromium)")
    """)
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:django",
            *(["-p", "xdist"] if workers else ["-p", "no:xdist"]),
            *workers,
            "-p",
            "no:hypothesispytest",
            "-rs",
            "test_machine.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    assert "    test_machine.py::test_render" in lines and "    test_machine.py::test_browser" in lines
    command = lines.index("To run them too: sudo apt-get install -y chromium poppler-utils")
    assert "1 passed, 2 skipped" in lines[-1] and command < len(lines) - 1


def test_make_test_runs_on_every_core_and_lists_the_ten_slowest():
    assert launcher.pytest_arguments([]) == ["-n", "auto", "--dist", "worksteal", "--durations=10"]
    assert launcher.pytest_arguments(["tests/core", "-x"])[-2:] == ["tests/core", "-x"], "the user's arguments last"
    assert "-n" in launcher.pytest_arguments(["-p", "no:cacheprovider"]), "another plugin switched off keeps xdist"


@pytest.mark.parametrize(
    "args",
    [["-n", "0"], ["-n2"], ["--numprocesses=3"], ["-p", "no:xdist"], ["-pno:xdist"], ["--pdb"], ["--co"]],
)
def test_make_test_leaves_the_workers_to_arguments_that_choose_them(args):
    arguments = launcher.pytest_arguments(args)
    assert arguments.count("-n") == args.count("-n") and "--dist" not in arguments
    assert arguments[0] == "--durations=10" and arguments[1:] == args


def test_make_test_keeps_the_users_durations():
    assert launcher.pytest_arguments(["--durations=3"]) == ["-n", "auto", "--dist", "worksteal", "--durations=3"]


def test_the_launcher_loads_core_network_without_django():
    """``make run`` reads this machine's address with the Python that runs the launcher, before (or
    without) the project's virtual environment: ``core/network.py`` must import nothing but the standard
    library (a Django import there stopped a fresh clone's ``make run``)."""
    code = (
        "import sys; sys.modules['django'] = None; sys.path.insert(0, 'scripts'); import launcher; "
        "print(callable(launcher.network().lan_address))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"
