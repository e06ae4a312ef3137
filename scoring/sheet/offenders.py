"""Who verzaakt, by seat (RULES.md §9: in individual play the offending player alone loses the club's
penalty from the personal score). A sheet may name, per verzaakt deal, the seat of the player who
verzaakt (``Deal.verzaakt_seat``); ``MatchSeat.verzaakt`` counts those deals per seat and is what the
individual standings charge (``competitions.standings.individual.personal_points``).

Both are kept in step by the save services, in their transaction: ``check_offenders`` before the first
write (a seat nobody sits at, or a seat of the other side, and the sheet is refused), ``count_offenders``
after the deals are replaced. The counts are compared with those of the sheet as it was, so an
ordinary save (nobody named before or after) costs no query at all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.db.models import Case, IntegerField, Value, When
from django.utils.translation import gettext as _

from competitions.models import Match, MatchSeat
from core.compass import seat_label
from scoring.sheet.deal_input import DealError


def check_offenders(match: Match, inputs: list) -> list[DealError]:
    """What is wrong with the seats named as the ones who verzaakt: each must have a player of the
    side that verzaakt at this table. Reads the seats only when a seat is named."""
    named = [(n, d) for n, d in enumerate(inputs, start=1) if getattr(d, "verzaakt_seat", "")]
    if not named:
        return []
    sides = dict(MatchSeat.objects.filter(match_id=match.pk).values_list("seat", "side"))
    errors = []
    for number, deal in named:
        seat = deal.verzaakt_seat
        if seat not in sides:
            message = _(
                "nobody sits at seat %(seat)s at this table; name the player who verzaakt only in individual play"
            )
            errors.append(DealError(number, "verzaakt_seat", message % {"seat": seat_label(seat)}))
        elif sides[seat] != deal.verzaakt:
            message = _("seat %(seat)s is not on the side that verzaakt; name one of its own players")
            errors.append(DealError(number, "verzaakt_seat", message % {"seat": seat_label(seat)}))
    return errors


def offender_label(seat: str, seat_names: dict[str, str]) -> str:
    """The player who verzaakt as the sheet names them: the seat and the name, "O (Jan Smit)"; ""
    when not named. The match page and the phone's check page show it beside the V mark."""
    if not seat:
        return ""
    name = seat_names.get(seat, "")
    return f"{seat_label(seat)} ({name})" if name else seat_label(seat)


def seat_counts(seats: Iterable[str | None]) -> Counter:
    return Counter(seat for seat in seats if seat)


def count_offenders(match: Match, before: list[dict], after: list[str]) -> None:
    """Set ``MatchSeat.verzaakt`` of ``match`` to the deals of the new sheet (``after``: its named
    seats, "" where none) in which each seat verzaakt; one UPDATE, and none when nothing changed
    (``before``: the sheet as it was, in ``stored_deals`` form)."""
    old, new = seat_counts(d.get("verzaakt_seat") for d in before), seat_counts(after)
    if old == new:
        return
    MatchSeat.objects.filter(match_id=match.pk).update(
        verzaakt=Case(
            *(When(seat=seat, then=Value(count)) for seat, count in new.items()),
            default=Value(0),
            output_field=IntegerField(),
        )
    )
