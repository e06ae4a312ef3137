"""Totals-only entry: a club that writes only each side's match total (and perhaps roem, nat and pit
counts) saves that, instead of sixteen deals. One transaction, with the guarantees of
``scoring.services.save_deals``: a refused call changes nothing (every error named at once), the
version check is the same conditional UPDATE (``StaleVersion``), the rights are
``competitions.permissions``, a confirmed result is corrected by the organiser only and needs
confirming again, an audit entry keeps before and after, and ``scoring.services.confirm_match``
confirms it unchanged (the same second-person rule).

What is stored: the sides' ``total``, ``opponents_total`` and ``result`` (from the totals); of the
statistics only those given — ``roem``, ``nat`` and ``pits`` (every pit the side made: a totals
sheet does not tell pit from tegenpit) — and NULL for the rest (bids, made, tegenpits, verzaakt,
and any count not given), so that the standings can show "not recorded" apart from 0. The match's
deals are removed (the audit entry keeps them) and ``deals_played`` is the match's number of deals.

Who verzaakt (issue 33 item 11): a totals sheet of individual play may say "verzaakt by X" —
``verzaakt``, seat -> the deals that seat's player verzaakt. It is stored as the deal-by-deal sheet
stores its named offenders, in ``MatchSeat.verzaakt`` (``scoring.sheet.offenders``), so the club's
personal penalty reaches the standings, the evening result and the reports the same way; the
sides' ``verzaakt`` statistic is the sum of their seats. Each seat must have a player at this table;
a count is 0..deals, all together at most the deals (one offender per deal). Not given (None, or
every seat empty): nobody is charged and the sides' verzaakt is "not recorded".

Bounds (RULES.md §4, computed from the rule set, so no real sheet is refused): a side's total is at
most deals × (deal total + every side's roem at its maximum + every bonus) × the largest Wilde
Boom factor; all totals together are at least deals × deal total + the roem given + the pit bonus
of the pits given (every deal's card points, roem and pit bonus go to some side); roem is a multiple
of 10 up to deals × 1000 per side; nat and pit counts are 0..deals per side and together at most
the number of deals. Matches played to a target score and the South African boom are refused
(``competitions.season.entry_modes``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Case, F, IntegerField, Value, When
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions import notices, permissions
from competitions.base.rulesets import ruleset_for_match
from competitions.models import SEATS, Competition, Match, MatchSeat, MatchSide
from competitions.season.entry_modes import totals_refusal
from core.compass import seat_label
from scoring.backup.auto import after_confirmation
from scoring.models import AuditEntry, Deal
from scoring.rules import RuleSet
from scoring.rules.deal import MAX_ROEM
from scoring.services import (
    EntryError,
    NotAllowed,
    StaleVersion,
    refresh_fixture,
    refuse_unless_may_correct,
    stored_deals,
)
from scoring.sheet.layout import side_labels
from scoring.sheet.log import result_written
from scoring.sheet.offenders import count_offenders

#: The counts a totals sheet may carry besides the totals, in form order.
COUNTS = ("roem", "nat", "pits")
#: The statistics a totals sheet never has: stored as NULL ("not recorded").
NOT_KEPT = ("bids", "made", "tegenpits", "verzaakt")


@dataclass(frozen=True)
class TotalsError:
    field: str  # "totals", "roem", "nat", "pits", "verzaakt" or "match"
    side: int | None  # the side at fault, or None for the match as a whole
    message: str
    seat: str = ""  # "verzaakt": the seat at fault

    def as_dict(self) -> dict:
        return {"field": self.field, "side": self.side, "message": self.message}


@dataclass
class TotalsInvalid(EntryError):
    """The totals have errors; nothing was saved. ``errors`` names every field and side at fault."""

    errors: list[TotalsError]

    def __str__(self) -> str:
        return "; ".join(e.message for e in self.errors)


def _whole(value) -> int | None:
    return value if type(value) is int else None


def max_total(rules: RuleSet) -> int:
    """The most one side can score in a match under ``rules`` (a generous bound, never reached)."""
    per_deal = (
        rules.deal_total
        + rules.sides * MAX_ROEM
        + rules.pit_bonus
        + rules.slot_bonus
        + rules.verzaakt_bonus
        + (rules.nil_bonus if rules.nil_bid else 0)
    )
    factor = (1 << 3 if rules.challenges else 1) * (2 if rules.spades_double else 1)
    return rules.deals_per_match * per_deal * factor


def check_totals(rules: RuleSet, *, totals: Sequence, counts: dict[str, Sequence | None]) -> dict:
    """The checked sheet ``{"totals": [...], "roem": [...] | None, "nat": …, "pits": …}``, or
    ``TotalsInvalid`` with every error. A count is given for every side or for none."""
    sides, deals = rules.sides, rules.deals_per_match
    labels = side_labels(sides)
    errors: list[TotalsError] = []
    refusal = totals_refusal(rules)
    if refusal:
        raise TotalsInvalid([TotalsError("match", None, refusal)])
    names = {"totals": _("total"), "roem": _("roem"), "nat": _("nat"), "pits": _("pits")}

    def side_values(field: str, values, high: int, step: int = 1) -> list[Any] | None:
        if values is None:
            return None
        if not isinstance(values, list | tuple) or len(values) != sides:
            errors.append(
                TotalsError(
                    field, None, _("%(field)s: give one number per side (%(n)s).") % {"field": names[field], "n": sides}
                )
            )
            return None
        if field != "totals" and all(v is None for v in values):
            return None
        out: list[Any] = []  # whole numbers; None where a side's is wrong (then TotalsInvalid is raised below)
        for side, value in enumerate(values):
            what = {"field": names[field], "side": labels[side], "value": value, "high": high, "deals": deals}
            number = _whole(value)
            if value is None and field == "totals":
                errors.append(TotalsError(field, side, _("The total of %(side)s is missing.") % what))
            elif value is None:
                errors.append(
                    TotalsError(
                        field, side, _("%(field)s of %(side)s is missing; give it for every side or for none.") % what
                    )
                )
            elif number is None:
                errors.append(
                    TotalsError(field, side, _("%(field)s of %(side)s: %(value)r is not a whole number.") % what)
                )
            elif number < 0:
                errors.append(TotalsError(field, side, _("%(field)s of %(side)s: %(value)s is below 0.") % what))
            elif number > high:
                errors.append(
                    TotalsError(
                        field,
                        side,
                        _("%(field)s of %(side)s: %(value)s is more than %(deals)s deals can give (at most %(high)s).")
                        % what,
                    )
                )
            elif number % step:
                errors.append(
                    TotalsError(
                        field,
                        side,
                        _("%(field)s of %(side)s: %(value)s is not a multiple of %(step)s.") % dict(what, step=step),
                    )
                )
            out.append(number)
        return out

    clean: dict[str, Any] = {"totals": side_values("totals", totals, max_total(rules))}  # None: not given
    clean["roem"] = side_values("roem", counts.get("roem"), deals * MAX_ROEM, 10)
    clean["nat"] = side_values("nat", counts.get("nat"), deals)
    clean["pits"] = side_values("pits", counts.get("pits"), deals)
    if errors:
        raise TotalsInvalid(errors)
    if clean["nat"] is not None and (rules.no_nat or not rules.has_bidder) and any(clean["nat"]):
        errors.append(TotalsError("nat", None, _("nat: these rules have no nat; leave it empty or 0.")))
    for field in ("nat", "pits"):
        if clean[field] is not None and sum(clean[field]) > deals:
            errors.append(
                TotalsError(
                    field,
                    None,
                    _(
                        "%(field)s together: %(value)s is more than the %(deals)s deals "
                        "of the match (one per deal at most)."
                    )
                    % {"field": names[field], "value": sum(clean[field]), "deals": deals},
                )
            )
    least = deals * rules.deal_total + sum(clean["roem"] or ()) + sum(clean["pits"] or ()) * rules.pit_bonus
    if sum(clean["totals"]) < least:
        errors.append(
            TotalsError(
                "totals",
                None,
                _(
                    "The totals together (%(value)s) are less than %(least)s: every deal's %(total)s card points, the roem "
                    "and the pit bonus go to one of the sides, so %(deals)s deals make at least that."
                )
                % {"value": sum(clean["totals"]), "least": least, "total": rules.deal_total, "deals": deals},
            )
        )
    if errors:
        raise TotalsInvalid(errors)
    return clean


def check_verzaakt(match: Match, rules: RuleSet, verzaakt: dict | None) -> dict[str, int] | None:
    """The checked "verzaakt by" counts (seat -> deals, only seats above 0), or None when the sheet
    names nobody; raises ``TotalsInvalid`` with every error. Reads the table's seats once."""
    if verzaakt is None or all(v is None or v == "" for v in verzaakt.values()):
        return None
    if match.round.competition.format != Competition.Format.INDIVIDUAL:
        message = _(
            "verzaakt: name the player who verzaakt only in individual play; a pair or a team loses as a whole."
        )
        raise TotalsInvalid([TotalsError("verzaakt", None, message)])
    seats = set(MatchSeat.objects.filter(match_id=match.pk).values_list("seat", flat=True))
    deals = rules.deals_per_match
    errors: list[TotalsError] = []
    out: dict[str, int] = {}
    for seat, value in sorted(verzaakt.items(), key=lambda item: SEATS.index(item[0]) if item[0] in SEATS else 9):
        if value is None or value == "":
            continue
        what = {"seat": seat_label(seat) if seat in SEATS else str(seat)[:3], "value": value, "deals": deals}
        number = _whole(value)
        if seat not in seats:
            errors.append(
                TotalsError(
                    "verzaakt",
                    None,
                    _("verzaakt: nobody sits at seat %(seat)s at this table; name the player who verzaakt.") % what,
                    seat=str(seat)[:3],
                )
            )
        elif number is None:
            errors.append(
                TotalsError("verzaakt", None, _("verzaakt by %(seat)s: %(value)r is not a whole number.") % what, seat)
            )
        elif number < 0:
            errors.append(TotalsError("verzaakt", None, _("verzaakt by %(seat)s: %(value)s is below 0.") % what, seat))
        elif number > deals:
            errors.append(
                TotalsError(
                    "verzaakt",
                    None,
                    _("verzaakt by %(seat)s: %(value)s is more than the %(deals)s deals of the match.") % what,
                    seat,
                )
            )
        elif number:
            out[seat] = number
    if not errors and sum(out.values()) > deals:
        errors.append(
            TotalsError(
                "verzaakt",
                None,
                _("verzaakt together: %(value)s is more than the %(deals)s deals of the match (one per deal at most).")
                % {"value": sum(out.values()), "deals": deals},
            )
        )
    if errors:
        raise TotalsInvalid(errors)
    return out


