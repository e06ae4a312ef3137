"""The organiser's xlsx import of a club's history (issue 26 item 12): real workbooks built with
openpyxl, uploaded through the test client. Hand-computed as in test_history.py: Anna Aap 3000 + 2500
= 5500, Bert Bok 2800 + 2900 = 5700, Cor Cavia (unknown, created after confirming) 2000.
"""

from __future__ import annotations

import datetime
import html
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation
from openpyxl import Workbook, load_workbook

from clubs.models import Player
from competitions.models import Evening, EveningTotal
from competitions.season.models import SettingsChange
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

GOOD = [
    ("Anna Aap", datetime.date(2025, 9, 5), 3000),
    ("Bert Bok", datetime.date(2025, 9, 5), 2800),
    ("anna  aap", "03-10-2025", 2500),  # a Dutch date typed as text, the name in other case and spacing
    ("Bert Bok", datetime.date(2025, 10, 3), 2900),
]
GOOD_NAMES = ("Anna Aap", "Bert Bok")


def xlsx(rows, headers=("Player", "Date", "Points")) -> SimpleUploadedFile:
    wb = Workbook()
    ws = wb.active
    ws.append(list(headers))
    for row in rows:
        ws.append(list(row))
    out = io.BytesIO()
    wb.save(out)
    return SimpleUploadedFile("history.xlsx", out.getvalue())


@pytest.fixture
def comp(client):
    comp = CompetitionFactory(format="individual", slug="clubavonden")
    [PlayerFactory(club=comp.club, name=full_name) for full_name in ["Anna Aap", "Bert Bok"]]
    client.force_login(UserFactory(username="org-page", organiser_of=comp.club))
    return comp


def url(comp) -> str:
    return f"/manage/competitions/{comp.slug}/history/"


def upload(client, comp, rows, **kw):
    return client.post(url(comp), {"file": xlsx(rows, **kw)})


def test_a_good_file_is_imported_and_the_standings_show_its_evenings(client, comp):
    response = upload(client, comp, GOOD)
    assert response.status_code == 302, response.content.decode()
    assert "2 new evenings, 4 new totals" in client.get(response.url).content.decode()
    assert list(Evening.objects.filter(competition=comp).values_list("number", "date", "imported")) == [
        (1, datetime.date(2025, 9, 5), True),
        (2, datetime.date(2025, 10, 3), True),
    ]
    assert SettingsChange.objects.filter(competition=comp, action="import", via="page").count() == 1
    page = client.get(f"/competitions/{comp.slug}/standings/").content.decode()
    assert page.index("Bert Bok") < page.index("Anna Aap")
    assert "5700" in page.replace(".", "").replace("\u202f", "") and "5500" in page.replace(".", "")


def test_a_bad_row_is_named_and_nothing_is_imported(client, comp):
    rows = [*GOOD, ("Bert Bok", "yesterday", 2700), ("Anna Aap", datetime.date(2025, 11, 7), "veel")]
    response = upload(client, comp, rows)
    assert response.status_code == 400
    body = response.content.decode()
    assert "Row 6, column Date: Not a date" in body
    assert "Row 7, column Points: Points must be a whole number." in body
    assert not Evening.objects.filter(competition=comp).exists()
    assert not EveningTotal.objects.exists()
    assert not SettingsChange.objects.filter(competition=comp).exists()


def test_missing_headers_and_a_file_that_is_no_xlsx_are_refused(client, comp):
    response = upload(client, comp, GOOD, headers=("Naam", "Wanneer", "Punten"))
    assert response.status_code == 400
    assert "the column 'Date' is missing" in html.unescape(response.content.decode())
    junk = client.post(url(comp), {"file": SimpleUploadedFile("a.xlsx", b"not a workbook")})
    assert junk.status_code == 400 and "not an Excel workbook" in junk.content.decode()
    assert not Evening.objects.filter(competition=comp).exists()


def test_unknown_names_need_confirmation_before_anything_is_imported(client, comp):
    rows = [*GOOD, ("Cor Cavia", datetime.date(2025, 10, 3), 2000)]
    response = upload(client, comp, rows)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="history-confirm"' in body and "Cor Cavia" in body
    assert not Evening.objects.filter(competition=comp).exists()
    assert not Player.objects.filter(last_name="Cavia").exists()
    payload = response.context["payload"]
    tampered = client.post(url(comp), {"payload": payload[:-2] + "xx"})
    assert tampered.status_code == 400 and not Evening.objects.filter(competition=comp).exists()
    confirmed = client.post(url(comp), {"payload": payload})
    assert confirmed.status_code == 302
    cor = Player.objects.get(club=comp.club, first_name="Cor", last_name="Cavia")
    assert EveningTotal.objects.get(player=cor).points == 2000
    assert EveningTotal.objects.filter(evening__competition=comp).count() == 5


def test_the_confirmation_is_bound_to_the_competition(client, comp):
    other = CompetitionFactory(club=comp.club, format="individual", slug="andere")
    response = upload(client, comp, [("Cor Cavia", datetime.date(2025, 10, 3), 2000)])
    moved = client.post(url(other), {"payload": response.context["payload"]})
    assert moved.status_code == 400
    assert not Evening.objects.exists()


