"""Page actions shared by the browser tests (found by ids, names and hrefs, never by text)."""

from __future__ import annotations


def log_in(page, username: str, password: str = "demo") -> None:
    """Through the header's login link and the login form; lands back where the link was followed."""
    page.locator("header a[href^='/accounts/login/']").click()
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    assert page.locator("header .user").inner_text().strip() == username


def log_out(page) -> None:
    with page.expect_navigation():
        page.locator("header form[action='/accounts/logout/'] button[type=submit]").click()
    assert page.locator("header a[href^='/accounts/login/']").count() == 1
