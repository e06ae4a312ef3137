"""``one_bump_for_the_site``: a bulk change (removing the demo) leaves the per-row receivers alone and
raises the site's structure number once at its end; a refused one (an exception) raises nothing."""

from __future__ import annotations

import pytest

from clubs.models import Club, Player
from competitions.models import Competition
from competitions.pagecache.keys import SITE, one_bump_for_the_site
from competitions.pagecache.models import PageVersion

pytestmark = pytest.mark.django_db


def numbers() -> dict[str, int]:
    return dict(PageVersion.objects.values_list("key", "structure"))


def test_rows_changed_inside_raise_the_site_number_once_at_the_end():
    club = Club.objects.create(name="KV Eigen", slug="eigen")
    competition = Competition.objects.create(club=club, name="Avonden", slug="avonden")
    players = [Player(club=club, member_number=str(n), first_name="Jan", last_name=f"Lid{n}") for n in range(50)]
    before = numbers()
    with one_bump_for_the_site():
        for player in players:
            player.save()  # outside: a site bump (an UPDATE) per row
        competition.name = "Clubavonden"
        competition.save()
        assert numbers() == before, "nothing is bumped while the change runs"
    after = numbers()
    assert after[SITE] > before[SITE]
    assert after[f"c{competition.pk}"] == before[f"c{competition.pk}"]  # the site's number is in every key


def test_a_change_that_fails_inside_bumps_nothing():
    before = numbers()
    with pytest.raises(ValueError), one_bump_for_the_site():
        Club.objects.create(name="KV Eigen", slug="eigen")
        raise ValueError("refused")
    assert numbers()[SITE] == before[SITE]
    Club.objects.create(name="KV Ander", slug="ander")  # outside again: the receivers bump as before
    assert numbers()[SITE] > before[SITE]
