"""The set-up steps behind ``make run`` / ``make test`` and ``python3 run.py`` / ``python3 run.py test``.

Standard library only: it runs under the Python that creates ``.venv``. Each step does its work only
when it is due, so a second ``make run`` goes straight to the server:

- ``install`` / ``install-dev``: create ``.venv`` and pip-install the locked requirements
  (``requirements*.lock``: the whole tree pinned, every file checked against its hash with
  ``--require-hashes``), once per change of the lock (stamps ``.venv/.installed`` and ``.venv/.installed-dev``);
- ``messages``: compile each ``locale/*/LC_MESSAGES/*.po`` older than its ``.mo``, in pure Python
  (``scripts/compile_messages.py``, Babel): GNU gettext is not needed;
- ``migrate`` and ``seed``: skipped on the default SQLite database when every migration of the
  project is applied and the database is in use (a club or a login); the demo is seeded only into a
  new database (``seed_demo --if-empty``), never with ``--no-demo`` (``make run DEMO=0``), and never
  again once removed; ``migrate``, ``seed`` (``make seed``, ``SEED=1``, ``--seed``) force them. With
  ``DATABASE_URL`` set, migrate and ``seed_demo --if-empty`` run;
- ``run``: the development server; ``test``: pytest with the given arguments, on every core
  (pytest-xdist's ``-n auto --dist worksteal``: each worker its own test database and live server)
  and with the ten slowest tests listed at the end (``--durations=10``); see ``pytest_arguments``.

A failing step ends with one sentence saying what to do, not a traceback.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MINIMUM = (3, 11)
PROJECT_APPS = ("clubs", "competitions", "scoring", "members")
TRUE = {"1", "yes", "true", "on"}
FALSE = {"0", "no", "false", "off"}


class SetupError(Exception):
    """A step cannot go on: the message is the one sentence the user sees."""


def say(text: str) -> None:
    print(text, flush=True)


# --- the virtual environment


def venv_dir(root: Path = ROOT) -> Path:
    return root / ".venv"


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def venv_version(venv: Path) -> tuple[int, ...] | None:
    """The Python version ``pyvenv.cfg`` records, or None when the venv is missing or unreadable."""
    try:
        text = (venv / "pyvenv.cfg").read_text(encoding="utf-8")
    except OSError:
        return None
    for line in text.splitlines():
        key, _, value = line.partition("=")
        if key.strip() in ("version", "version_info"):
            try:
                return tuple(int(part) for part in value.strip().split(".")[:3])
            except ValueError:
                return None
    return None


def venv_is_usable(venv: Path) -> bool:
    version = venv_version(venv)
    return venv_python(venv).exists() and version is not None and version[:2] >= MINIMUM


def ensure_venv(venv: Path) -> bool:
    """Create ``venv`` (again, when it is missing, broken or of a too old Python). True if created."""
    if venv_is_usable(venv):
        return False
    try:
        import ensurepip  # noqa: F401
        import venv as venv_module
    except ImportError:
        raise SetupError(
            "This Python has no venv module: on Debian or Ubuntu run `sudo apt-get install python3-venv`, "
            "then try again."
        ) from None
    if venv.exists():
        say(f"Recreating {venv.name} (it is missing its Python or was made with one older than 3.11).")
        shutil.rmtree(venv)
    say(f"Creating {venv.name} with Python {sys.version.split()[0]}.")
    try:
        venv_module.EnvBuilder(with_pip=True).create(venv)
    except (subprocess.CalledProcessError, OSError) as error:
        shutil.rmtree(venv, ignore_errors=True)
        raise SetupError(
            f"Creating {venv.name} failed ({error}): on Debian or Ubuntu run `sudo apt-get install python3-venv`, "
            "then try again."
        ) from None
    run_step(
        [venv_python(venv), "-m", "pip", "install", "--quiet", "--upgrade", "pip"],
        "Upgrading pip in the new .venv failed: check the internet connection and try again.",
    )
    return True


# --- requirements


def stamp_is_current(stamp: Path, sources: list[Path]) -> bool:
    """True when ``stamp`` exists and is at least as new as every source."""
    if not stamp.exists():
        return False
    made = stamp.stat().st_mtime
    return all(made >= source.stat().st_mtime for source in sources if source.exists())


def requirement_files(root: Path, dev: bool) -> list[Path]:
    """The locks ``make lock`` compiles from requirements*.txt: every package of the tree, pinned, with hashes."""
    return [root / "requirements.lock"] + ([root / "requirements-dev.lock"] if dev else [])


def ensure_installed(root: Path = ROOT, *, dev: bool = False) -> bool:
    """Create .venv and install the (dev) requirements when they changed. True if pip ran."""
    venv = venv_dir(root)
    created = ensure_venv(venv)
    stamp = venv / (".installed-dev" if dev else ".installed")
    files = requirement_files(root, dev)
    if not created and stamp_is_current(stamp, files):
        return False
    say(f"Installing {' and '.join(f.name for f in files)} into {venv.name} (only after a change; a minute or two).")
    run_step(
        [venv_python(venv), "-m", "pip", "install", "--quiet", "--require-hashes", "-r", files[-1]],
        "Installing the requirements failed (pip says why above): check the internet connection and try again.",
    )
    stamp.touch()
    if dev:
        (venv / ".installed").touch()  # requirements-dev.lock includes everything of requirements.lock
    return True


# --- translations


def stale_catalogues(root: Path = ROOT) -> list[Path]:
    stale = []
    for po in sorted((root / "locale").glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            stale.append(po)
    return stale


def ensure_messages(root: Path = ROOT, *, force: bool = False) -> bool:
    """Compile the catalogues older than their .po (all of them with ``force``). True if it compiled."""
    stale = stale_catalogues(root)
    if not stale and not force:
        return False
    command = [venv_python(venv_dir(root)), str(root / "scripts" / "compile_messages.py"), "--quiet"]
    run_step(
        command + (["--force"] if force else [str(po) for po in stale]),
        "Compiling the translations failed (see the line above).",
    )
    return True


# --- database


def default_sqlite(root: Path = ROOT) -> Path | None:
    """The SQLite file ``make run`` uses, or None when ``DATABASE_URL`` names another database."""
    return None if os.environ.get("DATABASE_URL") else root / "db.sqlite3"


def project_migrations(root: Path = ROOT) -> set[tuple[str, str]]:
    return {(app, path.stem) for app in PROJECT_APPS for path in (root / app / "migrations").glob("[0-9]*.py")}


def database_is_ready(database: Path, migrations: set[tuple[str, str]], *, demo: bool = True) -> bool:
    """True when the SQLite ``database`` has every one of ``migrations`` applied and, where the demo is
    wanted, is in use already (a club or a login: the demo, a club of its own, or both).

    A quick read with the standard library (no Django start-up): when unsure, it says False and the
    caller migrates and runs ``seed_demo --if-empty``, which are idempotent."""
    if not database.is_file() or not migrations:
        return False
    try:
        with sqlite3.connect(database.resolve().as_uri() + "?mode=ro", uri=True) as connection:
            applied = set(connection.execute("SELECT app, name FROM django_migrations"))
            in_use = bool(
                connection.execute("SELECT 1 FROM clubs_club LIMIT 1").fetchone()
                or connection.execute("SELECT 1 FROM auth_user LIMIT 1").fetchone()
            )
        connection.close()
    except sqlite3.Error:
        return False
    return migrations <= applied and (in_use or not demo)


def ensure_database(root: Path = ROOT, *, migrate: bool = False, seed: bool = False, demo: bool = True) -> str:
    """Migrate, and seed the demo into a new database; returns what it did: "ready" (nothing was due),
    "migrated" or "seeded". ``migrate`` and ``seed`` force those steps. The demo goes only into a
    database with no club and no login yet (``seed_demo --if-empty``): once removed, or on an install
    started with ``demo=False`` (``make run DEMO=0``) and set up, it never comes back but by ``seed``."""
    database = default_sqlite(root)
    migrations = project_migrations(root)
    if not (migrate or seed) and database is not None and database_is_ready(database, migrations, demo=demo):
        say("The database is up to date (`make seed` adds the demo again).")
        return "ready"
    python = venv_python(venv_dir(root))
    manage = str(root / "manage.py")
    run_step([python, manage, "migrate", "--noinput", "-v", "0"], "Migrating the database failed (the error is above).")
    if seed:
        say("Seeding the demo club (seed_demo: it adds only what is missing).")
        run_step([python, manage, "seed_demo"], "Seeding the demo failed (the error is above).")
        return "seeded"
    if not demo or (database is not None and database_is_ready(database, migrations, demo=True)):
        return "migrated"
    say("Seeding the demo club into the new database (seed_demo --if-empty: never into one in use).")
    run_step([python, manage, "seed_demo", "--if-empty"], "Seeding the demo failed (the error is above).")
    return "seeded"


# --- running commands


def run_step(command: list, failure: str) -> None:
    result = subprocess.run([str(part) for part in command], cwd=ROOT)
    if result.returncode != 0:
        raise SetupError(failure)


def hand_over(command: list) -> int:
    """Run the last command in place of this process (POSIX), so Ctrl-C and signals reach it."""
    command = [str(part) for part in command]
    sys.stdout.flush()
    if os.name == "posix":
        os.chdir(ROOT)
        os.execv(command[0], command)
    return subprocess.run(command, cwd=ROOT).returncode


def network():
    """``core.network`` (standard library only), loaded without Django from its file."""
    spec = importlib.util.spec_from_file_location("klaverjas_network", ROOT / "core" / "network.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def start_mail_worker() -> subprocess.Popen:
    """The outbox's worker (``manage.py send_notifications``) beside the server: it sends the queued
    mails. It shares the terminal's process group, so Ctrl-C (or closing the window) stops it too."""
    say("  Mail: the worker `manage.py send_notifications` runs beside the server.")
    return subprocess.Popen([str(venv_python(venv_dir(ROOT))), str(ROOT / "manage.py"), "send_notifications"], cwd=ROOT)


