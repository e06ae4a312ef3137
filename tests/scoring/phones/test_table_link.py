"""The table link (issue "The night at the table", point 2 and 3): a code per published table, its
phone page, saving a sheet through it once, and where the link is shown (API, sheets, tables.pdf)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from django.test import override_settings

from clubs import tokens
from competitions.base.table_codes import (
    ALPHABET,
    LENGTH,
    assign_table_codes,
    normalise,
    printed,
)
from competitions.models import Match, Round
from scoring import services
from scoring.models import AuditEntry
from scoring.phones.selectors import site_url
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet
from tests.readback import pdf_pages_text, render_png

pytestmark = pytest.mark.django_db


def publish(match: Match) -> Match:
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.PUBLISHED)
    assign_table_codes(round=Round.objects.get(pk=match.round_id))
    match.refresh_from_db()
    return match


@pytest.fixture
def table(match):
    return publish(match)


def form_data(sheet: list[dict], *, version: int = 0, side: int | None = 0, key: str | None = "phone-key-0001") -> dict:
    """The phone's form fields for a sheet (as static/js/table.js sends them)."""
    data = {"version": str(version)}
    if side is not None:
        data["side"] = str(side)
    if key is not None:
        data["key"] = key
    for n, deal in enumerate(sheet, start=1):
        for i, suffix in enumerate("ab"):
            data[f"deal-{n}-points_{suffix}"] = str(deal["points"][i])
            if deal["roem"][i]:
                data[f"deal-{n}-roem_{suffix}"] = str(deal["roem"][i])
        for name in ("bidder", "pit", "verzaakt"):
            if deal.get(name) is not None:
                data[f"deal-{n}-{name}"] = "wz"[deal[name]]
    return data


def save(client, match, data):
    return client.post(f"/t/{match.table_code}/save/", data, HTTP_ACCEPT="application/json")


# --- the code


def test_publishing_gives_every_table_its_own_code_and_a_draft_round_none(club):
    first, second = seated_match(club=club, slug="one"), seated_match(club=club, slug="two")
    assert first.table_code is None
    publish(first)
    second.refresh_from_db()
    assert second.table_code is None  # its round is still a draft
    assert len(first.table_code) == LENGTH and set(first.table_code) <= set(ALPHABET)
    assert not set(first.table_code) & set("01IO")
    publish(second)
    assert first.table_code != second.table_code
    code = first.table_code
    assign_table_codes(round=first.round)  # publishing again keeps the code
    first.refresh_from_db()
    assert first.table_code == code


def test_the_publish_service_makes_the_codes():
    from competitions import services as organise

    match = seated_match(club=ClubFactory(slug="troef"), slug="via-service")
    organise.publish_round(round=match.round)
    match.refresh_from_db()
    assert normalise(match.table_code) == match.table_code


def test_a_code_reads_back_however_it_is_typed(table, client):
    shown = printed(table.table_code)
    assert re.fullmatch(r"[0-9A-Z]{5}-[0-9A-Z]{5}", shown)
    for typed in (table.table_code, table.table_code.lower(), shown, f" {shown.lower()} "):
        assert normalise(typed) == table.table_code
    assert client.get(f"/t/{shown.lower()}/").status_code == 200
    response = client.get("/t/", {"code": shown.lower()})
    assert response.status_code == 302 and response["Location"] == f"/t/{table.table_code}/"


def test_a_wrong_an_old_or_an_unpublished_code_is_not_found_and_says_so(table, client):
    wrong = "".join(ALPHABET[(ALPHABET.index(c) + 1) % len(ALPHABET)] for c in table.table_code)
    for code in (wrong, "0000000000", "short", table.table_code + "X"):
        assert client.get(f"/t/{code}/").status_code == 404
        assert client.post(f"/t/{code}/save/", {}).status_code == 404
    assert client.get("/t/", {"code": wrong}).status_code == 404
    page = client.get(f"/t/{wrong}/").content.decode()
    assert 'data-state="ended"' in page and "/t/" in page
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.DRAFT)
    paused = client.get(f"/t/{table.table_code}/")
    assert paused.status_code == 423 and 'data-state="paused"' in paused.content.decode()
    answer = client.post(f"/t/{table.table_code}/save/", {}, HTTP_ACCEPT="application/json")
    assert answer.status_code == 423 and answer.json()["paused"] is True
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PUBLISHED)
    assert client.get(f"/t/{table.table_code}/").status_code == 200  # the same link works again


