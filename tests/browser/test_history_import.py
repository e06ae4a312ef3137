"""The evening-totals import on the organiser's pages, in a real browser (issue 26 item 12): from the
settings page to the import page, a real xlsx uploaded, the unknown name confirmed, and the public
standings reading the imported evenings. Hand-computed: Bert Bok 2800 + 2900 = 5700 leads Anna Aap
3000 + 2500 = 5500; Cor Cavia (created on confirming) 2000.
"""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Player
from competitions.models import Evening
from tests.browser.helpers import evening_totals_xlsx, import_evening_totals, log_in
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_imports_evening_totals_and_reads_the_standings(page, tmp_path):
    club = ClubFactory(slug="troef")
    user = UserFactory(username="baas", organiser_of=club)
    user.set_password("demo")
    user.save()
    comp = CompetitionFactory(club=club, format="individual", slug="clubavonden")
    [PlayerFactory(club=club, name=full_name) for full_name in ["Anna Aap", "Bert Bok"]]
    path = evening_totals_xlsx(
        tmp_path / "avonden.xlsx",
        [
            ("Anna Aap", datetime.date(2025, 9, 5), 3000),
            ("Bert Bok", datetime.date(2025, 9, 5), 2800),
            ("Anna Aap", datetime.date(2025, 10, 3), 2500),
            ("Bert Bok", datetime.date(2025, 10, 3), 2900),
            ("Cor Cavia", datetime.date(2025, 10, 3), 2000),
        ],
    )

    page.goto("/")
    log_in(page, "baas")
    page.goto(f"/manage/competitions/{comp.slug}/settings/")
    import_evening_totals(page, path)
    assert "Cor Cavia" in page.locator("#history-confirm").inner_text()
    assert not Evening.objects.filter(competition=comp).exists()
    with page.expect_navigation():
        page.locator("#confirm-names").click()
    assert "2 nieuwe avonden" in page.locator(".messages").inner_text()
    assert Player.objects.filter(club=club, last_name="Cavia").count() == 1
    page.goto(f"/competitions/{comp.slug}/standings/")
    main = page.locator("main").inner_text()
    assert main.index("Bert Bok") < main.index("Anna Aap") < main.index("Cor Cavia")
    assert page.js_errors == []
