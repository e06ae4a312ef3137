"""The suite's closing words: which tests were skipped for want of a system program, and the one
command that installs them all (chromium, poppler-utils, zbar-tools, gettext: what ``.ci/run``
installs). Tests that only run against PostgreSQL are listed apart, with the command for that pass.

A test opts in by naming the program or its Debian package in its skip reason, e.g.
``pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils (pdftoppm)")``.
"""

from __future__ import annotations

import re

#: Debian package -> the words in a skip reason that mean it is missing.
SYSTEM_PACKAGES = {
    "chromium": ("chromium",),
    "poppler-utils": ("poppler", "pdftoppm"),
    "zbar-tools": ("zbar", "zbarimg"),
    "gettext": ("gettext", "msgfmt", "xgettext", "msgmerge"),
}
POSTGRESQL_WORDS = ("postgresql",)
POSTGRESQL_COMMAND = (
    "DATABASE_URL=postgres://klaverjas:klaverjas@127.0.0.1:5432/klaverjas make test"
    "  (with a PostgreSQL server and that role; `sudo bash .ci/run` sets both up and runs both passes)"
)


def _reason(report) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        text = longrepr[2]
    else:
        text = str(longrepr)
    return text.removeprefix("Skipped: ")


def _mentions(reason: str, words) -> bool:
    lowered = reason.lower()
    return any(re.search(rf"\b{re.escape(word)}\b", lowered) for word in words)


def skip_summary(reports) -> list[str]:
    """The closing lines for these skipped reports (empty when no skip is about the machine)."""
    by_package: dict[str, list[str]] = {}
    postgresql: list[str] = []
    for report in reports:
        reason = _reason(report)
        packages = [package for package, words in SYSTEM_PACKAGES.items() if _mentions(reason, words)]
        for package in packages:
            by_package.setdefault(package, []).append(report.nodeid)
        if not packages and _mentions(reason, POSTGRESQL_WORDS):
            postgresql.append(report.nodeid)
    lines: list[str] = []
    if by_package:
        count = len({nodeid for nodeids in by_package.values() for nodeid in nodeids})
        lines.append(f"{count} test(s) skipped because this machine lacks a program:")
        packages = [package for package in SYSTEM_PACKAGES if package in by_package]
        for package in packages:
            lines.append(f"  needs {package}:")
            lines += [f"    {nodeid}" for nodeid in dict.fromkeys(by_package[package])]
        lines.append(f"To run them too: sudo apt-get install -y {' '.join(packages)}")
    if postgresql:
        lines.append(f"{len(postgresql)} test(s) skipped because they run only against PostgreSQL:")
        lines += [f"    {nodeid}" for nodeid in dict.fromkeys(postgresql)]
        lines.append(f"To run them: {POSTGRESQL_COMMAND}")
    return lines


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    lines = skip_summary(terminalreporter.stats.get("skipped", []))
    if lines:
        terminalreporter.section("skipped for want of a program or a database", sep="-", bold=True)
        for line in lines:
            terminalreporter.write_line(line)
