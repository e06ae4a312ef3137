"""Issue 25, item 5: deeply nested JSON was a server error (RecursionError) in the admin's rule
options; how deep a body could go depended on the stack. Now JSON is measured before it is parsed:
rule options (admin form, model validation) at most 4 levels and 4,000 characters, any API body at
most 16 levels (and 128 KiB) — each refusal a clear message that names the limit, nothing saved."""

import json

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from clubs.models import Club
from clubs.tokens import create_token
from competitions.models import Competition
from core.api_errors import MAX_BODY_DEPTH
from core.json_limits import RULE_OPTIONS_CHARS, RULE_OPTIONS_DEPTH, LimitedJSONModelField, text_depth, value_depth
from scoring.models import Deal
from tests.factories import ClubFactory, UserFactory, seated_match

pytestmark = pytest.mark.django_db


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def admin_post(admin_client, competition, **changes):
    url = f"/admin/competitions/competition/{competition.pk}/change/"
    page = admin_client.get(url)
    form = page.context["adminform"].form
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        data[name] = "on" if value is True else value
    for inline in page.context["inline_admin_formsets"]:
        formset = inline.formset
        for key, value in formset.management_form.initial.items():
            data[f"{formset.prefix}-{key}"] = value
    data.update(changes)
    admin_client.raise_request_exception = False
    return admin_client.post(url, data, HTTP_ACCEPT_LANGUAGE="en")


@pytest.mark.parametrize("depth", [5, 900, 5000, 100_000])
def test_deep_rule_options_in_the_admin_are_refused_with_a_message(admin_client, depth):
    competition = seated_match(club=ClubFactory(slug=f"diep{depth}")).round.competition
    response = admin_post(admin_client, competition, rule_options='{"four_jacks": ' + nested(depth) + "}")
    assert response.status_code == 200  # the form again, not a server error
    errors = " ".join(response.context["adminform"].form.errors.get("rule_options", []))
    if len(nested(depth)) > RULE_OPTIONS_CHARS:
        assert f"too long: at most {RULE_OPTIONS_CHARS:,}".replace(",", "") in errors.replace(",", "")
    else:
        assert f"nested too deeply: at most {RULE_OPTIONS_DEPTH} levels" in errors
    competition.refresh_from_db()
    assert competition.rule_options == {}


def test_deep_tie_breakers_in_the_admin_are_refused_too(admin_client):
    competition = seated_match(club=ClubFactory(slug="diep-tb")).round.competition
    response = admin_post(admin_client, competition, tie_breakers=nested(2000))
    assert response.status_code == 200
    assert response.context["adminform"].form.errors.get("tie_breakers")


def test_honest_rule_options_still_save(admin_client):
    competition = seated_match(club=ClubFactory(slug="ondiep")).round.competition
    options = {"four_jacks": 100, "four_of_a_kind_ranks": ["K", "A"]}
    response = admin_post(admin_client, competition, rule_options=json.dumps(options))
    assert response.status_code == 302, response.context["adminform"].form.errors
    competition.refresh_from_db()
    assert competition.rule_options == options


def test_the_model_refuses_a_deep_value_that_never_was_text():
    competition = seated_match(club=ClubFactory(slug="model")).round.competition
    value = []
    for _ in range(5000):  # built without recursion; json.dumps of it would recurse too deep
        value = [value]
    competition.rule_options = {"four_jacks": value}
    with pytest.raises(ValidationError) as refused:
        competition.full_clean()
    assert "rule_options" in refused.value.message_dict
    assert value_depth({"a": [1, {"b": 2}]}) == 3 and text_depth('{"a": "[[[[", "b": [1]}') == 2


@pytest.mark.parametrize("depth", [MAX_BODY_DEPTH + 1, 500, 990, 50_000])
def test_a_deep_api_body_is_a_400_naming_the_limit(depth):
    match = seated_match(club=ClubFactory(slug=f"api-diep{depth}"))
    token = create_token(UserFactory(username=f"teller-diep{depth}", scorer_of=match.round.competition.club))
    body = '{"version": 0, "deals": [{"bidder": ' + nested(depth) + "}]}"
    response = Client().put(
        f"/api/matches/{match.pk}/deals",
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    expected = 413 if len(body) > 128 * 1024 else 400
    assert response.status_code == expected
    if expected == 400:
        assert f"nested too deeply: at most {MAX_BODY_DEPTH} levels" in response.json()["detail"]
    assert not Deal.objects.filter(match=match).exists()


def test_a_real_sheet_is_well_within_the_depth_limit():
    sheet = {"version": 0, "deals": [{"bidder": 0, "points": [100, 62], "roem": [20, 0], "pit": None}]}
    assert text_depth(json.dumps(sheet)) == 4 < MAX_BODY_DEPTH
    assert isinstance(Competition._meta.get_field("rule_options"), LimitedJSONModelField)


@pytest.mark.parametrize("depth", [3, 12, 40, 3000])
def test_deep_rule_options_through_the_organisers_api_are_a_400(depth):

    home = Club.objects.create(name="Api diep", slug=f"api-diep-{depth}")
    token = create_token(UserFactory(username=f"api-diep-{depth}", organiser_of=home))
    body = '{"club": "%s", "name": "Diep", "rule_options": {"four_of_a_kind_ranks": %s}}' % (home.slug, nested(depth))
    response = Client().post(
        "/api/competitions",
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400, response.content[:300]
    if depth + 2 > MAX_BODY_DEPTH:
        assert f"nested too deeply: at most {MAX_BODY_DEPTH} levels" in response.json()["detail"]
    assert not Competition.objects.filter(club=home).exists()
