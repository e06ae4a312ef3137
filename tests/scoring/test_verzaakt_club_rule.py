"""The verzaakt penalty chosen by the club (rule_options ``verzaakt_penalty`` / ``verzaakt_points``,
validated by the engine): the entry stores what the engine scores, the admin refuses a bad value
naming the option, and the sheet says which rule the table plays."""

from __future__ import annotations

import json

import pytest
from django.forms.models import model_to_dict
from django.utils import translation

from clubs.models import Club
from competitions.admin import CompetitionForm
from competitions.base.rulesets import ruleset_for
from competitions.models import Competition, MatchSide
from scoring import services
from scoring.prints.sheets import rule_option_texts
from tests.factories import ClubFactory, UserFactory, seated_match

pytestmark = pytest.mark.django_db

RENEGE = {"bidder": 0, "points": [100, 62], "roem": [20, 0], "verzaakt": 1}
PLAIN = {"bidder": 0, "points": [90, 72]}


@pytest.mark.parametrize(
    "options, first, totals",
    [
        ({}, [182, 0], [272, 72]),  # the whole deal to A: 162 + 20
        ({"verzaakt_penalty": "fixed-points", "verzaakt_points": 50}, [120, 12], [210, 84]),  # 62 - 50
        ({"verzaakt_penalty": "replay"}, [0, 0], [90, 72]),  # not counted
    ],
)
def test_the_entry_scores_a_verzaakt_by_the_club_rule(options, first, totals):
    club = ClubFactory(slug=f"v{len(options)}{options.get('verzaakt_penalty', '')[:3]}")
    match = seated_match(club=club, rule_options=options, deals_per_match=2)
    saved = services.save_deals(
        match=match, user=UserFactory(username=f"s-{club.slug}", scorer_of=club), deals=[RENEGE, PLAIN], version=0
    )
    deals = list(saved.deals.order_by("number"))
    assert [deals[0].score_a, deals[0].score_b] == first and deals[0].mark == "V"
    assert list(MatchSide.objects.filter(match=match).order_by("side").values_list("total", flat=True)) == totals


def test_the_admin_refuses_a_bad_verzaakt_rule():
    club = Club.objects.create(name="Boeteclub", slug="boeteclub")
    data = {
        k: v
        for k, v in model_to_dict(Competition(club=club, name="B", slug="b"), exclude=["id"]).items()
        if v is not None
    }
    data["tie_breakers"] = "[]"
    with translation.override("en"):
        for options, option in (
            ({"verzaakt_penalty": "boete"}, "verzaakt_penalty"),
            ({"verzaakt_points": 5000}, "verzaakt_points"),
        ):
            form = CompetitionForm(data={**data, "rule_options": json.dumps(options)})
            assert not form.is_valid() and option in " ".join(form.errors["rule_options"])
    assert not Competition.objects.exists()


def test_the_sheet_names_the_verzaakt_rule():
    club = ClubFactory(slug="blad")
    match = seated_match(club=club, rule_options={"verzaakt_penalty": "fixed-points", "verzaakt_points": 50})
    with translation.override("en"):
        assert "verzaakt: minus 50" in rule_option_texts(ruleset_for(match.round.competition))
        match.round.competition.rule_options = {"verzaakt_penalty": "replay"}
        assert "verzaakt: the deal is replayed" in rule_option_texts(ruleset_for(match.round.competition))


def test_a_fixed_penalty_may_take_a_deal_below_zero():
    club = ClubFactory(slug="onder-nul")
    match = seated_match(
        club=club, rule_options={"verzaakt_penalty": "fixed-points", "verzaakt_points": 100}, deals_per_match=1
    )
    saved = services.save_deals(
        match=match, user=UserFactory(username="s-onder", scorer_of=club), deals=[RENEGE], version=0
    )
    deal = saved.deals.get()
    assert (deal.score_a, deal.score_b) == (120, -38)  # 62 as played, less 100