def test_the_phone_page_runs_a_fixed_number_of_queries(table, client, django_assert_max_num_queries):
    services.save_deals(
        match=table,
        user=UserFactory(username="s", scorer_of=table.round.competition.club),
        deals=simulated_sheet(table, count=10),
        version=0,
    )
    with django_assert_max_num_queries(10):
        response = client.get(f"/t/{table.table_code}/")
    html = response.content.decode()
    assert response.status_code == 200 and 'inputmode="numeric"' in html and 'id="deal-16-points_a"' in html
    assert 'value="' + str(simulated_sheet(table, count=10)[9]["points"][0]) + '"' in html


# --- saving through the link


def test_a_sheet_saved_at_the_table_is_entered_by_its_side_and_kept_in_the_audit_log(table, client):
    sheet = simulated_sheet(table)
    response = save(client, table, form_data(sheet, side=1))
    assert response.status_code == 200 and response.json()["written"] is True
    table.refresh_from_db()
    assert (table.status, table.deals_played, table.version) == (Match.Status.ENTERED, 16, 1)
    assert table.entered_by is None and table.table_entered_side == 1 and table.changed_at is not None
    entry = AuditEntry.objects.get(match=table)
    assert (entry.action, entry.user, entry.table_side, entry.table_key) == ("save", None, 1, "phone-key-0001")
    assert services.stored_deals(table)[0]["points"] == sheet[0]["points"]


def test_the_same_sheet_sent_twice_is_written_once(table, client):
    data = form_data(simulated_sheet(table))
    first, again = save(client, table, data), save(client, table, data)
    assert first.status_code == again.status_code == 200
    assert (first.json()["written"], again.json()["written"]) == (True, False)
    table.refresh_from_db()
    assert table.version == 1 and AuditEntry.objects.filter(match=table).count() == 1


def test_a_bad_sheet_is_refused_whole_with_the_deal_named(table, client):
    data = form_data(simulated_sheet(table))
    data["deal-5-points_b"] = str(int(data["deal-5-points_b"]) + 10)  # 172 card points
    response = save(client, table, data)
    assert response.status_code == 400
    deal5 = response.json()["preview"]["deals"][4]
    assert deal5["state"] == "error" and "162" in " ".join(e["message"] for e in deal5["errors"])
    table.refresh_from_db()
    assert table.deals_played == 0 and not AuditEntry.objects.filter(match=table).exists()


def test_a_verzaakt_deal_is_saved_without_a_bid_or_points(table, client):
    """Issue 33 item 2: on the phone "verz." for zij (and nothing else) is a whole deal."""
    data = {"version": "0", "side": "0", "key": "phone-key-verz", "deal-1-verzaakt": "z"}
    response = save(client, table, data)
    assert response.status_code == 200, response.content
    deal = services.stored_deals(table)[0]
    assert (deal["bidder"], deal["points"], deal["scores"], deal["verzaakt"]) == (None, [162, 0], [162, 0], 1)


def test_without_a_side_or_a_key_nothing_is_saved(table, client):
    sheet = simulated_sheet(table)
    assert save(client, table, form_data(sheet, side=None)).status_code == 403
    assert save(client, table, form_data(sheet, side=2)).status_code == 403  # a table of two sides
    assert save(client, table, form_data(sheet, key=None)).status_code == 403
    assert not AuditEntry.objects.filter(match=table).exists()


def test_a_sheet_changed_meanwhile_is_a_conflict(table, client):
    save(client, table, form_data(simulated_sheet(table, count=4)))
    response = save(client, table, form_data(simulated_sheet(table, seed=2), key="phone-key-0002"))
    assert response.status_code == 409 and response.json()["version"] == 1
    table.refresh_from_db()
    assert table.deals_played == 4


