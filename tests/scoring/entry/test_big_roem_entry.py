"""South African klawerjas: the four-jacks / five-run box (``big_roem``) on the entry form and the phone
page, and through the results export and import, so a boom of 2 strokes in old play stays 2 strokes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from competitions.base.rulesets import ruleset_for_match
from competitions.base.table_codes import assign_table_codes
from competitions.models import Round
from scoring import services
from scoring.models import Deal
from scoring.rules import score_match
from scoring.sheet.deal_input import parse_sheet
from tests.factories import ClubFactory, UserFactory, seated_match
from tests.scoring.entry.test_page import form_data, input_value

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

#: Old play (two hands): side A reaches 100 with side B below 50. With four jacks or a five-run
#: declared by A in the play that is 2 strokes, without it 1 (RULES.md, the boom).
BOOM = [
    {"bidder": None, "points": [99, 47], "roem": [0, 0]},
    {"bidder": None, "points": [146, 0], "roem": [0, 0], "big_roem": [True, False]},
]


@pytest.fixture
def club():
    return ClubFactory(slug="boom")


@pytest.fixture
def match(club):
    return seated_match(club=club, ruleset="klawerjas")


@pytest.fixture
def scorer(club):
    return UserFactory(username="boom-teller", scorer_of=club)


def strokes_of(match) -> tuple:
    stored = services.stored_deals(match)
    rules = ruleset_for_match(match)
    inputs, _results, errors = parse_sheet(
        [{k: d[k] for k in ("bidder", "points", "roem", "big_roem")} for d in stored], rules=rules
    )
    assert errors == []
    return score_match(rules, inputs).strokes


def boom_form(match) -> dict:
    data = form_data(BOOM, version=match.version)
    data["deal-2-big_roem_a"] = "on"
    return data


def test_the_entry_form_has_a_box_per_side_in_klawerjas_only(client, match, scorer, club):
    client.force_login(scorer)
    page = client.get(reverse("scoring:enter", kwargs={"pk": match.pk})).content.decode()
    assert 'name="deal-1-big_roem_a"' in page and 'name="deal-1-big_roem_b"' in page
    assert 'type="checkbox"' in page and "4J/5" in page
    other = seated_match(club=club, ruleset="amsterdam")
    page = client.get(reverse("scoring:enter", kwargs={"pk": other.pk})).content.decode()
    assert "big_roem" not in page


def test_a_boom_with_big_roem_entered_through_the_form_counts_2_strokes(client, match, scorer):
    client.force_login(scorer)
    url = reverse("scoring:enter", kwargs={"pk": match.pk})
    response = client.post(url, boom_form(match))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert list(Deal.objects.filter(match=match).order_by("number").values_list("big_roem_a", "big_roem_b")) == [
        (False, False),
        (True, False),
    ]
    match.refresh_from_db()
    assert strokes_of(match) == (2, 0)
    # the page shows the box ticked again, and saving the sheet as shown keeps it
    page = client.get(url).content.decode()
    assert input_value(page, "deal-2-big_roem_a") is not None
    ticked = [line for line in page.split("<input") if 'name="deal-2-big_roem_a"' in line]
    assert ticked and "checked" in ticked[0]
    unticked = [line for line in page.split("<input") if 'name="deal-2-big_roem_b"' in line]
    assert unticked and "checked" not in unticked[0]


def test_the_live_preview_counts_the_box(client, match, scorer):
    client.force_login(scorer)
    url = reverse("scoring:totals", kwargs={"pk": match.pk})
    with_box = client.post(url, boom_form(match)).json()
    without = client.post(url, form_data(BOOM, version=match.version)).json()
    assert with_box["valid"] and without["valid"]
    assert with_box != without


def test_a_ticked_box_alone_is_a_row_with_a_message(client, match, scorer):
    client.force_login(scorer)
    data = {"version": str(match.version), "deal-1-big_roem_b": "on"}
    response = client.post(reverse("scoring:enter", kwargs={"pk": match.pk}), data)
    assert response.status_code == 400
    assert "fill in the card points" in response.content.decode()
    assert not Deal.objects.filter(match=match).exists()


def test_the_phone_page_has_the_box_and_saves_it(client, match):
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.PUBLISHED)
    assign_table_codes(round=Round.objects.get(pk=match.round_id))
    match.refresh_from_db()
    code = match.table_code
    page = client.get(reverse("table:page", kwargs={"code": code})).content.decode()
    assert 'name="deal-1-big_roem_a"' in page and 'name="deal-1-big_roem_b"' in page
    data = boom_form(match)
    data.update(side="0", key="phone-key-0001")
    response = client.post(reverse("table:save", kwargs={"code": code}), data)
    assert response.status_code in (200, 302)
    assert Deal.objects.filter(match=match, number=2, big_roem_a=True).exists()
    match.refresh_from_db()
    assert strokes_of(match) == (2, 0)


def test_the_box_goes_through_the_results_export_and_import(client, match, scorer, club):
    """Entered through the form, exported, overwritten without the flag, imported back: 2 strokes again."""
    import io

    import openpyxl

    from scoring.results.imports import import_results

    organiser = UserFactory(username="boom-baas", organiser_of=club)
    client.force_login(scorer)
    assert client.post(reverse("scoring:enter", kwargs={"pk": match.pk}), boom_form(match)).status_code == 302
    client.force_login(organiser)
    competition = match.round.competition
    response = client.get(f"/competitions/{competition.slug}/results.xlsx")
    assert response.status_code == 200
    data = b"".join(response.streaming_content)
    rows = list(openpyxl.load_workbook(io.BytesIO(data)).active.iter_rows(values_only=True))
    headers = list(rows[0])
    assert "four jacks/five-run A" in headers and "four jacks/five-run B" in headers
    a, b = headers.index("four jacks/five-run A"), headers.index("four jacks/five-run B")
    assert [(r[a], r[b]) for r in rows[1:]] == [(False, False), (True, False)]
    # the same sheet without the flag: 1 stroke
    match.refresh_from_db()
    services.save_deals(
        match=match, user=organiser, deals=[dict(d, big_roem=None) for d in BOOM], version=match.version
    )
    match.refresh_from_db()
    assert strokes_of(match) == (1, 0)
    result = import_results(competition=competition, user=organiser, data=data, replace=True)
    assert (result.tables, result.replaced) == (1, 1)
    match.refresh_from_db()
    assert Deal.objects.get(match=match, number=2).big_roem_a
    assert strokes_of(match) == (2, 0)


def test_the_import_refuses_the_flag_outside_klawerjas(club):
    import io

    import openpyxl

    from clubs.members.services import ImportRefused
    from scoring.results.exports import RESULT_HEADERS
    from scoring.results.imports import import_results

    other = seated_match(club=club, ruleset="amsterdam")
    organiser = UserFactory(username="boom-baas", organiser_of=club)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "results"
    ws.append(RESULT_HEADERS)
    row = {
        "competition": other.round.competition.slug,
        "round": 1,
        "table": 1,
        "deal": 1,
        "bidder": "A",
        "points A": 100,
        "points B": 62,
        "four jacks/five-run A": "yes",
    }
    ws.append([row.get(h) for h in RESULT_HEADERS])
    out = io.BytesIO()
    wb.save(out)
    with pytest.raises(ImportRefused) as refused:
        import_results(competition=other.round.competition, user=organiser, data=out.getvalue())
    assert any(
        "four jacks/five-run A" in str(m) and "South African klawerjas" in str(m) for m in refused.value.messages
    ), refused.value.messages
    assert not Deal.objects.filter(match=other).exists()