def serve(options) -> int:
    installed = ensure_installed(ROOT)
    ensure_messages(ROOT)
    ensure_database(ROOT, migrate=installed, seed=options.seed, demo=options.demo)
    address = f"{options.host}:{options.port}"
    debug = os.environ.get("DEBUG", "").lower() in TRUE
    net = network()
    lines = net.welcome(options.host, options.port, lan=net.lan_address(), site_url=os.environ.get("SITE_URL", ""))
    lines.append(
        "  DEBUG is on (for developers only: never on the club's network)."
        if debug
        else "  DEBUG is off (Dutch error pages, tracebacks in this window); developers: DEBUG=1 make run."
    )
    say("\n" + "\n".join(lines) + "\n")
    os.environ["SERVE_HOST"] = options.host  # config.settings.local: no network address on 127.0.0.1
    start_mail_worker()
    # serve_laptop: runserver (static files by whitenoise) announcing these addresses, not 0.0.0.0.
    return hand_over([venv_python(venv_dir(ROOT)), ROOT / "manage.py", "serve_laptop", address])


#: pytest options that choose the number of workers themselves, or that cannot run in a worker (a
#: debugger needs this terminal).
OWN_WORKERS = {"-n", "--numprocesses", "--dist", "--tx", "--pdb", "--trace", "--collect-only", "--co"}


