"""Verzaakt charged to the offending player in individual play (RULES.md §9, issue 26 item 9): the
deal goes to the opponents as the preset says, and the player the sheet names (``verzaakt_seat``)
alone loses the club's ``verzaakt_player_penalty`` from the personal score; the partner does not.

The known answer, by hand (Amsterdam, two deals, penalty 100; wij = N + S, zij = E + W):
  deal 1: wij bid, 100 – 62, roem 20 – 0, wij verzaakt (S, Speler2): the whole deal to zij:
          wij 0, zij 162 + 20 = 182
  deal 2: zij bid and make it, 70 – 92: wij 70, zij 92
  totals: wij 70, zij 274
  personal: N (Speler0) 70, S (Speler2) 70 − 100 = −30, E and W 274 each.
Through the keyboard sheet, the API and the phone; a re-save with another offender moves the count;
bad input changes nothing; the filled sheet.pdf, read back, names the offender.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from clubs import tokens
from clubs.members.services import ImportRefused
from clubs.models import Player
from competitions.base.rows import reseat
from competitions.base.table_codes import printed_pin, side_pin
from competitions.models import Match, MatchSeat, MatchSide, Round
from competitions.standings import standings
from scoring import services
from scoring.models import Deal
from scoring.results.imports import import_results
from scoring.totals.services import save_totals
from tests.competitions.pdf_overlap import overlaps
from tests.factories import ClubFactory, UserFactory, seated_match
from tests.readback import pdf_pages_text
from tests.scoring.phones.test_table_link import publish
from tests.scoring.results.test_import_results import cell, edit, exported

pytestmark = pytest.mark.django_db

RENEGE = {"bidder": 0, "points": [100, 62], "roem": [20, 0], "verzaakt": 0, "verzaakt_seat": "S"}
MADE = {"bidder": 1, "points": [70, 92]}
#: The same two deals as the keyboard sheet's fields (w = wij, z = zij).
FORM = {
    "version": "0",
    "deal-1-bidder": "w",
    "deal-1-points_a": "100",
    "deal-1-points_b": "62",
    "deal-1-roem_a": "20",
    "deal-1-verzaakt": "w",
    "deal-1-verzaakt_seat": "S",
    "deal-2-bidder": "z",
    "deal-2-points_a": "70",
    "deal-2-points_b": "92",
}


@pytest.fixture
def match():
    return seated_match(club=ClubFactory(slug="verzaakt"), deals_per_match=2, verzaakt_player_penalty=100)


@pytest.fixture
def scorer(match):
    return UserFactory(username="teller", scorer_of=match.round.competition.club)


@pytest.fixture
def organiser(match):
    return UserFactory(username="leider", organiser_of=match.round.competition.club)


def counts(match) -> dict[str, int]:
    return dict(MatchSeat.objects.filter(match=match).values_list("seat", "verzaakt"))


def personal(match) -> dict[str, int]:
    """Each seat's points in the season standings (the seats' players are Speler0 N … Speler3 W)."""
    names = {s.player.name: s.seat for s in MatchSeat.objects.filter(match=match).select_related("player")}
    return {names[row.name]: row.points for row in standings(match.round.competition) if row.name in names}


def confirm(match, organiser) -> None:
    services.confirm_match(match=match, user=organiser)


def assert_known_answer(match) -> None:
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert [(d.score_a, d.score_b, d.mark, d.verzaakt, d.verzaakt_seat) for d in deals] == [
        (0, 182, "V", 0, "S"),
        (70, 92, "", None, ""),
    ]
    assert list(MatchSide.objects.filter(match=match).order_by("side").values_list("total", flat=True)) == [70, 274]
    assert counts(match) == {"N": 0, "E": 0, "S": 1, "W": 0}


def test_through_the_keyboard_sheet_the_offender_alone_loses_the_penalty(client, match, scorer, organiser):
    client.force_login(scorer)
    page = client.get(f"/matches/{match.pk}/enter/")
    assert b'name="deal-1-verzaakt_seat"' in page.content and b"Speler2 S" in page.content
    assert "alleen die speler verliest de boete van de club" in page.content.decode()
    response = client.post(f"/matches/{match.pk}/enter/", FORM)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert_known_answer(match)
    confirm(match, organiser)
    assert personal(match) == {"N": 70, "S": -30, "E": 274, "W": 274}
    # the sheet as stored comes back in the form: the offender chosen
    page = client.get(f"/matches/{match.pk}/enter/")
    assert b'<option value="S" selected data-side="0">' in page.content


def test_without_a_named_offender_nobody_loses_the_penalty(client, match, scorer, organiser):
    client.force_login(scorer)
    response = client.post(f"/matches/{match.pk}/enter/", {k: v for k, v in FORM.items() if "seat" not in k})
    assert response.status_code == 302
    confirm(match, organiser)
    assert personal(match) == {"N": 70, "S": 70, "E": 274, "W": 274}
    assert Deal.objects.get(match=match, number=1).verzaakt_seat == ""


def test_the_keyboard_sheet_refuses_a_seat_of_the_other_side_and_changes_nothing(client, match, scorer):
    client.force_login(scorer)
    with translation.override("en"):
        response = client.post(
            f"/matches/{match.pk}/enter/", {**FORM, "deal-1-verzaakt_seat": "E"}, HTTP_ACCEPT_LANGUAGE="en"
        )
    assert response.status_code == 400
    assert "seat E is not on the side that verzaakt" in response.content.decode()
    assert not Deal.objects.filter(match=match).exists() and counts(match)["E"] == 0
    response = client.post(f"/matches/{match.pk}/enter/", {**FORM, "deal-1-verzaakt_seat": "E"})
    assert "plaats O hoort niet bij de kant die verzaakte" in response.content.decode()  # Dutch by default
    assert Match.objects.get(pk=match.pk).version == 0  # nothing was written


def test_through_the_api_a_resave_moves_the_count_and_bad_input_changes_nothing(client, match, scorer, organiser):
    auth = {"HTTP_AUTHORIZATION": f"Bearer {tokens.create_token(scorer)}"}
    url = f"/api/matches/{match.pk}/deals"

    def put(deals, version, **extra):
        body = {"version": version, "deals": deals, **extra}
        return client.put(url, body, content_type="application/json", **auth)

    response = put([RENEGE, MADE], 0)
    assert response.status_code == 200, response.content
    assert [d["verzaakt_seat"] for d in response.json()["deals"]] == ["S", None]
    assert_known_answer(match)
    # a correction: N verzaakt, not S — the count moves with it
    response = put([dict(RENEGE, verzaakt_seat="N"), MADE], 1)
    assert response.status_code == 200
    assert counts(match) == {"N": 1, "E": 0, "S": 0, "W": 0}
    # refused, each naming the deal and the field; nothing changes
    bad = [
        (dict(RENEGE, verzaakt_seat="E"), "not on the side that verzaakt"),  # E plays for zij
        (dict(MADE, verzaakt_seat="W"), "no side verzaakt"),  # a seat without a verzaakt side
        (dict(RENEGE, verzaakt_seat="X"), None),  # not a seat: the schema refuses it
    ]
    for deal, words in bad:
        with translation.override("en"):
            response = client.put(
                url,
                {"version": 2, "deals": [MADE, deal] if deal is not RENEGE else [deal]},
                content_type="application/json",
                HTTP_ACCEPT_LANGUAGE="en",
                **auth,
            )
        assert response.status_code == 400, response.content
        errors = response.json()["errors"]
        assert any("verzaakt_seat" in str(e.get("field")) for e in errors), errors
        if words:
            assert any(e["deal"] == 2 and words in e["message"] for e in errors), errors
    assert Match.objects.get(pk=match.pk).version == 2
    assert counts(match) == {"N": 1, "E": 0, "S": 0, "W": 0}
    assert client.get(f"/api/matches/{match.pk}").json()["deals"][0]["verzaakt_seat"] == "N"
    # the sheet cleared: nobody verzaakt any more
    assert put([], 2, clear=True).status_code == 200  # clearing an entered sheet is said out loud
    assert counts(match) == {"N": 0, "E": 0, "S": 0, "W": 0}


def test_the_api_schema_names_the_field(client):
    schema = client.get("/api/openapi.json").json()["components"]["schemas"]
    assert "verzaakt_seat" in schema["DealIn"]["properties"] and "verzaakt_seat" in schema["DealOut"]["properties"]
    assert schema["DealOut"]["properties"]["verzaakt_seat"]["anyOf"][0]["enum"] == ["N", "E", "S", "W"]


def test_through_the_phone_the_offender_is_named(client, match, organiser):
    table = publish(match)
    data = {"side": "0", "key": "phone-key-verz", **FORM}
    page = client.get(f"/t/{table.table_code}/")
    assert b'name="deal-1-verzaakt_seat"' in page.content
    response = client.post(f"/t/{table.table_code}/save/", data, HTTP_ACCEPT="application/json")
    assert response.status_code == 200, response.content
    assert_known_answer(match)
    # another phone post naming a seat of the other side is refused; nothing changes
    bad = dict(data, version="1", key="phone-key-verz2", **{"deal-1-verzaakt_seat": "W"})
    response = client.post(f"/t/{table.table_code}/save/", bad, HTTP_ACCEPT="application/json")
    assert response.status_code == 400
    assert counts(match)["S"] == 1 and Match.objects.get(pk=match.pk).version == 1


def test_the_phone_check_and_accepted_views_name_the_offender(client, match):
    """The opponents check the sheet typed at the table: beside the V mark the seat (Dutch letter)
    and the name of the player who verzaakt, as on the match page; so too once accepted."""
    table = publish(match)
    data = {"side": "0", "key": "phone-key-check", **FORM}
    assert client.post(f"/t/{table.table_code}/save/", data, HTTP_ACCEPT="application/json").status_code == 200
    page = client.get(f"/t/{table.table_code}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert 'data-state="check"' in page
    row = page.split('<tr data-deal="1">')[1].split("</tr>")[0]
    assert 'V <span class="offender" title="verzaakt door" data-offender-seat="S">Z (Speler2 S)</span>' in row
    assert 'class="offender"' not in page.split('<tr data-deal="2">')[1].split("</tr>")[0]
    table.refresh_from_db()
    accepted = client.post(
        f"/t/{table.table_code}/accept/",
        {"side": 1, "version": table.version, "pin": printed_pin(side_pin(table.table_code, 1))},
    )
    assert accepted.status_code == 302
    page = client.get(f"/t/{table.table_code}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-state="accepted"' in page
    assert '<span class="offender" title="verzaakt by" data-offender-seat="S">S (Speler2 S)</span>' in page


def test_a_seat_nobody_sits_at_is_refused():
    """A table of three has no W: naming W is refused before anything is written."""
    match = seated_match(club=ClubFactory(slug="drie"), ruleset="driemans", deals_per_match=1)
    user = UserFactory(username="drie-teller", scorer_of=match.round.competition.club)
    deal = {"bidder": 0, "points": [62, 50, 50], "verzaakt": 0, "verzaakt_seat": "E"}
    with pytest.raises(services.SheetInvalid) as refused:
        services.save_deals(match=match, user=user, deals=[deal], version=0)
    assert [e.field for e in refused.value.errors] == ["verzaakt_seat"]
    services.save_deals(match=match, user=user, deals=[dict(deal, verzaakt_seat="N")], version=0)
    assert counts(match) == {"N": 1, "E": 0, "S": 0}


def test_pairs_play_names_no_offender(client, match, scorer):
    """A pair loses as a whole: the sheet of a pairs competition has no select."""
    type(match.round.competition).objects.filter(pk=match.round.competition_id).update(format="pairs")
    client.force_login(scorer)
    assert b"verzaakt_seat" not in client.get(f"/matches/{match.pk}/enter/").content


def test_naming_an_offender_costs_two_queries_and_an_ordinary_save_none(match, scorer):
    plain = [dict(RENEGE, verzaakt_seat=None), MADE]
    with CaptureQueriesContext(connection) as ordinary:
        services.save_deals(match=match, user=scorer, deals=plain, version=0)
    with CaptureQueriesContext(connection) as again:  # the same sheet with another roem: still nobody named
        services.save_deals(match=match, user=scorer, deals=[dict(plain[0], roem=[40, 0]), MADE], version=1)
    with CaptureQueriesContext(connection) as named:
        services.save_deals(match=match, user=scorer, deals=[RENEGE, MADE], version=2)
    assert len(named) == len(again) + 2  # the seats read, the counts written
    assert len(again) <= len(ordinary)
    assert counts(match)["S"] == 1


def test_the_filled_sheet_and_the_match_page_name_the_offender(client, match, scorer):
    services.save_deals(match=match, user=scorer, deals=[RENEGE, MADE], version=0)
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.PUBLISHED)
    response = client.get(f"/matches/{match.pk}/sheet.pdf", HTTP_ACCEPT_LANGUAGE="nl")
    text = " ".join(pdf_pages_text(response.content))
    assert "Verzaakt door: spel 1 Z (Speler2 S)" in text
    assert "V Z" in text  # the mark column: V and the seat
    assert overlaps(response.content) == []
    response = client.get(f"/matches/{match.pk}/sheet.pdf", HTTP_ACCEPT_LANGUAGE="en")
    assert "Verzaakt by: deal 1 S (Speler2 S)" in " ".join(pdf_pages_text(response.content))
    page = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert 'class="offender small"' in page and "Z (Speler2 S)" in page


def test_the_results_file_carries_the_offender_both_ways(client, match, scorer, organiser):
    """results.xlsx writes the seat in its last column ("verzaakt by"); an import that changes it
    (O, the Dutch east, for a seat of zij is refused naming the row; Z for S moves the count)."""
    services.save_deals(match=match, user=organiser, deals=[dict(RENEGE, verzaakt_seat="N"), MADE], version=0)
    competition = match.round.competition
    file = exported(client, competition)
    assert cell(file, 2, "verzaakt by") == "N" and cell(file, 3, "verzaakt by") is None
    with pytest.raises(ImportRefused) as refused:  # in Dutch, as the file was written
        import_results(
            competition=competition, user=organiser, data=edit(file, {(2, "verzaakt by"): "O"}), replace=True
        )
    assert "plaats O hoort niet bij de kant die verzaakte" in " ".join(str(m) for m in refused.value.messages)
    assert counts(match)["N"] == 1
    import_results(competition=competition, user=organiser, data=edit(file, {(2, "verzaakt by"): "Z"}), replace=True)
    assert counts(match) == {"N": 0, "E": 0, "S": 1, "W": 0}
    assert Deal.objects.get(match=match, number=1).verzaakt_seat == "S"


def test_the_audit_trail_and_a_blind_entry_see_a_changed_offender(client, match, scorer, organiser):
    services.save_deals(match=match, user=scorer, deals=[RENEGE, MADE], version=0)
    services.save_deals(match=match, user=scorer, deals=[dict(RENEGE, verzaakt_seat="N"), MADE], version=1)
    differences = services.submit_blind_entry(match=match, user=organiser, deals=[RENEGE, MADE])
    assert [(d.deal, d.field, d.first, d.second) for d in differences] == [(1, "verzaakt_seat", "N", "S")]
    client.force_login(organiser)
    page = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "verzaakt door: <del>Z</del> → <ins>N</ins>" in page  # the audit trail, in the seats' Dutch letters


def test_a_sheet_replaced_by_totals_leaves_nobody_charged(match, organiser):
    """A club that switches the table to totals only: the deals go, and with them the count."""
    services.save_deals(match=match, user=organiser, deals=[RENEGE, MADE], version=0)
    assert counts(match)["S"] == 1
    type(match.round.competition).objects.filter(pk=match.round.competition_id).update(entry_mode="totals")
    save_totals(match=match, user=organiser, version=Match.objects.get(pk=match.pk).version, totals=[70, 274])
    assert counts(match) == {"N": 0, "E": 0, "S": 0, "W": 0}


def test_a_reseated_seat_keeps_its_count(match, organiser):
    """The count belongs to the seat the deals name: a reseat (delete and recreate) keeps it."""
    services.save_deals(match=match, user=organiser, deals=[RENEGE, MADE], version=0)
    south = MatchSeat.objects.get(match=match, seat="S")
    other = Player.objects.create(club=match.round.competition.club, first_name="Nieuw", last_name="Z")
    reseat({south: other.pk})
    assert MatchSeat.objects.get(match=match, seat="S").player_id == other.pk and counts(match)["S"] == 1
