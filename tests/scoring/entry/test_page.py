"""The score entry page /matches/<id>/enter/: who may open it, saving a sheet, errors, conflicts."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from competitions.models import Match
from scoring import services
from scoring.models import AuditEntry, Deal
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

KEYS = {2: ("w", "z"), 3: ("n", "e", "s")}


def form_data(deals: list[dict], *, version: int, sides: int = 2, tally: bool = False) -> dict:
    """What a person types into the entry form for ``deals`` (dicts as the services take them)."""
    from scoring.rules import to_tally

    keys = KEYS[sides]
    data = {"version": str(version)}
    for n, deal in enumerate(deals, start=1):
        if deal.get("bidder") is not None:
            data[f"deal-{n}-bidder"] = keys[deal["bidder"]]
        for i, suffix in enumerate("abc"[:sides]):
            data[f"deal-{n}-points_{suffix}"] = str(deal["points"][i])
            roem = (deal.get("roem") or [0] * sides)[i]
            if roem:
                data[f"deal-{n}-roem_{suffix}"] = to_tally(roem) if tally else str(roem)
        for name in ("pit", "verzaakt"):
            if deal.get(name) is not None:
                data[f"deal-{n}-{name}"] = keys[deal[name]]
        if deal.get("trump"):
            data[f"deal-{n}-trump"] = deal["trump"]
        if deal.get("challenge"):
            data[f"deal-{n}-challenge"] = str(deal["challenge"])
    return data


def input_value(html: str, name: str) -> str | None:
    found = re.search(rf'<input[^>]*name="{re.escape(name)}"[^>]*>', html)
    if not found:
        return None
    value = re.search(r'value="([^"]*)"', found.group(0))
    return value.group(1) if value else ""


def enter_url(match):
    return reverse("scoring:enter", kwargs={"pk": match.pk})


# --- who may open it


def test_scorer_of_the_club_gets_the_whole_sheet_with_stable_input_names(client, match, scorer):
    client.force_login(scorer)
    response = client.get(enter_url(match))
    assert response.status_code == 200
    html = response.content.decode()
    for n in (1, 16):
        for name in ("bidder", "points_a", "points_b", "roem_a", "roem_b", "pit", "verzaakt"):
            assert f'name="deal-{n}-{name}"' in html
            assert f'id="deal-{n}-{name}"' in html
    assert 'name="deal-17-points_a"' not in html
    assert 'name="deal-1-trump"' not in html  # Amsterdam needs no trump
    assert 'name="deal-1-challenge"' not in html
    assert 'name="deal-1-nil"' not in html
    assert input_value(html, "version") == "0"
    assert 'data-totals-url="/matches/%s/enter/totals/"' % match.pk in html
    assert "js/entry.js" in html and "css/entry.css" in html


def test_anonymous_is_sent_to_log_in(client, match):
    response = client.get(enter_url(match))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_organiser_of_another_club_is_refused(client, match):
    other = UserFactory(username="org-other", organiser_of=ClubFactory(slug="harten"))
    client.force_login(other)
    assert client.get(enter_url(match)).status_code == 403
    response = client.post(enter_url(match), form_data(simulated_sheet(match), version=0))
    assert response.status_code == 403
    assert Deal.objects.filter(match=match).count() == 0


def test_logged_in_member_without_a_role_is_refused(client, match):
    client.force_login(UserFactory(username="just-a-member"))
    assert client.get(enter_url(match)).status_code == 403


# --- saving


def test_a_full_valid_sheet_is_saved_and_redirects_to_the_match(client, match, scorer):
    client.force_login(scorer)
    sheet = simulated_sheet(match, seed=7)
    response = client.post(enter_url(match), form_data(sheet, version=0))
    assert response.status_code == 302
    assert response.url == reverse("scoring:match", kwargs={"pk": match.pk})
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED
    assert match.version == 1
    assert match.entered_by == scorer
    assert services.stored_deals(match)[0]["points"] == sheet[0]["points"]
    assert Deal.objects.filter(match=match).count() == 16


def test_one_sides_points_are_enough_the_other_follows_from_the_deal_total(client, match, scorer):
    client.force_login(scorer)
    response = client.post(
        enter_url(match), {"version": "0", "deal-1-bidder": "w", "deal-1-points_a": "100", "deal-1-roem_a": "20"}
    )
    assert response.status_code == 302
    deal = Deal.objects.get(match=match, number=1)
    assert (deal.points_a, deal.points_b, deal.roem_a, deal.score_a, deal.score_b) == (100, 62, 20, 120, 62)
    # and the other way round: side B's points give side A's
    client.post(enter_url(match), {"version": "1", "deal-1-bidder": "z", "deal-1-points_b": "90"})
    deal = Deal.objects.get(match=match, number=1)
    assert (deal.points_a, deal.points_b, deal.bidder) == (72, 90, 1)


def test_roem_in_tally_symbols_is_read_as_its_value(client, match, scorer):
    client.force_login(scorer)
    data = {
        "version": "0",
        "deal-1-bidder": "w",
        "deal-1-points_a": "100",
        "deal-1-points_b": "62",
        "deal-1-roem_a": "V|",
        "deal-1-roem_b": "||",
    }
    assert client.post(enter_url(match), data).status_code == 302
    deal = Deal.objects.get(match=match, number=1)
    assert (deal.roem_a, deal.roem_b, deal.score_a, deal.score_b) == (70, 40, 170, 102)


def test_a_whole_sheet_typed_in_tally_symbols_saves_the_same(client, match, scorer):
    client.force_login(scorer)
    sheet = simulated_sheet(match, seed=4)
    assert client.post(enter_url(match), form_data(sheet, version=0, tally=True)).status_code == 302
    assert [d["roem"] for d in services.stored_deals(match)] == [d["roem"] for d in sheet]


def test_a_bad_deal_shows_its_error_at_that_deal_and_field_and_saves_nothing(client, match, scorer):
    client.force_login(scorer)
    sheet = simulated_sheet(match, seed=2)
    sheet[4] = {"bidder": 0, "points": [100, 62], "roem": [30, 0]}
    response = client.post(enter_url(match), form_data(sheet, version=0))
    assert response.status_code == 400
    html = response.content.decode()
    errors = response.context["form"].errors
    assert list(errors) == ["deal-5-roem_a"]
    assert "30 cannot be made" in errors["deal-5-roem_a"][0]
    row = re.search(r'<tr class="deal-errors" id="deal-5-errors"[^>]*>(.*?)</tr>', html, re.S)
    assert row and "hidden" not in row.group(0).split(">")[0]
    assert 'data-field="roem"' in row.group(1) and "30 cannot be made" in row.group(1)
    # the other deals have no error row showing, and what was typed is kept
    assert re.search(r'id="deal-4-errors"[^>]*hidden', html)
    assert input_value(html, "deal-5-roem_a") == "30"
    assert Deal.objects.filter(match=match).count() == 0
    match.refresh_from_db()
    assert match.version == 0
    assert AuditEntry.objects.count() == 0


def test_unreadable_input_is_named_in_words(client, match, scorer):
    client.force_login(scorer)
    data = {"version": "0", "deal-1-bidder": "q", "deal-1-points_a": "honderd", "deal-1-roem_a": "X"}
    response = client.post(enter_url(match), data)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert set(errors) == {"deal-1-bidder", "deal-1-points_a", "deal-1-roem_a"}
    assert "honderd" in errors["deal-1-points_a"][0]
    assert "w, z" in errors["deal-1-bidder"][0]
    assert Deal.objects.count() == 0


def test_every_bad_deal_is_shown_at_once(client, match, scorer):
    client.force_login(scorer)
    data = form_data([{"bidder": 0, "points": [100, 62]}] * 3, version=0)
    data["deal-1-pit"] = "w"  # a pit without all points
    data["deal-3-roem_b"] = "10"
    response = client.post(enter_url(match), data)
    assert response.status_code == 400
    assert set(response.context["form"].deal_errors) == {1, 3}


def test_a_part_filled_sheet_is_saved_and_can_be_continued(client, match, scorer):
    client.force_login(scorer)
    sheet = simulated_sheet(match, seed=3)
    response = client.post(enter_url(match), form_data(sheet[:5], version=0))
    assert response.status_code == 302
    assert response.url == enter_url(match)
    match.refresh_from_db()
    assert (match.status, match.deals_played) == (Match.Status.DRAFT, 5)
    html = client.get(enter_url(match)).content.decode()
    assert input_value(html, "deal-5-points_a") == str(sheet[4]["points"][0])
    assert input_value(html, "deal-6-points_a") == ""
    assert input_value(html, "version") == "1"
    response = client.post(enter_url(match), form_data(sheet, version=1))
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.deals_played) == (Match.Status.ENTERED, 16)


def test_an_empty_deal_before_a_filled_one_is_an_error_naming_it(client, match, scorer):
    client.force_login(scorer)
    sheet = simulated_sheet(match, seed=3)[:4]
    data = form_data(sheet, version=0)
    for key in [k for k in data if k.startswith("deal-2-")]:
        del data[key]
    response = client.post(enter_url(match), data)
    assert response.status_code == 400
    errors = response.context["form"].deal_errors
    assert list(errors) == [2]
    assert "deal 2 is empty" in errors[2][0].message
    assert Deal.objects.count() == 0


def test_verplicht_pre_fills_the_bidder_from_the_dealer(client, club, scorer):
    match = seated_match(club=club, ruleset="amsterdam", slug="verplicht", rule_options={"trump_choice": "verplicht"})
    client.force_login(scorer)
    html = client.get(enter_url(match)).content.decode()
    # first dealer N: the player after the dealer is E (zij) in deal 1, S (wij) in deal 2, ...
    assert input_value(html, "deal-1-bidder") == "z"
    assert input_value(html, "deal-2-bidder") == "w"
    assert re.search(r'<input[^>]*name="deal-1-bidder"[^>]*data-forced="z"', html) or re.search(
        r'<input[^>]*data-forced="z"[^>]*name="deal-1-bidder"', html
    )
    # a row with only the pre-filled bidder is empty; a filled row without a bidder gets the forced one
    response = client.post(enter_url(match), {"version": "0", "deal-1-points_a": "100", "deal-2-bidder": "w"})
    assert response.status_code == 302
    assert [(d["bidder"], d["points"]) for d in services.stored_deals(match)] == [(1, [100, 62])]


def test_free_trump_choice_leaves_the_bidder_empty(client, match, scorer):
    client.force_login(scorer)
    html = client.get(enter_url(match)).content.decode()
    assert input_value(html, "deal-1-bidder") == ""
    assert "data-forced" not in html


def test_wilde_boom_asks_for_trump_and_challenge(client, club, scorer):
    match = seated_match(club=club, ruleset="wilde-boom")
    client.force_login(scorer)
    html = client.get(enter_url(match)).content.decode()
    assert 'name="deal-1-trump"' in html and 'name="deal-1-challenge"' in html
    assert 'name="deal-1-nil"' not in html
    data = {
        "version": "0",
        "deal-1-bidder": "w",
        "deal-1-points_a": "100",
        "deal-1-trump": "s",
        "deal-1-challenge": "1",
    }
    assert client.post(enter_url(match), data).status_code == 302
    deal = Deal.objects.get(match=match)
    # spades double, the kraak doubles again: the bidder made it, so it takes 162 x 4
    assert (deal.trump, deal.challenge, deal.score_a, deal.score_b) == ("S", 1, 648, 0)
    response = client.post(enter_url(match), {"version": "1", "deal-1-bidder": "w", "deal-1-points_a": "100"})
    assert response.status_code == 400
    assert "deal-1-trump" in response.context["form"].errors


def test_nil_is_asked_only_where_the_rules_play_it(client, club, scorer):
    match = seated_match(club=club, slug="ledig", rule_options={"nil_bid": True})
    client.force_login(scorer)
    html = client.get(enter_url(match)).content.decode()
    assert 'name="deal-1-nil"' in html
    # RULES.md §4: 0 points for the nil side and no pit is refused at the pit field, nothing saved
    data = {"version": "0", "deal-1-bidder": "w", "deal-1-points_a": "0", "deal-1-nil": "on"}
    response = client.post(enter_url(match), data)
    assert response.status_code == 400 and not Deal.objects.filter(match=match).exists()
    assert "pit" in response.content.decode()
    # the defenders' pit marked: the nil bid is made, zij score 162 + their pit bonus
    data["deal-1-pit"] = "z"
    assert client.post(enter_url(match), data).status_code == 302
    deal = Deal.objects.get(match=match)
    assert (deal.nil, deal.score_a, deal.score_b) == (True, 50, 262)


def test_a_verzaakt_deal_needs_no_made_up_points(client, club, scorer):
    """Issue 33 item 2: "verz." (with the bidder) is a whole deal: the other side scores 162 plus all
    roem, whatever the card points; the points are kept as the score gives them (162 to the other
    side). Under the "fixed-points" penalty the deal is scored as played: the points are asked."""
    match = seated_match(club=club, slug="verzaakt-zonder-punten")
    client.force_login(scorer)
    data = {"version": "0", "deal-1-bidder": "w", "deal-1-verzaakt": "z", "deal-1-roem_a": "20"}
    assert client.post(enter_url(match), data).status_code == 302
    deal = Deal.objects.get(match=match)
    assert (deal.points_a, deal.points_b, deal.score_a, deal.score_b, deal.verzaakt) == (162, 0, 182, 0, 1)
    played = seated_match(club=club, slug="verzaakt-met-punten", rule_options={"verzaakt_penalty": "fixed-points"})
    response = client.post(enter_url(played), data)
    assert response.status_code == 400 and not Deal.objects.filter(match=played).exists()


def test_a_verzaakt_deal_needs_no_bidder(client, club, scorer):
    """Issue 33 item 2: "verz." and the side that reneged is a whole deal: no bidder, no points. The
    other side scores 162 plus all roem (RULES.md §4, "whoever bid"); the deal is kept without a
    bidder. Where the club scores a verzaakt deal as played ("fixed-points") both are asked."""
    match = seated_match(club=club, slug="verzaakt-zonder-bod")
    client.force_login(scorer)
    data = {"version": "0", "deal-1-verzaakt": "z", "deal-1-roem_a": "20"}
    response = client.post(enter_url(match), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    deal = Deal.objects.get(match=match)
    assert (deal.bidder, deal.points_a, deal.points_b, deal.score_a, deal.score_b, deal.verzaakt) == (
        None,
        162,
        0,
        182,
        0,
        1,
    )
    played = seated_match(
        club=club, slug="verzaakt-zonder-bod-gespeeld", rule_options={"verzaakt_penalty": "fixed-points"}
    )
    data = {"version": "0", "deal-1-verzaakt": "z", "deal-1-points_a": "100"}
    response = client.post(enter_url(played), data)
    assert response.status_code == 400 and not Deal.objects.filter(match=played).exists()
    assert "deal-1-bidder" in response.context["form"].errors


def test_a_three_player_table_has_three_columns(client, club, scorer):
    match = seated_match(club=club, ruleset="driemans")
    client.force_login(scorer)
    html = client.get(enter_url(match)).content.decode()
    assert 'name="deal-1-points_c"' in html and 'name="deal-1-roem_c"' in html
    data = {"version": "0", "deal-1-bidder": "n", "deal-1-points_a": "100", "deal-1-points_b": "40"}
    assert client.post(enter_url(match), data).status_code == 302
    deal = Deal.objects.get(match=match)
    assert (deal.points_a, deal.points_b, deal.points_c) == (100, 40, 22)


# --- conflicts


def test_a_stale_version_shows_the_conflict_and_saves_nothing(client, match, scorer, organiser):
    sheet = simulated_sheet(match, seed=11)
    services.save_deals(match=match, user=scorer, deals=sheet[:8], version=0)
    match.refresh_from_db()
    before = (match.version, services.stored_deals(match))
    mine = [dict(d) for d in sheet[:8]]
    mine[2] = {"bidder": 0, "points": [100, 62], "roem": [20, 0]}
    client.force_login(organiser)
    response = client.post(enter_url(match), form_data(mine, version=0))
    assert response.status_code == 409
    html = response.content.decode()
    assert 'id="conflict"' in html and 'data-version="1"' in html
    assert "scorer1 saved 8 deals" in html
    conflict = response.context["conflict"]
    assert {d.deal for d in conflict["differences"]} == {3}
    assert re.search(r'<tr[^>]*data-deal="3"', html)
    assert 'name="overwrite" value="1"' in html
    assert f'href="{enter_url(match)}"' in html  # reload theirs
    assert input_value(html, "deal-3-points_a") == "100"  # what I typed is still there
    match.refresh_from_db()
    assert (match.version, services.stored_deals(match)) == before
    # pressing plain save again is still a conflict; overwriting knowingly saves mine
    assert client.post(enter_url(match), form_data(mine, version=0)).status_code == 409
    data = dict(form_data(mine, version=0), overwrite="1")
    assert client.post(enter_url(match), data).status_code == 302
    match.refresh_from_db()
    assert match.version == 2
    assert services.stored_deals(match)[2]["points"] == [100, 62]
    # the audit keeps both versions: the refused sheet once (it was sent twice), then mine saved over it
    entries = list(AuditEntry.objects.filter(match=match).order_by("at", "id"))
    assert [(e.action, e.user.username) for e in entries] == [
        ("save", "scorer1"),
        ("conflict", organiser.username),
        ("save", organiser.username),
    ]
    assert entries[1].after[2]["points"] == [100, 62] and entries[1].before[2]["points"] == sheet[2]["points"]


# --- corrections of a confirmed result


def test_correcting_a_confirmed_result_warns_and_needs_confirming_again(client, match, scorer, organiser):
    sheet = simulated_sheet(match, seed=5)
    services.save_deals(match=match, user=scorer, deals=sheet, version=0)
    services.confirm_match(match=match, user=organiser)
    match.refresh_from_db()
    client.force_login(organiser)
    html = client.get(enter_url(match)).content.decode()
    assert 'id="correction-notice"' in html
    assert "until a second person confirms it again" in html
    sheet[0] = {"bidder": 0, "points": [100, 62], "roem": [20, 0]}
    response = client.post(enter_url(match), form_data(sheet, version=match.version), follow=True)
    assert "A second person must confirm the result" in response.content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED
    assert AuditEntry.objects.filter(match=match, action=AuditEntry.Action.CORRECT).count() == 1


def test_a_scorer_cannot_correct_a_confirmed_result(client, match, scorer, organiser):
    services.save_deals(match=match, user=organiser, deals=simulated_sheet(match), version=0)
    services.confirm_match(match=match, user=scorer)
    match.refresh_from_db()
    client.force_login(scorer)
    html = client.get(enter_url(match)).content.decode()
    assert "only the organiser can correct it" in html
    response = client.post(enter_url(match), form_data(simulated_sheet(match, seed=9), version=match.version))
    assert response.status_code == 403
    assert "only the organiser can correct it" in response.content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED


def test_south_african_klawerjas_has_no_bidder_and_its_own_deal_total(client, club, scorer):
    match = seated_match(club=club, ruleset="klawerjas")
    client.force_login(scorer)
    html = client.get(enter_url(match)).content.decode()
    assert 'name="deal-1-bidder"' not in html
    assert 'data-deal-total="146"' in html
    assert client.post(enter_url(match), {"version": "0", "deal-1-points_a": "100"}).status_code == 302
    deal = Deal.objects.get(match=match)
    assert (deal.points_a, deal.points_b, deal.bidder) == (100, 46, None)


@pytest.mark.parametrize("typed", ["²", "1.5", "-3", "9999999999", "12a"])
def test_odd_numbers_are_refused_in_words_not_with_a_crash(client, match, scorer, typed):
    client.force_login(scorer)
    response = client.post(enter_url(match), {"version": "0", "deal-1-bidder": "w", "deal-1-points_a": typed})
    assert response.status_code == 400
    assert "deal-1-points_a" in response.context["form"].errors
    response = client.post(
        enter_url(match),
        {"version": "0", "deal-1-bidder": "w", "deal-1-points_a": "100", "deal-1-roem_a": typed, "overwrite": typed},
    )
    assert response.status_code == 400
    assert "deal-1-roem_a" in response.context["form"].errors
    assert Deal.objects.count() == 0
