"""The live-totals endpoint behind static/js/entry.js: the server's rules engine answers, nothing is saved."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import AuditEntry, Deal
from tests.factories import ClubFactory, UserFactory, seated_match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def scorer(client, club):
    user = UserFactory(username="scorer1", scorer_of=club)
    client.force_login(user)
    return user


def totals(client, match, data: dict) -> dict:
    response = client.post(reverse("scoring:totals", kwargs={"pk": match.pk}), dict({"version": "0"}, **data))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return response.json()


def test_known_answers_from_the_rules_with_marks_and_running_totals(client, match, scorer):
    answer = totals(
        client,
        match,
        {
            # 100–62, roem 20–0: made
            "deal-1-bidder": "w",
            "deal-1-points_a": "100",
            "deal-1-points_b": "62",
            "deal-1-roem_a": "20",
            # 81–81: equal is nat
            "deal-2-bidder": "w",
            "deal-2-points_a": "81",
            "deal-2-points_b": "81",
            # 162–0, roem 40, pit: 162 + 40 + 100
            "deal-3-bidder": "w",
            "deal-3-points_a": "162",
            "deal-3-points_b": "0",
            "deal-3-roem_a": "40",
            "deal-3-pit": "w",
            # zij bid and wij took every trick: tegenpit
            "deal-4-bidder": "z",
            "deal-4-points_a": "162",
            "deal-4-pit": "w",
            # zij reneged
            "deal-5-bidder": "w",
            "deal-5-points_a": "100",
            "deal-5-verzaakt": "z",
        },
    )
    deals = answer["deals"]
    assert [d["scores"] for d in deals[:5]] == [[120, 62], [0, 162], [302, 0], [262, 0], [162, 0]]
    assert [d["mark"] for d in deals[:5]] == ["", "N", "P", "TP", "V"]
    assert deals[1]["marks"] == ["N", ""] and deals[1]["nat"] is True
    assert deals[3]["marks"] == ["TP", "N"]
    assert [d["running"] for d in deals[:3]] == [[120, 62], [120, 224], [422, 224]]
    assert [d["state"] for d in deals[:6]] == ["ok"] * 5 + ["empty"]
    assert answer["totals"] == [120 + 0 + 302 + 262 + 162, 62 + 162]
    assert answer["valid"] is True and answer["finished"] is False
    assert len(deals) == 16


def test_roem_decides_and_other_known_answers(client, match, scorer):
    answer = totals(
        client,
        match,
        {
            "deal-1-bidder": "w",
            "deal-1-points_a": "81",
            "deal-1-roem_a": "20",
            "deal-2-bidder": "w",
            "deal-2-points_a": "60",
            "deal-2-roem_a": "20",
            "deal-2-roem_b": "20",
        },
    )
    assert [d["scores"] for d in answer["deals"][:2]] == [[101, 81], [0, 202]]


def test_tally_symbols_are_read(client, match, scorer):
    answer = totals(client, match, {"deal-1-bidder": "w", "deal-1-points_a": "100", "deal-1-roem_a": "V|"})
    deal = answer["deals"][0]
    assert deal["roem"] == [70, 0]
    assert deal["scores"] == [170, 62]


def test_errors_name_the_deal_field_and_input(client, match, scorer):
    answer = totals(
        client,
        match,
        {
            "deal-1-bidder": "w",
            "deal-1-points_a": "100",
            "deal-1-roem_a": "30",
            "deal-2-bidder": "w",
            "deal-2-points_a": "100",
            "deal-2-pit": "w",
        },
    )
    one, two = answer["deals"][:2]
    assert one["state"] == "error" and one["scores"] is None
    assert one["errors"][0]["field"] == "roem"
    assert one["errors"][0]["input"] == "deal-1-roem_a"
    assert "30 cannot be made" in one["errors"][0]["message"]
    assert two["errors"][0]["field"] == "pit"
    assert answer["valid"] is False
    assert answer["totals"] == [0, 0]


def test_verplicht_bidder_is_used_when_none_is_typed(client, club, scorer):
    match = seated_match(club=club, slug="verplicht", rule_options={"trump_choice": "verplicht"})
    answer = totals(client, match, {"deal-1-points_a": "81"})
    # deal 1 is dealt by N, so E (zij) must bid: 81–81 makes zij nat
    assert answer["deals"][0]["scores"] == [162, 0]
    assert answer["deals"][0]["marks"] == ["", "N"]


def test_a_finished_match_says_so(client, match, scorer):
    data = {}
    for n in range(1, 17):
        data.update({f"deal-{n}-bidder": "w", f"deal-{n}-points_a": "100"})
    answer = totals(client, match, data)
    assert answer["finished"] is True and answer["valid"] is True
    assert answer["totals"] == [1600, 992]
    assert answer["winner"] == 0


def test_the_endpoint_saves_nothing(client, match, scorer):
    totals(client, match, {"deal-1-bidder": "w", "deal-1-points_a": "100"})
    assert Deal.objects.count() == 0
    assert AuditEntry.objects.count() == 0
    match.refresh_from_db()
    assert match.version == 0


def test_only_staff_of_the_club_may_ask(client, match):
    url = reverse("scoring:totals", kwargs={"pk": match.pk})
    assert client.post(url, {"version": "0"}).status_code == 302  # to log in
    client.force_login(UserFactory(username="org-other", organiser_of=ClubFactory(slug="harten")))
    assert client.post(url, {"version": "0"}).status_code == 403


def test_get_is_not_allowed(client, match, scorer):
    assert client.get(reverse("scoring:totals", kwargs={"pk": match.pk})).status_code == 405
