"""Writing results: save a sheet, confirm it, enter it blind, correct it. Each call is one transaction.

Guarantees (tested): a refused call changes nothing; nobody confirms their own entry (service and a
database constraint); two people saving the same match at once never overwrite each other silently
(the version check is a conditional UPDATE, so it holds on SQLite and PostgreSQL alike); every save
is kept in the audit log with what the sheet was before and after; a corrected confirmed result
needs confirming again. Totals and statistics are recomputed here, never by signals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions import notices, permissions
from competitions.base.rulesets import ruleset_for_match
from competitions.models import Fixture, Match, MatchSide
from core.prepared import delete_rows, insert_rows
from core.transactions import atomic_refusals
from scoring.backup.auto import after_confirmation
from scoring.models import AuditEntry, BlindEntry, Deal
from scoring.rules import DealInput, InvalidDeal, RuleSet, score_match
from scoring.selectors import match_with_club, with_deals
from scoring.sheet.deal_input import DealError, deal_to_dict, parse_sheet
from scoring.sheet.log import result_written
from scoring.sheet.offenders import check_offenders, count_offenders
from scoring.sheet.sides import remember_rows, side_statistics, store_sides


class EntryError(Exception):
    """Base of the domain errors a view turns into a message."""


@dataclass
class SheetInvalid(EntryError):
    """The sheet has errors; nothing was saved. ``errors`` names every deal and field at fault."""

    errors: list[DealError]

    def __str__(self) -> str:
        return "; ".join(f"{_('deal')} {e.deal}, {e.field}: {e.message}" for e in self.errors)


@dataclass
class StaleVersion(EntryError):
    """Someone else saved the match since this sheet was loaded; nothing was saved."""

    current_version: int
    current_deals: list[dict] = field(default_factory=list)

    def __str__(self) -> str:
        return _("Someone else saved this match in the meantime (now version %(v)s). Nothing was saved.") % {
            "v": self.current_version
        }


class NotAllowed(EntryError):
    """The user may not do this to this match; nothing was changed."""


@dataclass(frozen=True)
class DealDifference:
    deal: int
    field: str
    first: object
    second: object


def _deal_row(match: Match, number: int, deal: DealInput, result) -> Deal:
    points = deal.points + (None,) * (3 - len(deal.points))
    roem = deal.roem + (None,) * (3 - len(deal.roem))
    scores = result.scores + (None,) * (3 - len(result.scores))
    return Deal(
        match=match,
        number=number,
        bidder=deal.bidder,
        points_a=deal.points[0],  # two sides at least: the first two are always there
        points_b=deal.points[1],
        points_c=points[2],
        roem_a=deal.roem[0],
        roem_b=deal.roem[1],
        roem_c=roem[2],
        pit=deal.pit,
        verzaakt=deal.verzaakt,
        verzaakt_seat=getattr(deal, "verzaakt_seat", ""),
        trump=str(deal.trump.value) if deal.trump is not None else "",
        challenge=deal.challenge,
        nil=deal.nil,
        big_roem_a=bool(deal.big_roem and deal.big_roem[0]),
        big_roem_b=bool(deal.big_roem and deal.big_roem[1]),
        score_a=scores[0],
        score_b=scores[1],
        score_c=scores[2],
        nat=result.nat,
        mark=result.mark,
    )


def stored_deals(match: Match) -> list[dict]:
    """The match's deals as JSON-ready dicts (the API's form; also what the audit log keeps)."""
    out = []
    for d in sorted(match.deals.all(), key=lambda deal: deal.number):  # uses a prefetch where there is one
        three = d.points_c is not None
        out.append(
            {
                "number": d.number,
                "bidder": d.bidder,
                "points": [d.points_a, d.points_b] + ([d.points_c] if three else []),
                "roem": [d.roem_a, d.roem_b] + ([d.roem_c or 0] if three else []),
                "pit": d.pit,
                "verzaakt": d.verzaakt,
                "verzaakt_seat": d.verzaakt_seat or None,
                "trump": d.trump or None,
                "challenge": d.challenge,
                "nil": d.nil,
                "big_roem": [d.big_roem_a, d.big_roem_b] if d.big_roem_a or d.big_roem_b else None,
                "scores": [d.score_a, d.score_b] + ([d.score_c] if three else []),
                "nat": d.nat,
                "mark": d.mark,
            }
        )
    return out


def check_sheet(rules: RuleSet, deals: Sequence) -> tuple[list[DealInput], list, object]:
    inputs, results, errors = parse_sheet(deals, rules=rules)
    if errors:
        raise SheetInvalid(errors)
    match_result = None
    if inputs:
        try:
            match_result = score_match(rules, inputs)
        except InvalidDeal as exc:
            raise SheetInvalid([DealError(exc.deal or len(inputs), exc.field or "deals", str(exc))]) from None
    return inputs, results, match_result


def refresh_fixture(fixture_id: int | None) -> None:
    """Teams of four: the team totals are the sums of their two tables; complete when all confirmed."""
    if fixture_id is None:
        return
    fixture = Fixture.objects.get(pk=fixture_id)
    sides = MatchSide.objects.filter(match__fixture_id=fixture_id).values_list("entrant_id", "total")
    fixture.home_total = sum(t for e, t in sides if e == fixture.home_id)
    fixture.away_total = sum(t for e, t in sides if e == fixture.away_id)
    statuses = list(Match.objects.filter(fixture_id=fixture_id).values_list("status", flat=True))
    fixture.complete = bool(statuses) and all(s == Match.Status.CONFIRMED for s in statuses)
    fixture.save(update_fields=["home_total", "away_total", "complete"])


def _is_complete(rules: RuleSet, inputs: list[DealInput], match_result) -> bool:
    if not inputs or match_result is None:
        return False
    return bool(match_result.finished)


def _same_sheet(stored: list[dict], inputs: list[DealInput]) -> bool:
    """Whether ``inputs`` are the deals ``stored`` (as ``stored_deals`` gives them), field for field."""
    if len(stored) != len(inputs):
        return False
    return all({k: row[k] for k in new} == new for row, new in ((r, deal_to_dict(d)) for r, d in zip(stored, inputs)))


def _still_at(match: Match, version: int) -> bool:
    """Whether ``match`` is still at ``version`` now that its deals have been read. Each statement
    reads what is committed when it starts (PostgreSQL's READ COMMITTED), so a save committed between
    the read of the match and the read of its deals would otherwise pass its deals off as those of the
    older version: the no-op would answer a version with another save's sheet. Versions only go up,
    so the deals read before this check belong to ``version``. (Found by ``make load``.)"""
    return Match.objects.filter(pk=match.pk, version=version).exists()


def _stale(pk: int) -> StaleVersion:
    """The refusal of a write at a version that is no longer the match's: the version and deals as
    they stand now. The version is read first, so the deals shown are never older than it: a resend
    at that version is refused again at worst, and never overwrites a sheet its sender has not seen."""
    current = match_with_club(pk)
    if current is None:
        raise Match.DoesNotExist
    return StaleVersion(current.version, stored_deals(with_deals(current)))


def refuse_unless_may_correct(user, match: Match, was_confirmed: bool) -> None:
    """``NotAllowed`` when the result is confirmed and ``user`` may not correct it."""
    if was_confirmed and not permissions.can_correct_confirmed(user, match):
        raise NotAllowed(_("This result is confirmed; only the organiser can correct it."))


@atomic_refusals(NotAllowed, SheetInvalid, StaleVersion)  # all raised before the first write
def save_deals(*, match: Match, user, deals: Sequence, version: int) -> Match:
    """Replace the deals of ``match`` with ``deals`` (a list of dicts as in the API) — or change nothing.

    ``version`` is the match version the sheet was loaded at; if someone saved since, ``StaleVersion``.
    The sheet as it is stored, at the current version, is a no-op (an idempotent PUT): nothing is
    written, and a confirmed result stays confirmed.
    Raises ``NotAllowed``, ``SheetInvalid`` (every error at once) or ``StaleVersion``.
    """
    current = match_with_club(match.pk)  # as it stands inside this transaction (its status, its version)
    if current is None:
        raise Match.DoesNotExist
    match = current
    if not permissions.can_enter(user, match):
        raise NotAllowed(_("You may not enter results for this match."))
    was_confirmed = match.status == Match.Status.CONFIRMED
    if version != match.version:
        # Saved by someone else since this sheet was loaded: said before the sheet is checked (the
        # sender must look at the stored sheet first either way), and without a write. A stale sheet
        # is never the no-op below, so a confirmed result is first refused to who may not correct it.
        refuse_unless_may_correct(user, match, was_confirmed)
        raise StaleVersion(match.version, stored_deals(with_deals(match)))
    rules = ruleset_for_match(match)
    inputs, results, match_result = check_sheet(rules, deals)
    if len(inputs) > 0 and rules.sides != match.sides:
        raise SheetInvalid([DealError(1, "points", _("this table has %(n)s sides") % {"n": match.sides})])
    before = stored_deals(with_deals(match))
    if _same_sheet(before, inputs) and _still_at(match, version):
        return match  # resending what is stored changes nothing: same version, same status, no audit entry
    refuse_unless_may_correct(user, match, was_confirmed)
    return write_sheet(
        match=match, user=user, rules=rules, checked=(inputs, results, match_result), before=before, version=version
    )


def write_sheet(
    *,
    match: Match,
    user,
    rules: RuleSet,
    checked: tuple,
    before: list[dict],
    version: int,
    table_side: int | None = None,
    table_key: str = "",
) -> Match:
    """The write of a checked sheet, shared by ``save_deals`` (staff) and the table link
    (``scoring.phones.services``; ``user`` None, ``table_side`` the side that typed it). The caller
    has checked the rights; this checks the version, replaces the deals, recomputes the sides and
    writes the audit entry. A sheet through the table link never counts at once."""
    inputs, results, match_result = checked
    offenders = check_offenders(match, inputs)  # before the first write: a refusal changes nothing
    if offenders:
        raise SheetInvalid(offenders)
    competition = match.round.competition
    was_confirmed = match.status == Match.Status.CONFIRMED
    complete = _is_complete(rules, inputs, match_result)
    now = timezone.now()
    if not inputs:
        status = Match.Status.OPEN
    elif not complete:
        status = Match.Status.DRAFT
    elif (
        user is not None
        and competition.organiser_entry_counts
        and permissions.is_organiser_of(user, competition.club_id)
    ):
        status = Match.Status.CONFIRMED
    else:
        status = Match.Status.ENTERED
    entry = dict(
        deals_played=len(inputs),
        entered_by=user,
        entered_at=now,
        status=status,
        confirmed_by=None,  # the organiser's own entry counts at once, but nobody else confirmed it
        confirmed_at=now if status == Match.Status.CONFIRMED else None,
        table_entered_side=table_side,
        table_checked_at=None,
        table_checked_side=None,
        changed_at=now,
    )
    # The version check, the bump and the new state in one conditional UPDATE: of two saves at once,
    # one wins. (Only result fields: the page cache's fingerprint sees them, no signal is needed.)
    if not Match.objects.filter(pk=match.pk, version=version).update(version=F("version") + 1, **entry):
        raise _stale(match.pk)
    match.version = version + 1
    for name, value in entry.items():
        setattr(match, name, value)

    deals = [_deal_row(match, n, d, r) for n, (d, r) in enumerate(zip(inputs, results), start=1)]
    delete_rows(Deal, "match", match.pk)
    insert_rows(Deal, deals)  # SQL built once per number of deals: bulk_create prepared each value
    sides = store_sides(match, side_statistics(rules, inputs, results, match.sides), complete)
    count_offenders(match, before, [getattr(d, "verzaakt_seat", "") for d in inputs])
    refresh_fixture(match.fixture_id)
    after = [dict(deal_to_dict(d), number=n) for n, d in enumerate(inputs, start=1)]
    AuditEntry.objects.create(
        match=match,
        user=user,
        action=AuditEntry.Action.CORRECT if was_confirmed else AuditEntry.Action.SAVE,
        version=match.version,
        before=[{k: v for k, v in d.items() if k not in ("scores", "nat", "mark")} for d in before],
        after=after,
        table_side=table_side,
        table_key=table_key,
    )
    result_written(match, action="corrected" if was_confirmed else "saved", user=user, table_side=table_side)
    if match.status == Match.Status.CONFIRMED:  # the organiser's own entry counts at once
        after_confirmation(match)
        notices.tell(notices.TABLE_CONFIRMED, match=match)  # the evening's result mails (members)
    elif match.status == Match.Status.ENTERED and competition.club.is_league:
        notices.tell(notices.RESULT_AWAITS, match=match)  # the other club's team hears it waits (members)
    remember_rows(match, deals=deals, match_sides=sides)  # the answer to the save reads them from memory
    return match


def refuse_unless_may_confirm(user, match: Match) -> None:
    if permissions.can_confirm(user, match):
        return
    if permissions.can_enter(user, match):  # a league club that entered the match itself
        raise NotAllowed(
            _(
                "In a league the opposing club or the league's organiser confirms a result, "
                "not the club that entered it."
            )
        )
    raise NotAllowed(_("You may not confirm results of this match."))


@transaction.atomic
def confirm_match(*, match: Match, user, version: int | None = None) -> Match:
    """A second person confirms the entered result; from then on it counts in the standings."""
    match = Match.objects.select_related("round__competition__club").get(pk=match.pk)
    refuse_unless_may_confirm(user, match)
    if match.status == Match.Status.CONFIRMED:
        raise NotAllowed(_("This result is already confirmed."))
    if match.status != Match.Status.ENTERED:
        raise NotAllowed(_("Only a complete sheet can be confirmed."))
    if match.entered_by_id == user.pk:
        raise NotAllowed(_("You entered this result yourself; another person must confirm it."))
    if (
        match.round.competition.second_check == match.round.competition.SecondCheck.BOTH
        and match.table_entered_side is not None
        and match.table_checked_at is None
    ):
        raise NotAllowed(_("The opponents at the table have not accepted this sheet yet; they check it first."))
    if version is not None and version != match.version:
        raise StaleVersion(match.version, stored_deals(match))
    now = timezone.now()
    updated = Match.objects.filter(pk=match.pk, version=match.version, status=Match.Status.ENTERED).update(
        status=Match.Status.CONFIRMED,
        confirmed_by=user,
        confirmed_at=now,
        version=F("version") + 1,
        changed_at=now,
    )
    if not updated:
        raise _stale(match.pk)
    match.refresh_from_db()
    refresh_fixture(match.fixture_id)
    AuditEntry.objects.create(match=match, user=user, action=AuditEntry.Action.CONFIRM, version=match.version)
    result_written(match, action="confirmed", user=user)
    after_confirmation(match)
    notices.tell(notices.TABLE_CONFIRMED, match=match)  # the evening's result mails (members)
    return match


def compare_sheets(
    first: Sequence[dict], second: Sequence[dict], *, rules: RuleSet | None = None
) -> list[DealDifference]:
    """Deal by deal and field by field, where two entries of the same sheet differ.

    With ``rules``, fields the rule set does not use (trump outside Wilde Boom, challenge, nil) are
    not compared: a sheet typed with or without them is the same sheet.
    """
    fields = ["bidder", "points", "roem", "pit", "verzaakt", "verzaakt_seat"]
    if rules is None or rules.needs_trump:
        fields.append("trump")
    if rules is None or rules.challenges:
        fields.append("challenge")
    if rules is None or rules.nil_bid:
        fields.append("nil")
    if rules is None or rules.boom:
        fields.append("big_roem")
    differences = []
    for number in range(1, max(len(first), len(second)) + 1):
        a = first[number - 1] if number <= len(first) else None
        b = second[number - 1] if number <= len(second) else None
        if a is None or b is None:
            differences.append(DealDifference(number, "deal", a, b))
            continue
        for name in fields:
            va, vb = _normal(a.get(name), name), _normal(b.get(name), name)
            if va != vb:
                differences.append(DealDifference(number, name, va, vb))
    return differences


def _normal(value, name):
    if name in ("points", "roem") and value is not None:
        return list(value)
    if name == "challenge":
        return value or 0
    if name == "nil":
        return bool(value)
    if name == "big_roem":
        return [bool(v) for v in value] if value and any(value) else None
    if name in ("trump", "verzaakt_seat"):
        return (value or None) and str(value).upper()
    return value


@transaction.atomic
def submit_blind_entry(*, match: Match, user, deals: Sequence) -> list[DealDifference]:
    """A second person types the same sheet without seeing the first entry.

    The entry is checked like any sheet and kept; the differences with the saved sheet are returned.
    With no differences and a complete sheet, the result is confirmed by this person.
    """
    match = Match.objects.select_related("round__competition__club").get(pk=match.pk)
    refuse_unless_may_confirm(user, match)
    if match.entered_by_id == user.pk:
        raise NotAllowed(_("You entered this result yourself; another person must enter it blind."))
    rules = ruleset_for_match(match)
    inputs, _results, _match_result = check_sheet(rules, deals)
    entry = [dict(deal_to_dict(d), number=n) for n, d in enumerate(inputs, start=1)]
    BlindEntry.objects.update_or_create(match=match, entered_by=user, defaults={"deals": entry})
    differences = compare_sheets(stored_deals(match), entry, rules=rules)
    if not differences and match.status == Match.Status.ENTERED:
        confirm_match(match=match, user=user)
    return differences


@transaction.atomic
def record_conflict(
    *, match: Match, user=None, table_side: int | None = None, stale: StaleVersion, mine: Sequence[dict]
) -> AuditEntry | None:
    """A save refused because the sheet changed meanwhile (``stale``): the audit keeps both versions,
    the stored one (``before``, theirs) and the refused one (``after``, ``mine``), at the version that
    stands. Which one stood in the end shows in the entries after it: a later save is the other
    version saved over it (``scoring.tonight.selectors``). The same refused sheet answered twice at
    one version (a resend) is kept once; ``None`` then."""
    after = [dict(deal, number=n) for n, deal in enumerate(mine, start=1)]
    last = (
        AuditEntry.objects.filter(match_id=match.pk, action=AuditEntry.Action.CONFLICT).order_by("-at", "-id").first()
    )
    if last is not None and last.version == stale.current_version and last.after == after:
        return None
    return AuditEntry.objects.create(
        match_id=match.pk,
        user=user if user is not None and user.is_authenticated else None,
        action=AuditEntry.Action.CONFLICT,
        version=stale.current_version,
        before=list(stale.current_deals),
        after=after,
        table_side=table_side,
    )
