"""Saving, confirming, blind entry and correcting results through scoring.services."""

import pytest
from django.db import IntegrityError, transaction

from competitions.models import Match
from scoring import services
from scoring.models import AuditEntry, BlindEntry, Deal
from scoring.rules import RULESETS, DealInput, score_deal
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = pytest.mark.django_db


def snapshot(match):
    match.refresh_from_db()
    return (
        match.version,
        match.status,
        list(Deal.objects.filter(match=match).values_list("number", "points_a", "roem_a", "score_a", "score_b")),
        list(match.match_sides.values_list("side", "total")),
        AuditEntry.objects.filter(match=match).count(),
    )


def test_full_sheet_is_saved_with_totals_equal_to_the_sum_of_deals(match, scorer):
    sheet = simulated_sheet(match, seed=7)
    saved = services.save_deals(match=match, user=scorer, deals=sheet, version=0)
    assert saved.status == Match.Status.ENTERED
    assert saved.version == 1
    assert saved.deals_played == 16
    deals = list(Deal.objects.filter(match=match))
    assert len(deals) == 16
    sides = {s.side: s for s in match.match_sides.all()}
    assert sides[0].total == sum(d.score_a for d in deals)
    assert sides[1].total == sum(d.score_b for d in deals)
    assert sides[0].opponents_total == sides[1].total
    # every stored score is what the engine says
    for d in deals:
        expected = score_deal(
            RULESETS["amsterdam"],
            DealInput(
                points=(d.points_a, d.points_b),
                roem=(d.roem_a, d.roem_b),
                bidder=d.bidder,
                pit=d.pit,
                verzaakt=d.verzaakt,
            ),
        )
        assert (d.score_a, d.score_b) == expected.scores
    assert {sides[0].result, sides[1].result} <= {"win", "loss", "draw"}


def test_a_part_filled_sheet_is_a_draft_and_can_be_continued(match, scorer):
    sheet = simulated_sheet(match, seed=3)
    saved = services.save_deals(match=match, user=scorer, deals=sheet[:5], version=0)
    assert saved.status == Match.Status.DRAFT
    saved = services.save_deals(match=match, user=scorer, deals=sheet, version=saved.version)
    assert saved.status == Match.Status.ENTERED


def test_known_answers_worked_examples(match, scorer):
    sheet = [
        {"bidder": 0, "points": [100, 62], "roem": [20, 0]},
        {"bidder": 0, "points": [81, 81]},
        {"bidder": 0, "points": [81, 81], "roem": [20, 0]},
        {"bidder": 0, "points": [162, 0], "roem": [40, 0], "pit": 0},
        {"bidder": 0, "points": [60, 102], "roem": [20, 20]},
        {"bidder": 1, "points": [162, 0], "pit": 0},
    ]
    services.save_deals(match=match, user=scorer, deals=sheet, version=0)
    rows = list(Deal.objects.filter(match=match).values_list("score_a", "score_b", "nat", "mark"))
    assert rows == [
        (120, 62, False, ""),
        (0, 162, True, "N"),
        (101, 81, False, ""),
        (302, 0, False, "P"),
        (0, 202, True, "N"),
        (262, 0, True, "TP"),
    ]
    side_a = match.match_sides.get(side=0)
    assert (side_a.bids, side_a.made, side_a.nat, side_a.pits, side_a.tegenpits) == (5, 3, 2, 1, 1)


