"""Browser tests: pytest-django's live server driven by playwright through Debian's chromium.

- ``browser`` (per test): headless ``/usr/bin/chromium`` (playwright's own browser download is not
  used); the tests are skipped with a reason when it or playwright is missing.
- ``context`` / ``page`` (per test): a fresh browser context on the live server (Dutch, the club's
  language; 15 s timeouts), the page's uncaught JavaScript errors in ``page.js_errors``;
  ``new_context(**options)`` and ``new_page(**options)`` make more (``java_script_enabled=False``).
- On failure every page of the test's contexts leaves a full-page screenshot, its HTML and its
  console log in ``test-artifacts/`` at the project root.

Mark tests ``@pytest.mark.browser`` and ``@pytest.mark.django_db(transaction=True)``.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from django.db import connections

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
TIMEOUT_MS = 15_000
ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """While playwright's sync API is started, this thread has a running event loop, so Django would
    refuse the (synchronous, safe) ORM calls of the test and its fixtures. Allow them for the browser
    tests only — setup, call and teardown — and stop playwright at the end of each test (the
    fixtures are function-scoped), so that no other test and no subprocess (``check --deploy``
    refuses the variable) ever sees either."""
    if item.get_closest_marker("browser") is None:
        yield
        return
    previous = os.environ.get(ASYNC_UNSAFE)
    os.environ[ASYNC_UNSAFE] = "true"
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(ASYNC_UNSAFE, None)
        else:
            os.environ[ASYNC_UNSAFE] = previous


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item (``item.rep_setup``, ``rep_call``, ``rep_teardown``)."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def _failed(request) -> bool:
    reports = (getattr(request.node, f"rep_{when}", None) for when in ("setup", "call"))
    return any(report is not None and report.failed for report in reports)


@pytest.fixture
def browser():
    """Headless chromium for one test (about a second to start; see pytest_runtest_protocol for
    why it is not kept for the session)."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        reason = f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(reason + "; .ci/run installs it, so on CI this is an error", pytrace=False)
        pytest.skip(reason)
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
        # Django keeps its connections in context variables, and while playwright runs, the test's
        # ORM calls live in a context of their own: close that connection here, or PostgreSQL
        # refuses to drop the test database at the end ("being accessed by other users").
        connections.close_all()


@pytest.fixture
def new_context(browser, request, live_server):
    """A factory of browser contexts (``new_context(java_script_enabled=False)``), all closed at
    the end of the test, and all photographed when it failed."""
    contexts = []

    def make(**options):
        options.setdefault("base_url", live_server.url)
        options.setdefault("locale", "nl-NL")
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(**options)
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(TIMEOUT_MS)
        context.on("page", _watch)
        contexts.append(context)
        return context

    yield make
    if _failed(request):
        _keep_artifacts(request.node, contexts)
    for context in contexts:
        context.close()


def _watch(page) -> None:
    """Collect the page's uncaught JavaScript errors and console lines (once per page)."""
    if hasattr(page, "js_errors"):
        return
    page.js_errors = []
    page.console_lines = []
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    page.on("console", lambda message: page.console_lines.append(f"{message.type}: {message.text}"))


@pytest.fixture
def new_page(new_context):
    """A factory of pages, each in a context of its own: ``new_page(java_script_enabled=False)``."""

    def make(**options):
        page = new_context(**options).new_page()
        _watch(page)
        return page

    return make


@pytest.fixture
def context(new_context):
    return new_context()


@pytest.fixture
def page(context):
    page = context.new_page()
    _watch(page)
    return page


def _keep_artifacts(node, contexts) -> None:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", node.nodeid)[-120:]
    target = ARTIFACTS / name
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True, exist_ok=True)
    number = 0
    for context in contexts:
        for page in context.pages:
            number += 1
            stem = target / f"page-{number}"
            try:
                page.screenshot(path=f"{stem}.png", full_page=True, timeout=10_000)
            except Exception as error:  # a crashed or closed page still leaves its other traces
                Path(f"{stem}.screenshot-error.txt").write_text(str(error))
            try:
                Path(f"{stem}.html").write_text(f"<!-- {page.url} -->\n" + page.content())
            except Exception as error:
                Path(f"{stem}.html-error.txt").write_text(str(error))
            lines = [f"url: {page.url}"]
            lines += [f"pageerror: {e}" for e in getattr(page, "js_errors", [])]
            lines += getattr(page, "console_lines", [])
            Path(f"{stem}.log").write_text("\n".join(lines) + "\n")
    print(f"\nbrowser artifacts kept in {target}")
