"""The table link, write side: a table enters its own sheet on a phone, and its opponents check it
there (as bridge tables do with their scoring devices). Each call is one transaction; a refused
call changes nothing; every write is in the audit log with the side that did it.

Who counts as the second person is the competition's ``second_check``:

- ``scorer`` (the default, today's rule): the opponents' acceptance is recorded, a scorer or the
  organiser still confirms (``services.confirm_match``);
- ``opponents``: the opponents accepting at the table confirms the result;

The opponents accept with their side's acceptance code (``competitions.base.table_codes.side_pin``),
which only their half of the score sheet carries: the table code alone let one phone confirm a sheet
by saving it as "wij" and accepting it as "zij".
- ``both``: the opponents accept first, then a scorer confirms (``confirm_match`` refuses before).

Rules chosen here: a sheet typed at the table never counts at once; the typing side is named with
the sheet and may correct it until the opponents accept it; an opponent is any other side of the
table (at a table of three, one of the other two players); sending the sheet back makes it a
draft again (a scorer cannot confirm a disputed sheet) with its deals kept. A sheet is sent with a
key the phone made for it: sent again with the same key (the answer was lost on a dropped Wi-Fi)
it is not written twice — a database constraint holds that too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions import notices
from competitions.base.rulesets import ruleset_for_match
from competitions.base.table_codes import pin_matches
from competitions.models import Competition, Match
from core.transactions import atomic_refusals
from scoring.backup.auto import after_confirmation
from scoring.models import AuditEntry
from scoring.phones.selectors import State, side_label, state_of
from scoring.services import (
    NotAllowed,
    SheetInvalid,
    StaleVersion,
    check_sheet,
    refresh_fixture,
    stored_deals,
    write_sheet,
)
from scoring.sheet.deal_input import DealError
from scoring.sheet.log import result_written

KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


class WrongPin(NotAllowed):
    """The acceptance code typed is not the accepting side's (the view counts these per table)."""


def _locked(match: Match) -> Match:
    return Match.objects.select_related("round__competition__club").get(pk=match.pk)


def _check_side(match: Match, side) -> int:
    if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < match.sides:
        raise NotAllowed(_("Choose who is typing the sheet first."))
    return side


def key_was_used(match: Match, key: str) -> bool:
    return bool(key) and AuditEntry.objects.filter(match_id=match.pk, table_key=key).exists()


@atomic_refusals(NotAllowed, SheetInvalid, StaleVersion)  # all raised before the first write
def save_table_sheet(*, match: Match, side: int, deals: Sequence, version: int, key: str) -> tuple[Match, bool]:
    """The sheet typed at the table by ``side``; ``(match, written)``. ``written`` is False when this
    ``key`` was written before (nothing is written again). Raises ``NotAllowed`` (confirmed, being
    checked by a scorer, entered by a scorer), ``SheetInvalid`` or ``StaleVersion``."""
    if not KEY.fullmatch(key or ""):
        raise NotAllowed(_("This phone sent no valid key with the sheet; reload the page."))
    match = _locked(match)
    if key_was_used(match, key):
        return match, False
    state = state_of(match)
    if state == State.CONFIRMED:
        raise NotAllowed(_("This result is confirmed; it can no longer be changed at the table."))
    if state == State.ACCEPTED:
        raise NotAllowed(_("The opponents accepted this sheet; only a scorer can change it now."))
    if state == State.STAFF:
        raise NotAllowed(_("A scorer entered this sheet; changes go through the scorer."))
    side = _check_side(match, side)
    rules = ruleset_for_match(match)
    inputs, results, match_result = check_sheet(rules, deals)
    if inputs and rules.sides != match.sides:
        raise SheetInvalid([DealError(1, "points", _("this table has %(n)s sides") % {"n": match.sides})])
    before = stored_deals(match)
    try:
        saved = write_sheet(
            match=match,
            user=None,
            rules=rules,
            checked=(inputs, results, match_result),
            before=before,
            version=version,
            table_side=side,
            table_key=key,
        )
    except StaleVersion:
        if key_was_used(match, key):  # the same sheet, sent twice at once: the other one wrote it
            return _locked(match), False
        raise
    return saved, True


def _require_check(match: Match, side, version: int) -> int:
    if state_of(match) != State.CHECK:
        if match.table_checked_at:
            raise NotAllowed(_("This sheet has already been accepted at the table."))
        raise NotAllowed(_("There is no sheet typed at the table to check."))
    side = _check_side(match, side)
    if side == match.table_entered_side:
        raise NotAllowed(_("This side typed the sheet; its opponents check it."))
    if version != match.version:
        raise StaleVersion(match.version, stored_deals(match))
    return side


@transaction.atomic
def accept_at_table(*, match: Match, side: int, version: int, pin: str) -> Match:
    """The opponents (``side``) accept the sheet they were shown at ``version``, with their side's
    acceptance code (``pin``, printed in their signature box on the score sheet: the table code alone
    let one phone type a sheet as one side and accept it as the other). With the second check
    "opponents" the result is confirmed by it; otherwise it waits for a scorer."""
    match = _locked(match)
    side = _require_check(match, side, version)
    if not pin_matches(match.table_code, side, pin):
        raise WrongPin(
            _(
                "That is not the acceptance code of %(side)s. It is printed in the signature box of "
                "%(side)s on the score sheet; the organiser has it too."
            )
            % {"side": side_label(match, side)}
        )
    confirms = match.round.competition.second_check == Competition.SecondCheck.OPPONENTS
    now = timezone.now()
    changes = {"table_checked_at": now, "table_checked_side": side, "changed_at": now, "version": F("version") + 1}
    if confirms:
        changes.update(status=Match.Status.CONFIRMED, confirmed_at=now, confirmed_by=None)
    updated = Match.objects.filter(
        pk=match.pk, version=version, status=Match.Status.ENTERED, table_checked_at__isnull=True
    ).update(**changes)
    if not updated:
        current = Match.objects.get(pk=match.pk)
        raise StaleVersion(current.version, stored_deals(current))
    match.refresh_from_db()
    if confirms:
        refresh_fixture(match.fixture_id)
    AuditEntry.objects.create(
        match=match,
        user=None,
        version=match.version,
        table_side=side,
        action=AuditEntry.Action.CONFIRM if confirms else AuditEntry.Action.ACCEPT,
    )
    result_written(match, action="confirmed" if confirms else "accepted", table_side=side)
    if match.status == Match.Status.CONFIRMED:
        after_confirmation(match)
        notices.tell(notices.TABLE_CONFIRMED, match=match)  # the evening's result mails (members)
    return match


@transaction.atomic
def send_back_at_table(*, match: Match, side: int, version: int) -> Match:
    """The opponents (``side``) do not agree: the sheet goes back to a draft, its deals kept, for the
    typing side to correct (and the opponents to check again)."""
    match = _locked(match)
    side = _require_check(match, side, version)
    now = timezone.now()
    updated = Match.objects.filter(pk=match.pk, version=version, status=Match.Status.ENTERED).update(
        status=Match.Status.DRAFT, changed_at=now, version=F("version") + 1
    )
    if not updated:
        current = Match.objects.get(pk=match.pk)
        raise StaleVersion(current.version, stored_deals(current))
    match.refresh_from_db()
    AuditEntry.objects.create(
        match=match, user=None, version=match.version, table_side=side, action=AuditEntry.Action.SEND_BACK
    )
    result_written(match, action="sent back", table_side=side)
    return match
