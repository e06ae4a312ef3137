"""Remove the demo in one step and one transaction: every demo club and league (``Club.is_demo``), their
competitions with everything played in them, their members and teams, and the demo's logins
(``selectors.demo_logins``). Nothing of a club of its own is touched: a competition of its own that
uses a demo team or member (a league of its own with a demo club in it) stops the removal, which then
changes nothing.

The order is the one the foreign keys need (the admin refuses to delete a played competition: its
tables, fixtures and entrants are protected one by the other): tables (with their deals, seats and
audit), fixtures, rounds, evenings, entrants, then the competitions, teams, members, clubs and logins.
The audit is the log line ``scoring.demo``.
"""

from __future__ import annotations

import logging

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext as _

from clubs.models import Club, Player, Team
from competitions.models import Competition, Entrant, Evening, Fixture, Match, Round
from competitions.pagecache.keys import one_bump_for_the_site
from scoring.demo.selectors import DemoContents, demo_club_ids, demo_contents, demo_logins

logger = logging.getLogger(__name__)


class DemoRemovalError(Exception):
    """The demo was not removed (the message says why); nothing changed."""


@transaction.atomic
def remove_demo(*, user) -> DemoContents:
    """Remove the demo; returns what went. Raises ``DemoRemovalError`` when there is none or a club of
    its own uses part of it."""
    ids = demo_club_ids()
    if not ids:
        raise DemoRemovalError(_("There is no demo to remove."))
    contents = demo_contents()
    logins = list(demo_logins(ids).values_list("pk", flat=True))
    competitions = Competition.objects.filter(club_id__in=ids)
    try:
        with one_bump_for_the_site():  # not a page-cache bump per deleted seat: one for the site at the end
            _delete_in_order(ids, competitions)
    except ProtectedError as error:
        used = sorted({str(getattr(obj, "competition", obj)) for obj in error.protected_objects})
        raise DemoRemovalError(
            _("The demo was not removed: %(what)s of a club of its own uses demo members or teams.")
            % {"what": ", ".join(used[:3])}
        ) from None
    get_user_model().objects.filter(pk__in=logins).delete()
    logger.info(
        "demo removed by %s: %d clubs, %d competitions, %d players, logins %s",
        user.get_username(),
        len(contents.clubs),
        contents.competitions,
        contents.players,
        ", ".join(contents.logins) or "none",
    )
    return contents


def _delete_in_order(club_ids: list[int], competitions) -> None:
    Match.objects.filter(round__competition__in=competitions).delete()
    Fixture.objects.filter(round__competition__in=competitions).delete()
    Round.objects.filter(competition__in=competitions).delete()
    Evening.objects.filter(competition__in=competitions).delete()
    Entrant.objects.filter(competition__in=competitions).delete()
    competitions.delete()
    Team.objects.filter(club_id__in=club_ids).delete()
    Player.objects.filter(club_id__in=club_ids).delete()
    Club.objects.filter(pk__in=club_ids).delete()
