"""Hypothesis drives the entry service with arbitrary values: never a crash; either saved and valid, or
refused with a message naming deal and field — and then nothing changed."""

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from competitions.base.rulesets import ruleset_for
from competitions.models import Match
from scoring import services
from scoring.models import Deal
from scoring.rules import DealInput, score_deal
from tests.factories import ClubFactory, UserFactory, seated_match

pytestmark = pytest.mark.django_db

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-200, 1200),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.lists(st.integers(-5, 200), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
side = st.one_of(st.none(), st.integers(-1, 3), st.sampled_from(["A", "B", "x", ""]), junk)
points = st.one_of(
    st.integers(0, 162).map(lambda a: [a, 162 - a]),
    st.lists(st.one_of(st.integers(-10, 200), junk), min_size=0, max_size=3),
    junk,
)
roem = st.one_of(
    st.lists(st.sampled_from([0, 0, 20, 40, 50, 70, 100, 10, 30, 1010, -20]), min_size=2, max_size=2),
    junk,
)
deal = st.fixed_dictionaries(
    {"points": points},
    optional={
        "bidder": side,
        "roem": roem,
        "pit": side,
        "verzaakt": side,
        "trump": junk,
        "challenge": st.one_of(st.integers(-1, 5), junk),
        "nil": junk,
        "extra": junk,
    },
)
valid_deal = st.fixed_dictionaries(
    {
        "points": st.integers(0, 162).map(lambda a: [a, 162 - a]),
        "bidder": st.sampled_from([0, 1]),
        "roem": st.lists(st.sampled_from([0, 20, 50, 70, 100, 200]), min_size=2, max_size=2),
    }
)
sheet = st.one_of(st.lists(valid_deal, max_size=16), st.lists(st.one_of(valid_deal, deal), max_size=17), junk)
SAVED = []


def snapshot(match):
    match.refresh_from_db()
    return (
        match.version,
        match.status,
        list(
            Deal.objects.filter(match=match).values_list(
                "number", "points_a", "points_b", "roem_a", "score_a", "score_b"
            )
        ),
        list(match.match_sides.values_list("side", "total")),
    )


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(data=sheet)
def test_arbitrary_sheets_are_saved_valid_or_refused_unchanged(data):
    match = Match.objects.select_related("round__competition").first()
    if match is None:
        match = seated_match(club=ClubFactory(slug="fuzz"))
        UserFactory(username="fuzzer", scorer_of=match.round.competition.club)
    user = get_user_model().objects.get(username="fuzzer")
    before = snapshot(match)
    try:
        saved = services.save_deals(match=match, user=user, deals=data, version=match.version)
    except services.SheetInvalid as refused:
        assert refused.errors and all(e.message and e.field for e in refused.errors)
        assert snapshot(match) == before
        return
    SAVED.append(len(data))
    rules = ruleset_for(saved.round.competition)
    stored = list(Deal.objects.filter(match=saved).order_by("number"))
    assert len(stored) == len(data)
    for d in stored:
        result = score_deal(
            rules,
            DealInput(
                points=(d.points_a, d.points_b),
                roem=(d.roem_a, d.roem_b),
                bidder=d.bidder,
                pit=d.pit,
                verzaakt=d.verzaakt,
            ),
        )
        assert (d.score_a, d.score_b) == result.scores
    totals = dict(saved.match_sides.values_list("side", "total"))
    assert totals[0] == sum(d.score_a for d in stored) and totals[1] == sum(d.score_b for d in stored)


def test_the_fuzzer_did_save_some_sheets():
    # runs after the property above (same module, file order): it must have exercised the success path
    assert len(SAVED) >= 10
