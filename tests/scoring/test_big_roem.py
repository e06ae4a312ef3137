"""South African klawerjas: the four-jacks / five-run flag (``big_roem``) is parsed, stored and read
back, so a boom worth 2 strokes in old play is not stored as 1."""

import pytest

from competitions.base.rulesets import ruleset_for
from scoring import services
from scoring.models import Deal
from scoring.rules import RULESETS, score_match
from scoring.sheet.deal_input import DealError, parse_sheet, to_deal_input
from tests.factories import ClubFactory, UserFactory, seated_match

pytestmark = pytest.mark.django_db


def strokes(rules, deals):
    inputs, _results, errors = parse_sheet(deals, rules=rules)
    assert errors == []
    return score_match(rules, inputs).strokes


def sheet_where_big_roem_counts(match):
    """Old play (two hands) where side A goes on the boom with the other side below 50: 2 strokes only
    with four jacks or a five-run declared in the play (RULES.md, the boom), 1 without."""
    rules = ruleset_for(match.round.competition)
    deals = [
        {"bidder": None, "points": [99, 47], "roem": [0, 0]},
        {"bidder": None, "points": [146, 0], "roem": [0, 0], "big_roem": [True, False]},
    ]
    dropped = [dict(d, big_roem=None) for d in deals]
    assert strokes(rules, deals) == (2, 0) and strokes(rules, dropped) == (1, 0)
    return rules, deals, dropped


def test_big_roem_is_stored_and_read_back_with_its_strokes():
    club = ClubFactory(slug="boom")
    match = seated_match(club=club, ruleset="klawerjas")
    scorer = UserFactory(username="boom-teller", scorer_of=club)
    rules, deals, dropped = sheet_where_big_roem_counts(match)
    services.save_deals(match=match, user=scorer, deals=deals, version=match.version)
    flagged = Deal.objects.filter(match=match).filter(big_roem_a=True) | Deal.objects.filter(
        match=match, big_roem_b=True
    )
    assert flagged.exists()
    match.refresh_from_db()
    stored = services.stored_deals(match)
    assert [d["big_roem"] for d in stored] == [None, [True, False]]
    inputs = [{k: d[k] for k in ("bidder", "points", "roem", "big_roem")} for d in stored]
    assert strokes(rules, inputs) == (2, 0)
    # the same sheet without the flags is another sheet (not an idempotent no-op)
    assert any(diff.field == "big_roem" for diff in services.compare_sheets(stored, dropped, rules=rules))


def test_big_roem_is_refused_outside_klawerjas_and_in_a_wrong_shape():
    rules = RULESETS["amsterdam"]
    deal = {"bidder": 0, "points": [100, 62], "roem": [0, 0], "big_roem": [True, False]}
    error = to_deal_input(deal, number=1, rules=rules)
    assert isinstance(error, DealError) and error.field == "big_roem"
    assert not isinstance(to_deal_input(dict(deal, big_roem=[False, False]), number=1, rules=rules), DealError)
    wrong = to_deal_input(dict(deal, big_roem="yes"), number=1, rules=RULESETS["klawerjas"])
    assert isinstance(wrong, DealError) and wrong.field == "big_roem"
