"""The demo's ratings: computed at the end of ``seed_demo``, so a newcomer finds a ranking at /ratings/."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.ratings.services import recompute_all


def seed_ratings() -> str:
    """Rate every pool whose results changed (a second run finds them fresh and writes nothing).
    Returns a sentence for the demo's summary, the same on every run."""
    runs = [run for _club, run in recompute_all(only_if_stale=True) if run.players]
    return " " + _("Player ratings: %(players)s players in %(pools)s clubs and leagues, at /ratings/.") % {
        "players": sum(run.players for run in runs),
        "pools": len(runs),
    }
