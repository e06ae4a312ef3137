"""Migration clubs 0008: no login but a superuser stays Django staff, and the clubs seed_demo made before
``Club.is_demo`` existed are marked as the demo's (only where the demo's organiser login runs them)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from clubs.models import Club, StaffRole

pytestmark = pytest.mark.django_db
migration = importlib.import_module("clubs.migrations.0008_club_is_demo_and_no_staff_logins")
User = get_user_model()


def test_organisers_and_scorers_lose_the_staff_flag_superusers_keep_it():
    User.objects.create_user("organiser", is_staff=True)
    User.objects.create_user("kees", is_staff=True)
    User.objects.create_user("lid")
    User.objects.create_superuser("beheer", password="pw")
    migration.no_staff_but_superusers(apps, None)
    assert list(User.objects.filter(is_staff=True).values_list("username", flat=True)) == ["beheer"]


@pytest.mark.parametrize("demo_organiser", [True, False])
def test_the_demos_clubs_are_marked_where_the_demo_organiser_runs_them(demo_organiser):
    for slug in (*migration.DEMO_SLUGS, "eigen"):
        Club.objects.create(name=slug, slug=slug)
    if demo_organiser:
        user = User.objects.create_user("organiser")
        StaffRole.objects.create(user=user, club=Club.objects.get(slug="demo"), role="organiser")
    migration.mark_demo_clubs(apps, None)
    marked = set(Club.objects.filter(is_demo=True).values_list("slug", flat=True))
    assert marked == (set(migration.DEMO_SLUGS) if demo_organiser else set())
