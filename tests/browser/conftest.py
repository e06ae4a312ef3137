"""Browser tests: pytest-django's live server driven by playwright through Debian's chromium.

- ``browser``: headless ``/usr/bin/chromium`` (playwright's own browser download is not used), one
  per worker for a run of browser tests in a row; the tests are skipped with a reason when it or
  playwright is missing.
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


class SharedChromium:
    """One headless chromium for a run of browser tests in a row on this worker (starting playwright
    and chromium takes about a second; every test still gets fresh contexts, so no cookie, storage or
    cache passes from one test to the next). It is stopped before any other test runs: see
    pytest_runtest_protocol."""

    def __init__(self) -> None:
        self.playwright = None
        self.browser = None

    def get(self):
        if self.browser is not None and not self.browser.is_connected():
            self.stop()  # a chromium that crashed or was closed: the next test gets a new one
        if self.browser is None:
            sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
            self.playwright = sync_api.sync_playwright().start()
            self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        return self.browser

    def stop(self) -> None:
        browser, playwright = self.browser, self.playwright
        self.browser = self.playwright = None
        try:
            if browser is not None and browser.is_connected():
                browser.close()
        finally:
            if playwright is not None:
                playwright.stop()
                # Django keeps its connections in context variables, and while playwright runs, the
                # tests' ORM calls live in a context of their own: close those connections, or
                # PostgreSQL refuses to drop the test database at the end ("being accessed by other users").
                connections.close_all()


CHROMIUM_OF_THIS_WORKER = SharedChromium()


def _is_browser_test(item) -> bool:
    return item is not None and item.get_closest_marker("browser") is not None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """While playwright's sync API is started, this thread has a running event loop, so Django would
    refuse the (synchronous, safe) ORM calls of the test and its fixtures. Allow them for the browser
    tests only — setup, call and teardown — and stop playwright (the worker's shared chromium) as soon
    as the next test is not a browser test, and in any case before one starts, so that no other test
    and no subprocess (``check --deploy`` refuses the variable) ever sees either."""
    if not _is_browser_test(item):
        CHROMIUM_OF_THIS_WORKER.stop()
        yield
        return
    previous = os.environ.get(ASYNC_UNSAFE)
    os.environ[ASYNC_UNSAFE] = "true"
    try:
        yield
    finally:
        try:
            if not _is_browser_test(nextitem):
                CHROMIUM_OF_THIS_WORKER.stop()
        finally:
            if previous is None:
                os.environ.pop(ASYNC_UNSAFE, None)
            else:
                os.environ[ASYNC_UNSAFE] = previous


def pytest_sessionfinish(session):
    CHROMIUM_OF_THIS_WORKER.stop()


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
    """Headless chromium, shared by the browser tests that run in a row on this worker."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        reason = f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(reason + "; .ci/run installs it, so on CI this is an error", pytrace=False)
        pytest.skip(reason)
    yield CHROMIUM_OF_THIS_WORKER.get()
    # The connection this test's ORM calls opened (in playwright's context, see SharedChromium.stop).
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
