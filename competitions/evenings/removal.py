"""Removing a club evening (issue 33 item 10).

``delete_evening`` removes any evening (issue 33 item 10), with all that is on it: its
rounds, tables and their results, byes, attendance, call-offs, substitutes, sign-ups and imported
totals; an evening with results (a table with a result, or imported totals) only when
``confirmed`` (the organiser's page names what goes first). The evenings after it move down one
number and their rounds' season numbers close the gap too, so "avond 5" stays the fifth evening
held, as the club's own sheet counts them (the standings' evening columns, periods of k evenings
and "the season's last planned evening" count evenings by number); the standings are computed
afresh from what remains. An audit row (``SettingsChange``, "evening removed") keeps what went.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from competitions.base.checks import DrawError
from competitions.base.rows import lock_competition
from competitions.evenings.services import with_results
from competitions.models import Attendance, Bye, Entrant, Evening, Match, MatchSide, Round, SettingsChange


@dataclass(frozen=True)
class EveningContents:
    """What goes when an evening is removed (the confirmation page names it)."""

    number: int
    date: datetime.date | None
    imported: bool
    rounds: int
    tables: int
    results: int  # tables with a result
    imported_totals: int
    present: int
    later: list[int]  # the numbers of the evenings after it, which move down one

    @property
    def has_results(self) -> bool:
        return bool(self.results or self.imported_totals)


def evening_contents(evening: Evening) -> EveningContents:
    """What is on ``evening`` (five queries)."""
    tables = Match.objects.filter(round__evening=evening)
    return EveningContents(
        number=evening.number,
        date=evening.date,
        imported=evening.imported,
        rounds=evening.rounds.count(),
        tables=tables.count(),
        results=with_results(tables).count(),
        imported_totals=evening.imported_totals.count(),
        present=evening.attendances.count(),
        later=list(
            Evening.objects.filter(competition_id=evening.competition_id, number__gt=evening.number)
            .order_by("number")
            .values_list("number", flat=True)
        ),
    )


@transaction.atomic
def delete_evening(*, evening: Evening, user=None, confirmed: bool = False) -> int:
    """Remove ``evening`` with all that is on it and close the gap in the numbers; its number. An
    evening with results only when ``confirmed``."""
    competition = lock_competition(evening.competition)
    evening = Evening.objects.get(pk=evening.pk)
    contents = evening_contents(evening)
    if contents.has_results and not confirmed:
        raise DrawError(
            _(
                "Evening %(number)s has results (%(results)s tables, %(totals)s imported totals); confirm that "
                "they go with it."
            )
            % {"number": evening.number, "results": contents.results, "totals": contents.imported_totals}
        )
    player_ids = set(evening.attendances.values_list("player_id", flat=True))
    rounds = sorted(evening.rounds.values_list("number", flat=True))
    number = evening.number
    evening.delete()  # rounds, tables, results, seats, byes, attendance, imported totals go with it (cascade)
    _drop_unused_entrants(competition, player_ids)
    # close the gaps, lowest first so that no number is taken twice on the way (unique per competition)
    for later in Evening.objects.filter(competition=competition, number__gt=number).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])
    if rounds:
        free = rounds[0]
        for round in Round.objects.filter(competition=competition, number__gt=free).order_by("number"):
            round.number, free = free, free + 1
            round.save(update_fields=["number"])
    SettingsChange.objects.create(
        competition=competition,
        user=user,
        action=SettingsChange.Action.REMOVE_EVENING,
        via=SettingsChange.Via.PAGE,
        changes={
            "evening_removed": [
                {
                    "number": number,
                    "date": contents.date.isoformat() if contents.date else None,
                    "imported": contents.imported,
                    "rounds": contents.rounds,
                    "tables": contents.tables,
                    "results": contents.results,
                    "imported_totals": contents.imported_totals,
                    "present": contents.present,
                    "renumbered": contents.later,
                },
                None,
            ]
        },
    )
    return number


def _drop_unused_entrants(competition, player_ids: set[int]) -> None:
    """Entrants of these players that nothing else in the competition refers to."""
    if not player_ids:
        return
    elsewhere = set(
        Attendance.objects.filter(evening__competition=competition, player_id__in=player_ids).values_list(
            "player_id", flat=True
        )
    )
    unused = (
        Entrant.objects.filter(competition=competition, player_id__in=player_ids - elsewhere)
        .exclude(pk__in=MatchSide.objects.filter(entrant__isnull=False).values("entrant_id"))
        .exclude(pk__in=Bye.objects.values("entrant_id"))
    )
    unused.delete()