@pytest.mark.parametrize(
    "bad, field",
    [
        ({"bidder": 0, "points": [100, 61]}, "points"),
        ({"bidder": 0, "points": [100, 62], "roem": [10, 0]}, "roem"),
        ({"bidder": 0, "points": [100, 62], "roem": [30, 0]}, "roem"),
        ({"bidder": 0, "points": [100, 62], "roem": [1010, 0]}, "roem"),
        ({"bidder": 0, "points": [-1, 163]}, "points"),
        ({"bidder": 0, "points": [100, 62], "pit": 0}, "pit"),
        ({"bidder": 0, "points": [162, 0], "pit": 0, "verzaakt": 1}, "verzaakt"),
        ({"bidder": 5, "points": [100, 62]}, "bidder"),
        ({"bidder": None, "points": [100, 62]}, "bidder"),
        ({"bidder": 0, "points": [100]}, "points"),
        ({"bidder": 0, "points": ["honderd", 62]}, "points"),
        ({"bidder": 0, "points": [100, 62], "challenge": 4}, "challenge"),
        ({"bidder": 0, "points": [100, 62], "colour": "red"}, "colour"),
    ],
)
def test_bad_deal_is_refused_naming_deal_and_field_and_nothing_changes(match, scorer, bad, field):
    good = simulated_sheet(match, seed=5)
    saved = services.save_deals(match=match, user=scorer, deals=good[:4], version=0)
    before = snapshot(match)
    sheet = good[:4] + [bad]
    with pytest.raises(services.SheetInvalid) as refused:
        services.save_deals(match=match, user=scorer, deals=sheet, version=saved.version)
    errors = refused.value.errors
    assert [(e.deal, e.field) for e in errors] == [(5, field)]
    assert errors[0].message
    assert snapshot(match) == before


def test_every_bad_deal_is_reported_at_once(match, scorer):
    sheet = [{"bidder": 0, "points": [100, 61]}, {"bidder": 0, "points": [100, 62]}, {"bidder": 0, "points": [1, 1]}]
    with pytest.raises(services.SheetInvalid) as refused:
        services.save_deals(match=match, user=scorer, deals=sheet, version=0)
    assert [e.deal for e in refused.value.errors] == [1, 3]


def test_stale_version_is_a_conflict_and_nothing_changes(match, scorer, organiser):
    sheet = simulated_sheet(match, seed=11)
    services.save_deals(match=match, user=scorer, deals=sheet[:8], version=0)
    before = snapshot(match)
    with pytest.raises(services.StaleVersion) as conflict:
        services.save_deals(match=match, user=organiser, deals=sheet, version=0)
    assert conflict.value.current_version == 1
    assert len(conflict.value.current_deals) == 8
    assert snapshot(match) == before


def test_nobody_confirms_their_own_entry(match, scorer):
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=0)
    with pytest.raises(services.NotAllowed):
        services.confirm_match(match=match, user=scorer)
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED


def test_database_refuses_a_self_confirmation(match, scorer):
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(confirmed_by=scorer)


def test_second_person_confirms(match, scorer, organiser):
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=0)
    confirmed = services.confirm_match(match=match, user=organiser)
    assert confirmed.status == Match.Status.CONFIRMED
    assert confirmed.confirmed_by == organiser
    assert AuditEntry.objects.filter(match=match, action="confirm").count() == 1


def test_incomplete_sheet_cannot_be_confirmed(match, scorer, organiser):
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match)[:3], version=0)
    with pytest.raises(services.NotAllowed):
        services.confirm_match(match=match, user=organiser)


def test_organiser_entry_counts_at_once_when_the_competition_says_so(club, organiser):
    match = seated_match(club=club, slug="direct", organiser_entry_counts=True)
    saved = services.save_deals(match=match, user=organiser, deals=simulated_sheet(match), version=0)
    assert saved.status == Match.Status.CONFIRMED
    assert saved.confirmed_by is None and saved.confirmed_at is not None


def test_correcting_a_confirmed_result_is_audited_and_needs_confirming_again(match, scorer, organiser):
    sheet = simulated_sheet(match, seed=2)
    services.save_deals(match=match, user=scorer, deals=sheet, version=0)
    confirmed = services.confirm_match(match=match, user=organiser)
    changed = [dict(d) for d in sheet]
    changed[0] = {"bidder": 0, "points": [100, 62], "roem": [20, 0]}
    with pytest.raises(services.NotAllowed):
        services.save_deals(match=match, user=scorer, deals=changed, version=confirmed.version)
    corrected = services.save_deals(match=match, user=organiser, deals=changed, version=confirmed.version)
    assert corrected.status == Match.Status.ENTERED
    entry = AuditEntry.objects.filter(match=match, action="correct").get()
    assert entry.user == organiser
    assert entry.before[0]["points"] == sheet[0]["points"]
    assert entry.after[0]["points"] == [100, 62]
    services.confirm_match(match=match, user=scorer)


