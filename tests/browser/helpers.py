"""Page actions shared by the browser tests (found by ids, names and hrefs, never by text)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from openpyxl import Workbook

from clubs.models import StaffRole


def log_in(page, username: str, password: str = "demo") -> None:
    """Through the header's login link and the login form; lands back where the link was followed."""
    page.locator("header a[href^='/accounts/login/']").click()
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    assert page.locator("header .user").inner_text().strip() == username


def scorer_opens_entry_page(new_page, club, match, *, height: int = 800):
    """A scorer of ``club`` logs in on the login page and opens ``match``'s keyboard sheet (1280 px
    wide), ready once its script is wired (``body.live-ready``)."""
    user = get_user_model().objects.create_user("teller", password="geheim-wachtwoord")
    StaffRole.objects.create(user=user, club=club, role=StaffRole.Role.SCORER)
    page = new_page(viewport={"width": 1280, "height": height})
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("teller")
    page.locator("#id_password").fill("geheim-wachtwoord")
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    page.goto(f"/matches/{match.pk}/enter/")
    page.wait_for_selector("body.live-ready")
    return page


def log_out(page) -> None:
    with page.expect_navigation():
        page.locator("header form[action='/accounts/logout/'] button[type=submit]").click()
    assert page.locator("header a[href^='/accounts/login/']").count() == 1


def evening_totals_xlsx(path, rows) -> str:
    """A club's spreadsheet of evening totals (player, date, points) under its Dutch headings."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Speler", "Datum", "Punten"])
    for row in rows:
        sheet.append(list(row))
    workbook.save(path)
    return str(path)


def import_evening_totals(page, path) -> None:
    """From a competition's settings page: to the import page, and upload ``path`` (an xlsx)."""
    with page.expect_navigation():
        page.locator("#history-link").click()
    page.locator("#id_file").set_input_files(str(path))
    with page.expect_navigation():
        page.locator("#history-upload").click()
