"""The two commands without make: ``python3 run.py`` (= ``make run``) and ``python3 run.py test``
(= ``make test``). On Windows: ``py run.py`` and ``py run.py test``.

This file only checks the Python version, in syntax that every Python can read, so that a too old
Python gets one clear sentence instead of a traceback; the steps themselves are in
``scripts/launcher.py`` (standard library only). ``python3 run.py --help`` lists them.
"""

import os
import subprocess
import sys

MINIMUM = (3, 11)


def _which(name):
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def _runs(path):
    """True when ``path`` is a Python new enough (a pyenv shim of an inactive version is not)."""
    check = "import sys; sys.exit(tuple(sys.version_info[:2]) < (%d, %d))" % MINIMUM
    try:
        with open(os.devnull, "w") as quiet:
            return subprocess.call([path, "-c", check], stdout=quiet, stderr=quiet) == 0
    except OSError:
        return False


def version_problem(version=None, executable=None, which=_which, runs=_runs):
    """One sentence saying why this Python cannot run the project, or None when it can."""
    version = tuple(version or sys.version_info)[:3]
    if version[:2] >= MINIMUM:
        return None
    found = None
    for minor in range(20, MINIMUM[1] - 1, -1):
        path = which("python3.%d" % minor)
        if path and runs(path):
            found = "python3.%d" % minor
            break
    if found:
        advice = "%s is installed: run `make run PYTHON=%s` (or `%s run.py`) instead" % (found, found, found)
    else:
        advice = (
            "install Python %d.%d or newer (python.org, or your package manager) and run this again with it" % MINIMUM
        )
    return "Klaverjas needs Python %d.%d or newer, but %s is Python %s; %s." % (
        MINIMUM[0],
        MINIMUM[1],
        executable or sys.executable or "this Python",
        ".".join(str(part) for part in version),
        advice,
    )


if __name__ == "__main__":
    problem = version_problem()
    if problem:
        sys.stderr.write(problem + "\n")
        sys.exit(2)
    from scripts.launcher import main

    sys.exit(main(sys.argv[1:]))
