"""The standings page, its PDF and its xlsx are routed together (issue 35 item 2): one URLconf,
``competitions/standings/urls.py``, three names in the namespace "standings", the public paths of
contract 3 unchanged, and the older names still reversing to the same paths."""

import pytest
from django.urls import resolve, reverse

from competitions.standings import urls, views

SLUG = "winter-2025"
PATHS = {
    "page": (f"/competitions/{SLUG}/standings/", views.standings_page),
    "pdf": (f"/competitions/{SLUG}/standings.pdf", views.standings_pdf),
    "xlsx": (f"/competitions/{SLUG}/standings.xlsx", views.standings_xlsx),
}
OLD_NAMES = {
    "competitions:standings": "page",
    "competition_exports:standings_pdf": "pdf",
    "competition_exports:standings_xlsx": "xlsx",
}


def test_the_three_live_in_one_urlconf_next_to_each_other():
    assert [(p.name, p.callback) for p in urls.urlpatterns] == [(name, view) for name, (_path, view) in PATHS.items()]
    assert urls.app_name == "standings"


@pytest.mark.parametrize("name", PATHS)
def test_each_path_resolves_to_the_standings_folders_view(name):
    path, view = PATHS[name]
    match = resolve(path)
    assert match.func is view
    assert match.func.__module__ == "competitions.standings.views"
    assert match.view_name == f"standings:{name}"
    assert match.kwargs == {"slug": SLUG}
    assert reverse(f"standings:{name}", kwargs={"slug": SLUG}) == path


@pytest.mark.parametrize("old", OLD_NAMES)
def test_the_older_names_are_aliases_of_the_same_paths(old):
    path, view = PATHS[OLD_NAMES[old]]
    assert reverse(old, kwargs={"slug": SLUG}) == path
    assert resolve(path).func is view


def test_the_check_can_fail():
    """A path of another page does not pass for the standings."""
    match = resolve(f"/competitions/{SLUG}/standings/projector/")
    assert match.func.__module__ != "competitions.standings.views"
    assert not match.view_name.startswith("standings:")
