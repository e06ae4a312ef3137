"""Totals-only entry: scoring.totals.services.save_totals and the page at /matches/<id>/enter/ when
the competition's entry_mode is "totals"; the match page and the API read it back."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from competitions.models import Competition, Match, Round
from scoring import services
from scoring.models import AuditEntry, Deal
from scoring.totals.services import TotalsInvalid, save_totals
from tests.factories import UserFactory, seated_match, simulated_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def match(club):
    match = seated_match(club=club, entry_mode="totals")
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.PUBLISHED)
    return match


def snapshot(match):
    match.refresh_from_db()
    return (
        match.version,
        match.status,
        match.deals_played,
        match.entered_by_id,
        match.changed_at,
        list(match.match_sides.order_by("side").values_list("side", "total", "roem", "nat", "pits", "bids", "result")),
        Deal.objects.filter(match=match).count(),
        AuditEntry.objects.filter(match=match).count(),
    )


def sides(match):
    return {s.side: s for s in match.match_sides.order_by("side")}


# --- the service ---------------------------------------------------------------------------------


def test_totals_with_counts_are_stored_and_the_rest_is_not_recorded(match, scorer):
    saved = save_totals(
        match=match, user=scorer, version=0, totals=[1900, 1100], roem=[120, 40], nat=[1, 2], pits=[1, 0]
    )
    assert (saved.status, saved.version, saved.deals_played) == (Match.Status.ENTERED, 1, 16)
    assert saved.changed_at is not None and saved.entered_by == scorer
    a, b = sides(match).values()
    assert (a.total, a.opponents_total, a.result, b.total, b.opponents_total, b.result) == (
        1900,
        1100,
        "win",
        1100,
        1900,
        "loss",
    )
    assert (a.roem, a.nat, a.pits, b.roem, b.nat, b.pits) == (120, 1, 1, 40, 2, 0)
    # a totals sheet never has these: NULL, not 0
    assert [(s.bids, s.made, s.tegenpits, s.verzaakt) for s in (a, b)] == [(None,) * 4] * 2
    entry = AuditEntry.objects.get(match=match)
    assert entry.action == "save" and entry.version == 1 and entry.before == []
    assert entry.after == [{"totals": [1900, 1100], "roem": [120, 40], "nat": [1, 2], "pits": [1, 0]}]


def test_counts_left_out_are_null_and_equal_totals_are_a_draw(match, scorer):
    save_totals(match=match, user=scorer, version=0, totals=[1500, 1500], roem=[0, 0])
    a, b = sides(match).values()
    assert (a.roem, b.roem) == (0, 0)  # recorded as 0
    assert (a.nat, a.pits, b.nat, b.pits) == (None, None, None, None)  # not recorded
    assert (a.result, b.result) == ("draw", "draw")


@pytest.mark.parametrize(
    "kwargs, field, words",
    [
        (dict(totals=[-5, 3000]), "totals", ["total", "wij", "below 0"]),
        (dict(totals=[1500, 10**7]), "totals", ["total", "zij", "at most"]),
        (dict(totals=["veel", 1500]), "totals", ["total", "wij", "whole number"]),
        (dict(totals=[1500, None]), "totals", ["total", "zij", "missing"]),
        (dict(totals=[1500]), "totals", ["one number per side"]),
        (dict(totals=[1000, 1000]), "totals", ["2592"]),
        (dict(totals=[1500, 1500], roem=[25, 0]), "roem", ["roem", "wij", "multiple of 10"]),
        (dict(totals=[1500, 1500], roem=[20, None]), "roem", ["roem", "zij", "every side or for none"]),
        (dict(totals=[1500, 1500], roem=[17000, 0]), "roem", ["roem", "wij", "at most 16000"]),
        (dict(totals=[1500, 1500], nat=[17, 0]), "nat", ["nat", "wij", "at most 16"]),
        (dict(totals=[1500, 1500], nat=[9, 8]), "nat", ["nat together", "17", "16 deals"]),
        (dict(totals=[1500, 1500], pits=[10, 7]), "pits", ["pits together"]),
        (dict(totals=[1300, 1300], roem=[0, 0], pits=[1, 1]), "totals", ["2792"]),
    ],
)
def test_bad_totals_are_refused_with_a_message_naming_the_field_and_nothing_changes(
    match, scorer, kwargs, field, words
):
    save_totals(match=match, user=scorer, version=0, totals=[1700, 1300])
    before = snapshot(match)
    with pytest.raises(TotalsInvalid) as refused:
        save_totals(match=match, user=scorer, version=1, **kwargs)
    assert field in {e.field for e in refused.value.errors}
    message = str(refused.value)
    for word in words:
        assert word in message
    assert snapshot(match) == before


def test_every_error_is_named_at_once(match, scorer):
    with pytest.raises(TotalsInvalid) as refused:
        save_totals(match=match, user=scorer, version=0, totals=[-1, "x"], roem=[5, 0], nat=[99, 0])
    assert {(e.field, e.side) for e in refused.value.errors} == {("totals", 0), ("totals", 1), ("roem", 0), ("nat", 0)}


def test_no_nat_rules_refuse_a_nat_count(club, scorer):
    match = seated_match(club=club, ruleset="gezellig", entry_mode="totals")
    with pytest.raises(TotalsInvalid, match="no nat"):
        save_totals(match=match, user=scorer, version=0, totals=[1600, 1500], nat=[1, 0])
    save_totals(match=match, user=scorer, version=0, totals=[1600, 1500], nat=[0, 0])


@pytest.mark.parametrize(
    "ruleset, options, words",
    [
        ("klawerjas", {}, "strokes"),
        ("amsterdam", {"target_score": 1500}, "target score (1500)"),
    ],
)
def test_target_score_and_the_boom_cannot_be_totals_only(club, scorer, ruleset, options, words):
    match = seated_match(club=club, ruleset=ruleset, entry_mode="totals", rule_options=options)
    before = snapshot(match)
    with pytest.raises(TotalsInvalid) as refused:
        save_totals(match=match, user=scorer, version=0, totals=[1700, 1300])
    assert refused.value.errors[0].field == "match" and words in str(refused.value)
    assert snapshot(match) == before


def test_a_stale_version_changes_nothing(match, scorer, organiser):
    save_totals(match=match, user=scorer, version=0, totals=[1700, 1300])
    before = snapshot(match)
    with pytest.raises(services.StaleVersion) as stale:
        save_totals(match=match, user=organiser, version=0, totals=[1300, 1700])
    assert stale.value.current_version == 1
    assert snapshot(match) == before


def test_sending_the_same_result_again_is_a_no_op(match, scorer):
    save_totals(match=match, user=scorer, version=0, totals=[1700, 1300], roem=[20, 0])
    before = snapshot(match)
    save_totals(match=match, user=scorer, version=1, totals=[1700, 1300], roem=[20, 0])
    assert snapshot(match) == before


def test_a_second_person_confirms_with_the_unchanged_confirm_service(match, scorer, organiser):
    saved = save_totals(match=match, user=scorer, version=0, totals=[1700, 1300])
    with pytest.raises(services.NotAllowed, match="another person"):
        services.confirm_match(match=saved, user=scorer)
    confirmed = services.confirm_match(match=saved, user=organiser, version=saved.version)
    assert confirmed.status == Match.Status.CONFIRMED and confirmed.confirmed_by == organiser
    # a scorer cannot change it now; the organiser's correction needs confirming again
    with pytest.raises(services.NotAllowed, match="only the organiser"):
        save_totals(match=match, user=scorer, version=confirmed.version, totals=[1600, 1400])
    corrected = save_totals(match=match, user=organiser, version=confirmed.version, totals=[1600, 1400])
    assert corrected.status == Match.Status.ENTERED and corrected.confirmed_by is None
    entry = AuditEntry.objects.filter(match=match).first()
    assert entry.action == "correct"
    assert entry.before[0]["totals"] == [1700, 1300] and entry.after[0]["totals"] == [1600, 1400]


def test_the_organisers_entry_counts_at_once_when_the_competition_says_so(match, organiser):
    Competition.objects.filter(pk=match.round.competition_id).update(organiser_entry_counts=True)
    saved = save_totals(match=match, user=organiser, version=0, totals=[1700, 1300])
    assert saved.status == Match.Status.CONFIRMED and saved.confirmed_at is not None


def test_a_user_without_rights_changes_nothing(match, club):
    stranger = UserFactory(username="stranger")
    before = snapshot(match)
    with pytest.raises(services.NotAllowed):
        save_totals(match=match, user=stranger, version=0, totals=[1700, 1300])
    assert snapshot(match) == before


def test_totals_replace_deals_and_the_audit_keeps_them(club, scorer):
    match = seated_match(club=club)
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, seed=4), version=0)
    Competition.objects.filter(pk=match.round.competition_id).update(entry_mode="totals")
    save_totals(match=match, user=scorer, version=1, totals=[1700, 1300])
    assert Deal.objects.filter(match=match).count() == 0
    entry = AuditEntry.objects.filter(match=match).first()
    assert len(entry.before) == 16 and "points" in entry.before[0]


def test_a_three_player_table(club, scorer):
    match = seated_match(club=club, ruleset="driemans", entry_mode="totals")
    save_totals(match=match, user=scorer, version=0, totals=[1500, 1200, 900], pits=[1, 0, 0])
    assert [(s.total, s.opponents_total, s.result, s.pits) for s in sides(match).values()] == [
        (1500, 2100, "win", 1),
        (1200, 2400, "loss", 0),
        (900, 2700, "loss", 0),
    ]


# --- the page --------------------------------------------------------------------------------------


def enter_url(match):
    return f"/matches/{match.pk}/enter/"


def form_data(version=0, **values):
    data = {"version": str(version)}
    data.update({k.replace("_", "-"): str(v) for k, v in values.items()})
    return data


def test_the_page_shows_one_row_per_side_instead_of_the_sheet(client, match, scorer, django_assert_max_num_queries):
    client.force_login(scorer)
    with django_assert_max_num_queries(14):
        response = client.get(enter_url(match))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="totals-entry"' in html and 'id="entry"' not in html and "entry.js" not in html
    assert html.count('class="totals-side"') == 2
    for name in ("total-0", "total-1", "roem-0", "nat-1", "pits-1"):
        assert f'name="{name}"' in html
    assert "wij" in html and "zij" in html and "Speler0 N" in html


def test_deal_by_deal_competitions_keep_the_sheet(client, club, scorer):
    match = seated_match(club=club)
    client.force_login(scorer)
    html = client.get(enter_url(match)).content.decode()
    assert 'id="entry"' in html and 'id="totals-entry"' not in html


def test_post_saves_and_the_match_page_and_api_show_the_totals(client, match, scorer):
    client.force_login(scorer)
    response = client.post(enter_url(match), form_data(total_0=1900, total_1=1100, roem_0=100, roem_1=20))
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED and match.entered_by == scorer
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="totals-only"' in page and 'id="no-deals"' not in page
    assert 'id="link-blind"' not in page
    assert "1900" in page and "1100" in page
    stats = page.split('id="stats"')[1].split("</table>")[0]
    assert "100" in stats and "—" in stats  # roem recorded, nat not
    client.logout()
    api = client.get(f"/api/matches/{match.pk}").json()
    assert api["deals"] == [] and api["totals"] == [1900, 1100] and api["status"] == "entered"
    # the form shows what is stored
    client.force_login(scorer)
    html = client.get(enter_url(match)).content.decode()
    assert 'value="1900"' in html and 'value="20"' in html


def test_post_with_errors_answers_400_with_the_messages_and_saves_nothing(client, match, scorer):
    client.force_login(scorer)
    before = snapshot(match)
    response = client.post(enter_url(match), form_data(total_0="abc", total_1=-3, roem_0=20))
    html = response.content.decode()
    assert response.status_code == 400
    assert 'id="error-summary"' in html
    assert "&#x27;abc&#x27; is not a whole number" in html or "'abc' is not a whole number" in html
    assert "below 0" in html and "every side or for none" in html
    assert snapshot(match) == before
    # what was typed stays in the form
    assert 'value="abc"' in html


def test_a_stale_page_answers_409_and_may_save_over_it(client, match, scorer, organiser):
    save_totals(match=match, user=organiser, version=0, totals=[1700, 1300])
    client.force_login(scorer)
    response = client.post(enter_url(match), form_data(version=0, total_0=1600, total_1=1400))
    assert response.status_code == 409 and 'id="conflict"' in response.content.decode()
    assert sides(match)[0].total == 1700
    data = form_data(version=0, total_0=1600, total_1=1400)
    data["overwrite"] = "1"
    assert client.post(enter_url(match), data).status_code == 302
    assert sides(match)[0].total == 1600


def test_the_page_needs_a_login_and_the_right_club(client, match):
    assert client.get(enter_url(match)).status_code == 302
    client.force_login(UserFactory(username="elsewhere"))
    assert client.get(enter_url(match)).status_code == 403


def test_the_audit_trail_shows_totals(client, match, scorer, organiser):
    save_totals(match=match, user=scorer, version=0, totals=[1700, 1300], nat=[1, 0])
    client.force_login(organiser)
    audit = client.get(f"/matches/{match.pk}/").content.decode().split('id="audit"')[1]
    assert "1700" in audit and "1300" in audit


def test_the_match_page_query_count_does_not_change_for_totals(client, club, match, scorer):
    deals_match = seated_match(club=club, slug="deals-comp")
    Round.objects.filter(pk=deals_match.round_id).update(status=Round.Status.PUBLISHED)
    save_totals(match=match, user=scorer, version=0, totals=[1700, 1300])
    services.save_deals(match=deals_match, user=scorer, deals=simulated_sheet(deals_match, seed=2), version=0)
    counts = []
    for m in (match, deals_match):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/matches/{m.pk}/").status_code == 200
        counts.append(len(queries))
    assert counts[0] <= counts[1]


def test_a_team_match_gets_its_team_totals_from_both_tables(scorer, organiser, club):
    from competitions.models import Fixture, MatchSide
    from tests.factories import CompetitionFactory, RoundFactory, named_team_entrants, team_fixture

    comp = CompetitionFactory(club=club, format="teams", slug="teams-totals", entry_mode="totals")
    home, away = named_team_entrants(comp, ["Thuis", "Uit"], size=4)
    fixture = team_fixture(
        RoundFactory(competition=comp, number=1), home, away, ((0, 0), (0, 0)), confirmed=(False, False)
    )
    Fixture.objects.filter(pk=fixture.pk).update(home_total=0, away_total=0, complete=False)
    first, second = fixture.matches.order_by("table")
    Match.objects.filter(pk__in=[first.pk, second.pk]).update(status="open", entered_at=None)
    MatchSide.objects.filter(match__fixture=fixture).update(total=0, opponents_total=0, result="")
    # table 1: home is side 0; table 2: away is side 0
    for m, totals in ((first, [1800, 1200]), (second, [1000, 2000])):
        saved = save_totals(match=m, user=scorer, version=0, totals=totals)
        services.confirm_match(match=saved, user=organiser)
    fixture.refresh_from_db()
    assert (fixture.home_total, fixture.away_total, fixture.complete) == (1800 + 2000, 1200 + 1000, True)