def test_the_same_file_again_changes_nothing(client, comp):
    assert upload(client, comp, GOOD).status_code == 302
    before = sorted(EveningTotal.objects.values_list("evening__date", "player__last_name", "points"))
    again = upload(client, comp, GOOD)
    assert again.status_code == 302
    assert sorted(EveningTotal.objects.values_list("evening__date", "player__last_name", "points")) == before
    assert Evening.objects.filter(competition=comp).count() == 2
    assert SettingsChange.objects.filter(competition=comp, action="import").count() == 1
    assert "0 new evenings, 0 new totals, 0 totals changed, 4 unchanged" in client.get(url(comp)).content.decode()


def test_another_clubs_organiser_is_refused(client, comp):
    client.force_login(UserFactory(username="org-other", organiser_of=ClubFactory()))
    assert client.get(url(comp)).status_code == 403
    assert client.post(url(comp), {"file": xlsx(GOOD)}).status_code == 403
    assert client.get(url(comp) + "template.xlsx").status_code == 403
    assert not Evening.objects.exists()
    client.logout()
    assert client.get(url(comp)).status_code == 302  # to the login page
    assert client.get("/manage/competitions/nope/history/").status_code in (302, 404)


def test_the_template_has_the_headers_and_reads_back(client, comp):
    response = client.get(url(comp) + "template.xlsx")
    assert response.status_code == 200
    ws = load_workbook(io.BytesIO(response.content)).active
    assert [c.value for c in ws[1]] == ["Player", "Date", "Points"]
    assert ws["C2"].value == 5120


MANY = [(name, datetime.date(2024, 1, 1) + datetime.timedelta(days=d), 100) for d in range(150) for name in GOOD_NAMES]


def test_the_page_links_from_the_settings_and_reads_in_few_queries(client, comp, django_assert_max_num_queries):
    assert url(comp) in client.get(f"/manage/competitions/{comp.slug}/settings/").content.decode()
    with django_assert_max_num_queries(4):
        assert client.get(url(comp)).status_code == 200
    with django_assert_max_num_queries(5):
        assert upload(client, comp, [*MANY, ("Bert Bok", "x", 1)]).status_code == 400


def test_in_dutch_the_template_and_a_refusal_read_in_dutch(client, comp, settings):
    settings.LANGUAGE_CODE = "nl"
    client.cookies["django_language"] = "nl"
    with translation.override("nl"):
        template = client.get(url(comp) + "template.xlsx", HTTP_ACCEPT_LANGUAGE="nl")
        assert [c.value for c in load_workbook(io.BytesIO(template.content)).active[1]] == ["Speler", "Datum", "Punten"]
        refused = client.post(
            url(comp),
            {"file": xlsx([("Anna Aap", "gisteren", 10)], headers=("Speler", "Datum", "Punten"))},
            HTTP_ACCEPT_LANGUAGE="nl",
        )
    assert refused.status_code == 400
    assert "Regel 2, kolom Datum:" in refused.content.decode()


# Issue 35 item 3: the file is read by documents.workbook.read_sheet, as the members' and the results'
# imports are, so a bad header is named in the same words as there; nothing is imported.
def test_a_header_that_is_not_the_templates_is_named_as_in_the_other_imports(client, comp):
    response = upload(client, comp, GOOD, headers=("Player", "Date", "Points", "Remark"))
    assert response.status_code == 400
    assert (
        "Sheet 'Sheet': column 'Remark' is not one of the template's columns (Player, Date, Points)."
        in html.unescape(response.content.decode())
    )
    assert not Evening.objects.filter(competition=comp).exists()


def test_a_missing_column_and_one_twice_are_named_as_in_the_other_imports(client, comp):
    missing = upload(client, comp, [(name, day) for name, day, _points in GOOD], headers=("Player", "Date"))
    assert missing.status_code == 400
    assert "Sheet 'Sheet': the column 'Points' is missing." in html.unescape(missing.content.decode())
    twice = upload(client, comp, [(*row, 1) for row in GOOD], headers=("Player", "Date", "Points", "Score"))
    assert twice.status_code == 400
    assert "Sheet 'Sheet': column 'Score' appears twice." in html.unescape(twice.content.decode())
    assert not Evening.objects.filter(competition=comp).exists()


def test_the_other_headers_a_club_types_are_still_read(client, comp):
    response = upload(client, comp, GOOD, headers=("Naam", "Avond", "Score"))
    assert response.status_code == 302, response.content.decode()
    assert EveningTotal.objects.filter(evening__competition=comp).count() == 4


def test_in_dutch_a_missing_column_is_named_in_dutch(client, comp, settings):
    settings.LANGUAGE_CODE = "nl"
    client.cookies["django_language"] = "nl"
    with translation.override("nl"):
        refused = client.post(
            url(comp), {"file": xlsx([("Anna Aap", 10)], headers=("Speler", "Punten"))}, HTTP_ACCEPT_LANGUAGE="nl"
        )
    assert refused.status_code == 400
    assert "Werkblad 'Sheet': de kolom 'Datum' ontbreekt." in html.unescape(refused.content.decode())
