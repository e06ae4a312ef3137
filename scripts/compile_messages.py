"""Compile the translation catalogues (``locale/*/LC_MESSAGES/*.po`` -> ``.mo``) in pure Python.

``make run`` and ``python3 run.py`` use this instead of ``manage.py compilemessages``, which needs GNU
gettext's ``msgfmt`` on the path: a club laptop (Windows/WSL, a Mac, a minimal Debian) rarely has it.
Babel (pinned in requirements.txt) reads the ``.po`` and writes the ``.mo``; fuzzy entries are left out,
as ``msgfmt`` does. ``manage.py compilemessages`` still works where ``msgfmt`` exists.

    .venv/bin/python scripts/compile_messages.py            # every catalogue older than its .po
    .venv/bin/python scripts/compile_messages.py --force    # all of them
    .venv/bin/python scripts/compile_messages.py PATH.po    # just these

A catalogue Babel cannot read stops the compilation with one line naming the file and the line.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def catalogues(root: Path = ROOT) -> list[Path]:
    """The project's ``.po`` files (``locale/<lang>/LC_MESSAGES/*.po``), sorted."""
    return sorted((root / "locale").glob("*/LC_MESSAGES/*.po"))


def is_current(po: Path) -> bool:
    mo = po.with_suffix(".mo")
    return mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime


def compile_catalogue(po: Path) -> Path:
    """Write ``po``'s ``.mo`` beside it (atomically: a half-written .mo is never left) and return it."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import PoFileError, read_po

    try:
        with po.open("rb") as source:
            catalog = read_po(source, abort_invalid=True)
    except PoFileError as error:
        raise SystemExit(f"{po}: cannot compile the catalogue: {error}") from None
    mo = po.with_suffix(".mo")
    partial = mo.with_name(mo.name + ".partial")
    with partial.open("wb") as target:
        write_mo(target, catalog, use_fuzzy=False)
    partial.replace(mo)
    return mo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help=".po files (default: all of locale/)")
    parser.add_argument("--force", action="store_true", help="compile even where the .mo is current")
    parser.add_argument("-q", "--quiet", action="store_true")
    options = parser.parse_args(argv)
    try:
        import babel  # noqa: F401
    except ImportError:
        raise SystemExit(
            "Babel is not installed in this Python: run it with .venv/bin/python (make install installs it)."
        ) from None
    for po in options.paths or catalogues():
        if not po.is_file():
            raise SystemExit(f"{po}: no such catalogue")
        if options.force or not is_current(po):
            mo = compile_catalogue(po)
            if not options.quiet:
                print(f"compiled {mo.relative_to(ROOT) if mo.is_relative_to(ROOT) else mo}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
