"""The phone at the table names a side as the sheet does ("wij"/"zij"), never the engine's
"wij (A)" / "side A" (issue 33, item 6): in the live preview, a refused save and the page after it."""

import pytest

from tests.factories import simulated_sheet
from tests.scoring.phones.test_table_link import form_data, publish, save

pytestmark = pytest.mark.django_db

LETTERS = ("(A)", "(B)", "side A", "side B", "kant A", "kant B")


@pytest.fixture
def table(match):
    return publish(match)


def bad_roem(table) -> dict:
    data = form_data(simulated_sheet(table, count=3))
    data["deal-2-roem_a"] = "30"  # no roem makes 30
    return data


def messages_of(preview: dict) -> list[str]:
    return [e["message"] for d in preview["deals"] for e in d["errors"]]


def test_the_phones_live_preview_names_the_side_as_the_sheet_does(table, client):
    client.cookies["django_language"] = "nl"
    answer = client.post(f"/t/{table.table_code}/preview/", bad_roem(table)).json()
    messages = messages_of(answer)
    assert messages and all("wij" in m for m in messages), messages
    assert not any(letter in m for m in messages for letter in LETTERS), messages


def test_a_refused_save_at_the_table_names_the_side_as_the_sheet_does(table, client):
    client.cookies["django_language"] = "nl"
    answer = save(client, table, bad_roem(table))
    assert answer.status_code == 400
    messages = messages_of(answer.json()["preview"])
    assert messages and all("wij" in m for m in messages), messages
    assert not any(letter in m for m in messages for letter in LETTERS), messages


def test_the_phone_page_after_a_refused_plain_save_has_no_engine_letters(table, client):
    client.cookies["django_language"] = "nl"
    response = client.post(f"/t/{table.table_code}/save/", bad_roem(table))
    assert response.status_code == 400
    page = response.content.decode()
    assert "roem" in page and "wij (A)" not in page and "zij (B)" not in page
