"""``manage.py bench``: run every registered benchmark on generated data and print a table.

Benchmarks that need a database run in a throw-away test database (in memory on SQLite, a
``test_`` database on PostgreSQL), so the demo or production data is never touched.
"""

from __future__ import annotations

import importlib
import time
from pathlib import Path

from django.apps import apps
from django.core.management.base import BaseCommand
from django.db import connection

from benchmarking import REGISTRY, Measurement

PROJECT_APPS = ("scoring", "competitions", "clubs", "members")


def load_benchmarks() -> None:
    """Import every ``benchmarks`` and ``benchmarks_*`` module of the project's apps, in every feature folder."""
    for label in PROJECT_APPS:
        app = apps.get_app_config(label)
        root = Path(app.path)
        names = sorted(
            ".".join((app.name, *path.relative_to(root).with_suffix("").parts))
            for path in root.rglob("benchmarks*.py")
            if "migrations" not in path.parts
        )
        for name in names:
            importlib.import_module(name)


class Command(BaseCommand):
    help = "Measure the system's speed on generated data and print a table of figures."

    def add_arguments(self, parser):
        parser.add_argument("--quick", action="store_true", help="smaller data: a smoke run, not the figures")
        parser.add_argument("--small", action="store_true", help="the smallest data, as make test runs each benchmark")
        parser.add_argument("--only", default="", help="run only benchmarks whose name or group contains this text")
        parser.add_argument("--markdown", action="store_true", help="print the table as Markdown (for the README)")

    def handle(self, *args, quick=False, small=False, only="", markdown=False, **options):
        size = "small" if small else "quick" if quick else "full"
        load_benchmarks()
        selected = [b for b in REGISTRY if not only or only.lower() in f"{b.group} {b.name}".lower()]
        rows: list[tuple[str, Measurement]] = []
        test_db = None
        old_name = connection.settings_dict["NAME"]
        try:
            for bench in selected:
                if bench.needs_db and test_db is None:
                    test_db = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
                started = time.perf_counter()
                try:
                    result = bench.func(size)
                except Exception as exc:  # one broken benchmark must not hide the others' figures
                    self.stderr.write(f"  {bench.group}: {bench.name} FAILED: {exc!r}")
                    result = Measurement(bench.name, float("nan"), "error", "runs", ok=False, note=repr(exc)[:120])
                for m in result if isinstance(result, list) else [result]:
                    rows.append((bench.group, m))
                self.stderr.write(f"  {bench.group}: {bench.name} ({time.perf_counter() - started:.1f} s)")
        finally:
            if test_db is not None:
                connection.creation.destroy_test_db(old_name, verbosity=0)
        self.stdout.write(self.render(rows, markdown=markdown))
        failed = [m for _, m in rows if m.ok is False]
        if failed:
            self.stdout.write(f"{len(failed)} figure(s) missed their target: " + ", ".join(m.name for m in failed))

    @staticmethod
    def render(rows: list[tuple[str, Measurement]], *, markdown: bool) -> str:
        header = ("group", "benchmark", "figure", "unit", "against the baseline", "target", "ok", "data")
        body = [
            (
                g,
                m.name,
                f"{m.value:,.1f}" if m.value < 1000 else f"{m.value:,.0f}",
                m.unit,
                m.against,
                m.target,
                "" if m.ok is None else ("yes" if m.ok else "NO"),
                m.note,
            )
            for g, m in rows
        ]
        if markdown:
            lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
            lines += ["| " + " | ".join(r) + " |" for r in body]
            return "\n".join(lines)
        widths = [max(len(str(r[i])) for r in [header, *body]) for i in range(len(header))]
        fmt = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths))  # noqa: E731
        return "\n".join([fmt(header), fmt(["-" * w for w in widths]), *map(fmt, body)])
