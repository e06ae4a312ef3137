"""Reads of the set-up: whether the site has a club of its own yet, and the demo to look around in."""

from __future__ import annotations

from django.db.models import Prefetch

from clubs.models import Club


def has_own_club() -> bool:
    """True once a club or league that is not the demo's exists (one query)."""
    return Club.objects.filter(is_demo=False).exists()


def setup_is_open() -> bool:
    return not has_own_club()


def demo_clubs() -> list[Club]:
    """The demo's clubs and leagues, name order, each with ``public_competitions`` (two queries).

    The competitions are reached through the reverse relation (clubs imports no competitions module)."""
    competition_model = Club._meta.get_field("competitions").related_model
    assert competition_model is not None  # a relation always has its model
    competitions = competition_model._default_manager.filter(is_public=True)
    return list(
        Club.objects.filter(is_demo=True)
        .order_by("name")
        .prefetch_related(
            Prefetch("competitions", queryset=competitions.order_by("name"), to_attr="public_competitions")
        )
    )
