"""Totals-only entry records "verzaakt by X" (issue 33 item 11), the way clubs like Westerwolde enter a
sheet: per table only the totals, plus who verzaakt. The offender alone loses the club's personal penalty,
through ``MatchSeat.verzaakt`` as from a deal-by-deal sheet.

The known answer is test_verzaakt_offender.py's, by hand (Amsterdam, two deals, penalty 100; wij = N + S):
totals wij 70, zij 274, S (Speler2) verzaakt once: personal N 70, S 70 − 100 = −30, E and W 274 each —
the same as when the two deals are typed one by one.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from competitions.models import Competition, Match, MatchSide
from scoring import services
from scoring.models import AuditEntry
from scoring.totals.services import TotalsInvalid, save_totals
from tests.factories import ClubFactory, UserFactory, seated_match
from tests.scoring.test_verzaakt_offender import MADE, RENEGE, confirm, counts, personal

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    return seated_match(
        club=ClubFactory(slug="westerwolde"), deals_per_match=2, verzaakt_player_penalty=100, entry_mode="totals"
    )


@pytest.fixture
def organiser(match):
    return UserFactory(username="wl-leider", organiser_of=match.round.competition.club)


@pytest.fixture
def scorer(match):
    return UserFactory(username="wl-teller", scorer_of=match.round.competition.club)


def state(match):
    match = Match.objects.get(pk=match.pk)
    sides = list(MatchSide.objects.filter(match=match).order_by("side").values_list("total", "verzaakt"))
    return match.version, counts(match), sides, AuditEntry.objects.filter(match=match).count()


def test_verzaakt_by_a_player_charges_that_player_alone_as_a_deal_by_deal_sheet_does(match, organiser, scorer):
    save_totals(match=match, user=scorer, version=0, totals=[70, 274], verzaakt={"S": 1})
    assert counts(match) == {"N": 0, "E": 0, "S": 1, "W": 0}
    assert list(MatchSide.objects.filter(match=match).order_by("side").values_list("verzaakt", flat=True)) == [1, 0]
    confirm(match, organiser)
    totals_answer = personal(match)
    assert totals_answer == {"N": 70, "S": -30, "E": 274, "W": 274}
    assert AuditEntry.objects.get(match=match, action="save").after == [
        {"totals": [70, 274], "roem": None, "nat": None, "pits": None, "verzaakt": {"S": 1}}
    ]
    # the same two deals typed one by one give the same personal scores
    deals = seated_match(club=ClubFactory(slug="deal-by-deal"), deals_per_match=2, verzaakt_player_penalty=100)
    other = UserFactory(username="dbd-leider", organiser_of=deals.round.competition.club)
    services.save_deals(
        match=deals,
        user=UserFactory(username="dbd-teller", scorer_of=deals.round.competition.club),
        deals=[RENEGE, MADE],
        version=0,
    )
    confirm(deals, other)
    assert personal(deals) == totals_answer


def test_a_resave_moves_the_count_the_same_result_again_changes_nothing_and_none_clears(match, organiser):
    save_totals(match=match, user=organiser, version=0, totals=[70, 274], verzaakt={"S": 1})
    before = state(match)
    save_totals(match=match, user=organiser, version=1, totals=[70, 274], verzaakt={"S": 1, "N": None})
    assert state(match) == before  # a no-op: no new version, no audit entry
    save_totals(match=match, user=organiser, version=1, totals=[70, 274], verzaakt={"N": 1})
    assert counts(match) == {"N": 1, "E": 0, "S": 0, "W": 0}
    save_totals(match=match, user=organiser, version=2, totals=[70, 274])
    assert counts(match) == {"N": 0, "E": 0, "S": 0, "W": 0}
    assert list(MatchSide.objects.filter(match=match).values_list("verzaakt", flat=True)) == [None, None]


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(
    "verzaakt, words",
    [
        ({"S": 3}, "verzaakt by S: 3 is more than the 2 deals of the match."),
        ({"S": -1}, "verzaakt by S: -1 is below 0."),
        ({"S": "x"}, "verzaakt by S: 'x' is not a whole number."),
        ({"S": 2, "E": 1}, "verzaakt together: 3 is more than the 2 deals of the match (one per deal at most)."),
    ],
)
def test_bad_counts_are_refused_naming_the_seat_and_nothing_changes(match, organiser, verzaakt, words):
    save_totals(match=match, user=organiser, version=0, totals=[70, 274], verzaakt={"S": 1})
    before = state(match)
    with pytest.raises(TotalsInvalid) as refused:
        save_totals(match=match, user=organiser, version=1, totals=[80, 264], verzaakt=verzaakt)
    assert [e.message for e in refused.value.errors] == [words]
    assert state(match) == before


@pytest.mark.usefixtures("english")
def test_a_seat_nobody_sits_at_and_pairs_play_are_refused(organiser):
    three = seated_match(club=ClubFactory(slug="drie"), ruleset="driemans", deals_per_match=2, entry_mode="totals")
    user = UserFactory(username="drie-leider", organiser_of=three.round.competition.club)
    with pytest.raises(TotalsInvalid) as refused:
        save_totals(match=three, user=user, version=0, totals=[200, 200, 100], verzaakt={"W": 1})
    assert "nobody sits at seat W" in str(refused.value)
    Competition.objects.filter(pk=three.round.competition_id).update(format="pairs")
    with pytest.raises(TotalsInvalid) as refused:
        save_totals(match=three, user=user, version=0, totals=[200, 200, 100], verzaakt={"N": 1})
    assert "only in individual play" in str(refused.value)
    assert Match.objects.get(pk=three.pk).version == 0


def test_the_page_asks_who_verzaakt_in_dutch_and_saves_it(client, match, organiser):
    client.force_login(organiser)
    page = client.get(f"/matches/{match.pk}/enter/").content.decode()
    assert 'name="verzaakt-S"' in page and "Speler2 S" in page
    assert "alleen die speler verliest 100 punten per spel van de eigen score" in page
    form = {"version": "0", "total-0": "70", "total-1": "274", "verzaakt-S": "3"}
    refused = client.post(f"/matches/{match.pk}/enter/", form)
    assert refused.status_code == 400
    assert "verzaakt door Z: 3 is meer dan de 2 spellen van de partij." in refused.content.decode()
    assert state(match)[0] == 0 and counts(match)["S"] == 0
    saved = client.post(f"/matches/{match.pk}/enter/", {**form, "verzaakt-S": "1"})
    assert saved.status_code == 302
    assert counts(match)["S"] == 1
    page = client.get(f"/matches/{match.pk}/enter/").content.decode()
    assert 'name="verzaakt-S" value="1"' in page
    with translation.override("nl"):
        trail = client.get(f"/matches/{match.pk}/").content.decode()
    assert "verzaakt door Z 1×" in trail
    public = client.get(f"/matches/{match.pk}/").content.decode()  # the match page names the offender too
    assert "Verzaakt door: Z (Speler2 S) 1×" in public
