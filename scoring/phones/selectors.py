"""The table link, read side: the address phones reach, a match by its code, and what the phone
shows for it. Writes are in :mod:`scoring.phones.services`; the code itself is made by
:mod:`competitions.base.table_codes` when the round is published.

The address printed in QR codes: ``settings.SITE_URL`` when set (``SITE_URL=http://192.168.1.20:8000``);
otherwise the address the request came in on — except a loopback address (the organiser browsing at
127.0.0.1 on the laptop that serves), which a phone cannot reach: then this machine's address on
the local network (``settings.LAN_ADDRESS``, found by ``config.settings.local``) with the same port.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.http import Http404
from django.urls import reverse

from competitions.base.table_codes import normalise, printed, printed_pin, side_pin
from competitions.models import Match, MatchSeat, MatchSide, Round
from core.compass import seat_label
from core.site_address import site_url  # the address phones reach; lives in core so clubs' invitation links use it too
from scoring.models import Deal
from scoring.selectors import seats_in_order, sides_of
from scoring.sheet.layout import SIDE_SHOWN


def table_path(code: str) -> str:
    return reverse("table:page", kwargs={"code": code})


def table_url(request, match: Match) -> str | None:
    """The table link of ``match`` (absolute, for a QR code), or None while it has no code."""
    if not match.table_code:
        return None
    return site_url(request) + table_path(match.table_code)


def short_address(request) -> str:
    """What is printed beside the code: the site's address without the scheme, and /t/."""
    address = site_url(request).split("://", 1)[-1]
    return f"{address}{reverse('table:home')}"


class TableLinkPaused(Http404):
    """The code is a table's, but its round is not published now (the organiser unpublished it to
    change the draw): the link works again, the same, once the round is published again."""


def match_for_code(code: str, *, deals: bool = True) -> Match:
    """The match with this table code, with everything its phone page shows (5 queries; 4 without
    its ``deals``, for the names alone); 404 for a code that is malformed or unknown (ended: its table
    is no more), ``TableLinkPaused`` (a 404 too) for a table whose round is not published at the moment."""
    normal = normalise(code)
    if normal is None:
        raise Http404
    related = [
        Prefetch("seats", queryset=MatchSeat.objects.select_related("player")),
        Prefetch("match_sides", queryset=MatchSide.objects.select_related("entrant")),
    ]
    if deals:
        related.append(Prefetch("deals", queryset=Deal.objects.order_by("number")))
    queryset = Match.objects.select_related("round__competition__club", "round__evening").prefetch_related(*related)
    match = queryset.filter(table_code=normal).first()
    if match is None:
        raise Http404
    if match.round.status != Round.Status.PUBLISHED:
        raise TableLinkPaused
    return match


class State:
    """What a phone can do with a table's sheet now."""

    ENTER = "enter"  # nothing or part entered, or sent back: type (on)
    CHECK = "check"  # entered at the table: the opponents accept it or send it back
    ACCEPTED = "accepted"  # accepted at the table, a scorer still confirms (second check "scorer"/"both")
    STAFF = "staff"  # entered by a scorer: it is checked at the desk, the phone only shows it
    CONFIRMED = "confirmed"  # counts: read only


def state_of(match: Match) -> str:
    if match.status == Match.Status.CONFIRMED:
        return State.CONFIRMED
    if match.status == Match.Status.ENTERED:
        if match.table_entered_side is None:
            return State.STAFF
        return State.ACCEPTED if match.table_checked_at else State.CHECK
    return State.ENTER


@dataclass(frozen=True)
class SideWords:
    """How the sheet names a side: its word ("wij"/"zij", or the seat) and its players or team."""

    index: int
    label: str
    name: str
    key: str  # the one key the entry form takes for it ("w", "z"; "n", "e", "s")

    def __str__(self) -> str:
        return f"{self.label} ({self.name})" if self.name and self.name != self.label else self.label


def side_words(sides) -> list[SideWords]:
    """From ``scoring.selectors.sides_of``: the words the phone uses for each side."""
    keys = SIDE_SHOWN[len(sides)]
    return [SideWords(s.index, s.label, s.name, keys[s.index]) for s in sides]


def side_label(match: Match, side: int) -> str:
    """The word the sheet and the phone use for ``side``: wij/zij, or the seat at a table of three."""
    labels = ("wij", "zij") if match.sides == 2 else tuple(seat_label(s) for s in ("N", "E", "S"))
    return labels[side] if 0 <= side < len(labels) else str(side)


def side_pins(match: Match) -> list[tuple[str, str]]:
    """(side word, printed acceptance code) of each side, for the staff: the phones page, the sheets."""
    if not match.table_code:
        return []
    return [(side_label(match, side), printed_pin(side_pin(match.table_code, side))) for side in range(match.sides)]


def printed_code(match: Match) -> str:
    return printed(match.table_code) if match.table_code else ""


def names_at_table(match: Match) -> dict:
    """Who sits at the table now, as its phone page shows them (issue 33 item 4): each side's word and
    name, and each seat's player (the dealer of a deal, the player who verzaakt). A phone open on the
    page polls this and shows a reseat or a new publication without a reload."""
    sides = [{"index": w.index, "label": w.label, "name": w.name} for w in side_words(sides_of(match))]
    seats = [
        {"seat": seat.seat, "label": seat_label(seat.seat), "side": seat.side, "name": seat.player.name}
        for seat in seats_in_order(match)
    ]
    return {"round": match.round.label, "sides": sides, "seats": seats}