def test_a_conflict_answers_both_versions_deal_by_deal_and_the_audit_keeps_both(table, client):
    theirs = simulated_sheet(table, count=4)
    save(client, table, form_data(theirs, side=0))
    mine = [dict(deal) for deal in theirs] + simulated_sheet(table, seed=3)[4:6]
    mine[2] = dict(mine[2], roem=[mine[2]["roem"][0] + 20, mine[2]["roem"][1]])
    response = save(client, table, form_data(mine, side=1, key="phone-key-0002"))
    assert response.status_code == 409
    answer = response.json()
    assert (answer["version"], answer["by"], answer["labels"]) == (1, "wij", ["wij", "zij"])
    assert re.fullmatch(r"\d\d:\d\d", answer["at"])
    assert [d["number"] for d in answer["deals"]] == [1, 2, 3, 4, 5, 6]
    assert answer["differing"] == [3, 5, 6]
    assert answer["deals"][2]["differs"] == ["roem"] and answer["deals"][0]["differs"] == []
    assert answer["deals"][4]["theirs"] is None and answer["deals"][4]["differs"] == ["deal"]
    stored = services.stored_deals(table)
    first = answer["deals"][0]
    assert first["theirs"]["points"] == stored[0]["points"] and first["theirs"]["scores"] == stored[0]["scores"]
    assert first["theirs"]["mark"] == stored[0]["mark"] and first["mine"]["scores"] == stored[0]["scores"]
    assert answer["deals"][2]["mine"]["roem"] == mine[2]["roem"]
    assert answer["totals"]["theirs"] == [sum(d["scores"][i] for d in stored) for i in (0, 1)]
    # The audit keeps both: the stored sheet before, the refused one after, with the refused side.
    entry = AuditEntry.objects.get(match=table, action=AuditEntry.Action.CONFLICT)
    assert (entry.version, entry.table_side, len(entry.before), len(entry.after)) == (1, 1, 4, 6)
    assert [d["points"] for d in entry.after] == [d["points"] for d in mine]
    table.refresh_from_db()
    assert (table.deals_played, table.version) == (4, 1)  # nothing of the refused sheet written


def test_mine_saved_over_theirs_stands_and_the_conflict_is_kept_once(table, client):
    save(client, table, form_data(simulated_sheet(table, count=4), side=0))
    mine = form_data(simulated_sheet(table, seed=2), side=1, key="phone-key-0002")
    assert save(client, table, mine).status_code == 409
    assert save(client, table, mine).status_code == 409  # the same refused sheet again: kept once
    assert AuditEntry.objects.filter(match=table, action=AuditEntry.Action.CONFLICT).count() == 1
    over = save(client, table, dict(mine, version="1", key="phone-key-0003"))
    assert over.status_code == 200
    actions = list(AuditEntry.objects.filter(match=table).order_by("at", "id").values_list("action", "table_side"))
    assert actions == [("save", 0), ("conflict", 1), ("save", 1)]


def test_without_javascript_the_form_saves_and_redirects(table, client):
    response = client.post(f"/t/{table.table_code}/save/", form_data(simulated_sheet(table, count=3)))
    assert response.status_code == 302 and response["Location"] == f"/t/{table.table_code}/?saved=1"
    page = client.get(response["Location"]).content.decode()
    assert 'id="saved-note"' in page


def test_a_confirmed_or_scorer_entered_sheet_is_read_only_at_the_table(table, client, scorer, organiser):
    services.save_deals(match=table, user=scorer, deals=simulated_sheet(table), version=0)
    page = client.get(f"/t/{table.table_code}/").content.decode()
    assert 'data-state="staff"' in page and 'id="table-sheet"' not in page
    assert save(client, table, form_data(simulated_sheet(table, seed=3), version=1)).status_code == 403
    services.confirm_match(match=table, user=organiser)
    page = client.get(f"/t/{table.table_code}/").content.decode()
    assert 'data-state="confirmed"' in page and 'id="summary"' in page
    assert save(client, table, form_data(simulated_sheet(table, seed=3), version=2)).status_code == 403


# --- where the link is shown


def test_the_staff_view_of_the_api_carries_the_table_url_and_the_public_view_never(table, client, scorer):
    public = client.get(f"/api/matches/{table.pk}")
    assert public.status_code == 200 and "table_url" not in public.json()
    outsider = UserFactory(username="outsider")
    other = client.get(f"/api/matches/{table.pk}", HTTP_AUTHORIZATION=f"Bearer {tokens.create_token(outsider)}")
    assert "table_url" not in other.json()
    staff = client.get(f"/api/matches/{table.pk}", HTTP_AUTHORIZATION=f"Bearer {tokens.create_token(scorer)}")
    assert staff.json()["table_url"] == f"http://testserver/t/{table.table_code}/"
    assert client.get(staff.json()["table_url"].removeprefix("http://testserver")).status_code == 200


