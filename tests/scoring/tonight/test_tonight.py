"""Tonight's dashboard: every table of the current round with its state, confirm from the list, the
next round once the last table is in; the club boundary; a fixed number of queries at 2 and at 20
tables; the part the page polls answers 304 while nothing changed."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club, Player
from competitions.models import Competition, Match, Round
from scoring import services
from scoring.models import AuditEntry, BlindEntry
from scoring.tonight.selectors import tonight
from tests.factories import UserFactory, seated_round, simulated_sheet

pytestmark = pytest.mark.django_db

MAX_QUERIES = 14


@pytest.fixture
def night():
    club = Club.objects.create(name="KV Troef", slug="troef")
    scorer = UserFactory(username="scorer1", scorer_of=club)
    second = UserFactory(username="scorer2", scorer_of=club)
    organiser = UserFactory(username="org1", organiser_of=club)
    competition = seated_round(club, 6)
    return {"club": club, "scorer": scorer, "second": second, "organiser": organiser, "competition": competition}


def url(competition, **query):
    base = reverse("tonight:dashboard", args=[competition.slug])
    return base + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def tables_of(competition):
    return list(Match.objects.filter(round__competition=competition).order_by("table"))


def test_every_state_of_a_table_is_shown(client, night):
    competition, scorer, second = night["competition"], night["scorer"], night["second"]
    m = tables_of(competition)
    # 1 open; 2 being entered; 3 entered; 4 checked at the table; 5 confirmed; 6 sent back (conflict)
    services.save_deals(match=m[1], user=scorer, deals=simulated_sheet(m[1], count=5), version=0)
    for match in m[2:]:
        services.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=0)
    Match.objects.filter(pk=m[3].pk).update(table_checked_at=timezone.now(), table_checked_side=1)
    services.confirm_match(match=m[4], user=second)
    AuditEntry.objects.create(match=m[5], action="sendback", version=1)

    client.force_login(second)
    response = client.get(url(competition))
    assert response.status_code == 200
    states = [t.state for t in response.context["night"].tables]
    assert states == ["open", "entering", "entered", "checked", "confirmed", "conflict"]
    page = response.content.decode()
    for number, state in enumerate(states, start=1):
        assert f'id="table-{number}" class="state-{state}"' in page
    assert 'data-state="entered" data-count="1"' in page and 'data-state="conflict" data-count="1"' in page
    # how long since the last change, and the confirm buttons only where a result waits
    assert page.count('class="primary confirm"') == 2
    assert "data-live-url" in page and "refresh.js" in page


def test_a_blind_entry_that_differs_puts_the_table_in_conflict(night):
    competition, scorer, second = night["competition"], night["scorer"], night["second"]
    match = tables_of(competition)[0]
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=0)
    differences = services.submit_blind_entry(match=match, user=second, deals=simulated_sheet(match, seed=99))
    assert differences
    assert tonight(competition).tables[0].state == "conflict"
    assert BlindEntry.objects.filter(match=match).exists()


def test_a_conflict_shows_that_two_versions_existed_and_whose_stands(client, night, django_assert_num_queries):
    competition, scorer, second = night["competition"], night["scorer"], night["second"]
    m = tables_of(competition)
    services.save_deals(match=m[0], user=scorer, deals=simulated_sheet(m[0]), version=0)
    mine = simulated_sheet(m[0], seed=7)
    try:  # a second scorer saves over a sheet they never saw: refused, and the conflict is kept
        services.save_deals(match=m[0], user=second, deals=mine, version=0)
    except services.StaleVersion as stale:
        services.record_conflict(match=m[0], user=second, stale=stale, mine=mine)
    services.save_deals(match=m[1], user=scorer, deals=simulated_sheet(m[1]), version=0)
    with django_assert_num_queries(5):  # round, tables (conflicts, last saves inside), seats, sides, later round
        night_ = tonight(competition)
    first, other = night_.tables[0], night_.tables[1]
    assert first.two_versions and first.stands == "scorer1" and not other.two_versions
    services.save_deals(match=m[0], user=second, deals=mine, version=1)  # then theirs saved over it
    assert tonight(competition).tables[0].stands == "scorer2"
    client.force_login(second)
    page = client.get(url(competition)).content.decode()
    assert page.count('class="small two-versions"') == 1 and 'data-stands="scorer2"' in page


def test_the_scorer_confirms_from_the_list_and_the_next_round_can_be_drawn(client, night):
    competition, scorer, second, organiser = night["competition"], night["scorer"], night["second"], night["organiser"]
    matches = tables_of(competition)
    for match in matches:
        services.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=0)
    client.force_login(second)
    for match in matches:
        match.refresh_from_db()
        response = client.post(
            reverse("tonight:confirm", args=[competition.slug, match.pk]), {"version": match.version, "round": 1}
        )
        assert response.status_code == 302 and response["Location"].startswith(url(competition))
    assert set(Match.objects.filter(round__competition=competition).values_list("status", flat=True)) == {"confirmed"}
    page = client.get(url(competition)).content.decode()
    assert 'data-all-in="true"' in page
    assert 'id="draw-next"' not in page  # a scorer does not draw rounds
    client.force_login(organiser)
    page = client.get(url(competition)).content.decode()
    assert 'id="draw-next"' in page and reverse("staff:swiss", args=[competition.slug]) in page


def test_nobody_confirms_their_own_entry_from_the_list(client, night):
    competition, scorer = night["competition"], night["scorer"]
    match = tables_of(competition)[0]
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=0)
    client.force_login(scorer)
    page = client.get(url(competition)).content.decode()
    assert f'id="confirm-{match.pk}"' not in page
    response = client.post(reverse("tonight:confirm", args=[competition.slug, match.pk]), {"version": 1}, follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED
    assert "another person must confirm" in response.content.decode() or "ander" in response.content.decode()


def test_a_stale_confirmation_changes_nothing(client, night):
    competition, scorer, second = night["competition"], night["scorer"], night["second"]
    match = tables_of(competition)[0]
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=0)
    client.force_login(second)
    client.post(reverse("tonight:confirm", args=[competition.slug, match.pk]), {"version": 0})
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED and match.version == 1


def test_only_staff_of_the_club_see_the_dashboard(client, night):
    competition = night["competition"]
    assert client.get(url(competition)).status_code == 302  # to the login page
    other = Club.objects.create(name="Elders", slug="elders")
    for role in ("organiser", "scorer"):
        client.force_login(UserFactory(username=f"{role}-elders", **{f"{role}_of": other}))
        assert client.get(url(competition)).status_code == 403
        assert client.get(url(competition, part="tables")).status_code == 403
        match = tables_of(competition)[0]
        assert client.post(reverse("tonight:confirm", args=[competition.slug, match.pk])).status_code == 403
    client.force_login(UserFactory(username="nobody"))
    assert client.get(reverse("tonight:index")).status_code == 403
    client.force_login(night["scorer"])
    assert client.get(url(competition)).status_code == 200
    index = client.get(reverse("tonight:index")).content.decode()
    assert url(competition) in index and "Elders" not in index


@pytest.mark.parametrize("tables", [2, 20])
def test_the_dashboard_runs_a_fixed_number_of_queries(client, django_assert_max_num_queries, tables):
    club = Club.objects.create(name="Groot", slug="groot")
    scorer = UserFactory(username="s", scorer_of=club)
    second = UserFactory(username="t", organiser_of=club)
    competition = seated_round(club, tables, slug=f"r{tables}")
    for i, match in enumerate(tables_of(competition)):
        services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, count=16 if i % 2 else 4), version=0)
        if i % 3 == 0 and i % 2:
            services.confirm_match(match=match, user=second)
    client.force_login(second)
    for address in (url(competition), url(competition, part="tables")):
        with django_assert_max_num_queries(MAX_QUERIES):
            response = client.get(address)
        assert response.status_code == 200
        assert len(response.context["night"].tables) == tables


def test_the_polled_part_answers_304_until_something_changes(client, night):
    competition, scorer, second = night["competition"], night["scorer"], night["second"]
    client.force_login(second)
    first = client.get(url(competition, part="tables"))
    etag = first["ETag"]
    assert first.status_code == 200 and etag and "<html" not in first.content.decode()
    assert client.get(url(competition, part="tables"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    match = tables_of(competition)[0]
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, count=3), version=0)
    again = client.get(url(competition, part="tables"), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag
    assert 'id="table-1" class="state-entering"' in again.content.decode()


def test_individual_evening_offers_its_next_round(night):
    club, _organiser = night["club"], night["organiser"]
    from competitions import services as organiser_services

    competition = Competition.objects.create(club=club, name="Clubavonden", slug="clubavonden", rounds_per_evening=2)
    players = [
        Player.objects.create(club=club, member_number=f"p{i}", first_name="Lid", last_name=str(i)) for i in range(8)
    ]
    evening = organiser_services.create_evening(competition=competition)
    organiser_services.register_attendance(evening=evening, players=players)
    round_ = organiser_services.publish_round(round=organiser_services.draw_next_round(evening=evening, seed=3))
    night_ = tonight(competition)
    assert night_.round.pk == round_.pk and len(night_.tables) == 2
    assert night_.next_step.kind == "evening" and night_.next_step.evening == evening.number
    assert not night_.all_in


def test_tonight_opens_the_one_competition_playing_today(client, night):
    competition = night["competition"]
    other = seated_round(night["club"], 2, slug="najaar")
    client.force_login(night["scorer"])
    assert client.get(reverse("tonight:index")).status_code == 200  # none dated today: the list
    Round.objects.filter(competition=competition).update(date=timezone.localdate())
    response = client.get(reverse("tonight:index"))
    assert response.status_code == 302 and response["Location"] == url(competition)
    Round.objects.filter(competition=other).update(date=timezone.localdate())
    index = client.get(reverse("tonight:index"))
    assert index.status_code == 200 and url(other) in index.content.decode()


def test_a_change_within_the_minute_is_just_now(client, night):
    client.force_login(night["scorer"])
    client.cookies["django_language"] = "nl"
    match = tables_of(night["competition"])[0]
    services.save_deals(match=match, user=night["scorer"], deals=simulated_sheet(match, count=3), version=0)
    page = client.get(url(night["competition"], part="tables")).content.decode()
    assert "zojuist" in page and "0 minuten" not in page