def test_blind_double_entry_shows_differences_deal_by_deal(match, scorer, organiser):
    sheet = simulated_sheet(match, seed=4)
    services.save_deals(match=match, user=scorer, deals=sheet, version=0)
    other = [dict(d) for d in sheet]
    other[2] = dict(other[2], roem=[other[2]["roem"][0] + 20, other[2]["roem"][1]])
    differences = services.submit_blind_entry(match=match, user=organiser, deals=other)
    assert [(d.deal, d.field) for d in differences] == [(3, "roem")]
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED
    assert BlindEntry.objects.filter(match=match, entered_by=organiser).exists()
    assert services.submit_blind_entry(match=match, user=organiser, deals=sheet) == []
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED


def test_scorer_of_another_club_cannot_enter(match):
    stranger = UserFactory(username="stranger", organiser_of=ClubFactory(slug="ander"))
    with pytest.raises(services.NotAllowed):
        services.save_deals(match=match, user=stranger, deals=simulated_sheet(match), version=0)
    assert Deal.objects.filter(match=match).count() == 0


def test_three_player_table(club, scorer):
    match = seated_match(club=club, ruleset="driemans", slug="drie")
    saved = services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, seed=9), version=0)
    assert saved.status == Match.Status.ENTERED
    assert match.match_sides.count() == 3
    totals = sorted(match.match_sides.values_list("total", flat=True))
    assert sum(totals) == sum(d.score_a + d.score_b + d.score_c for d in Deal.objects.filter(match=match))


def test_saving_a_full_sheet_stays_within_25_queries(match, scorer, django_assert_max_num_queries):
    sheet = simulated_sheet(match, seed=8)
    services.save_deals(match=match, user=scorer, deals=sheet[:2], version=0)
    scorer = type(scorer).objects.get(pk=scorer.pk)
    with django_assert_max_num_queries(25):
        services.save_deals(match=match, user=scorer, deals=sheet, version=1)


@pytest.mark.parametrize("who", ["scorer", "organiser"])
def test_resending_the_stored_sheet_is_a_no_op_and_a_confirmed_result_stays_confirmed(match, scorer, organiser, who):
    sheet = simulated_sheet(match, seed=6)
    services.save_deals(match=match, user=scorer, deals=sheet, version=0)
    confirmed = services.confirm_match(match=match, user=organiser)
    audits = AuditEntry.objects.filter(match=match).count()
    user = scorer if who == "scorer" else organiser
    again = services.save_deals(
        match=match, user=user, deals=[dict(d, number=n) for n, d in enumerate(sheet, 1)], version=confirmed.version
    )
    match.refresh_from_db()
    assert (again.version, match.version) == (confirmed.version, confirmed.version)
    assert match.status == Match.Status.CONFIRMED and match.confirmed_by == organiser
    assert AuditEntry.objects.filter(match=match).count() == audits
    # at a stale version the same sheet is refused (stale, or not the scorer's to correct)
    with pytest.raises(services.StaleVersion if who == "organiser" else services.NotAllowed):
        services.save_deals(match=match, user=user, deals=sheet, version=confirmed.version - 1)
    match.refresh_from_db()
    assert (match.version, match.status) == (confirmed.version, Match.Status.CONFIRMED)


def test_a_stale_sheet_is_refused_as_stale_before_its_deals_are_checked(match, scorer):
    """Someone saved since this sheet was loaded: the sender gets the stored sheet to look at (409),
    not the mistakes of a sheet that is out of date anyway (and nothing is checked or written)."""
    sheet = simulated_sheet(match, seed=8)
    saved = services.save_deals(match=match, user=scorer, deals=sheet, version=0)
    nonsense = [{"bidder": 0, "points": [200, 5], "roem": [7, 0]}]  # points and roem the rules refuse
    with pytest.raises(services.StaleVersion) as refused:
        services.save_deals(match=match, user=scorer, deals=nonsense, version=0)
    assert refused.value.current_version == saved.version
    assert [d["points"] for d in refused.value.current_deals] == [d["points"] for d in sheet]
    with pytest.raises(services.SheetInvalid):  # at the current version the same sheet is checked
        services.save_deals(match=match, user=scorer, deals=nonsense, version=saved.version)
    match.refresh_from_db()
    assert match.version == saved.version and Deal.objects.filter(match=match).count() == len(sheet)