def pytest_arguments(args: list[str]) -> list[str]:
    """``make test``'s pytest arguments: the user's, after the defaults they do not set themselves.

    - ``-n auto --dist worksteal``: one worker per core (pytest-xdist). Each worker starts with one
      stretch of the suite in file order and a worker that runs dry takes tests from the end of
      another's, so the tests of one module (and its module-scoped fixture, made once per worker that
      runs them) mostly stay together while the slow ones still spread. (``--dist loadgroup`` would
      pin them together, but pytest 9.2's node ids ignore its marks: pytest-xdist issue 1386.)
      Left out when the arguments choose workers or a plugin (``-n 0``, ``-p no:xdist``) or need the
      terminal (``--pdb``, ``--trace``).
    - ``--durations=10``: the ten slowest tests, so that a slow newcomer is seen when it lands."""
    given = {arg.split("=", 1)[0] for arg in args}
    if any(arg.startswith("-n") and arg[2:].isalnum() for arg in args):  # -n2, -nauto
        given.add("-n")
    plugins = [arg.removeprefix("-p") or value for arg, value in zip(args, [*args[1:], ""]) if arg.startswith("-p")]
    defaults = []
    if not given & OWN_WORKERS and "no:xdist" not in plugins:
        defaults += ["-n", "auto", "--dist", "worksteal"]
    if "--durations" not in given:
        defaults.append("--durations=10")
    return [*defaults, *args]


def test(options) -> int:
    ensure_installed(ROOT, dev=True)
    ensure_messages(ROOT)
    return hand_over([venv_python(venv_dir(ROOT)), "-m", "pytest", *pytest_arguments(options.pytest_args)])


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="run.py", description="Set up and run the Klaverjas club system.")
    steps = top.add_subparsers(dest="step")
    run = steps.add_parser("run", help="install what is due, then serve the demo (the default)")
    run.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    run.add_argument("--port", default=os.environ.get("PORT", "8000"))
    run.add_argument(
        "--seed",
        action="store_true",
        default=os.environ.get("SEED", "").lower() in TRUE,
        help="run seed_demo even when the demo is there (also SEED=1)",
    )
    run.add_argument(
        "--no-demo",
        dest="demo",
        action="store_false",
        default=os.environ.get("DEMO", "1").lower() not in FALSE,
        help="start without the demo: a new database gets no demo club, / leads to /setup/ (also DEMO=0)",
    )
    steps.add_parser("test", help="install the dev requirements, then run pytest (arguments after `test` go to it)")
    steps.add_parser("install", help="create .venv and install requirements.txt (when changed)")
    steps.add_parser("install-dev", help="the same with requirements-dev.txt")
    steps.add_parser("messages", help="compile every translation catalogue")
    steps.add_parser("migrate", help="apply the migrations")
    steps.add_parser("seed", help="apply the migrations and run seed_demo")
    return top


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0].startswith("-") and args[0] not in ("-h", "--help"):
        args.insert(0, "run")
    if args[0] == "test":  # everything after it is pytest's
        options = argparse.Namespace(step="test", pytest_args=args[1:])
    else:
        options = parser().parse_args(args)
    try:
        if options.step == "run":
            return serve(options)
        if options.step == "test":
            return test(options)
        if options.step in ("install", "install-dev"):
            ensure_installed(ROOT, dev=options.step == "install-dev")
        elif options.step == "messages":
            ensure_installed(ROOT)
            ensure_messages(ROOT, force=True)
        else:
            ensure_installed(ROOT)
            ensure_messages(ROOT)
            seed = options.step == "seed"
            ensure_database(ROOT, migrate=True, seed=seed, demo=seed)
        return 0
    except SetupError as error:
        print(error, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)
        return 130
