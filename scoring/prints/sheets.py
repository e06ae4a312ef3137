"""Score sheets: what a table's sheet says, gathered from the database in a fixed number of queries.

:func:`sheets_for_round` and :func:`sheet_for_match` return :class:`Sheet` values (plain data, no
ORM objects); :mod:`scoring.prints.pdf` draws them, two A5 sheets to an A4 page. A blank sheet
has rows with only the deal number, the dealer and (with trump "verplicht") the forced bidder; a
filled sheet also carries each deal as the traditional sheet writes it: per side the points and
the roem it scored (a nat side writes 0, the other side all 162 plus all roem), and the mark.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from clubs.members.staff_names import result_staff_names
from competitions.base.rulesets import ruleset_for
from competitions.models import Competition, Match, MatchSeat, MatchSide, Round
from core.compass import seat_label
from documents.public_names import public
from scoring.duplicate.selectors import board_numbers
from scoring.rules import RULESETS

FOUR_SEATS = ("N", "E", "S", "W")
THREE_SEATS = ("N", "E", "S")
TRUMP_CHOICE_LABELS = {
    "free": gettext_noop("free"),
    "dealer-first": gettext_noop("dealer first"),
    "verplicht": gettext_noop("verplicht"),
    "turned-card": gettext_noop("turned card"),
    "turned-card-other": gettext_noop("turned card, other suit"),
    "dealer-card": gettext_noop("dealer's last card"),
}


@dataclass
class SheetSide:
    label: str  # "wij"/"zij", or the seat of a three-player table
    name: str  # the team, pair or entrant name ("" when none)
    seats: tuple[str, ...]  # the seats of this side


@dataclass
class SheetRow:
    number: int
    dealer_seat: str
    dealer_name: str
    forced_bidder: int | None = None  # the side "verplicht" makes bid
    bidder: int | None = None  # filled sheets: the side that bid
    points: tuple[int, ...] = ()  # filled sheets: per side, as written on a sheet
    roem: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    mark: str = ""
    offender: str = ""  # filled sheets, individual play: the seat of the player who verzaakt ("" not named)
    board: int | None = None  # duplicate: the board number on the wallet, printed instead of ``number``


@dataclass
class Sheet:
    club: str
    competition: str
    round_number: int
    date: str
    table: int
    sides: list[SheetSide]
    seat_names: dict[str, str]
    rules_name: str
    rules_options: list[str]
    rows: list[SheetRow]
    entry_url: str = ""
    short_url: str = ""
    code: str = ""  # the table link's code, printed under its QR code (on staff prints only)
    pins: tuple[str, ...] = ()  # each side's acceptance code, in its signature box (on staff prints only)
    round_label: str = ""  # "Evening 11 · round 1" (Round.label); round_number stays internal
    filled: bool = False
    status: str = ""
    totals: tuple[int, ...] = ()
    tally: bool = False
    points_totals: tuple[int, ...] = field(default=())
    roem_totals: tuple[int, ...] = field(default=())

    @property
    def offenders(self) -> list[tuple[int, str, str]]:
        """Filled sheets: (deal as printed, seat, player's name) of each deal whose player who
        verzaakt is named (RULES.md §9: that player alone loses the club's penalty)."""
        return [(r.board or r.number, r.offender, self.seat_names.get(r.offender, "")) for r in self.rows if r.offender]

    @property
    def players(self) -> int:
        return len(self.seat_names) if len(self.sides) == 3 else 4


# --- rules of a competition -------------------------------------------------------------------


def competition_rules(competition: Competition):
    """The competition's RuleSet (competitions.base.rulesets); the bare preset if its options are unusable,
    so a sheet still prints."""
    try:
        return ruleset_for(competition)
    except ValueError:  # RuleOptionError
        preset = RULESETS.get(competition.ruleset) or RULESETS["amsterdam"]
        return dataclasses.replace(preset, deals_per_match=competition.deals_per_match)


def rule_option_texts(rules) -> list[str]:
    """The options a table needs to know, as short texts for the sheet."""
    get: Callable[..., Any] = lambda name, default=None: getattr(rules, name, default)  # noqa: E731
    texts = []
    if not get("target_score") and not get("boom", False):  # how many deals the table plays (16, 12 …)
        count = get("deals_per_match", 16)
        texts.append(ngettext("%(count)s deal", "%(count)s deals", count) % {"count": count})
    texts.append(_("four jacks %(value)s") % {"value": get("four_jacks", 200)})
    ranks = get("four_of_a_kind_ranks")
    standard = {"10", "Q", "K", "A"}
    if ranks is not None and {str(getattr(r, "value", r)) for r in ranks} != standard:
        texts.append(
            _("four of a kind: %(ranks)s") % {"ranks": " ".join(sorted(str(getattr(r, "value", r)) for r in ranks))}
        )
    if get("has_bidder", True):
        if get("no_nat"):
            texts.append(_("no nat"))
        else:
            texts.append(_("nat on a tie") if get("nat_on_tie", True) else _("a tie is not nat"))
    texts.append(_("pit %(value)s") % {"value": get("pit_bonus", 100)})
    if get("verzaakt_penalty") == "fixed-points":
        texts.append(_("verzaakt: minus %(value)s") % {"value": get("verzaakt_points", 100)})
    elif get("verzaakt_penalty") == "replay":
        texts.append(_("verzaakt: the deal is replayed"))
    if get("verzaakt_bonus") and get("verzaakt_penalty", "whole-deal") == "whole-deal":
        texts.append(_("verzaakt bonus %(value)s") % {"value": get("verzaakt_bonus")})
    if get("slot_bonus"):
        texts.append(_("slot bonus %(value)s") % {"value": get("slot_bonus")})
    if get("nil_bid"):
        texts.append(_("nil bid allowed"))
    if get("target_score"):
        texts.append(_("play to %(value)s") % {"value": get("target_score")})
        if get("target_winner") == "bidder":
            texts.append(_("both past %(value)s: the bidder side wins") % {"value": get("target_score")})
    if get("hand_roem"):
        if get("hand_roem_rule") == "highest":
            texts.append(_("hand roem: only the highest combination"))
        else:
            texts.append(_("hand roem: each side its own"))
    if get("stuk") == "one-player":
        texts.append(_("stuk: one player's king and queen"))
    if get("tiebreak_deals"):
        texts.append(_("tie-break: %(value)s deals") % {"value": get("tiebreak_deals")})
    choice = get("trump_choice", "free")
    texts.append(_("trump: %(how)s") % {"how": _(TRUMP_CHOICE_LABELS.get(choice, choice))})
    return texts


def dealer_index(rules, number: int, first: int) -> int:
    """RULES.md §2: the dealer rotates one seat a deal (counter-clockwise when dealer_direction is -1)."""
    players = getattr(rules, "players", 4)
    return (first + getattr(rules, "dealer_direction", 1) * (number - 1)) % players


def forced_bidder(rules, dealer: int) -> int | None:
    """With trump "verplicht" the player after the dealer must choose: his side is the bidder."""
    if getattr(rules, "trump_choice", "free") != "verplicht" or not getattr(rules, "has_bidder", True):
        return None
    players = getattr(rules, "players", 4)
    after = (dealer + getattr(rules, "dealer_direction", 1)) % players
    return after if players == 3 else after % 2


# --- gathering --------------------------------------------------------------------------------


def _matches(queryset, *, with_deals: bool):
    queryset = queryset.select_related(
        "round__competition__club", "round__evening", "confirmed_by", "entered_by"
    ).prefetch_related(
        Prefetch("seats", queryset=MatchSeat.objects.select_related("player")),
        Prefetch("match_sides", queryset=MatchSide.objects.select_related("entrant")),
    )
    if with_deals:
        queryset = queryset.prefetch_related("deals")
    return queryset


def sheets_for_round(round_: Round, *, urls) -> list[Sheet]:
    """Blank sheets, one per table of the round. ``urls(match) -> (entry_url, short_url)``."""
    matches = _matches(Match.objects.filter(round=round_).order_by("table"), with_deals=False)
    return [build_sheet(match, urls=urls) for match in matches]


def match_for_sheet(pk: int) -> Match:
    """The match with everything a filled sheet needs (raises Match.DoesNotExist)."""
    return _matches(Match.objects.filter(pk=pk), with_deals=True).get()


def _side_name(side: MatchSide | None, names: list[str]) -> str:
    if side is not None and side.entrant:
        return side.entrant.name
    return " & ".join(n for n in names if n)


def build_sheet(match: Match, *, urls, filled: bool = False, tally: bool = False) -> Sheet:
    round_ = match.round
    competition = round_.competition
    rules = competition_rules(competition)
    three = match.sides == 3 or getattr(rules, "players", 4) == 3
    seats = THREE_SEATS if three else FOUR_SEATS
    seat_names = {seat: "" for seat in seats}
    for seat in match.seats.all():
        if seat.seat in seat_names:
            # as public output shows it (documents.public_names) before the dealer column takes its first word,
            # which the PDF's canvas could not recognise as a name any more
            seat_names[seat.seat] = public(seat.player.name)
    by_side = {s.side: s for s in match.match_sides.all()}
    if three:
        sides = [
            SheetSide(seat_label(seat), _side_name(by_side.get(i), [seat_names[seat]]), (seat,))
            for i, seat in enumerate(seats)
        ]
    else:
        sides = [
            SheetSide("wij", _side_name(by_side.get(0), [seat_names["N"], seat_names["S"]]), ("N", "S")),
            SheetSide("zij", _side_name(by_side.get(1), [seat_names["E"], seat_names["W"]]), ("E", "W")),
        ]
    first = seats.index(competition.first_dealer) if competition.first_dealer in seats else 0
    if three and getattr(rules, "players", 4) != 3:
        rules = dataclasses.replace(RULESETS.get("driemans") or rules, deals_per_match=competition.deals_per_match)
    deals = {d.number: d for d in match.deals.all()} if filled else {}
    count = max([competition.deals_per_match, *deals])
    rows = []
    boards = board_numbers(match)  # duplicate: the wallet's board numbers (issue 24 item 2)
    for number in range(1, count + 1):
        dealer = dealer_index(rules, number, first)
        row = SheetRow(number, seats[dealer], seat_names[seats[dealer]].split(" ")[0], forced_bidder(rules, dealer))
        row.board = boards.get(number)
        if number in deals:
            _fill_row(row, deals[number], getattr(rules, "deal_total", 162))
        rows.append(row)
    entry_url, short_url, *link = urls(match)  # staff prints: the table link's code, each side's acceptance code
    sheet = Sheet(
        club=competition.club.name,
        competition=competition.name,
        round_number=round_.number,
        round_label=round_.label,
        date=formats.date_format(round_.date, "DATE_FORMAT") if round_.date else "",
        table=match.table,
        sides=sides,
        seat_names=seat_names,
        rules_name=str(competition.get_ruleset_display()),
        rules_options=rule_option_texts(rules),
        rows=rows,
        entry_url=entry_url,
        short_url=short_url,
        code=link[0] if link else "",
        pins=tuple(link[1]) if len(link) > 1 else (),
        filled=filled,
        tally=tally,
    )
    if filled:
        n = len(sides)
        played = [r for r in rows if r.scores]
        sheet.points_totals = tuple(sum(r.points[i] for r in played) for i in range(n))
        sheet.roem_totals = tuple(sum(r.roem[i] for r in played) for i in range(n))
        sheet.totals = tuple(sum(r.scores[i] for r in played) for i in range(n))
        sheet.status = status_text(match)
    return sheet


def split_score(score: int, own_points: int, total: int, takes_all: bool) -> tuple[int, int]:
    """A deal's score as a sheet writes it: (points, roem). A side that takes all writes the 162."""
    base = total if takes_all else own_points
    if score <= 0:
        return 0, 0
    if score < base:
        return score, 0
    return base, score - base


def _fill_row(row: SheetRow, deal, total: int) -> None:
    scores = deal.scores
    points = deal.points
    parts = []
    for side, score in enumerate(scores):
        takes_all = score > 0 and (
            (deal.nat and side != deal.bidder)
            or (deal.verzaakt is not None and side != deal.verzaakt)
            or bool(deal.challenge)
        )
        own = points[side] if side < len(points) and points[side] is not None else 0
        parts.append(split_score(score, own, total, takes_all))
    row.bidder = deal.bidder
    row.points = tuple(p for p, _r in parts)
    row.roem = tuple(r for _p, r in parts)
    row.scores = tuple(scores)
    row.mark = deal.mark or ("N" if deal.nat else "")
    row.offender = deal.verzaakt_seat


def status_text(match: Match) -> str:
    status = str(match.get_status_display())
    if match.status == Match.Status.CONFIRMED and match.confirmed_at:
        when = formats.date_format(timezone.localtime(match.confirmed_at), "DATETIME_FORMAT")
        if match.confirmed_by_id:
            return _("Confirmed by %(user)s on %(when)s") % {
                "user": result_staff_names(match)["confirmed"],
                "when": when,
            }
        return _("Confirmed on %(when)s") % {"when": when}
    if match.entered_by_id and match.entered_at:
        when = formats.date_format(timezone.localtime(match.entered_at), "DATETIME_FORMAT")
        return _("%(status)s — entered by %(user)s on %(when)s") % {
            "status": status,
            "user": result_staff_names(match)["entered"],
            "when": when,
        }
    return status