def stored_totals(match: Match) -> dict | None:
    """A totals-only result as it is stored (the audit log's form), or None if the match has none:
    not entered, or entered deal by deal. Reads the (prefetched) match sides."""
    if match.status == Match.Status.OPEN or match.deals_played == 0 or match.deals.exists():
        return None
    rows = sorted(match.match_sides.all(), key=lambda s: s.side)
    out: dict = {"totals": [s.total for s in rows]}
    for name in COUNTS:
        values = [getattr(s, name) for s in rows]
        out[name] = None if any(v is None for v in values) else values
    if rows and all(s.verzaakt is not None for s in rows):  # "verzaakt by" recorded: who (one query)
        out["verzaakt"] = dict(
            MatchSeat.objects.filter(match_id=match.pk, verzaakt__gt=0).order_by("seat").values_list("seat", "verzaakt")
        )
    return out


def _outcome(totals: list[int], side: int) -> str:
    best = max(totals)
    if totals[side] < best:
        return MatchSide.Result.LOSS
    return MatchSide.Result.DRAW if totals.count(best) > 1 else MatchSide.Result.WIN


@transaction.atomic
def save_totals(
    *,
    match: Match,
    user,
    version: int,
    totals: Sequence,
    roem: Sequence | None = None,
    nat: Sequence | None = None,
    pits: Sequence | None = None,
    verzaakt: dict | None = None,
) -> Match:
    """Store ``totals`` (one per side) and the counts given as the result of ``match`` — or change
    nothing. ``roem``, ``nat``, ``pits``: one per side, or None when the sheet does not keep it.
    ``verzaakt``: seat -> the deals that seat's player verzaakt ("verzaakt by X"), or None.

    Raises ``NotAllowed``, ``TotalsInvalid`` (every error at once) or ``StaleVersion``. The same
    result sent again at the current version is a no-op (no new version, no audit entry).
    """
    match = Match.objects.select_related("round__competition__club").get(pk=match.pk)
    if not permissions.can_enter(user, match):
        raise NotAllowed(_("You may not enter results for this match."))
    rules = ruleset_for_match(match)
    if rules.sides != match.sides:
        raise TotalsInvalid([TotalsError("match", None, _("this table has %(n)s sides") % {"n": match.sides})])
    clean = check_totals(rules, totals=totals, counts={"roem": roem, "nat": nat, "pits": pits})
    offenders = check_verzaakt(match, rules, verzaakt)
    if offenders is not None:
        clean["verzaakt"] = offenders
    competition = match.round.competition
    was_confirmed = match.status == Match.Status.CONFIRMED
    before_totals = stored_totals(match)
    if version == match.version and before_totals == clean:
        return match
    refuse_unless_may_correct(user, match, was_confirmed)
    if before_totals is not None:
        before = [before_totals]
    else:
        before = [{k: v for k, v in d.items() if k not in ("scores", "nat", "mark")} for d in stored_deals(match)]
    if not Match.objects.filter(pk=match.pk, version=version).update(version=F("version") + 1):
        current = Match.objects.get(pk=match.pk)
        raise StaleVersion(current.version, stored_deals(current))
    match.version = version + 1
    Deal.objects.filter(match=match).delete()
    _charge_offenders(match, before, offenders or {})

    now = timezone.now()
    match.deals_played = rules.deals_per_match
    match.entered_by, match.entered_at = user, now
    match.confirmed_by = match.confirmed_at = None
    if competition.organiser_entry_counts and permissions.is_organiser_of(user, competition.club_id):
        match.status, match.confirmed_at = Match.Status.CONFIRMED, now
    else:
        match.status = Match.Status.ENTERED
    match.table_entered_side = match.table_checked_at = match.table_checked_side = None
    match.changed_at = now
    match.save(
        update_fields=[
            "deals_played",
            "entered_by",
            "entered_at",
            "confirmed_by",
            "confirmed_at",
            "status",
            "table_entered_side",
            "table_checked_at",
            "table_checked_side",
            "changed_at",
        ]
    )
    _store_sides(match, clean)
    refresh_fixture(match.fixture_id)
    AuditEntry.objects.create(
        match=match,
        user=user,
        version=match.version,
        before=before,
        after=[clean],
        action=AuditEntry.Action.CORRECT if was_confirmed else AuditEntry.Action.SAVE,
    )
    result_written(match, action="totals corrected" if was_confirmed else "totals saved", user=user)
    if match.status == Match.Status.CONFIRMED:
        after_confirmation(match)
        notices.tell(notices.TABLE_CONFIRMED, match=match)  # the evening's result mails (members)
    elif match.status == Match.Status.ENTERED and competition.club.is_league:
        notices.tell(notices.RESULT_AWAITS, match=match)  # the other club's team hears it waits (members)
    return match


