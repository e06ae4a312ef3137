"""Calendar feeds as a calendar reads them (issue 34 item 2), parsed with icalendar: a new competition's
planned evenings are events at their start time, in Europe/Amsterdam with the VTIMEZONE in the feed
(checked by converting through that VTIMEZONE itself, as a reader without a time zone database does);
names escaped; UIDs the same at every host name; a webcal link on the team page; and an absurd date
refused where it is typed, while one stored before that check breaks neither the feed nor the
next season's page."""

from __future__ import annotations

import datetime
import json

import icalendar
import pytest
from django.urls import reverse

from clubs.tokens import create_token
from competitions.models import Competition
from competitions.organiser.forms import EveningForm
from competitions.season.forms import parse_dates
from tests.factories import CompetitionFactory, RoundFactory, UserFactory, named_team_entrants, team_fixture

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

NAME = "Troef; harten, en \\ schoppen"


def feed(client, slug, **extra):
    response = client.get(reverse("competitions:calendar", args=[slug]), **extra)
    assert response.status_code == 200
    return response.content, icalendar.Calendar.from_ical(response.content)


@pytest.fixture
def planned(settings):
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = ["*"]
    return CompetitionFactory(
        name=NAME,
        slug="nieuw-seizoen",
        evening_dates=["2027-01-15", "2027-06-18"],
        planned_evenings=2,
        evening_start=datetime.time(19, 30),
    )


def test_planned_evenings_are_events_at_their_start_in_amsterdam_time(client, planned):
    raw, calendar = feed(client, planned.slug)
    events = calendar.walk("VEVENT")
    assert len(events) == 2  # 0 before: only evenings already made were events
    (zone,) = calendar.walk("VTIMEZONE")
    assert str(zone["TZID"]) == "Europe/Amsterdam"
    tz = zone.to_tz()  # the feed's own VTIMEZONE, not the reader's time zone database
    for event, (day, utc_hour) in zip(events, ((datetime.date(2027, 1, 15), 18), (datetime.date(2027, 6, 18), 17))):
        assert event["DTSTART"].params["TZID"] == "Europe/Amsterdam"
        start = event.decoded("DTSTART")
        assert start.date() == day and start.time() == datetime.time(19, 30)
        local = start.replace(tzinfo=tz)
        assert local.astimezone(datetime.UTC).hour == utc_hour  # CET in January, CEST in June
        assert event.decoded("DTEND") - start == datetime.timedelta(hours=3)
    assert b"DTSTART;TZID=Europe/Amsterdam:20270115T193000" in raw


def test_names_are_escaped(client, planned):
    raw, calendar = feed(client, planned.slug)
    text = raw.decode()
    assert "X-WR-CALNAME:Troef\\; harten\\, en \\\\ schoppen" in text
    assert "SUMMARY:Troef\\; harten\\, en \\\\ schoppen" in text
    assert str(calendar.walk("VEVENT")[0]["SUMMARY"]).startswith(NAME)


def test_uids_do_not_change_with_the_host(client, planned):
    _raw, one = feed(client, planned.slug, HTTP_HOST="klaverjas.local")
    _raw, other = feed(client, planned.slug, HTTP_HOST="192.168.1.20:8000")
    uids = [str(e["UID"]) for e in one.walk("VEVENT")]
    assert len(uids) == 2
    assert uids == [str(e["UID"]) for e in other.walk("VEVENT")]
    assert all("klaverjas.local" not in uid and "192.168" not in uid for uid in uids)


def test_the_team_page_has_a_webcal_link(client, settings):
    settings.SITE_URL = ""
    comp = CompetitionFactory(format="teams", slug="regio-webcal", name="Regio")
    a, b = named_team_entrants(comp, ["Troefboer", "Vrolijke Boer"], size=4)
    first = RoundFactory(competition=comp, number=1)
    team_fixture(first, a, b, ((1900, 1500), (1750, 1700)))
    page = client.get(reverse("competitions:team", args=[comp.slug, a.pk])).content.decode()
    assert f'href="webcal://testserver/competitions/regio-webcal/teams/{a.pk}/calendar.ics"' in page


@pytest.mark.parametrize("typed", ["9999-12-31", "31-12-9999", "1900-01-01"])
def test_an_absurd_date_is_refused_where_it_is_typed(client, typed):
    with pytest.raises(Exception, match="not a date of a season"):
        parse_dates(f"2026-09-12\n{typed}")
    form = EveningForm(data={"date": "9999-12-31"})
    assert not form.is_valid() and "not a date of a season" in str(form.errors["date"])
    club = CompetitionFactory().club
    organiser = UserFactory(username="datum-org", organiser_of=club)
    response = client.post(
        "/api/competitions",
        json.dumps({"club": club.slug, "name": "Seizoen 9999", "evening_dates": ["2026-09-04", "9999-12-31"]}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {create_token(organiser)}",
    )
    assert response.status_code == 400
    assert any(e["field"] == "evening_dates" for e in response.json()["errors"])
    response = client.post(
        "/api/competitions",
        json.dumps({"club": club.slug, "name": "Seizoen eind", "season_end": "9999-12-31"}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {create_token(organiser)}",
    )
    assert response.status_code == 400 and any(e["field"] == "season_end" for e in response.json()["errors"])
    assert not Competition.objects.filter(name__startswith="Seizoen").exists()


def test_a_stored_absurd_date_breaks_neither_the_feed_nor_the_new_season_page(client):
    comp = CompetitionFactory(evening_dates=["2026-09-04", "9999-12-31"], evening_start=datetime.time(20, 0))
    _raw, calendar = feed(client, comp.slug)
    assert len(calendar.walk("VEVENT")) == 1
    organiser = UserFactory(username="oud-org", organiser_of=comp.club)
    client.force_login(organiser)
    response = client.get(reverse("season:new-season", args=[comp.slug]))
    assert response.status_code == 200
    assert "2027-09-03" in response.content.decode()