@override_settings(ALLOWED_HOSTS=["club.example", "127.0.0.1", "localhost"])
def test_the_site_address_is_one_phones_reach(rf):
    assert site_url(rf.get("/", HTTP_HOST="club.example:8000")) == "http://club.example:8000"
    with override_settings(LAN_ADDRESS="192.168.1.20"):
        assert site_url(rf.get("/", HTTP_HOST="127.0.0.1:8000")) == "http://192.168.1.20:8000"
        assert site_url(rf.get("/", HTTP_HOST="localhost")) == "http://192.168.1.20"
        assert site_url(rf.get("/", HTTP_HOST="club.example")) == "http://club.example"
    with override_settings(SITE_URL="https://klaverjas.example/"):
        assert site_url(rf.get("/", HTTP_HOST="127.0.0.1:8000")) == "https://klaverjas.example"


def test_staff_sheets_and_table_list_print_the_code_and_the_public_ones_do_not(table, client, scorer):
    slug, number = table.round.competition.slug, table.round.number
    public = pdf_pages_text(client.get(f"/competitions/{slug}/rounds/{number}/sheets.pdf").content)[0]
    assert printed(table.table_code) not in public and f"/matches/{table.pk}/enter/" in public
    public_list = "".join(pdf_pages_text(client.get(f"/competitions/{slug}/rounds/{number}/tables.pdf").content))
    assert printed(table.table_code) not in public_list
    client.force_login(scorer)
    staff = pdf_pages_text(client.get(f"/competitions/{slug}/rounds/{number}/sheets.pdf").content)[0]
    assert printed(table.table_code) in staff and "testserver/t/" in staff
    staff_list = "".join(pdf_pages_text(client.get(f"/competitions/{slug}/rounds/{number}/tables.pdf").content))
    assert printed(table.table_code) in staff_list


@pytest.mark.skipif(
    shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None,
    reason="needs zbar-tools (zbarimg) and poppler-utils to read QR codes back",
)
def test_the_printed_qr_code_reads_back_as_the_table_link(table, client, scorer, tmp_path):
    client.force_login(scorer)
    slug, number = table.round.competition.slug, table.round.number
    png = render_png(client.get(f"/competitions/{slug}/rounds/{number}/sheets.pdf").content, tmp_path, dpi=200)
    out = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True, timeout=60, check=False)
    assert out.stdout.strip() == f"http://testserver/t/{table.table_code}/"


def test_the_organisers_page_shows_the_address_and_its_qr_code(table, client, scorer):
    client.force_login(UserFactory(username="nobody"))
    assert client.get("/manage/phones/").status_code == 403
    client.force_login(scorer)
    with override_settings(SITE_URL="http://192.168.1.20:8000"):
        html = client.get("/manage/phones/").content.decode()
    assert "http://192.168.1.20:8000" in html and "<svg" in html and printed(table.table_code) in html


def test_the_names_at_a_table_answer_304_until_a_reseat(table, client, django_assert_max_num_queries):
    """Issue 33 item 4: what the open phone polls (static/js/table_names.js): who sits where, with an
    ETag; unchanged it is 304, after a reseat the new name; a paused round answers 423 as the rest."""
    url = f"/t/{table.table_code}/names/"
    with django_assert_max_num_queries(4):
        first = client.get(url, HTTP_ACCEPT="application/json")
    assert first.status_code == 200 and first["ETag"]
    names = first.json()
    assert [s["label"] for s in names["sides"]] == ["wij", "zij"]
    assert {s["seat"] for s in names["seats"]} == {"N", "E", "S", "W"}
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    seat = table.seats.get(seat="N")
    seat.player.first_name = "Annemarie"
    seat.player.save()
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and again["ETag"] != first["ETag"]
    assert "Annemarie" in {s["seat"]: s["name"] for s in again.json()["seats"]}["N"]
    assert "Annemarie" in again.json()["sides"][0]["name"]
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.DRAFT)
    assert client.get(url, HTTP_ACCEPT="application/json").status_code == 423