def _charge_offenders(match: Match, before: list, offenders: dict[str, int]) -> None:
    """``MatchSeat.verzaakt`` as the totals sheet names them (0 for every seat not named), as
    ``count_offenders`` keeps it for a deal-by-deal sheet; no query when nothing changes."""
    old = (before[0].get("verzaakt") or {}) if before and "totals" in before[0] else None
    if old is None:  # the sheet before was deal by deal (or empty): its deals named the offenders
        count_offenders(match, before, [seat for seat, n in offenders.items() for _ in range(n)])
        return
    if old == offenders:
        return
    MatchSeat.objects.filter(match_id=match.pk).update(
        verzaakt=Case(
            *(When(seat=seat, then=Value(count)) for seat, count in offenders.items()),
            default=Value(0),
            output_field=IntegerField(),
        )
    )


def _store_sides(match: Match, clean: dict) -> None:
    existing = {s.side: s for s in MatchSide.objects.filter(match=match)}
    totals = clean["totals"]
    offenders = clean.get("verzaakt")
    side_of = dict(MatchSeat.objects.filter(match_id=match.pk).values_list("seat", "side")) if offenders else {}
    new: list[MatchSide] = []
    old: list[MatchSide] = []
    for side, total in enumerate(totals):
        row = existing.get(side) or MatchSide(match=match, side=side)
        row.total, row.opponents_total, row.result = total, sum(totals) - total, _outcome(totals, side)
        for name in COUNTS:
            setattr(row, name, None if clean[name] is None else clean[name][side])
        for name in NOT_KEPT:
            setattr(row, name, None)
        if offenders is not None:  # the side's verzaakt: the deals its players verzaakt
            row.verzaakt = sum(n for seat, n in offenders.items() if side_of.get(seat) == side)
        (old if row.pk else new).append(row)
    if new:
        MatchSide.objects.bulk_create(new)
    if old:
        MatchSide.objects.bulk_update(old, ["total", "opponents_total", "result", *COUNTS, *NOT_KEPT])


def is_totals_entry(entry) -> bool:
    """Whether an audit entry's before or after is a totals-only result (for the audit table)."""
    return any(isinstance(d, dict) and "totals" in d for d in (entry.after or []) + (entry.before or []))


def describe_totals(value: list, labels: tuple[str, ...]) -> str:
    """A totals-only result as an organiser reads it: "total wij 1620, zij 1100 · roem 120–40 · …";
    a deal-by-deal before (a sheet replaced by totals) as its number of deals."""
    if not value:
        return "–"
    item = value[0]
    if not isinstance(item, dict) or "totals" not in item:
        return _("%(n)s deals") % {"n": len(value)}
    parts = [_("total") + " " + ", ".join(f"{label} {v}" for label, v in zip(labels, item["totals"]))]
    for name in COUNTS:
        if item.get(name) is not None:
            parts.append(f"{_(name)} " + "–".join(str(v) for v in item[name]))
    if item.get("verzaakt"):
        parts.append(
            _("verzaakt by %(who)s") % {"who": ", ".join(f"{seat_label(s)} {n}×" for s, n in item["verzaakt"].items())}
        )
    return " · ".join(parts)
