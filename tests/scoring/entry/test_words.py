"""The entry page speaks the sheet's words: a side is "wij" or "zij" (the sheet's own columns), never
the engine's letters ("side A", "wij (A)") — on the page after a refused save and in the live
preview. The API keeps the engine's words, which match its 0/1 and "A"/"B"."""

import pytest
from django.urls import reverse

from scoring import services
from scoring.sheet.deal_input import sheet_words

pytestmark = pytest.mark.django_db

LETTERS = ("(A)", "(B)", "side A", "side B", "kant A", "kant B")


def bad_roem_form(version=0):
    # deal 1 fine; deal 2: 30 roem for wij cannot be made of roem items (20, 50, 100, 200)
    return {
        "version": str(version),
        "deal-1-bidder": "w",
        "deal-1-points_a": "100",
        "deal-1-points_b": "62",
        "deal-2-bidder": "z",
        "deal-2-points_a": "40",
        "deal-2-points_b": "122",
        "deal-2-roem_a": "30",
    }


def test_a_refused_save_names_the_side_as_the_sheet_does(client, match, scorer):
    client.force_login(scorer)
    response = client.post(reverse("scoring:enter", args=[match.pk]), bad_roem_form())
    assert response.status_code == 400
    page = response.content.decode()
    errors = [e for row in response.context["rows"] for e in row.errors]
    assert errors and all("wij" in e.message for e in errors), [e.message for e in errors]
    assert not any(letter in e.message for e in errors for letter in LETTERS)
    assert "wij (A)" not in page


def test_the_live_preview_names_the_side_as_the_sheet_does(client, match, scorer):
    client.force_login(scorer)
    answer = client.post(reverse("scoring:totals", args=[match.pk]), bad_roem_form()).json()
    messages = [e["message"] for d in answer["deals"] for e in d["errors"]]
    assert messages and all("wij" in m for m in messages)
    assert not any(letter in m for m in messages for letter in LETTERS)


def test_the_api_keeps_the_engines_words_outside_the_sheet(match, scorer):
    deals = [{"bidder": 0, "points": [100, 62], "roem": [30, 0]}]
    with pytest.raises(services.SheetInvalid) as refused:
        services.save_deals(match=match, user=scorer, deals=deals, version=0)
    api_message = refused.value.errors[0].message
    with sheet_words(("wij", "zij")), pytest.raises(services.SheetInvalid) as refused:
        services.save_deals(match=match, user=scorer, deals=deals, version=0)
    sheet_message = refused.value.errors[0].message
    assert api_message != sheet_message and "wij" in sheet_message and "(A)" not in sheet_message


def test_negative_roem_is_told_the_rule_not_that_it_is_no_number(client, match, scorer):
    client.force_login(scorer)
    client.cookies["django_language"] = "nl"
    form = {**bad_roem_form(), "deal-2-roem_a": "-20"}
    answer = client.post(reverse("scoring:totals", args=[match.pk]), form).json()
    messages = [e["message"] for d in answer["deals"] for e in d["errors"]]
    assert messages == ["roem van wij moet 0 of meer zijn, in veelvouden van 10 (20, 50, 100 …), niet -20"]
    assert not any("geen getal" in m for m in messages)
