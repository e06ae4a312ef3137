"""An organiser cannot set a rule option out of the engine's range (RuleSet LIMITS): the admin's
competition form refuses it with a message naming the option and the range, and saves nothing."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from django.forms.models import model_to_dict
from django.utils import translation

from clubs.models import Club
from competitions.admin import CompetitionForm
from competitions.base.rulesets import RuleOptionError, option_error_message, ruleset_for
from competitions.models import Competition

pytestmark = pytest.mark.django_db


@pytest.fixture
def base():
    """The admin form's data for a new competition: every field at its default (so that fields
    added later need no change here), with a club, a name and a short name."""
    club = Club.objects.create(name="Grensclub", slug="grensclub")
    data = model_to_dict(Competition(club=club, name="Grenzen", slug="grenzen"), exclude=["id"])
    data = {key: value for key, value in data.items() if value is not None}
    data["tie_breakers"] = json.dumps(data.get("tie_breakers") or [])
    return data


@pytest.mark.parametrize(
    "options, option, bounds",
    [
        ('{"tiebreak_deals": 200000}', "tiebreak_deals", "van 0 tot en met 16"),
        ('{"target_score": 1500, "max_deals": 1000}', "max_deals", "van 1 tot en met 64"),
        ('{"target_score": 0}', "target_score", "van 1 tot en met 10000"),
        ('{"pit_bonus": 5000}', "pit_bonus", "van 0 tot en met 1000"),
        ('{"verzaakt_bonus": -100}', "verzaakt_bonus", "van 0 tot en met 1000"),
    ],
)
def test_out_of_range_options_are_refused_naming_option_and_range(base, options, option, bounds):
    """In Dutch, the default language."""
    form = CompetitionForm(data={**base, "rule_options": options})
    assert not form.is_valid()
    message = " ".join(form.errors["rule_options"])
    assert option in message and bounds in message
    assert not Competition.objects.exists()


def test_in_range_options_and_the_house_rule_are_accepted(base):
    options = '{"tiebreak_deals": 4, "target_score": 1500, "max_deals": 24, "must_undertrump": true}'
    form = CompetitionForm(data={**base, "rule_options": options})
    assert form.is_valid(), form.errors
    competition = form.save()
    rules = ruleset_for(competition)
    assert (rules.tiebreak_deals, rules.target_score, rules.max_deals, rules.must_undertrump) == (4, 1500, 24, True)


@pytest.mark.parametrize("deals, ok", [(0, False), (1, True), (64, True), (65, False), (200000, False)])
def test_deals_per_match_is_bounded(base, deals, ok):
    form = CompetitionForm(data={**base, "deals_per_match": deals, "rule_options": "{}"})
    assert form.is_valid() is ok, form.errors
    if not ok:
        assert "deals_per_match" in form.errors


def test_the_message_is_dutch_by_default():
    probe = SimpleNamespace(ruleset="amsterdam", rule_options={"tiebreak_deals": 200000}, deals_per_match=16)
    with pytest.raises(RuleOptionError) as caught:
        ruleset_for(probe)
    english = "tiebreak_deals must be a whole number from 0 to 16, not 200000"
    with translation.override("en"):
        assert option_error_message(caught.value) == english
    with translation.override("nl"):
        dutch = option_error_message(caught.value)
    assert dutch != english
    assert "tiebreak_deals" in dutch and " 0 " in dutch and "16" in dutch and "200000" in dutch


def test_the_issue_24_options_switch_through_the_stored_options(base):
    """target_winner, stuk and hand_roem_rule are club options (RULES.md §4, §5); a wrong word is
    refused naming the option and the words it may be."""
    options = '{"target_score": 1500, "target_winner": "bidder", "stuk": "same-trick", "hand_roem_rule": "each-side"}'
    form = CompetitionForm(data={**base, "ruleset": "wilde-boom", "rule_options": options})
    assert form.is_valid(), form.errors
    rules = ruleset_for(form.save())
    assert (rules.target_winner, rules.stuk, rules.hand_roem_rule) == ("bidder", "same-trick", "each-side")
    for option, wrong, words in [
        ("target_winner", "bieder", "higher, bidder"),
        ("stuk", "hand", "same-trick, one-player"),
        ("hand_roem_rule", "all", "each-side, highest"),
    ]:
        refused = CompetitionForm(data={**base, "slug": "x", "rule_options": json.dumps({option: wrong})})
        assert not refused.is_valid()
        message = " ".join(refused.errors["rule_options"])
        assert option in message and words in message
