"""Any evening can be removed (issue 33 item 10), with a confirmation page that names what goes; the
evenings after it move down one number (their rounds too) and the standings are computed again.

Known answer: test_season_rules.py's season of three evenings (one round each):
    evening 1: A C 1000 – B D 800 | E G 900 – F I 700
    evening 2: A C  700 – B D 900 | E G 600 – F H 1000
    evening 3: A C 1100 – B D 500 | E G 800 – F H  800
Before: A 2800, B 2200, F 2500, H 1800. Evening 2 removed: A 1000 + 1100 = 2100, B 800 + 500 = 1300,
F 700 + 800 = 1500, H 800; evening 3 becomes evening 2 (round 3 becomes round 2).
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import translation

from competitions import services
from competitions.models import Evening, EveningTotal, Match, Round
from competitions.season.history import import_evening_totals
from competitions.season.models import SettingsChange
from competitions.standings import evening_results_by_number, standings
from tests.competitions.standings.test_season_rules import by_letter, season
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def dated(comp):
    for evening in Evening.objects.filter(competition=comp):
        evening.date = datetime.date(2024, 9, 6) + datetime.timedelta(weeks=4 * (evening.number - 1))
        evening.save(update_fields=["date"])


@pytest.mark.usefixtures("english")
def test_a_middle_evening_with_results_goes_and_the_later_ones_move_down(client):
    comp, people = season()
    dated(comp)
    before = by_letter(standings(comp), people)
    assert (before["A"].points, before["B"].points, before["F"].points, before["H"].points) == (2800, 2200, 2500, 1800)
    third = Evening.objects.get(competition=comp, number=3)
    services.delete_evening(evening=Evening.objects.get(competition=comp, number=2), user=None, confirmed=True)
    assert list(Evening.objects.filter(competition=comp).values_list("number", "date")) == [
        (1, datetime.date(2024, 9, 6)),
        (2, datetime.date(2024, 11, 1)),  # the third evening, now the second
    ]
    assert list(Round.objects.filter(competition=comp).values_list("number", "evening_id")) == [
        (1, Evening.objects.get(competition=comp, number=1).pk),
        (2, third.pk),
    ]
    after = by_letter(standings(comp), people)
    assert (after["A"].points, after["B"].points, after["F"].points, after["H"].points) == (2100, 1300, 1500, 800)
    assert by_letter(evening_results_by_number(comp, 2), people)["A"].points == 1100
    assert Match.objects.filter(round__competition=comp).count() == 4
    (audit,) = SettingsChange.objects.filter(competition=comp, action="evening")
    removed = audit.changes["evening_removed"][0]
    assert (removed["number"], removed["tables"], removed["results"], removed["renumbered"]) == (2, 2, 2, [3])
    page = client.get(f"/competitions/{comp.slug}/evenings/2/").content.decode()
    assert "1100" in page or "1.100" in page or "1,100" in page


def test_the_page_names_what_goes_in_dutch_and_removes_only_once_ticked(client):
    """An evening brought in with a wrong date: removed from the organiser's pages."""
    comp, people = season(2)
    organiser = UserFactory(username="wl-baas", organiser_of=comp.club)
    rows = [
        {"player": "Speler A", "date": "2031-10-18", "points": 4000},
        {"player": "Speler B", "date": "2031-10-18", "points": 3800},
    ]
    import_evening_totals(
        competition=comp, user=organiser, rows=rows, create_players=False, confirm_dates=[datetime.date(2031, 10, 18)]
    )
    typo = Evening.objects.get(competition=comp, imported=True)
    assert typo.number == 3
    client.force_login(organiser)
    url = reverse("staff:evening-delete", args=[comp.slug, 3])
    with translation.override("nl"):
        listing = client.get(reverse("staff:competition", args=[comp.slug])).content.decode()
        assert url in listing  # every evening has its own "delete", not only the last
        page = client.get(url)
        html = page.content.decode()
        assert page.status_code == 200
        assert "Avond 3 verwijderen?" in html and "2 geïmporteerde avondtotalen" in html
        refused = client.post(url)
        assert refused.status_code == 400
        assert "Vink aan dat avond 3 met alles wat hier staat verdwijnt, of ga terug." in refused.content.decode()
        assert Evening.objects.filter(pk=typo.pk).exists() and EveningTotal.objects.filter(evening=typo).count() == 2
        done = client.post(url, {"confirm": "1"}, follow=True)
    assert done.status_code == 200
    assert not Evening.objects.filter(pk=typo.pk).exists() and not EveningTotal.objects.exists()
    assert list(Evening.objects.filter(competition=comp).values_list("number", flat=True)) == [1, 2]
    assert by_letter(standings(comp), people)["A"].points == 1000 + 700


@pytest.mark.usefixtures("english")
def test_the_first_evening_page_says_which_move_down(client):
    comp, _people = season()
    organiser = UserFactory(username="wl-baas2", organiser_of=comp.club)
    client.force_login(organiser)
    html = client.get(reverse("staff:evening-delete", args=[comp.slug, 1])).content.decode()
    assert "evenings 2–3 become 1–2" in html
    assert "2 tables with results" in html
